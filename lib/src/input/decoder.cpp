// The four decoders: libzstd, zlib (gzip members), libbz2 and liblzma (.xz streams), each read through
// concatenated frames, members or streams. Each says when the bytes so far end a frame (complete()),
// so that the caller can tell the input's true end from a cut; the libraries' own messages name what
// is corrupt.
#include "input/decoder.hpp"

#include <algorithm>
#include <climits>
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

// zstd: frames one after another; skippable frames (lichess's files begin with one) are skipped by the
// library. A frame is complete when ZSTD_decompressStream returns 0.
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

    // A call that fails does not say how far it read: it is given at most `slice` bytes, and the damage
    // is placed at the end of them.
    static constexpr std::ptrdiff_t slice = 16 << 10;

    bool decode(const char*& in, const char* in_end, char*& out, char* out_end, bool) override
    {
        ZSTD_inBuffer input{in, static_cast<std::size_t>(std::min(in_end - in, slice)), 0};
        ZSTD_outBuffer output{out, static_cast<std::size_t>(out_end - out), 0};
        std::size_t const hint = ZSTD_decompressStream(ctx_, &output, &input);
        if (ZSTD_isError(hint)) {
            in += input.size;
            return corrupt(Compression::zstd, ZSTD_getErrorName(hint));
        }
        in += input.pos;
        out += output.pos;
        if (input.pos || output.pos) // a call with nothing to do answers for the next frame
            pending_ = hint;
        return true;
    }
    bool complete() const override { return pending_ == 0; }

private:
    ZSTD_DCtx* ctx_;
    std::size_t pending_ = 1; // ZSTD_decompressStream's last answer: 0 at the end of a frame
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
