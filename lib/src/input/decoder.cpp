// The four decoders: libzstd, zlib (gzip members), libbz2 and liblzma (.xz streams), each read through
// concatenated frames, members or streams. Each says when the bytes so far end a frame (complete()),
// so that the caller can tell the input's true end from a cut; the libraries' own messages name what
// is corrupt.
#include "input/decoder.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <new>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include "fen960/names.hpp"

namespace fen960::detail {

bool Decoder::corrupt(Compression format, std::string_view why)
{
    message_ = std::string("corrupt ") + name_of(compression_names, format) + " data (";
    for (char c : why)
        message_.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    message_ += ")";
    return false;
}

namespace {

// The libraries count in unsigned int: a larger buffer is handed over in parts.
unsigned int clamp_uint(std::ptrdiff_t n)
{
    return static_cast<unsigned int>(std::min<std::ptrdiff_t>(n, UINT_MAX));
}

// Where the parts of a zstd stream end (RFC 8878), followed over the bytes the decoder takes: a frame is
// its magic number and header, then blocks (a 3-byte little-endian header: bit 0 the last block, bits
// 1-2 the type, raw, RLE, compressed or reserved, bits 3-23 the size; then `size` bytes, one for RLE),
// then a 4-byte checksum when the header's descriptor asks for one; a skippable frame is its magic
// 0x184D2A5?, a 4-byte size and that many bytes. The parts are a frame header, a block (its header and
// content), a checksum and a skippable frame. What it cannot follow (another magic, a reserved block
// type, a block past the format's 128 KiB) it leaves to the library from there on (unknown()).
class ZstdParts {
public:
    // The end of a call that begins at `in`: the end of the part under way, or `in_end` if the part goes
    // on past it, but a raw block's content only whole: `in` itself when it begins there and is not all
    // here. Where the parts are unknown, `fallback` bytes on (or `in_end`).
    const char* end_of_call(const char* in, const char* in_end, std::ptrdiff_t fallback) const
    {
        ZstdParts ahead = *this;
        const char* p = in;
        if (!unknown())
            ahead.step(p, in_end, true);
        return ahead.unknown() ? in + std::min(in_end - in, fallback) : p;
    }
    // The decoder took [in, in + n).
    void took(const char* in, std::size_t n)
    {
        const char* const end = in + n;
        while (in != end && !unknown())
            step(in, end, false);
    }
    bool unknown() const { return next_ == Next::unknown; }

private:
    enum class Next : std::uint8_t { frame, block, checksum, unknown };

    static std::uint32_t little_endian(const std::uint8_t* b, int size)
    {
        std::uint32_t v = 0;
        for (int i = size - 1; i >= 0; --i)
            v = v << 8 | b[i];
        return v;
    }

    // The size of the header under way as far as its bytes so far tell (a frame's: 4 for its magic, 5
    // for the descriptor, then all of it); 0 for a magic that is not zstd's.
    std::size_t header_size() const
    {
        if (next_ == Next::block)
            return 3;
        if (next_ == Next::checksum)
            return 4;
        if (have_ < 4)
            return 4;
        std::uint32_t const magic = little_endian(head_.data(), 4);
        if ((magic & ZSTD_MAGIC_SKIPPABLE_MASK) == ZSTD_MAGIC_SKIPPABLE_START)
            return 8;
        if (magic != ZSTD_MAGICNUMBER)
            return 0;
        if (have_ < 5)
            return 5;
        // The descriptor: bits 7-6 the content size's field (0, 2, 4, 8 bytes; 1 for 0 in a single
        // segment), bit 5 single segment (no window byte), bits 1-0 the dictionary id's (0, 1, 2, 4 bytes).
        std::uint8_t const d = head_[4];
        bool const single = (d & 0x20) != 0;
        constexpr std::array<std::size_t, 4> content_field{0, 2, 4, 8};
        constexpr std::array<std::size_t, 4> dictionary_field{0, 1, 2, 4};
        std::size_t const content = (d >> 6) == 0 && single ? 1 : content_field[d >> 6];
        return 5 + (single ? 0 : 1) + dictionary_field[d & 3] + content;
    }

    // The header under way is whole: what follows it.
    void read_header()
    {
        have_ = 0;
        switch (next_) {
        case Next::frame:
            if (little_endian(head_.data(), 4) != ZSTD_MAGICNUMBER) { // skippable: its bytes, then a frame
                content_ = little_endian(head_.data() + 4, 4);
                raw_ = false; // (not a raw block's, which would be waited for whole)
            } else {
                checksum_ = (head_[4] & 0x04) != 0;
                next_ = Next::block;
            }
            break;
        case Next::block: {
            std::uint32_t const h = little_endian(head_.data(), 3);
            std::uint32_t const type = h >> 1 & 3;
            std::uint32_t const size = h >> 3;
            if (type == 3 || size > ZSTD_BLOCKSIZE_MAX) {
                next_ = Next::unknown;
                return;
            }
            content_ = type == 1 ? 1 : size;
            raw_ = type == 0;
            if (h & 1)
                next_ = checksum_ ? Next::checksum : Next::frame;
            break;
        }
        case Next::checksum: next_ = Next::frame; break;
        case Next::unknown: break;
        }
    }

    // Goes over [p, end) to the end of the part under way (true) or of the bytes (false), or until the
    // stream is unknown(); `whole_raw`: not into a raw block's content that does not end by `end`.
    bool step(const char*& p, const char* end, bool whole_raw)
    {
        while (!unknown()) {
            if (content_ > 0) {
                if (whole_raw && raw_ && content_ > static_cast<std::uint64_t>(end - p))
                    return false;
                std::uint64_t const n = std::min<std::uint64_t>(content_, static_cast<std::uint64_t>(end - p));
                p += n;
                content_ -= n;
                return content_ == 0;
            }
            std::size_t const need = header_size();
            if (need == 0) {
                next_ = Next::unknown;
                return false;
            }
            if (have_ < need) {
                std::size_t const n = std::min(need - have_, static_cast<std::size_t>(end - p));
                std::memcpy(head_.data() + have_, p, n);
                have_ += n;
                p += n;
                if (have_ < need)
                    return false;
                continue; // the header may be longer than its first bytes said
            }
            read_header();
            if (content_ == 0 && !unknown())
                return true;
        }
        return false;
    }

    Next next_ = Next::frame;
    bool checksum_ = false;             // the frame under way ends with a checksum
    bool raw_ = false;                  // the content under way is a raw block's
    std::size_t have_ = 0;              // bytes of the header under way, in head_
    std::array<std::uint8_t, 18> head_{}; // the longest header: a frame's
    std::uint64_t content_ = 0;         // bytes left of the content under way
};

// zstd: frames one after another; skippable frames (lichess's files begin with one) are skipped by the
// library. A frame is complete when ZSTD_decompressStream returns 0.
// A call that fails drops what it decoded (zstd updates the output's position only on success), so each
// call ends at the end of a part (ZstdParts): a call that fails then holds only the damaged part, the
// blocks before it having been handed on, and the damage is placed at the end of that part. zstd hands
// on a raw block's content as it comes, so a cut would give bytes of a block whose checks fail at its
// end (the frame's content size, the block's maximum); it is given the content whole, as it takes a
// compressed block, and a raw block the input ends in hands on nothing.
class ZstdDecoder : public Decoder {
public:
    ZstdDecoder() : ctx_(ZSTD_createDCtx())
    {
        if (!ctx_)
            throw std::bad_alloc();
    }
    ~ZstdDecoder() override { ZSTD_freeDCtx(ctx_); }
    ZstdDecoder(const ZstdDecoder&) = delete;
    ZstdDecoder& operator=(const ZstdDecoder&) = delete;

    static_assert(ZSTD_BLOCKSIZE_MAX <= wait_max); // a raw block's content, waited for whole
    // Where the parts are unknown, a call is given at most `slice` bytes, and damage placed at their end.
    static constexpr std::ptrdiff_t slice = 16 << 10;

    bool decode(const char*& in, const char* in_end, char*& out, char* out_end, bool last) override
    {
        // A call that filled the output may have left the rest of a block in the library: it is handed
        // on by a call without input, lest a failing call on the next part drop it.
        if (full_) {
            char* const before = out;
            if (!call(in, in, out, out_end))
                return false;
            if (out != before)
                return true;
        }
        const char* const end = parts_.end_of_call(in, in_end, slice);
        if (end == in && in != in_end) { // a raw block's content, not all here: later, or cut here
            if (last)
                in = in_end;
            return true;
        }
        return call(in, end, out, out_end);
    }
    bool complete() const override { return pending_ == 0; }

private:
    bool call(const char*& in, const char* in_end, char*& out, char* out_end)
    {
        ZSTD_inBuffer input{in, static_cast<std::size_t>(in_end - in), 0};
        ZSTD_outBuffer output{out, static_cast<std::size_t>(out_end - out), 0};
        std::size_t const hint = ZSTD_decompressStream(ctx_, &output, &input);
        if (ZSTD_isError(hint)) {
            in = in_end;
            return corrupt(Compression::zstd, ZSTD_getErrorName(hint));
        }
        parts_.took(in, input.pos);
        in += input.pos;
        out += output.pos;
        if (input.pos || output.pos) // a call with nothing to do answers for the next frame
            pending_ = hint;
        full_ = out == out_end;
        return true;
    }

    ZSTD_DCtx* ctx_;
    ZstdParts parts_;
    std::size_t pending_ = 1; // ZSTD_decompressStream's last answer: 0 at the end of a frame
    bool full_ = false;       // the last call filled the output
};

// gzip: members one after another (gzip -c a >> f; pigz), each a zlib stream with a gzip header.
class GzipDecoder : public Decoder {
public:
    GzipDecoder()
    {
        if (inflateInit2(&stream_, 15 + 16) != Z_OK) // 15: the largest window; +16: a gzip header, not zlib's
            throw std::bad_alloc();
    }
    ~GzipDecoder() override { inflateEnd(&stream_); }
    GzipDecoder(const GzipDecoder&) = delete;
    GzipDecoder& operator=(const GzipDecoder&) = delete;

    bool decode(const char*& in, const char* in_end, char*& out, char* out_end, bool) override
    {
        if (ended_) {
            // Zero bytes after a member are padding (tape blocks), as gzip -d reads them; else a member follows.
            while (in != in_end && *in == 0) {
                ++in;
                padded_ = true;
            }
            if (in == in_end)
                return true;
            if (padded_)
                return corrupt(Compression::gzip, "data after the zero padding");
            inflateReset(&stream_);
            ended_ = false;
        }
        stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        stream_.avail_in = clamp_uint(in_end - in);
        stream_.next_out = reinterpret_cast<Bytef*>(out);
        stream_.avail_out = clamp_uint(out_end - out);
        int const r = inflate(&stream_, Z_NO_FLUSH);
        in = reinterpret_cast<const char*>(stream_.next_in);
        out = reinterpret_cast<char*>(stream_.next_out);
        if (r == Z_STREAM_END)
            ended_ = true;
        else if (r != Z_OK && r != Z_BUF_ERROR)
            return corrupt(Compression::gzip, stream_.msg ? stream_.msg : zError(r));
        return true;
    }
    bool complete() const override { return ended_; }

private:
    z_stream stream_{};
    bool ended_ = false;
    bool padded_ = false;
};

// bzip2: streams one after another (pbzip2 writes one per block), each begun anew.
class Bzip2Decoder : public Decoder {
public:
    Bzip2Decoder() { start(); }
    ~Bzip2Decoder() override { BZ2_bzDecompressEnd(&stream_); }
    Bzip2Decoder(const Bzip2Decoder&) = delete;
    Bzip2Decoder& operator=(const Bzip2Decoder&) = delete;

    bool decode(const char*& in, const char* in_end, char*& out, char* out_end, bool) override
    {
        if (ended_) {
            if (in == in_end)
                return true;
            BZ2_bzDecompressEnd(&stream_);
            start();
        }
        stream_.next_in = const_cast<char*>(in);
        stream_.avail_in = clamp_uint(in_end - in);
        stream_.next_out = out;
        stream_.avail_out = clamp_uint(out_end - out);
        int const r = BZ2_bzDecompress(&stream_);
        in = stream_.next_in;
        out = stream_.next_out;
        switch (r) {
        case BZ_OK: return true;
        case BZ_STREAM_END: ended_ = true; return true;
        case BZ_DATA_ERROR_MAGIC: return corrupt(Compression::bzip2, "no bzip2 stream header");
        case BZ_MEM_ERROR: throw std::bad_alloc();
        default: return corrupt(Compression::bzip2, "data integrity error");
        }
    }
    bool complete() const override { return ended_; }

private:
    void start()
    {
        stream_ = bz_stream{};
        ended_ = false;
        if (BZ2_bzDecompressInit(&stream_, 0, 0) != BZ_OK)
            throw std::bad_alloc();
    }

    bz_stream stream_{};
    bool ended_ = false;
};

// xz: streams one after another and the padding between them (LZMA_CONCATENATED), so the end is known
// only once the input is finished (LZMA_FINISH).
class XzDecoder : public Decoder {
public:
    // xz -9 needs 65 MiB; a header that asks for more than this is refused, not allocated.
    static constexpr std::uint64_t memory_limit = std::uint64_t{1} << 30;

    XzDecoder()
    {
        if (lzma_stream_decoder(&stream_, memory_limit, LZMA_CONCATENATED) != LZMA_OK)
            throw std::bad_alloc();
    }
    ~XzDecoder() override { lzma_end(&stream_); }
    XzDecoder(const XzDecoder&) = delete;
    XzDecoder& operator=(const XzDecoder&) = delete;

    bool decode(const char*& in, const char* in_end, char*& out, char* out_end, bool last) override
    {
        if (ended_)
            return in == in_end || corrupt(Compression::xz, "data after the end");
        stream_.next_in = reinterpret_cast<const std::uint8_t*>(in);
        stream_.avail_in = static_cast<std::size_t>(in_end - in);
        stream_.next_out = reinterpret_cast<std::uint8_t*>(out);
        stream_.avail_out = static_cast<std::size_t>(out_end - out);
        lzma_ret const r = lzma_code(&stream_, last ? LZMA_FINISH : LZMA_RUN);
        in = reinterpret_cast<const char*>(stream_.next_in);
        out = reinterpret_cast<char*>(stream_.next_out);
        switch (r) {
        case LZMA_OK:
        case LZMA_BUF_ERROR: return true;
        case LZMA_STREAM_END: ended_ = true; return true;
        case LZMA_MEM_ERROR: throw std::bad_alloc();
        case LZMA_MEMLIMIT_ERROR: return corrupt(Compression::xz, "needs more than 1 GiB of memory");
        case LZMA_FORMAT_ERROR: return corrupt(Compression::xz, "no xz stream header");
        case LZMA_OPTIONS_ERROR: return corrupt(Compression::xz, "unsupported options");
        default: return corrupt(Compression::xz, "compressed data is corrupt");
        }
    }
    bool complete() const override { return ended_; }

private:
    lzma_stream stream_ = LZMA_STREAM_INIT;
    bool ended_ = false;
};

} // namespace

std::unique_ptr<Decoder> make_decoder(Compression format)
{
    switch (format) {
    case Compression::zstd: return std::make_unique<ZstdDecoder>();
    case Compression::gzip: return std::make_unique<GzipDecoder>();
    case Compression::bzip2: return std::make_unique<Bzip2Decoder>();
    case Compression::xz: return std::make_unique<XzDecoder>();
    case Compression::none: break;
    }
    return nullptr;
}

} // namespace fen960::detail
