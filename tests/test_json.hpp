// The oracle's JSON Lines files, read with nlohmann-json (the JSON library the program writes with).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_data.hpp"

namespace fen960::test {

// One value per non-empty line.
inline std::vector<nlohmann::json> read_jsonl(const std::string& relative)
{
    std::vector<nlohmann::json> rows;
    for (const std::string& line : read_lines(relative))
        if (!line.empty())
            rows.push_back(nlohmann::json::parse(line));
    return rows;
}

} // namespace fen960::test
