// Keeps the page working offline once loaded: its files from the cache, refreshed from the network
// when it answers.
const cache = 'fen960-page-v1';
const files = ['./', 'index.html', 'page.js', 'page.css', 'icon.svg', '../index.js', '../dist/fen960_wasm.mjs', '../dist/fen960.wasm'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cache).then((c) => c.addAll(files)));
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        const copy = response.clone();
        caches.open(cache).then((c) => c.put(event.request, copy));
        return response;
      })
      .catch(() => caches.match(event.request)),
  );
});
