// The installed package (npm pack's tarball in an empty folder): it loads and converts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, convert, identify, FenError, version } from 'fen960';

test('the installed package converts and names errors', async () => {
  await init();
  const shredder = 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1';
  const xfen = convert(shredder);
  assert.notEqual(xfen, shredder);
  assert.equal(convert(xfen, { to: 'shredder' }), shredder);
  assert.equal(identify(xfen), identify(shredder));
  assert.throws(() => convert('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1'),
                (e) => e instanceof FenError && e.column === 49 && e.index === 48);
  assert.match(version, /^\d+\.\d+\.\d+$/);
});
