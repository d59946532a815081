// Fuzz target: the decompressing reader (fen960/input.hpp) on any bytes: whole, cut short and with a
// byte flipped. It must not crash, hang or read past its input; on its own thread it must give the
// very bytes and the very end it gives on the reader's; a cut of the input must give a prefix of what
// the whole gives (a decoder hands on nothing it would take back), and end it with damage unless the
// data ends cleanly there.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/input.hpp"
#include "fen960/pgn.hpp"

namespace {

// Output beyond this is not read (a small input can expand to gigabytes).
constexpr std::size_t max_output = std::size_t{4} << 20;

struct Read {
    std::string text;
    std::optional<fen960::InputDamage> damage;
    bool capped = false;
    std::uint64_t raw_bytes = 0;
};

Read read(std::string_view data, bool thread, std::size_t block, std::size_t size)
{
    fen960::StringSource raw(data, block);
    fen960::DecompressingSource source(raw, fen960::DecompressOptions{thread});
    Read r;
    std::vector<char> buffer(size);
    while (std::size_t const n = source.read(buffer.data(), size)) {
        r.text.append(buffer.data(), n);
        if (r.text.size() > max_output) {
            r.capped = true; // the source goes while its thread may still be decoding
            return r;
        }
    }
    if (const fen960::InputDamage* d = source.damage())
        r.damage = *d;
    r.raw_bytes = source.raw_bytes();
    return r;
}

[[noreturn]] void fail(const char* what, const Read& a, const Read& b)
{
    std::fprintf(stderr, "%s\n  %zu bytes, damage '%s' at %llu\n  %zu bytes, damage '%s' at %llu\n", what, a.text.size(),
                 a.damage ? a.damage->message.c_str() : "", a.damage ? static_cast<unsigned long long>(a.damage->offset) : 0ULL,
                 b.text.size(), b.damage ? b.damage->message.c_str() : "",
                 b.damage ? static_cast<unsigned long long>(b.damage->offset) : 0ULL);
    std::abort();
}

bool same_end(const Read& a, const Read& b)
{
    if (a.damage.has_value() != b.damage.has_value())
        return false;
    return !a.damage || (a.damage->message == b.damage->message && a.damage->offset == b.damage->offset);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 3)
        return 0;
    // The first bytes pick the sizes of the raw reads and of the reader's, the cut and the flip.
    std::size_t const block = 1 + static_cast<std::size_t>(data[0] & 63) * 67;
    std::size_t const read_size = data[0] & 64 ? 1 + data[1] % 13 : std::size_t{1} << 16;
    std::string_view const input(reinterpret_cast<const char*>(data) + 3, size - 3);
    std::size_t const cut = input.size() * data[1] / 256;

    Read const whole = read(input, false, block, read_size);
    if (!whole.capped && whole.raw_bytes > input.size())
        fail("read past the input", whole, whole);
    Read const threaded = read(input, true, block, read_size);
    if (whole.capped != threaded.capped)
        fail("the thread read another amount", whole, threaded);
    if (!whole.capped && (whole.text != threaded.text || !same_end(whole, threaded)))
        fail("the thread read other bytes or ended otherwise", whole, threaded);

    // A cut past the longest magic is read in the same format.
    if (cut >= 6 && !whole.capped) {
        Read const part = read(input.substr(0, cut), cut % 2 == 1, block, read_size);
        if (part.text.size() > whole.text.size() || whole.text.compare(0, part.text.size(), part.text) != 0)
            fail("a cut gave other bytes than the whole", whole, part);
        if (part.damage && part.damage->offset > cut)
            fail("damage past the cut", whole, part);
    }

    // A byte flipped anywhere: no crash, no hang, nothing read past the input.
    std::string flipped(input);
    if (!flipped.empty()) {
        flipped[data[2] % flipped.size()] = static_cast<char>(flipped[data[2] % flipped.size()] ^ (1 + data[2] / 37));
        Read const r = read(flipped, data[2] & 1, block, read_size);
        if (!r.capped && r.raw_bytes > flipped.size())
            fail("read past the flipped input", r, r);
    }
    return 0;
}
