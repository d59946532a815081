// `pgn --select`: which games a selection keeps, by their kind or their start position.
#include <algorithm>
#include <string>

#include "records/epd_reading.hpp"
#include "fen960/names.hpp"
#include "fen960/pgn.hpp"
#include "fen960/startpos.hpp"

namespace fen960 {

namespace {

// The number after `prefix` in `text` (startpos:518), below `count`; the error says what is wrong.
Expected<std::uint32_t, std::string> read_start_number(std::string_view text, std::string_view prefix,
                                                       std::uint32_t count)
{
    std::optional<std::uint64_t> const n = detail::decimal(text.substr(prefix.size()), count - 1);
    if (!n) {
        std::string error = "'";
        error.append(text).append("': ").append(prefix).append("N takes N from 0 to ").append(std::to_string(count - 1));
        return error;
    }
    return static_cast<std::uint32_t>(*n);
}

template <typename T>
bool holds(const std::vector<T>& list, T value)
{
    return std::find(list.begin(), list.end(), value) != list.end();
}

} // namespace

Expected<void, std::string> add_selector(std::string_view text, GameSelection& selection)
{
    if (std::optional<GameKind> const kind = from_name(game_kind_names, text)) {
        selection.kinds[static_cast<std::size_t>(*kind)] = true;
        return {};
    }
    constexpr std::string_view startpos = "startpos:";
    constexpr std::string_view dfrc = "dfrc:";
    if (text.starts_with(startpos)) {
        auto const number = read_start_number(text, startpos, chess960_count);
        if (!number)
            return number.error();
        selection.starts.push_back(*number);
        return {};
    }
    if (text.starts_with(dfrc)) {
        auto const number = read_start_number(text, dfrc, dfrc_count);
        if (!number)
            return number.error();
        std::optional<DfrcPair> const pair = dfrc_pair(*number);
        if (pair && pair->white == pair->black)
            selection.starts.push_back(pair->white); // both back ranks alike: a Chess960 start
        else
            selection.dfrc_starts.push_back(*number);
        return {};
    }
    std::string error = "'";
    error.append(text).append("' is not one of ");
    for (const auto& n : game_kind_names)
        error.append(n.name).append(", ");
    return error.append(startpos).append("N, ").append(dfrc).append("N");
}

bool selected(const GameSelection& selection, bool chess960, const Setup& start)
{
    if (selection.empty())
        return true;
    StartCheck const check = check_start_position(start);
    bool const from_dfrc = check.kind == StartKind::dfrc;
    GameKind const kind = from_dfrc ? GameKind::dfrc : chess960 ? GameKind::chess960 : GameKind::standard;
    if (selection.kinds[static_cast<std::size_t>(kind)])
        return true;
    if (check.kind == StartKind::chess960)
        return holds(selection.starts, check.number);
    return from_dfrc && holds(selection.dfrc_starts, check.number);
}

} // namespace fen960
