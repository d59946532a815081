// JSON Lines output (--format jsonl), written with nlohmann-json: one object per input line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fen960/diagnostic.hpp"
#include "io.hpp"

namespace fen960::cli {

// The fields every record-per-line command writes: where the record came from and what it was.
inline nlohmann::ordered_json json_record(const Origin& origin, std::string_view input)
{
    return nlohmann::ordered_json{{"source", std::string(origin.name)}, {"line", origin.line}, {"input", std::string(input)}};
}

inline nlohmann::ordered_json json_diagnostics(const std::vector<Diagnostic>& diagnostics)
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Diagnostic& d : diagnostics)
        list.push_back({{"column", d.column}, {"message", d.message}});
    return list;
}

// Appends the object and a newline. Bytes that are not UTF-8 (the input may hold anything) become
// U+FFFD rather than making the line unwritable.
inline void append_json_line(const nlohmann::ordered_json& object, std::string& out)
{
    out += object.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    out.push_back('\n');
}

} // namespace fen960::cli
