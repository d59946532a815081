#include "describe.hpp"

#include <array>
#include <cstdint>
#include <cstdio>

namespace fen960::grammars {

std::string describe(std::string_view rest)
{
    char const c = rest.empty() ? '\0' : rest.front();
    switch (c) {
    case ' ': return "' '";
    case '\t': return "a tab";
    case '\r': return "a carriage return";
    case '\n': return "the end of the line";
    case '\0': return "a NUL byte";
    default: break;
    }
    auto const u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f)
        return std::string{'\'', c, '\''};
    std::array<char, 32> buf{};
    // A well-formed UTF-8 sequence is shown as the character it encodes.
    std::size_t const length = u >= 0xF0 && u < 0xF5 ? 4 : u >= 0xE0 ? 3 : u >= 0xC2 && u < 0xE0 ? 2 : 0;
    if (length > 0 && length <= rest.size()) {
        std::uint32_t code = u & (0x7F >> length);
        bool ok = true;
        for (std::size_t i = 1; i < length; ++i) {
            auto const cont = static_cast<unsigned char>(rest[i]);
            ok = ok && (cont & 0xC0) == 0x80;
            code = (code << 6) | (cont & 0x3F);
        }
        if (ok && code >= 0x80) {
            std::snprintf(buf.data(), buf.size(), "' (U+%04X)", static_cast<unsigned>(code));
            std::string shown(1, '\'');
            shown.append(rest.data(), length);
            shown.append(buf.data());
            return shown;
        }
    }
    std::snprintf(buf.data(), buf.size(), "byte 0x%02X", u);
    return buf.data();
}

} // namespace fen960::grammars
