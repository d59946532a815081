#include "json.hpp"

#include <nlohmann/json.hpp>

#include "fen960/names.hpp"

namespace fen960::cli {

namespace {

using Json = nlohmann::ordered_json;

// The fields every record-per-line command writes: where the record came from and what it was.
Json json_record(const Origin& origin, std::string_view input)
{
    return Json{{"source", std::string(origin.name)}, {"line", origin.line}, {"input", std::string(input)}};
}

Json json_diagnostics(const std::vector<Diagnostic>& diagnostics)
{
    Json list = Json::array();
    for (const Diagnostic& d : diagnostics)
        list.push_back({{"column", d.column}, {"message", d.message}});
    return list;
}

// Appends the object and a newline.
void append_json_line(const Json& object, std::string& out)
{
    out += object.dump(-1, ' ', false, Json::error_handler_t::replace);
    out.push_back('\n');
}

} // namespace

void append_convert_json(const Origin& origin, std::string_view record, Dialect to,
                         std::optional<std::string_view> converted, const std::vector<Diagnostic>& errors,
                         const std::vector<Diagnostic>& warnings, const std::vector<EpdOperation>& operations,
                         std::string& out, bool with_key, std::string_view key)
{
    Json line = json_record(origin, record);
    line["dialect"] = name(to);
    line["ok"] = converted.has_value();
    line["output"] = converted ? Json(std::string(*converted)) : Json(nullptr);
    if (with_key)
        line["key"] = key.empty() ? Json(nullptr) : Json(std::string(key));
    line["errors"] = json_diagnostics(errors);
    line["warnings"] = json_diagnostics(warnings);
    Json list = Json::array();
    for (const EpdOperation& op : operations) {
        Json item = Json::array({std::string(op.opcode)});
        for (std::string_view const operand : op.operands)
            item.push_back(op.opcode.empty() ? std::string(operand) : operand_value(operand));
        list.push_back(std::move(item));
    }
    line["operations"] = std::move(list);
    append_json_line(line, out);
}

void append_other_line_json(const Origin& origin, std::string_view line, std::string& out)
{
    Json object = json_record(origin, line);
    object["record"] = false;
    append_json_line(object, out);
}

void append_validate_json(const Origin& origin, std::string_view record, Rules rules, const Validation& v,
                          std::string& out)
{
    constexpr const char* verdicts[] = {"valid", "invalid", "error"};
    Json line = json_record(origin, record);
    line["rules"] = rules == Rules::chess960 ? "chess960" : "standard";
    line["verdict"] = verdicts[static_cast<int>(v.verdict)];
    Json reasons = Json::array();
    for (const Problem& p : v.problems)
        reasons.push_back({{"column", p.column}, {"message", p.message}});
    line["reasons"] = reasons;
    line["errors"] = json_diagnostics(v.errors);
    append_json_line(line, out);
}

void append_play_json(const Origin& origin, std::string_view input, Dialect dialect, bool all,
                      std::string_view written, const PlayResult& r, const std::vector<Diagnostic>& warnings,
                      std::string& out)
{
    Json line = json_record(origin, input);
    line["dialect"] = name(dialect);
    line["ok"] = r.has_value();
    if (all) {
        Json positions = Json::array();
        for (std::size_t at = 0; at < written.size();) {
            std::size_t const end = written.find('\n', at);
            positions.push_back(std::string(written.substr(at, end - at)));
            at = end + 1;
        }
        line["positions"] = positions;
    } else {
        line["output"] = r ? Json(std::string(written.substr(0, written.size() - 1))) : Json(nullptr);
    }
    line["played"] = r ? *r : r.error().played;
    line["bad_move"] = r ? Json(nullptr) : Json(r.error().bad_move);
    line["errors"] = json_diagnostics(r ? std::vector<Diagnostic>{} : std::vector<Diagnostic>{r.error().reason});
    line["warnings"] = json_diagnostics(warnings);
    append_json_line(line, out);
}

void append_identify_json(const Origin& origin, std::string_view record, const Identification& found,
                          std::string& out)
{
    Json line = json_record(origin, record);
    bool const judged = found.verdict == Verdict::valid;
    line["ok"] = judged;
    line["result"] = judged ? Json(start_label(found.check)) : nullptr;
    line["chess960"] = judged && found.check.kind == StartKind::chess960 ? Json(found.check.number) : nullptr;
    line["dfrc"] = judged && found.check.kind == StartKind::dfrc ? Json(found.check.number) : nullptr;
    Json reasons = Json::array();
    if (judged && found.check.kind == StartKind::none)
        for (const StartProblem& p : found.check.problems)
            reasons.push_back(p.message);
    line["reasons"] = reasons;
    line["invalid_position"] = found.verdict == Verdict::invalid;
    line["errors"] = json_diagnostics(found.errors);
    append_json_line(line, out);
}

void append_game_json(std::string_view file, const ReadGame& g, Dialect dialect, std::string_view positions,
                      std::string& out)
{
    const GameResult& r = g.result;
    Json line{{"source", std::string(file)}, {"line", g.game.line}, {"game", g.number}};
    line["outcome"] = name_of(outcome_names, r.outcome);
    line["variant"] = r.chess960 ? "chess960" : "standard";
    line["dialect"] = name(dialect);
    Json list = Json::array();
    for (std::size_t start = 0; start < positions.size();) {
        std::size_t const end = positions.find('\n', start);
        list.push_back(std::string(positions.substr(start, end - start)));
        start = end == std::string_view::npos ? positions.size() : end + 1;
    }
    line["positions"] = list;
    line["plies"] = r.plies;
    if (r.outcome == GameOutcome::imported) {
        line["error"] = nullptr;
    } else {
        Diagnostic const at = absolute_location(g.game, r.error);
        line["error"] = {{"line", at.line}, {"column", at.column}, {"ply", r.ply}, {"message", r.error.message}};
    }
    line["warnings"] = json_diagnostics(r.warnings);
    line["start_restored"] = r.start_restored;
    append_json_line(line, out);
}

} // namespace fen960::cli
