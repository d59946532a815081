// One streaming decoder per compressed format (decoder.cpp), behind one interface, for
// DecompressingSource (input.cpp), which feeds them and tells a clean end from a cut one.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "fen960/input.hpp"

namespace fen960::detail {

class Decoder {
public:
    static constexpr std::size_t wait_max = std::size_t{128} << 10;

    virtual ~Decoder() = default;
    // Decodes what it can of [in, in_end) into [out, out_end) (not empty), advancing both; `last`: no
    // input follows in_end. False when the data is corrupt (message() says how); a call that can make no
    // progress returns true with both unmoved, which it may do until `wait_max` bytes are in hand (zstd
    // takes a raw block's content only whole).
    virtual bool decode(const char*& in, const char* in_end, char*& out, char* out_end, bool last) = 0;
    // Everything decoded so far ends a frame, member or stream: the input may end here.
    virtual bool complete() const = 0;
    const std::string& message() const { return message_; }

protected:
    // "corrupt zstd data (data corruption detected)": the library's words, lower case, in brackets.
    bool corrupt(Compression format, std::string_view why);

    std::string message_;
};

// A fresh decoder of `format` (not none). Throws std::bad_alloc when the library cannot set one up.
std::unique_ptr<Decoder> make_decoder(Compression format);

} // namespace fen960::detail
