// fen960: a thin front end; every command reads, calls lib/, and prints. This is the one file that
// includes CLI11: it makes the command line from the table of commands (command.hpp) and runs the
// command chosen.
#include <algorithm>
#include <array>
#include <csignal>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <system_error>
#include <new>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "fen960/names.hpp"
#include "io.hpp"

namespace fen960::cli {

namespace {

// In the order of `fen960 --help`.
constexpr std::array<const Command*, 9> commands{&convert_command,  &pgn_command,      &play_command,
                                                 &startpos_command, &identify_command, &key_command,
                                                 &perft_command,    &validate_command, &show_command};

// `fen960 --help` lists each command with its one line, as git and cargo do; the paragraphs of
// `fen960 COMMAND --help` (its description) stay there.
class Formatter : public CLI::Formatter {
public:
    std::string make_subcommand(const CLI::App* sub) const override
    {
        std::string summary;
        for (const Command* c : commands)
            if (sub->get_name() == c->name)
                summary = c->summary;
        std::stringstream out;
        CLI::detail::format_help(out, sub->get_display_name(true), summary, column_width_);
        return out.str();
    }
};

template <typename Enum, std::size_t N>
std::string joined(const std::array<NamedValue<Enum>, N>& names, bool sorted)
{
    std::vector<std::string> list;
    for (const NamedValue<Enum>& n : names)
        list.emplace_back(n.name);
    if (sorted)
        std::sort(list.begin(), list.end());
    std::string text;
    for (const std::string& name : list)
        text += (text.empty() ? "" : "|") + name;
    return text;
}

// A value that is one of the names of `names` (any case) becomes the enum's number, which CLI11 then
// assigns to the enum; another fails with the names in alphabetical order. The help shows them in
// the table's order (NAME1|NAME2|...).
template <typename Enum, std::size_t N>
CLI::Option* choice(CLI::Option* option, const std::array<NamedValue<Enum>, N>& names)
{
    CLI::Validator v(
        [&names, shown = joined(names, true)](std::string& value) -> std::string {
            std::optional<Enum> const found = from_name(names, value);
            if (!found)
                return "'" + value + "' is not one of " + shown;
            value = std::to_string(static_cast<int>(*found));
            return {};
        },
        "", "choice");
    return option->transform(v)->option_text(joined(names, false));
}

template <typename T>
CLI::Option* add_value(CLI::App& cmd, const Option& o, T& target)
{
    CLI::Option* option = cmd.add_option(o.names, target, o.help);
    if constexpr (std::is_arithmetic_v<T>)
        if (o.range)
            option->check(CLI::Range(static_cast<T>(o.range->first), static_cast<T>(o.range->second)));
    return option;
}

// Adds an option by the type of its target (see Target).
struct Add {
    CLI::App& cmd;
    const Option& o;
    CLI::Option* operator()(bool* flag) const { return cmd.add_flag(o.names, *flag, o.help); }
    CLI::Option* operator()(Dialect* d) const { return choice(add_value(cmd, o, *d), dialect_names); }
    CLI::Option* operator()(InputDialect* d) const { return choice(add_value(cmd, o, *d), input_dialect_names); }
    CLI::Option* operator()(StartRights* r) const { return choice(add_value(cmd, o, *r), start_rights_names); }
    CLI::Option* operator()(Shape* s) const { return choice(add_value(cmd, o, *s), shape_names); }
    CLI::Option* operator()(CastlingNotation* n) const { return choice(add_value(cmd, o, *n), castling_notation_names); }
    CLI::Option* operator()(std::optional<EnPassantMode>* mode) const
    {
        return choice(cmd.add_option_function<EnPassantMode>(
                          o.names, [mode](const EnPassantMode& m) { *mode = m; }, o.help),
                      en_passant_names);
    }
    CLI::Option* operator()(std::optional<Shape>* shape) const
    {
        return choice(cmd.add_option_function<Shape>(
                          o.names, [shape](const Shape& s) { *shape = s; }, o.help),
                      shape_names);
    }
    CLI::Option* operator()(std::optional<std::uint64_t>* number) const
    {
        return cmd.add_option_function<std::uint64_t>(
            o.names, [number](const std::uint64_t& n) { *number = n; }, o.help);
    }
    CLI::Option* operator()(Format* format) const
    {
        // Exactly the names (no other case), those the option takes.
        std::vector<std::string> names;
        for (const NamedValue<Format>& f : format_names)
            if ((f.value != Format::uci || o.uci_format) && (f.value != Format::pgn || o.pgn_format))
                names.emplace_back(f.name);
        std::string shown;
        for (const std::string& n : names)
            shown += (shown.empty() ? "" : "|") + n;
        return cmd
            .add_option_function<std::string>(
                o.names, [format](const std::string& f) { *format = *from_name(format_names, f); }, o.help)
            ->check(CLI::IsMember(names))
            ->option_text(shown);
    }
    template <typename T>
    CLI::Option* operator()(T* value) const
    {
        return add_value(cmd, o, *value);
    }
};

CLI::Option* add_option(CLI::App& cmd, const Option& o)
{
    CLI::Option* option = std::visit(Add{cmd, o}, o.target);
    if (!o.value_name.empty())
        option->type_name(o.value_name);
    if (o.required)
        option->required();
    if (o.hidden)
        option->group("");
    if (o.many)
        option->expected(1, -1);
    else if (std::holds_alternative<std::vector<std::string>*>(o.target) && o.names.starts_with('-'))
        option->allow_extra_args(false); // one value a time (--select A --select B): files may follow
    return option;
}

void add_command(CLI::App& app, const Command& command, std::function<int()>& run)
{
    auto line = std::make_shared<CommandLine>(command.line());
    CLI::App* cmd = app.add_subcommand(command.name, command.summary);
    cmd->description(command.description);
    std::vector<CLI::Option*> added;
    for (const Option& o : line->options)
        added.push_back(add_option(*cmd, o));
    for (std::size_t i = 0; i < added.size(); ++i) {
        if (!line->options[i].needs.empty())
            added[i]->needs(cmd->get_option(line->options[i].needs));
        if (!line->options[i].excludes.empty())
            added[i]->excludes(cmd->get_option(line->options[i].excludes));
    }
    cmd->footer(command.footer);
    cmd->callback([line, &run] {
        if (line->check)
            if (std::optional<std::string> const error = line->check())
                throw CLI::ValidationError(*error);
        run = line->run;
    });
}

} // namespace

} // namespace fen960::cli

int main(int argc, char** argv)
{
    using namespace fen960::cli;
    // A closed pipe is a write error (EPIPE) the command ends on quietly (OutputClosed), not a death
    // by SIGPIPE: files being written are removed, not left half written.
    std::signal(SIGPIPE, SIG_IGN);

    CLI::App app{"fen960: chess position records across standard FEN, Shredder-FEN and X-FEN.", "fen960"};
    app.formatter(std::make_shared<Formatter>());
    app.set_version_flag("--version", "fen960 " FEN960_VERSION);
    app.require_subcommand(1);
    app.footer("Exit status: 0 all records handled, 1 some records invalid, 2 usage error, 3 input/output error.\n"
               "Run 'fen960 COMMAND --help' for a command's options and examples.");
    std::function<int()> run;
    for (const Command* command : commands)
        add_command(app, *command, run);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int const status = app.exit(e);
        return status == 0 ? exit_ok : exit_usage;
    }
    // What the system refused (a thread, memory) ends the run with a message and status 3, never
    // with an uncaught exception's abort.
    std::string const command = app.get_subcommands().empty() ? "" : " " + app.get_subcommands().front()->get_name();
    auto const failed = [&command](const char* what, const char* why) {
        std::fprintf(stderr, "fen960%s: %s%s\n", command.c_str(), what, why);
        return exit_io;
    };
    try {
        return run();
    } catch (const OutputClosed&) {
        return exit_ok;
    } catch (const IoError& e) {
        return failed("", e.what());
    } catch (const fen960::InputError& e) {
        return failed("", e.what());
    } catch (const std::system_error& e) {
        return failed("the system refused a thread: ", (e.code().message() + " (a smaller --jobs may do)").c_str());
    } catch (const std::bad_alloc&) {
        return failed("out of memory", "");
    }
}
