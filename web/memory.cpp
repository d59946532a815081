// The C library's memcpy, memset and memchr for the WebAssembly module, 16 bytes a step with SIMD
// (-msimd128). Emscripten 3.1.6's memcpy copies byte by byte when the two addresses differ in their
// alignment, which a record's bytes copied into the output nearly always do (std::string's append and
// resize call these): in convertLines they took a fifth of the time. Defined here, the library's
// versions are not linked (memcpy is a weak symbol there, memset and memchr are alone in their files).
// Compiled with -fno-builtin (web/CMakeLists.txt), so that no loop here becomes a call of itself.
#include <cstddef>
#include <cstdint>

#include <wasm_simd128.h>

namespace {

// `n` bytes (Word's size to twice it) from `s` to `d`: the first and the last Word, which overlap.
template <typename Word>
inline void copy_ends(unsigned char* d, const unsigned char* s, std::size_t n)
{
    Word a;
    Word b;
    __builtin_memcpy(&a, s, sizeof(Word));
    __builtin_memcpy(&b, s + n - sizeof(Word), sizeof(Word));
    __builtin_memcpy(d, &a, sizeof(Word));
    __builtin_memcpy(d + n - sizeof(Word), &b, sizeof(Word));
}

// `n` bytes (below 16) from `s` to `d`: two overlapping loads and stores of the largest size that fits.
inline void copy_small(unsigned char* d, const unsigned char* s, std::size_t n)
{
    if (n >= 8) {
        copy_ends<std::uint64_t>(d, s, n);
    } else if (n >= 4) {
        copy_ends<std::uint32_t>(d, s, n);
    } else if (n != 0) {
        d[0] = s[0];
        d[n / 2] = s[n / 2];
        d[n - 1] = s[n - 1];
    }
}

} // namespace

extern "C" {

void* memcpy(void* __restrict dest, const void* __restrict src, std::size_t n)
{
    auto* d = static_cast<unsigned char*>(dest);
    const auto* s = static_cast<const unsigned char*>(src);
    if (n < 16) {
        copy_small(d, s, n);
        return dest;
    }
    // The last 16 bytes read first and written last: they may overlap the blocks before them.
    v128_t const last = wasm_v128_load(s + n - 16);
    unsigned char* const last_at = d + n - 16;
    for (; n > 64; n -= 64, d += 64, s += 64) {
        v128_t const a = wasm_v128_load(s);
        v128_t const b = wasm_v128_load(s + 16);
        v128_t const c = wasm_v128_load(s + 32);
        v128_t const e = wasm_v128_load(s + 48);
        wasm_v128_store(d, a);
        wasm_v128_store(d + 16, b);
        wasm_v128_store(d + 32, c);
        wasm_v128_store(d + 48, e);
    }
    for (; n > 16; n -= 16, d += 16, s += 16)
        wasm_v128_store(d, wasm_v128_load(s));
    wasm_v128_store(last_at, last);
    return dest;
}

void* memset(void* dest, int c, std::size_t n)
{
    auto* d = static_cast<unsigned char*>(dest);
    auto const byte = static_cast<unsigned char>(c);
    if (n < 16) {
        std::uint64_t const word = 0x0101010101010101ull * byte;
        if (n >= 8) {
            __builtin_memcpy(d, &word, 8);
            __builtin_memcpy(d + n - 8, &word, 8);
        } else if (n >= 4) {
            __builtin_memcpy(d, &word, 4);
            __builtin_memcpy(d + n - 4, &word, 4);
        } else if (n != 0) {
            d[0] = byte;
            d[n / 2] = byte;
            d[n - 1] = byte;
        }
        return dest;
    }
    v128_t const v = wasm_i8x16_splat(static_cast<std::int8_t>(byte));
    wasm_v128_store(d + n - 16, v);
    for (; n > 16; n -= 16, d += 16)
        wasm_v128_store(d, v);
    return dest;
}

// The first `c` in the `n` bytes from `src`: 16 bytes a step while 16 remain, then byte by byte.
void* memchr(const void* src, int c, std::size_t n)
{
    const auto* s = static_cast<const unsigned char*>(src);
    auto const byte = static_cast<unsigned char>(c);
    v128_t const v = wasm_i8x16_splat(static_cast<std::int8_t>(byte));
    for (; n >= 16; n -= 16, s += 16) {
        if (std::uint32_t const found = wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(s), v)))
            return const_cast<unsigned char*>(s + __builtin_ctz(found));
    }
    for (; n != 0; --n, ++s)
        if (*s == byte)
            return const_cast<unsigned char*>(s);
    return nullptr;
}

} // extern "C"
