// Compressed input (fen960/input.hpp): the magic bytes tell the format; each format, compressed here by
// its own library's encoder, reads back to the very bytes, whatever the sizes of the raw reads and of
// the reader's, on the reader's thread and on one of its own; concatenated frames, members and streams
// read to the end, a zstd skippable frame and gzip's zero padding are passed over; a stream cut at any
// byte hands on a prefix of the text and says "truncated" at the cut; a corrupt one stops with the
// library's reason, and a damaged zstd block after the blocks before it (the parts of a zstd stream
// followed through every kind of frame, header and block); a failing raw source's exception comes out
// of read(); the raw bytes read follow the compressed file.
#define BOOST_TEST_MODULE input
#include <boost/test/unit_test.hpp>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "fen960/input.hpp"
#include "fen960/line_reader.hpp"
#include "fen960/names.hpp"
#include "fen960/pgn.hpp"
#include "test_data.hpp"

using namespace fen960;

namespace {

// `small_blocks`: blocks of 1 KiB (a window of 1 KiB), and no content size in the header.
std::string zstd_frame(std::string_view text, bool checksum = false, bool small_blocks = false)
{
    ZSTD_CCtx* ctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, 3);
    ZSTD_CCtx_setParameter(ctx, ZSTD_c_checksumFlag, checksum ? 1 : 0);
    if (small_blocks) {
        ZSTD_CCtx_setParameter(ctx, ZSTD_c_windowLog, 10);
        ZSTD_CCtx_setParameter(ctx, ZSTD_c_contentSizeFlag, 0);
    }
    std::string out(ZSTD_compressBound(text.size()), '\0');
    std::size_t const n = ZSTD_compress2(ctx, out.data(), out.size(), text.data(), text.size());
    ZSTD_freeCCtx(ctx);
    BOOST_REQUIRE(!ZSTD_isError(n));
    out.resize(n);
    return out;
}

// A zstd skippable frame (magic 0x184D2A5?, little-endian size, payload), as lichess's files begin with.
std::string skippable_frame(std::uint8_t nibble, std::string_view payload)
{
    std::string out{static_cast<char>(0x50 | nibble), 0x2A, 0x4D, 0x18};
    auto const size = static_cast<std::uint32_t>(payload.size());
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<char>((size >> (8 * i)) & 0xFF));
    return out + std::string(payload);
}

std::string gzip_member(std::string_view text)
{
    z_stream s{};
    BOOST_REQUIRE(deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out(deflateBound(&s, static_cast<uLong>(text.size())) + 32, '\0');
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    s.avail_in = static_cast<uInt>(text.size());
    s.next_out = reinterpret_cast<Bytef*>(out.data());
    s.avail_out = static_cast<uInt>(out.size());
    BOOST_REQUIRE(deflate(&s, Z_FINISH) == Z_STREAM_END);
    out.resize(s.total_out);
    deflateEnd(&s);
    return out;
}

std::string bzip2_stream(std::string_view text)
{
    std::string out(text.size() + text.size() / 100 + 600, '\0');
    auto size = static_cast<unsigned int>(out.size());
    BOOST_REQUIRE(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(text.data()),
                                           static_cast<unsigned int>(text.size()), 9, 0, 0) == BZ_OK);
    out.resize(size);
    return out;
}

std::string xz_stream(std::string_view text)
{
    std::string out(lzma_stream_buffer_bound(text.size()), '\0');
    std::size_t pos = 0;
    BOOST_REQUIRE(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()),
                                          text.size(), reinterpret_cast<std::uint8_t*>(out.data()), &pos,
                                          out.size()) == LZMA_OK);
    out.resize(pos);
    return out;
}

struct Format {
    Compression compression;
    std::string (*compress)(std::string_view);
    std::size_t magic; // bytes before a cut is read as this format
};

const std::vector<Format> formats{
    {Compression::zstd, [](std::string_view t) { return zstd_frame(t); }, 4},
    {Compression::gzip, gzip_member, 2},
    {Compression::bzip2, bzip2_stream, 4},
    {Compression::xz, xz_stream, 6},
};

// What a source gives, read `size` bytes at a time, and how it ended.
struct Read {
    std::string text;
    std::optional<InputDamage> damage;
};

Read read_all(ByteSource& source, std::size_t size = 1 << 16)
{
    Read r;
    std::vector<char> buffer(size);
    for (std::size_t n; (n = source.read(buffer.data(), size)) > 0;)
        r.text.append(buffer.data(), n);
    if (const InputDamage* d = source.damage())
        r.damage = *d;
    return r;
}

Read decompress(std::string_view data, bool thread, std::size_t block = 1 << 20, std::size_t size = 1 << 16)
{
    StringSource raw(data, block);
    DecompressingSource source(raw, DecompressOptions{thread});
    return read_all(source, size);
}

std::string sample_text()
{
    return test::read_file("oracle/games.pgn");
}

} // namespace

BOOST_AUTO_TEST_CASE(magic_bytes)
{
    BOOST_TEST((detect_compression("\x28\xB5\x2F\xFD", false) == Compression::zstd));
    for (int nibble = 0; nibble < 16; ++nibble) {
        std::string const skippable{static_cast<char>(0x50 + nibble), 0x2A, 0x4D, 0x18};
        BOOST_TEST((detect_compression(skippable, false) == Compression::zstd));
    }
    BOOST_TEST((detect_compression(std::string("\x1F\x8B", 2), false) == Compression::gzip));
    BOOST_TEST((detect_compression("BZh9", false) == Compression::bzip2));
    BOOST_TEST((detect_compression("BZh1", false) == Compression::bzip2));
    BOOST_TEST((detect_compression(std::string("\xFD\x37\x7A\x58\x5A\x00", 6), false) == Compression::xz));
    // Proper prefixes need more bytes, unless the input ends there (then it is plain).
    BOOST_TEST(!detect_compression("\x28\xB5", false).has_value());
    BOOST_TEST((detect_compression("\x28\xB5", true) == Compression::none));
    BOOST_TEST(!detect_compression("BZ", false).has_value());
    BOOST_TEST(!detect_compression(std::string("\xFD\x37\x7A\x58\x5A", 5), false).has_value());
    // One byte off a magic is no compression (mutant compression_gzip_magic): 1F 8C, 1F 8A are text.
    BOOST_TEST((detect_compression(std::string("\x1F\x8C", 2), true) == Compression::none));
    BOOST_TEST((detect_compression(std::string("\x1F\x8A\x08\x00", 4), false) == Compression::none));
    BOOST_TEST((detect_compression("", true) == Compression::none));
    // Plain text is known at its first bytes that begin no magic (an interactive reader waits for no
    // more): most at the first byte, '[' (0x5B, a skippable frame's range) at the second.
    BOOST_TEST(!detect_compression("[", false).has_value());
    for (std::string_view plain : {"r", "[E", "1", "\xEF\xBB\xBF[Event", "BZh0", "BZx", "\x28\xB5\x2F\xFE", "\x60\x2A\x4D\x18"})
        BOOST_TEST((detect_compression(plain, false) == Compression::none), "plain text " << plain.size() << " bytes");
    // Never by the name: a plain file called .zst is plain.
    BOOST_TEST(name_of(compression_names, Compression::bzip2) == std::string("bzip2"));
}

BOOST_AUTO_TEST_CASE(each_format_reads_back_the_text)
{
    std::string const text = sample_text();
    for (const Format& f : formats) {
        std::string const data = f.compress(text);
        for (bool thread : {false, true})
            for (std::size_t block : {std::size_t{1} << 20, std::size_t{4093}, std::size_t{7}})
                for (std::size_t size : {std::size_t{1} << 16, std::size_t{1000}, std::size_t{1}}) {
                    if (size == 1 && block == 7 && thread)
                        continue; // 28 KB a byte at a time through the thread: slow under the sanitizers
                    StringSource raw(data, block);
                    DecompressingSource source(raw, DecompressOptions{thread});
                    Read const r = read_all(source, size);
                    BOOST_TEST((source.compression() == f.compression));
                    BOOST_TEST(!r.damage.has_value());
                    BOOST_TEST(r.text == text, name_of(compression_names, f.compression)
                                                   << " thread " << thread << " block " << block << " size " << size);
                    BOOST_TEST(source.raw_bytes() == data.size());
                }
    }
}

BOOST_AUTO_TEST_CASE(plain_input_is_handed_on_as_it_is)
{
    std::string const text = sample_text();
    for (std::size_t block : {std::size_t{1} << 20, std::size_t{1}})
        for (std::size_t size : {std::size_t{1} << 16, std::size_t{3}}) {
            Read const r = decompress(text, true, block, size);
            BOOST_TEST(r.text == text);
            BOOST_TEST(!r.damage.has_value());
        }
    // Bytes that begin like a magic but end before it is whole are plain, and handed on whole.
    for (std::string_view short_text : {"\x28", "\x28\xB5\x2F", "BZh", "\x1F"}) {
        Read const r = decompress(short_text, false, 1, 1);
        BOOST_TEST(r.text == short_text);
    }
    StringSource empty("");
    DecompressingSource source(empty);
    BOOST_TEST(read_all(source).text.empty());
    BOOST_TEST((source.compression() == Compression::none));
}

// BlockReader's blocks are whole lines, the same whether their buffers are taken (exchange: a thread's
// batch keeps the block, the reader goes on in the batch's old buffer) or not; a block taken stays
// where its view points, however the reader goes on.
BOOST_AUTO_TEST_CASE(blocks_taken_with_their_buffers)
{
    std::string text;
    for (int i = 0; i < 500; ++i)
        text += std::string(static_cast<std::size_t>(i % 37), static_cast<char>('a' + i % 26)) + "\n";
    text += "last line without its end";
    for (std::size_t read_size : {std::size_t{7}, std::size_t{1} << 20})
        for (bool take : {false, true}) {
            StringSource source(text, read_size);
            BlockReader reader(source, 64, 40);
            std::vector<std::vector<char>> buffers(text.size()); // one a block at most: the views stay
            std::vector<std::pair<std::string_view, std::string>> taken; // a block's view, its bytes then
            std::string_view block;
            std::string read;
            std::size_t n = 0;
            while (reader.next(block)) {
                BOOST_TEST(!reader.cut());
                read += block;
                if (take && n % 2 == 0) {
                    std::vector<char>& mine = buffers.at(n);
                    mine.resize(n % 4 == 0 ? 0 : 300); // smaller and larger than the reader's
                    reader.exchange(mine);
                    taken.emplace_back(block, std::string(block));
                }
                ++n;
            }
            BOOST_TEST(read == text);
            BOOST_TEST(n > 20u);
            for (const auto& [view, bytes] : taken)
                BOOST_TEST(view == bytes);
        }
}

BOOST_AUTO_TEST_CASE(concatenated_frames_members_and_streams)
{
    std::string const a = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n";
    std::string const b = sample_text();
    for (const Format& f : formats)
        for (bool thread : {false, true}) {
            Read const r = decompress(f.compress(a) + f.compress(b) + f.compress(a), thread, 1000);
            BOOST_TEST(r.text == a + b + a, name_of(compression_names, f.compression));
            BOOST_TEST(!r.damage.has_value());
        }
    // lichess: a skippable frame before the data; zstd -d skips them anywhere.
    std::string const zst = skippable_frame(0, "lichess") + zstd_frame(b) + skippable_frame(15, "") + zstd_frame(a);
    Read const r = decompress(zst, true);
    BOOST_TEST(r.text == b + a);
    BOOST_TEST(!r.damage.has_value());
    // An empty frame, as zstd writes for an empty file.
    BOOST_TEST(decompress(zstd_frame(""), false).text.empty());
    BOOST_TEST(!decompress(zstd_frame(""), false).damage.has_value());
}

BOOST_AUTO_TEST_CASE(what_follows_the_last_frame)
{
    std::string const text = sample_text();
    // gzip -d reads zero bytes after a member as padding; other bytes after the data are damage.
    Read padded = decompress(gzip_member(text) + std::string(512, '\0'), true);
    BOOST_TEST(padded.text == text);
    BOOST_TEST(!padded.damage.has_value());
    for (const Format& f : formats) {
        std::string const data = f.compress(text);
        // Longer than a frame header: not an xz stream cut short, but bytes that are no stream.
        Read const r = decompress(data + "garbage after the data, longer than a header", false);
        BOOST_TEST(r.text == text);
        BOOST_REQUIRE(r.damage.has_value());
        BOOST_TEST(r.damage->message.find("corrupt " + std::string(name_of(compression_names, f.compression))) == 0,
                   r.damage->message);
        BOOST_TEST(r.damage->offset >= data.size());
    }
}

// A partial download: every cut hands on a prefix of the text and says "truncated" where it ends.
BOOST_AUTO_TEST_CASE(a_cut_at_any_byte)
{
    std::string const text = sample_text().substr(0, 3000);
    for (const Format& f : formats) {
        std::string const data = f.compress(text);
        for (std::size_t cut = f.magic; cut < data.size(); ++cut) {
            bool const thread = cut % 7 == 0;
            Read const r = decompress(std::string_view(data).substr(0, cut), thread, 1 + cut % 100);
            BOOST_TEST(text.compare(0, r.text.size(), r.text) == 0);
            BOOST_REQUIRE_MESSAGE(r.damage.has_value(), name_of(compression_names, f.compression) << " cut " << cut);
            BOOST_TEST(r.damage->message == "truncated " + std::string(name_of(compression_names, f.compression)) + " data");
            BOOST_TEST(r.damage->offset == cut);
            BOOST_TEST((r.damage->format == f.compression));
        }
    }
}

BOOST_AUTO_TEST_CASE(corrupt_data_stops_with_the_reason)
{
    std::string const text = sample_text();
    std::vector<std::pair<Compression, std::string>> const checked{
        {Compression::zstd, zstd_frame(text, true)},
        {Compression::gzip, gzip_member(text)},
        {Compression::bzip2, bzip2_stream(text)},
        {Compression::xz, xz_stream(text)},
    };
    for (const auto& [format, data] : checked) {
        std::string bad = data;
        bad[bad.size() / 2] = static_cast<char>(bad[bad.size() / 2] ^ 0x10);
        for (bool thread : {false, true}) {
            Read const r = decompress(bad, thread);
            BOOST_REQUIRE(r.damage.has_value());
            std::string const prefix = "corrupt " + std::string(name_of(compression_names, format)) + " data (";
            BOOST_TEST(r.damage->message.substr(0, prefix.size()) == prefix);
            BOOST_TEST(r.damage->offset <= data.size());
            // Decoders hand on a block before its check fails: what came before is not always the text.
            BOOST_TEST(r.text.size() <= text.size());
        }
    }
}

namespace {

// A zstd frame of blocks of 1 KiB (a window of 1 KiB), without a content size: its header is the
// magic, the descriptor and the window byte.
std::string zstd_small_blocks(std::string_view text, bool checksum)
{
    std::string const out = zstd_frame(text, checksum, true);
    BOOST_REQUIRE((static_cast<std::uint8_t>(out[4]) & ~0x04) == 0); // no content size, dictionary, single segment
    return out;
}

struct ZstdBlock {
    std::size_t header; // where its 3-byte header begins in the frame
    std::size_t end;    // and where its content ends
    int type;           // 0 raw, 1 RLE, 2 compressed
};

// The blocks of a frame made by zstd_small_blocks.
std::vector<ZstdBlock> zstd_blocks(std::string_view frame)
{
    std::vector<ZstdBlock> blocks;
    for (std::size_t at = 6;;) {
        auto const byte = [&](std::size_t i) { return std::uint32_t{static_cast<std::uint8_t>(frame[at + i])}; };
        std::uint32_t const h = byte(0) | byte(1) << 8 | byte(2) << 16;
        int const type = static_cast<int>(h >> 1 & 3);
        std::size_t const end = at + 3 + (type == 1 ? 1 : h >> 3);
        blocks.push_back({at, end, type});
        at = end;
        if (h & 1)
            return blocks;
    }
}

// A frame with a block's content made zero bytes: no literals, no sequences, then bytes where the
// block should end.
std::string zero_block(std::string frame, const ZstdBlock& b)
{
    auto const at = [&frame](std::size_t i) { return frame.begin() + static_cast<std::ptrdiff_t>(i); };
    std::fill(at(b.header + 3), at(b.end), '\0');
    return frame;
}

// The first compressed block from block `from` on: the one damaged.
std::size_t later_compressed_block(const std::vector<ZstdBlock>& blocks, std::size_t from)
{
    for (std::size_t i = from; i < blocks.size(); ++i)
        if (blocks[i].type == 2 && blocks[i].end - blocks[i].header > 8)
            return i;
    BOOST_FAIL("no compressed block to damage");
    return 0;
}

std::string repeated_text(std::size_t size)
{
    std::string text;
    for (int i = 0; text.size() < size; ++i)
        text += "; pass " + std::to_string(i) + "\n" + sample_text();
    return text.substr(0, size);
}

} // namespace

// zstd drops the output of a call that fails: a block's damage must not take the good blocks before it
// along (the fuzzer's finding: 10 bytes of an RLE block lost to a reserved block type after it, which a
// cut of the input gave). The whole gives every block before the damaged one; every cut gives a prefix
// of that; the damage is placed at the end of the damaged block.
BOOST_AUTO_TEST_CASE(a_damaged_zstd_block_keeps_the_blocks_before_it)
{
    std::string const text = repeated_text(7000);
    std::string const frame = zstd_small_blocks(text, true);
    std::vector<ZstdBlock> const blocks = zstd_blocks(frame);
    BOOST_REQUIRE(blocks.size() == 7);
    std::size_t const damaged = later_compressed_block(blocks, 2);
    ZstdBlock const b = blocks[damaged];
    std::string const good = text.substr(0, 1024 * damaged);
    // The content made zeros, or the header's type made the reserved one (as in the finding).
    for (bool reserved : {false, true}) {
        std::string bad = zero_block(frame, b);
        if (reserved) {
            bad = frame;
            bad[b.header] = static_cast<char>(bad[b.header] | 0x06);
        }
        Read whole;
        for (bool thread : {false, true})
            for (std::size_t block : {std::size_t{1} << 20, std::size_t{7}, std::size_t{100}}) {
                Read const r = decompress(bad, thread, block, 1 + block % 1000);
                BOOST_TEST(r.text == good, "thread " << thread << " block " << block);
                BOOST_REQUIRE(r.damage.has_value());
                BOOST_TEST(r.damage->message.find("corrupt zstd data (") == 0, r.damage->message);
                if (!reserved)
                    BOOST_TEST(r.damage->offset == b.end);
                else // a block the parts cannot follow: its damage is placed further on, as the library has it
                    BOOST_TEST(r.damage->offset > b.header);
                whole = r;
            }
        for (std::size_t cut = 4; cut < bad.size(); ++cut) {
            Read const r = decompress(std::string_view(bad).substr(0, cut), cut % 5 == 0, 1 + cut % 64);
            BOOST_TEST(whole.text.compare(0, r.text.size(), r.text) == 0, "cut " << cut);
            BOOST_TEST(r.text.size() <= whole.text.size());
            BOOST_REQUIRE(r.damage.has_value());
            BOOST_TEST(r.damage->offset <= cut);
        }
    }
}

// The reader's chunks of 128 KiB end inside a block: the library holds the rest of it until the next
// call, which must hand it on before it takes the next block, lest that block's damage drop it.
BOOST_AUTO_TEST_CASE(a_block_split_between_chunks_before_the_damage)
{
    std::string const first = repeated_text(500);
    std::string const text = repeated_text(140 << 10);
    std::string const frame = zstd_small_blocks(text, false);
    std::vector<ZstdBlock> const blocks = zstd_blocks(frame);
    std::size_t const damaged = later_compressed_block(blocks, 128); // block 127 ends 500 bytes into chunk 2
    ZstdBlock const b = blocks[damaged];
    std::string const head = zstd_frame(first);
    std::string const bad = head + zero_block(frame, b);
    for (bool thread : {false, true}) {
        Read const r = decompress(bad, thread, 4096);
        BOOST_TEST(r.text.size() == first.size() + 1024 * damaged);
        BOOST_TEST(r.text == first + text.substr(0, 1024 * damaged));
        BOOST_REQUIRE(r.damage.has_value());
        BOOST_TEST(r.damage->offset == head.size() + b.end);
    }
}

namespace {

// A block written here: its header (`type` 0 raw, 1 RLE; `size`), then `bytes`.
std::string zstd_block(std::uint32_t type, std::uint32_t size, bool last, std::string_view bytes)
{
    std::uint32_t const h = size << 3 | type << 1 | (last ? 1 : 0);
    std::string out;
    for (int i = 0; i < 3; ++i)
        out.push_back(static_cast<char>(h >> (8 * i) & 0xFF));
    return out + std::string(bytes);
}

// A frame written here of raw and RLE blocks (an empty one among them), with the longest header (a
// window of 128 KiB, a 4-byte dictionary id 0, that is none, an 8-byte content size) and a checksum:
// the low 4 bytes of XXH64 of the content, which every frame of that content with a checksum ends with.
std::string zstd_raw_and_rle_frame(std::string& content)
{
    std::string const header{'\x28', '\xB5', '\x2F', '\xFD', '\xC7', '\x38', 0, 0, 0, 0, '\x45', 1, 0, 0, 0, 0, 0, 0};
    content = "raw block\n" + std::string(300, 'x') + "last raw block\n";
    std::string const reference = zstd_frame(content, true);
    return header + zstd_block(0, 10, false, "raw block\n") + zstd_block(1, 300, false, "x") +
           zstd_block(0, 0, false, "") + zstd_block(0, 15, true, "last raw block\n") +
           reference.substr(reference.size() - 4);
}

} // namespace

// zstd hands on a raw block's content as it comes in, and checks the block's size against the frame's
// maximum a piece at a time, and the frame's content size at its end: the reader gives it the content
// whole, so that a cut never gives bytes of a block the whole input refuses (the fuzzer's second
// finding: a last raw block of 23 bytes in a frame that says 407, 7 of them given by a cut). A cut
// inside a raw block gives none of it.
BOOST_AUTO_TEST_CASE(a_raw_block_is_handed_on_whole)
{
    std::string const magic{'\x28', '\xB5', '\x2F', '\xFD'};
    std::string const a(100, 'a');
    struct Case {
        std::string data;
        std::size_t end; // where the damaged block ends
    };
    // A single segment of 200 bytes, said in one byte; a window of 1 KiB, the blocks' maximum.
    std::string const short_frame = magic + std::string{'\x20', '\xC8'} + zstd_block(0, 100, false, a);
    std::string const wide_frame = magic + std::string{'\x00', '\x00'} + zstd_block(0, 100, false, a);
    std::vector<Case> const cases{
        {short_frame + zstd_block(0, 50, true, std::string(50, 'b')), short_frame.size() + 53},
        {wide_frame + zstd_block(0, 1500, false, std::string(1500, 'c')) + zstd_block(0, 1, true, "d"),
         wide_frame.size() + 1503},
    };
    for (const Case& k : cases) {
        Read const whole = decompress(k.data, false);
        BOOST_TEST(whole.text == a);
        BOOST_REQUIRE(whole.damage.has_value());
        BOOST_TEST(whole.damage->message.find("corrupt zstd data (") == 0, whole.damage->message);
        BOOST_TEST(whole.damage->offset == k.end);
        for (std::size_t cut = 4; cut < k.data.size(); ++cut)
            for (std::size_t block : {std::size_t{1} << 20, std::size_t{1}, std::size_t{7}}) {
                Read const r = decompress(std::string_view(k.data).substr(0, cut), block == 7, block);
                BOOST_TEST((r.text.empty() || r.text == a), "cut " << cut << " block " << block);
                BOOST_REQUIRE(r.damage.has_value());
                BOOST_TEST(r.damage->offset <= cut);
            }
    }
    // A cut inside a raw block: nothing of it, and "truncated" at the cut.
    std::string content;
    std::string const whole_frame = zstd_raw_and_rle_frame(content); // the first block's content: bytes 21 to 30
    for (std::size_t cut = 21; cut < 31; ++cut) {
        Read const r = decompress(std::string_view(whole_frame).substr(0, cut), false, 1 + cut % 3);
        BOOST_TEST(r.text.empty());
        BOOST_REQUIRE(r.damage.has_value());
        BOOST_TEST(r.damage->message == "truncated zstd data");
        BOOST_TEST(r.damage->offset == cut);
    }
}

// A skippable frame after a frame whose last block is raw (zstd's seekable format ends with one, its
// seek table): its content is skipped as it comes, not waited for whole as a raw block's is; over the
// input buffer's 128 KiB, waiting for it stopped the reader.
BOOST_AUTO_TEST_CASE(a_skippable_frame_after_a_raw_block_is_not_waited_for)
{
    std::string content;
    std::string const frame = zstd_raw_and_rle_frame(content); // ends with a raw block and its checksum
    std::string const b = "[Event \"b\"]\n\n1. e4 e5 1-0\n\n";
    for (std::size_t payload : {std::size_t{100}, std::size_t{200'000}}) {
        std::string const data = frame + skippable_frame(14, std::string(payload, 's')) + zstd_frame(b);
        for (bool thread : {false, true})
            for (std::size_t block : {std::size_t{1} << 20, std::size_t{4096}}) {
                Read const r = decompress(data, thread, block);
                BOOST_TEST(r.text == content + b, "payload " << payload << " thread " << thread << " block " << block);
                BOOST_TEST(!r.damage.has_value());
            }
    }
}

// The parts followed through every kind there is: skippable frames, frames with and without a content
// size (of 1, 2, 4 and 8 bytes), a window byte, a dictionary id and a checksum, raw, RLE, empty and
// compressed blocks, read in pieces of every size; damage after them is placed at the end of the damaged
// block or checksum, everything before it handed on.
BOOST_AUTO_TEST_CASE(zstd_parts_followed_through_frames)
{
    std::string const a = repeated_text(5000);
    std::string const b = "[Event \"b\"]\n\n1. e4 e5 1-0\n\n";
    std::string const c = repeated_text(4000);
    std::string const d = repeated_text(70000);
    std::string raw_content;
    std::string const f1 = skippable_frame(0, "lichess") + zstd_small_blocks(a, true);
    std::string const f2 = zstd_raw_and_rle_frame(raw_content);
    // Content sizes in 1, 2 and 4 bytes, single segments (no window byte).
    std::string const e = c.substr(0, 1000);
    std::string const f3 = skippable_frame(15, "") + zstd_frame(b, true) + zstd_frame(e) + zstd_frame(d);
    std::string const f4 = zstd_small_blocks(c, false);
    std::string const before = f1 + f2 + f3;
    std::string const text = a + raw_content + b + e + d;
    BOOST_TEST(decompress(before + f4, false, 7).text == text + c);
    std::vector<ZstdBlock> const blocks = zstd_blocks(f4);
    std::size_t const damaged = later_compressed_block(blocks, 1);
    ZstdBlock const hit = blocks[damaged];
    std::string flipped_checksum_1 = before;
    flipped_checksum_1[f1.size() - 1] ^= 0x01;
    std::string flipped_checksum_2 = before;
    flipped_checksum_2[f1.size() + f2.size() - 2] ^= 0x10;
    struct Case {
        std::string data;
        std::string text;  // handed on
        std::size_t end;   // the damage placed there
        std::string reason;
    };
    std::vector<Case> const cases{
        {before + zero_block(f4, hit), text + c.substr(0, 1024 * damaged), before.size() + hit.end, ""},
        {flipped_checksum_1, a, f1.size(), "checksum"},
        {flipped_checksum_2, a + raw_content, f1.size() + f2.size(), "checksum"},
    };
    for (const Case& k : cases)
        for (bool thread : {false, true})
            for (std::size_t block : {std::size_t{1} << 20, std::size_t{1}, std::size_t{5}, std::size_t{333}}) {
                Read const r = decompress(k.data, thread, block, 1 + block % 997);
                BOOST_TEST(r.text == k.text, "thread " << thread << " block " << block);
                BOOST_REQUIRE(r.damage.has_value());
                BOOST_TEST(r.damage->message.find("corrupt zstd data (") == 0, r.damage->message);
                BOOST_TEST(r.damage->message.find(k.reason) != std::string::npos, r.damage->message);
                BOOST_TEST(r.damage->offset == k.end);
            }
}

namespace {

// Gives its bytes, then fails as a disk does.
class FailingSource : public ByteSource {
public:
    explicit FailingSource(std::string data) : data_(std::move(data)) {}
    std::size_t read(char* buffer, std::size_t size) override
    {
        if (data_.empty())
            throw InputError("disk.pgn.zst: read error: Input/output error");
        std::size_t const n = std::min(size, data_.size());
        std::memcpy(buffer, data_.data(), n);
        data_.erase(0, n);
        return n;
    }

private:
    std::string data_;
};

} // namespace

BOOST_AUTO_TEST_CASE(a_read_error_comes_out_of_read)
{
    std::string const data = zstd_frame(sample_text());
    for (bool thread : {false, true}) {
        FailingSource raw(data.substr(0, data.size() / 2));
        DecompressingSource source(raw, DecompressOptions{thread});
        BOOST_CHECK_EXCEPTION(read_all(source), InputError, [](const InputError& e) {
            return std::string(e.what()) == "disk.pgn.zst: read error: Input/output error";
        });
    }
}

BOOST_AUTO_TEST_CASE(left_early_the_thread_stops)
{
    std::string text;
    for (int i = 0; i < 40; ++i)
        text += sample_text();
    std::string const data = zstd_frame(text);
    for (int i = 0; i < 20; ++i) {
        StringSource raw(data, 1 + static_cast<std::size_t>(i) * 500);
        DecompressingSource source(raw);
        char buffer[100];
        BOOST_TEST(source.read(buffer, sizeof buffer) > 0);
        BOOST_TEST(source.damage() == nullptr); // not before the end, even if the thread found it
    }
}

BOOST_AUTO_TEST_CASE(raw_bytes_follow_the_file)
{
    std::string text;
    for (int i = 0; i < 20; ++i)
        text += sample_text();
    for (const Format& f : formats) {
        std::string const data = f.compress(text);
        for (bool thread : {false, true}) {
            StringSource raw(data, 4096);
            DecompressingSource source(raw, DecompressOptions{thread});
            std::vector<char> buffer(1 << 14);
            std::uint64_t last = 0;
            std::size_t steps = 0;
            while (std::size_t n = source.read(buffer.data(), buffer.size())) {
                (void)n;
                BOOST_TEST(source.raw_bytes() >= last);
                BOOST_TEST(source.raw_bytes() <= data.size());
                last = source.raw_bytes();
                ++steps;
            }
            BOOST_TEST(steps > 10);
            BOOST_TEST(source.raw_bytes() == data.size());
        }
    }
}

BOOST_AUTO_TEST_CASE(input_files)
{
    BOOST_CHECK_EXCEPTION(InputFile("/nonexistent/games.pgn.zst"), InputError, [](const InputError& e) {
        return std::string(e.what()) == "cannot open /nonexistent/games.pgn.zst: No such file or directory";
    });
    std::string const text = sample_text();
    auto const path = std::filesystem::temp_directory_path() / ("fen960-test-input-" + std::to_string(::getpid()) + ".xz");
    std::string const data = xz_stream(text);
    std::ofstream(path, std::ios::binary) << data;
    {
        InputFile file(path.string());
        BOOST_TEST(file.size() == data.size());
        BOOST_TEST(file.name() == path.string());
        // The splitter reads a compressed file as any other.
        auto games_of = [](ByteSource& source) {
            GameSplitter games(source);
            std::vector<std::string> list;
            for (GameText g; games.next(g);)
                list.emplace_back(g.text);
            return list;
        };
        StringSource plain(text);
        std::vector<std::string> const expected = games_of(plain);
        BOOST_TEST(expected.size() > 10);
        BOOST_TEST(games_of(file) == expected);
        BOOST_TEST((file.compression() == Compression::xz));
        BOOST_TEST(file.damage() == nullptr);
        BOOST_TEST(file.raw_bytes() == data.size());
    }
    std::filesystem::remove(path);
}
