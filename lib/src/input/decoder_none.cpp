// A build without decompressors (FEN960_DECOMPRESS=OFF, the WebAssembly package): an input that begins
// with a compressed format's magic bytes ends there, its damage saying so, as a corrupt one would.
#include "input/decoder.hpp"

namespace fen960::detail {

namespace {

class Unsupported : public Decoder {
public:
    bool decode(const char*&, const char*, char*&, char*, bool) override
    {
        message_ = "compressed input is not supported in this build";
        return false;
    }
    bool complete() const override { return false; }
};

} // namespace

std::unique_ptr<Decoder> make_decoder(Compression format)
{
    if (format == Compression::none)
        return nullptr;
    return std::make_unique<Unsupported>();
}

} // namespace fen960::detail
