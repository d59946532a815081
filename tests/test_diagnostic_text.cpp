// A diagnostic as text (fen960/diagnostic_text.hpp), which the command and the Python module both
// print: the expected texts are written out by hand from the format the README documents
// (`NAME:LINE:COL: message`, the record, a caret under the column).
#define BOOST_TEST_MODULE diagnostic_text
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "fen960/diagnostic_text.hpp"

using namespace fen960;

BOOST_AUTO_TEST_CASE(error_and_warning_lines)
{
    std::string out;
    format_diagnostic(Origin{"games.fen", 12}, Diagnostic{1, 5, "bad rank"}, "8/8/9/8 w\r\n", Severity::error, out);
    BOOST_TEST(out == "games.fen:12:5: bad rank\n8/8/9/8 w\n    ^\n");
    out.clear();
    format_diagnostic(Origin{"argument", 1}, Diagnostic{1, 1, "repaired"}, "x", Severity::warning, out);
    BOOST_TEST(out == "argument:1:1: warning: repaired\nx\n^\n");
}

BOOST_AUTO_TEST_CASE(caret_counts_characters_and_keeps_tabs)
{
    // 'a', a tab, 'ß' (two bytes, one column), a space, then the 'x' at byte column 6.
    std::string out;
    format_diagnostic(Origin{"-", 3}, Diagnostic{1, 6, "here"}, "a\t\xC3\x9F x", Severity::error, out);
    BOOST_TEST(out == "-:3:6: here\na\t\xC3\x9F x\n \t  ^\n");
    // A control character is shown as '?', in its place.
    out.clear();
    format_diagnostic(Origin{"-", 1}, Diagnostic{1, 3, "nul"}, std::string("a\x01" "b", 3), Severity::error, out);
    BOOST_TEST(out == "-:1:3: nul\na?b\n  ^\n");
}

BOOST_AUTO_TEST_CASE(long_record_shows_a_window_around_the_column)
{
    std::string record(200, 'a');
    record[100] = 'X'; // column 101: the window starts 60 bytes before it and is 120 bytes wide
    std::string out;
    format_diagnostic(Origin{"f", 2}, Diagnostic{1, 101, "m"}, record, Severity::error, out);
    std::string const window = record.substr(40, 120);
    BOOST_TEST(out == "f:2:101: m\n..." + window + "...\n" + std::string(3 + 60, ' ') + "^\n");
}

BOOST_AUTO_TEST_CASE(failed_record_messages_and_carets)
{
    std::vector<Diagnostic> const errors{{1, 1, "one"}, {1, 3, "two"}};
    std::string messages = "error: ";
    std::string text;
    format_errors(Origin{"a", 7}, "abc", errors, "invalid position: ", messages, text);
    BOOST_TEST(messages == "error: invalid position: one; two");
    BOOST_TEST(text == "a:7:1: invalid position: one\nabc\n^\na:7:3: invalid position: two\nabc\n  ^\n");
    messages.clear();
    text.clear();
    format_errors(Origin{"a", 7}, "abc", {errors[1]}, "", messages, text);
    BOOST_TEST(messages == "two");
    BOOST_TEST(text == "a:7:3: two\nabc\n  ^\n");
}

BOOST_AUTO_TEST_CASE(too_long_points_past_the_limit)
{
    Diagnostic const d = too_long_diagnostic(65535);
    BOOST_TEST(d.column == 65536u);
    BOOST_TEST(d.message == "record longer than 65535 bytes; not read further");
}

BOOST_AUTO_TEST_CASE(line_of_a_game)
{
    // The game starts at byte column 3 of its first line: two blanks stand for the bytes before it.
    GameText game;
    game.text = "[Event \"x\"]\n\n1. e4 zz *";
    game.column = 3;
    BOOST_TEST(line_of(game, Diagnostic{1, 2, ""}) == "  [Event \"x\"]");
    BOOST_TEST(line_of(game, Diagnostic{2, 1, ""}) == "");
    BOOST_TEST(line_of(game, Diagnostic{3, 7, ""}) == "1. e4 zz *");
    BOOST_TEST(line_of(game, Diagnostic{4, 1, ""}) == "");
}
