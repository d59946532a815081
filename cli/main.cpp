// fen960: a thin front end; every command reads, calls lib/, and prints. This is the one file that
// includes CLI11: it makes the command line from the table of commands (command.hpp) and runs the
// command chosen.
#include <algorithm>
#include <array>
#include <cctype>
#include <csignal>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <new>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "help.hpp"
#include "fen960/names.hpp"
#include "io.hpp"

namespace fen960::cli {

namespace {

// In the order of `fen960 --help`.
constexpr std::array<const Command*, 9> commands{&convert_command,  &pgn_command,      &play_command,
                                                 &startpos_command, &identify_command, &key_command,
                                                 &perft_command,    &validate_command, &show_command};

std::string_view summary_of(const std::string& name)
{
    for (const Command* c : commands)
        if (name == c->name)
            return c->summary;
    return {};
}

// The one layout of every help text, wrapped to `width` columns (help.hpp): `fen960 --help` lists
// each command with its one line, as git and cargo do; `fen960 COMMAND --help` has its description,
// its usage, its options with their help text beside them, and its footer (the examples last). A
// paragraph of a description or footer is one line of its text.
class Formatter : public CLI::Formatter {
public:
    explicit Formatter(std::size_t width) : width_(width) { column_width(width < 64 ? 20 : 26); }

    std::string make_subcommand(const CLI::App* sub) const override
    {
        return wrap_entry(sub->get_display_name(true), summary_of(sub->get_name()), column_width_, width_);
    }
    std::string make_option(const CLI::Option* opt, bool is_positional) const override
    {
        return wrap_entry(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt),
                          column_width_, width_);
    }
    // The value beside the option's names: its choices or its name (N, FILE), "..." when it takes
    // several. A number's range, a needed or an excluded option is the help text's to say, so that
    // the names and their value stay short enough to keep the text beside them.
    std::string make_option_opts(const CLI::Option* opt) const override
    {
        std::string text = opt->get_option_text();
        if (text.empty() && opt->get_type_size() != 0) {
            text = opt->get_type_name();
            text = text.substr(0, text.find(':'));
            if (opt->get_expected_max() == CLI::detail::expected_max_vector_size)
                text += " ...";
        }
        return text.empty() ? text : " " + text;
    }
    // CLI11's layout, with groups of options without the blank line it leaves for the hidden options'
    // empty group.
    std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override
    {
        if (mode == CLI::AppFormatMode::Sub)
            return make_expanded(app);
        return make_description(app) + make_usage(app, std::move(name)) + make_positionals(app) +
               option_groups(app, mode) + make_subcommands(app, mode) + '\n' + make_footer(app);
    }
    std::string option_groups(const CLI::App* app, CLI::AppFormatMode mode) const
    {
        std::string out;
        for (const std::string& group : app->get_groups()) {
            std::vector<const CLI::Option*> const options = app->get_options([&](const CLI::Option* o) {
                return o->get_group() == group && o->nonpositional() &&
                       (mode != CLI::AppFormatMode::Sub || (app->get_help_ptr() != o && app->get_help_all_ptr() != o));
            });
            if (!group.empty() && !options.empty())
                out += (out.empty() ? "" : "\n") + make_group(group, false, options);
        }
        return out;
    }
    std::string make_description(const CLI::App* app) const override
    {
        return wrap_text(app->get_description(), width_);
    }
    std::string make_usage(const CLI::App* app, std::string name) const override
    {
        std::string usage = CLI::Formatter::make_usage(app, std::move(name));
        while (!usage.empty() && usage.back() == '\n')
            usage.pop_back();
        return wrap_line(usage, width_, 7);
    }
    std::string make_footer(const CLI::App* app) const override { return wrap_text(app->get_footer(), width_); }

private:
    std::size_t width_;
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
    cmd->set_version_flag("--version", "fen960 " FEN960_VERSION);
    cmd->callback([line, &run] {
        if (line->check)
            if (std::optional<std::string> const error = line->check())
                throw CLI::ValidationError(*error);
        run = line->run;
    });
}

std::string command_list()
{
    std::string list = "Commands:";
    for (const Command* c : commands)
        list += std::string(list.back() == ':' ? " " : ", ") + c->name;
    return list + ".\n";
}

const Command* find_command(std::string_view name)
{
    for (const Command* c : commands)
        if (name == c->name)
            return c;
    return nullptr;
}

// "fen960: unknown command 'conver'; did you mean 'convert'?" and the commands; status 2.
int unknown_command(std::string_view prefix, std::string_view word)
{
    std::vector<std::string_view> names;
    for (const Command* c : commands)
        names.emplace_back(c->name);
    std::string message = std::string(prefix) + ": unknown command '" + std::string(word) + "'";
    if (std::string_view const near = nearest_name(word, names); !near.empty())
        message += "; did you mean '" + std::string(near) + "'?";
    message += "\n" + command_list();
    std::fputs(message.c_str(), stderr);
    return exit_usage;
}

// What a bare `fen960` says, on standard error: status 2.
int short_usage()
{
    std::string const text = "Usage: fen960 COMMAND [OPTIONS] [ARGUMENTS]\n" + command_list() +
                             "Run 'fen960 --help' for what each command does, 'fen960 help COMMAND' (or 'fen960 "
                             "COMMAND --help') for one command's options and examples.\n";
    std::fputs(wrap_text(text, help_width()).c_str(), stderr);
    return exit_usage;
}

// `fen960 help [COMMAND]`: the help of the program or of the command, on standard output.
int help_command(const CLI::App& app, int argc, char** argv)
{
    if (argc > 3) {
        std::fputs("fen960 help: one command at most\n", stderr);
        return exit_usage;
    }
    if (argc == 3 && !find_command(argv[2]))
        return unknown_command("fen960 help", argv[2]);
    std::string const text = argc == 3 ? app.get_subcommand(argv[2])->help("fen960") : app.help();
    std::fputs(text.c_str(), stdout);
    return std::fflush(stdout) == 0 ? exit_ok : exit_io;
}

// A usage error as `fen960 COMMAND: MESSAGE`, then where the help is; status 2. An option given more
// than once that takes one value says so.
int usage_error(const CLI::App& app, const CLI::ParseError& e, const char* first)
{
    const CLI::App* sub = app.get_subcommands().empty() ? nullptr : app.get_subcommands().front();
    if (!sub && find_command(first))
        sub = app.get_subcommand(first);
    std::string message = e.what();
    // CLI11's sentences ("The following argument was not expected", "--jobs: Value 999 not in range")
    // in lower case, as ours are.
    std::size_t const colon = message.find(": "); // after an option's or argument's name, a word
    std::size_t const named = colon != std::string::npos && message.find(' ') > colon ? colon : std::string::npos;
    std::size_t const first_letter = named == std::string::npos ? 0 : named + 2;
    if (message.size() > first_letter + 1 && std::isupper(static_cast<unsigned char>(message[first_letter])) &&
        std::islower(static_cast<unsigned char>(message[first_letter + 1])))
        message[first_letter] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[first_letter])));
    // CLI11's words for an option's missing value ("--to: 1 required ENUM missing"): plain ones.
    if (named != std::string::npos && message.find(" required ", named) != std::string::npos &&
        message.ends_with(" missing")) {
        const CLI::Option* o = sub ? sub->get_option_no_throw(message.substr(0, named)) : nullptr;
        std::string const values = o && !o->get_option_text().empty() ? " (" + o->get_option_text() + ")" : "";
        message = message.substr(0, named) + ": its value is missing" + values;
    }
    if (sub && dynamic_cast<const CLI::ArgumentMismatch*>(&e))
        for (const CLI::Option* o : sub->get_options())
            if (o->get_items_expected_max() == 1 && o->count() > 1)
                message = o->get_name() + ": given " + std::to_string(o->count()) + " times; give it once";
    std::string const name = sub ? "fen960 " + sub->get_name() : std::string("fen960");
    std::string const text = name + ": " + message + "\nRun '" + name + " --help' for its options and examples.\n";
    std::fputs(text.c_str(), stderr);
    return exit_usage;
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
    app.formatter(std::make_shared<Formatter>(help_width()));
    app.set_version_flag("--version", "fen960 " FEN960_VERSION);
    app.require_subcommand(1);
    app.footer("Exit status: 0 all records handled, 1 some records invalid, 2 usage error, 3 input/output error.\n"
               "Run 'fen960 COMMAND --help' or 'fen960 help COMMAND' for a command's options and examples.");
    std::function<int()> run;
    for (const Command* command : commands)
        add_command(app, *command, run);
    if (argc < 2)
        return short_usage();
    std::string_view const first = argv[1];
    if (first == "help")
        return help_command(app, argc, argv);
    if (!first.starts_with('-') && !find_command(first))
        return unknown_command("fen960", first);
    if (first.starts_with('-') && first != "-h" && first != "--help" && first != "--version") {
        std::fputs(("fen960: unknown option '" + std::string(first) + "' (a command comes first)\n" + command_list())
                       .c_str(),
                   stderr);
        return exit_usage;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e) == 0 ? exit_ok : exit_io;
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e) == 0 ? exit_ok : exit_io;
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e) == 0 ? exit_ok : exit_io;
    } catch (const CLI::ParseError& e) {
        return usage_error(app, e, argv[1]);
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
