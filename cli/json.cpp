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

void append_key_json(const Origin& origin, std::string_view record, std::string_view key,
                     const std::vector<Diagnostic>& errors, const std::vector<Diagnostic>& warnings,
                     std::string& out)
{
    Json line = json_record(origin, record);
    line["ok"] = errors.empty();
    line["key"] = key.empty() ? Json(nullptr) : Json(std::string(key));
    line["errors"] = json_diagnostics(errors);
    line["warnings"] = json_diagnostics(warnings);
    append_json_line(line, out);
}

void append_start_json(std::uint32_t number, bool dfrc, Dialect dialect, std::optional<std::string_view> output,
                       std::string_view error, std::string& out)
{
    Json line{{"number", number}, {"kind", dfrc ? "dfrc" : "chess960"}, {"dialect", name(dialect)}};
    line["ok"] = output.has_value();
    line["output"] = output ? Json(std::string(*output)) : Json(nullptr);
    line["errors"] = output ? Json::array() : Json::array({{{"column", 1}, {"message", std::string(error)}}});
    append_json_line(line, out);
}

void append_perft_json(std::string_view input, const std::vector<std::string>& moves, int depth,
                       std::uint64_t nodes, const std::vector<DivideRow>* divide, std::string& out)
{
    // "played" is the count of moves played, as in play's objects; "played_moves" the moves themselves.
    Json line{{"input", std::string(input)},
              {"played", moves.size()},
              {"played_moves", moves},
              {"depth", depth},
              {"nodes", nodes}};
    if (divide) {
        Json rows = Json::array();
        for (const DivideRow& row : *divide)
            rows.push_back({{"move", row.uci}, {"nodes", row.nodes}});
        line["moves"] = std::move(rows);
    }
    append_json_line(line, out);
}

void append_suite_json(std::string_view file, const SuitePosition& p, const PositionCheck& c, std::string& out)
{
    Json line = json_record(Origin{file, p.line}, p.text);
    line["ok"] = c.ok();
    Json counts = Json::array();
    for (const CountCheck& k : c.counts)
        counts.push_back({{"depth", k.expected.depth}, {"expected", k.expected.nodes}, {"nodes", k.nodes}, {"ok", k.ok()}});
    line["counts"] = std::move(counts);
    line["skipped"] = c.skipped;
    line["errors"] = c.error ? json_diagnostics({*c.error}) : Json::array();
    line["warnings"] = c.problems;
    append_json_line(line, out);
}

void append_suite_summary_json(std::size_t positions, std::size_t counts, std::size_t failed, std::size_t skipped,
                               std::string& out)
{
    append_json_line(Json{{"positions", positions}, {"counts", counts}, {"failed", failed}, {"skipped", skipped}},
                     out);
}

} // namespace fen960::cli
