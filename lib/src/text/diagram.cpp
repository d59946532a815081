// Diagrams: the board drawn as terminal text and as SVG, with the castling rooks, the en-passant square
// and the squares of every problem marked. Both renderers share the square layout, the marks and the
// text lines below the board, so the two outputs say the same things.
#include "fen960/diagram.hpp"

#include <array>
#include <cstdio>
#include <optional>
#include <string_view>
#include <utility>

namespace fen960 {

namespace {

// 1. What is drawn on a square, and where.

enum class Mark : std::uint8_t { none, castling, en_passant, problem };

// A square carries one mark; a problem outranks the others (a bad castling right is a problem).
Mark mark_of(const Diagram& d, Square s)
{
    if (contains(d.problem_squares, s))
        return Mark::problem;
    if (contains(d.setup.castling_rooks, s))
        return Mark::castling;
    if (d.setup.ep_square == s)
        return Mark::en_passant;
    return Mark::none;
}

// The square shown at display row `row` (0 = top) and column `col` (0 = left).
Square square_at(int row, int col, bool flip)
{
    return flip ? Square(File(7 - col), Rank(row)) : Square(File(col), Rank(7 - row));
}

bool is_dark(Square s) { return (s.file().index() + s.rank().index()) % 2 == 0; }

std::string squares_text(Bitboard b)
{
    std::string out;
    for (int i = 0; i < 64; ++i)
        if (contains(b, Square(i))) {
            if (!out.empty())
                out.push_back(' ');
            out += Square(i).name();
        }
    return out.empty() ? "none" : out;
}

// The status lines below the board, as label and value.
std::vector<std::pair<std::string, std::string>> status_lines(const Diagram& d)
{
    // Squares in index order: white's castling rooks first, then black's, each from the a-file.
    return {
        {"to move", name(d.setup.turn)},
        {"castling rooks", squares_text(d.setup.castling_rooks)},
        {"en passant", d.setup.ep_square ? d.setup.ep_square->name() : "none"},
        {"clocks", "halfmove " + std::to_string(d.setup.halfmove_clock) + ", move " +
                       std::to_string(d.setup.fullmove_number)},
    };
}

const char* rules_name(Rules r) { return r == Rules::chess960 ? "chess960" : "standard"; }

std::string verdict_line(const Diagram& d)
{
    return std::string(d.problems.empty() ? "valid" : "invalid") + " position (" + rules_name(d.rules) + " rules)" +
           (d.problems.empty() ? "" : ":");
}

// 2. Terminal text.

const char* glyph(Piece p)
{
    static constexpr std::array<const char*, 6> white{"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"};
    static constexpr std::array<const char*, 6> black{"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};
    return (p.color == Color::white ? white : black)[index(p.role)];
}

// 256-colour backgrounds: the board in two browns, the marks in blue, green and red; pieces in black,
// outline glyphs for white and solid ones for black, as printed diagrams do.
constexpr std::string_view ansi_reset = "\x1b[0m";
constexpr std::string_view ansi_piece = "\x1b[38;5;16m";
constexpr std::string_view ansi_bad = "\x1b[31m";
constexpr std::string_view ansi_good = "\x1b[32m";

std::string_view ansi_background(Mark m, bool dark)
{
    switch (m) {
    case Mark::castling: return "\x1b[48;5;117m";
    case Mark::en_passant: return "\x1b[48;5;150m";
    case Mark::problem: return "\x1b[48;5;210m";
    case Mark::none: break;
    }
    return dark ? "\x1b[48;5;137m" : "\x1b[48;5;223m";
}

std::pair<char, char> brackets(Mark m)
{
    switch (m) {
    case Mark::castling: return {'[', ']'};
    case Mark::en_passant: return {'(', ')'};
    case Mark::problem: return {'!', '!'};
    case Mark::none: break;
    }
    return {' ', ' '};
}

std::string file_letters(bool flip)
{
    std::string out = "  ";
    for (int col = 0; col < 8; ++col) {
        out += ' ';
        out += square_at(0, col, flip).file().letter();
        out += col < 7 ? " " : "";
    }
    return out;
}

// 3. SVG.

constexpr int square_size = 45;
constexpr int margin = 24;
constexpr int board_size = 8 * square_size;
constexpr int width = board_size + 2 * margin;
constexpr int line_height = 18;
constexpr std::size_t wrap_at = 56; // characters of 13-unit sans-serif text across the picture

// The piece shapes, drawn on a 45 x 45 square: `body` filled in the piece's colour and outlined in
// black, `detail` stroked in the other colour (lines and dots that tell the shape apart).
struct Shape {
    std::string_view body;
    std::string_view detail;
};

constexpr std::array<Shape, 6> shapes{{
    // pawn: a head on a bell-shaped body on a plinth
    {R"(<path d="M15 37C15 30 18.5 26 20.5 23C18 22 17.5 20 19 19L26 19C27.5 20 27 22 24.5 23C26.5 26 30 30 30 37Z"/>)"
     R"(<rect x="12" y="36" width="21" height="4" rx="1.5"/><circle cx="22.5" cy="14" r="5.5"/>)",
     ""},
    // knight: a horse's head facing left
    {R"(<path d="M14 37L33 37C33 30 32 24 30 19C28.5 14 25 10.5 21 9.5L20 6.5L18 9.5L16.5 7.5L15.5 11)"
     R"(C13 13 10.5 17 9 21.5C8.5 23.5 9.5 25 11.5 25C13 24.5 14.5 23 16.5 22.5C18.5 22 20 21 21 19.5)"
     R"(C21.5 23 19 26.5 16 29.5C14.5 31.5 14 34 14 37Z"/><rect x="11" y="36" width="24" height="4" rx="1.5"/>)",
     R"(<circle cx="16.5" cy="14.5" r="1.3" stroke="none"/><path d="M24 13C27 17 28.5 24 28.5 33" fill="none"/>)"},
    // bishop: a mitre with a slit and a ball, on a collar and a plinth
    {R"(<rect x="11" y="36" width="23" height="4" rx="1.5"/><rect x="16" y="31" width="13" height="5" rx="1"/>)"
     R"(<path d="M17 31C13 26 14 19 22.5 11.5C31 19 32 26 28 31Z"/><circle cx="22.5" cy="9" r="2.8"/>)",
     R"(<path d="M25.5 17L20.5 24" fill="none"/>)"},
    // rook: a crenellated tower
    {R"(<rect x="10" y="36" width="25" height="4" rx="1"/><rect x="13" y="31" width="19" height="5"/>)"
     R"(<path d="M15 31L16 17L29 17L30 31Z"/>)"
     R"(<path d="M12 17L12 10L16 10L16 13L20 13L20 10L25 10L25 13L29 13L29 10L33 10L33 17Z"/>)",
     R"(<path d="M16 20L29 20" fill="none"/>)"},
    // queen: a five-pointed crown with balls on the points
    {R"(<rect x="10" y="36" width="25" height="4" rx="1.5"/>)"
     R"(<path d="M12 36L8.5 15L15 25L15.5 11.5L20 24L22.5 10L25 24L29.5 11.5L30 25L36.5 15L33 36Z"/>)"
     R"(<circle cx="8.5" cy="14" r="2.2"/><circle cx="15.5" cy="11" r="2.2"/><circle cx="22.5" cy="9" r="2.2"/>)"
     R"(<circle cx="29.5" cy="11" r="2.2"/><circle cx="36.5" cy="14" r="2.2"/>)",
     R"(<path d="M12.5 32L32.5 32" fill="none"/>)"},
    // king: two lobes under a cross
    {R"(<rect x="10" y="36" width="25" height="4" rx="1.5"/>)"
     R"(<path d="M21 5L24 5L24 8.5L27.5 8.5L27.5 11.5L24 11.5L24 17L21 17L21 11.5L17.5 11.5L17.5 8.5L21 8.5Z"/>)"
     R"(<path d="M12 36C9 30 7 24 11 20.5C15 17.5 19.5 20 22.5 24C25.5 20 30 17.5 34 20.5C38 24 36 30 33 36Z"/>)",
     R"(<path d="M13 32L32 32M22.5 24L22.5 32" fill="none"/>)"},
}};

std::string piece_id(Piece p)
{
    return {p.color == Color::white ? 'w' : 'b', Piece{Color::white, p.role}.letter()};
}

std::string num(double v)
{
    std::array<char, 32> buffer{};
    int const n = std::snprintf(buffer.data(), buffer.size(), "%g", v);
    return std::string(buffer.data(), static_cast<std::size_t>(n));
}

void append_escaped(std::string_view text, std::string& out)
{
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out.push_back(c);
        }
    }
}

// Greedy word wrap; a word longer than the width gets a line of its own.
std::vector<std::string> wrap(std::string_view text, std::size_t columns)
{
    std::vector<std::string> lines;
    std::string line;
    while (!text.empty()) {
        std::size_t const space = text.find(' ');
        std::string_view const word = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
        if (!line.empty() && line.size() + 1 + word.size() > columns) {
            lines.push_back(std::move(line));
            line.clear();
        }
        if (!line.empty())
            line.push_back(' ');
        line.append(word);
    }
    if (!line.empty())
        lines.push_back(std::move(line));
    return lines;
}

struct SvgColors {
    static constexpr std::string_view light = "#ecd9b9";
    static constexpr std::string_view dark = "#b0875f";
    static constexpr std::string_view castling = "#3b78d8";
    static constexpr std::string_view en_passant = "#2e9e4f";
    static constexpr std::string_view problem = "#d8322b";
};

void append_text(double x, double y, std::string_view text, std::string& out, std::string_view extra = {})
{
    out += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"";
    if (!extra.empty()) {
        out += ' ';
        out += extra;
    }
    out += '>';
    append_escaped(text, out);
    out += "</text>\n";
}

} // namespace

Bitboard problem_squares(const FenRecord& record, const Problem& problem)
{
    const Setup& setup = record.setup;
    const Board& board = setup.board;
    auto const single_king = [&board](Color c) -> Bitboard {
        auto const k = board.king(c);
        return k ? bit(*k) : 0;
    };
    switch (problem.kind) {
    case Problem::Kind::too_many_kings: {
        Bitboard out = 0;
        for (Color const c : both_colors) {
            Bitboard const kings = board.pieces(c, Role::king);
            if (popcount(kings) > 1)
                out |= kings;
        }
        return out;
    }
    case Problem::Kind::pawn_on_back_rank:
        return board.by_role(Role::pawn) & (rank_mask(Rank(0)) | rank_mask(Rank(7)));
    case Problem::Kind::opposite_check: return single_king(~setup.turn);
    case Problem::Kind::too_many_checkers:
    case Problem::Kind::impossible_check: return single_king(setup.turn);
    case Problem::Kind::too_many_rights:
    case Problem::Kind::duplicate_right:
    case Problem::Kind::rook_off_back_rank:
    case Problem::Kind::king_off_back_rank:
    case Problem::Kind::no_rook:
    case Problem::Kind::same_side:
    case Problem::Kind::not_standard: {
        // A castling problem points at its letter; the letter names the rook's square.
        Bitboard out = 0;
        for (const CastlingToken* t = record.begin_tokens(); t != record.end_tokens(); ++t)
            if (t->column == problem.column)
                out |= bit(t->rook);
        return out;
    }
    case Problem::Kind::ep_wrong_rank:
    case Problem::Kind::ep_no_pawn:
    case Problem::Kind::ep_occupied:
    case Problem::Kind::en_passant_check:
    case Problem::Kind::en_passant_clock: return setup.ep_square ? bit(*setup.ep_square) : 0;
    case Problem::Kind::no_king:
    case Problem::Kind::too_many_pawns:
    case Problem::Kind::too_many_pieces:
    case Problem::Kind::too_many_promoted: break; // counts: no square is more at fault than another
    }
    return 0;
}

Diagram make_diagram(const FenRecord& record, Rules rules)
{
    Diagram d;
    d.setup = record.setup;
    d.rules = rules;
    d.problems = find_problems(record, rules);
    for (const Problem& p : d.problems)
        d.problem_squares |= problem_squares(record, p);
    d.chess960_hint = rules == Rules::standard && !d.problems.empty() && castling_only_chess960(record);
    return d;
}

std::string render_text(const Diagram& d, const DiagramOptions& options)
{
    bool const color = options.color;
    std::string out = file_letters(options.flip) + "\n";
    for (int row = 0; row < 8; ++row) {
        char const digit = square_at(row, 0, options.flip).rank().digit();
        out += digit;
        out += ' ';
        for (int col = 0; col < 8; ++col) {
            Square const s = square_at(row, col, options.flip);
            Mark const m = mark_of(d, s);
            auto const [left, right] = brackets(m);
            auto const piece = d.setup.board.piece_at(s);
            if (color) {
                out += ansi_background(m, is_dark(s));
                out += ansi_piece;
            }
            out += left;
            // With colours the square shows through an empty cell; without, a dot stands for it.
            out += piece ? glyph(*piece) : (color && m == Mark::none ? " " : "\u00B7");
            out += right;
        }
        if (color)
            out += ansi_reset;
        out += ' ';
        out += digit;
        out += '\n';
    }
    out += file_letters(options.flip) + "\n\n";

    for (const auto& [label, value] : status_lines(d))
        out += label + ":" + std::string(16 - label.size(), ' ') + value + "\n";
    // The legend shows each mark as it appears on the board.
    out += "marks:";
    std::string const empty = color ? " " : "\u00B7";
    for (auto [m, meaning] : {std::pair{Mark::castling, "castling rook"}, std::pair{Mark::en_passant, "en-passant square"},
                              std::pair{Mark::problem, "problem square"}}) {
        auto const [left, right] = brackets(m);
        out += "  ";
        if (color) {
            out += ansi_background(m, false);
            out += ansi_piece;
        }
        out += left + empty + right;
        if (color)
            out += ansi_reset;
        out += ' ';
        out += meaning;
    }
    out += "\n\n";
    if (color)
        out += d.problems.empty() ? ansi_good : ansi_bad;
    out += verdict_line(d);
    if (color)
        out += ansi_reset;
    out += '\n';
    for (const Problem& p : d.problems)
        out += "  - " + p.message + "\n";
    if (d.chess960_hint)
        out += std::string("  (") + chess960_hint + ")\n";
    return out;
}

namespace {

// The text below the board: status, legend (its own row, `legend_row`), verdict, problems wrapped to
// the width.
std::vector<std::string> svg_caption(const Diagram& d, std::size_t& legend_row)
{
    std::vector<std::string> lines;
    std::string status;
    for (const auto& [label, value] : status_lines(d))
        status += (status.empty() ? "" : "; ") + label + ": " + value;
    for (std::string& l : wrap(status, wrap_at))
        lines.push_back(std::move(l));
    legend_row = lines.size();
    lines.emplace_back(); // the legend
    lines.push_back(verdict_line(d));
    for (const Problem& p : d.problems) {
        auto const wrapped = wrap(p.message, wrap_at - 2);
        for (std::size_t i = 0; i < wrapped.size(); ++i)
            lines.push_back((i == 0 ? "\u2022 " : "  ") + wrapped[i]);
    }
    return lines;
}

// One drawing of each piece, which the board's squares then use.
void append_piece_defs(std::string& out)
{
    for (Color const c : both_colors) {
        bool const white = c == Color::white;
        for (int r = 0; r < 6; ++r) {
            Piece const p{c, static_cast<Role>(r)};
            const Shape& shape = shapes[static_cast<std::size_t>(r)];
            out += "<g id=\"" + piece_id(p) + "\" fill=\"" + (white ? "#fff" : "#000") +
                   "\" stroke=\"#000\" stroke-width=\"1.5\" stroke-linejoin=\"round\">";
            out += shape.body;
            if (!shape.detail.empty()) {
                out += "<g stroke=\"";
                out += white ? "#000" : "#fff";
                out += "\" fill=\"";
                out += white ? "#000" : "#fff";
                out += "\">";
                out += shape.detail;
                out += "</g>";
            }
            out += "</g>\n";
        }
    }
}

int x_of(int col)
{
    return margin + col * square_size;
}

int y_of(int row)
{
    return margin + row * square_size;
}

// The squares, their marks and the pieces, each a group of its own.
void append_board(const Diagram& d, const DiagramOptions& options, std::string& out)
{
    out += "<g class=\"board\">\n";
    for (int row = 0; row < 8; ++row)
        for (int col = 0; col < 8; ++col) {
            Square const s = square_at(row, col, options.flip);
            bool const dark = is_dark(s);
            out += std::string("<rect class=\"square ") + (dark ? "dark" : "light") + "\" data-square=\"" + s.name() +
                   "\" x=\"" + num(x_of(col)) + "\" y=\"" + num(y_of(row)) + "\" width=\"" + num(square_size) +
                   "\" height=\"" + num(square_size) + "\" fill=\"";
            out += dark ? SvgColors::dark : SvgColors::light;
            out += "\"/>\n";
        }
    out += "</g>\n<g class=\"marks\">\n";
    for (int row = 0; row < 8; ++row)
        for (int col = 0; col < 8; ++col) {
            Square const s = square_at(row, col, options.flip);
            std::string const at = " data-square=\"" + s.name() + "\"";
            double const x = x_of(col);
            double const y = y_of(row);
            switch (mark_of(d, s)) {
            case Mark::castling:
                out += "<rect class=\"mark castling\"" + at + " x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
                       num(square_size) + "\" height=\"" + num(square_size) + "\" fill=\"" +
                       std::string(SvgColors::castling) + "\" fill-opacity=\"0.55\"/>\n";
                break;
            case Mark::en_passant:
                out += "<circle class=\"mark en-passant\"" + at + " cx=\"" + num(x + square_size / 2.0) +
                       "\" cy=\"" + num(y + square_size / 2.0) + "\" r=\"9\" fill=\"" +
                       std::string(SvgColors::en_passant) + "\" stroke=\"#fff\" stroke-width=\"2\"/>\n";
                break;
            case Mark::problem:
                out += "<rect class=\"mark problem\"" + at + " x=\"" + num(x + 2) + "\" y=\"" + num(y + 2) +
                       "\" width=\"" + num(square_size - 4) + "\" height=\"" + num(square_size - 4) + "\" fill=\"" +
                       std::string(SvgColors::problem) + "\" fill-opacity=\"0.45\" stroke=\"" +
                       std::string(SvgColors::problem) + "\" stroke-width=\"4\"/>\n";
                break;
            case Mark::none: break;
            }
        }
    out += "</g>\n<g class=\"pieces\">\n";
    for (int row = 0; row < 8; ++row)
        for (int col = 0; col < 8; ++col) {
            Square const s = square_at(row, col, options.flip);
            auto const piece = d.setup.board.piece_at(s);
            if (!piece)
                continue;
            out += std::string("<use class=\"piece ") + name(piece->color) + " " + name(piece->role) +
                   "\" data-square=\"" + s.name() + "\" xlink:href=\"#" + piece_id(*piece) + "\" x=\"" +
                   num(x_of(col)) + "\" y=\"" + num(y_of(row)) + "\"/>\n";
        }
    out += "</g>\n";
}

// The ranks and files beside the board and the side to move's disc.
void append_coordinates(const Diagram& d, const DiagramOptions& options, std::string& out)
{
    out += R"(<g class="coordinates" font-family="sans-serif" font-size="13" fill="#333" text-anchor="middle">)"
           "\n";
    for (int i = 0; i < 8; ++i) {
        append_text(margin / 2.0, y_of(i) + square_size / 2.0 + 4.5,
                    std::string(1, square_at(i, 0, options.flip).rank().digit()), out);
        append_text(x_of(i) + square_size / 2.0, margin + board_size + 17,
                    std::string(1, square_at(0, i, options.flip).file().letter()), out);
    }
    out += "</g>\n";
    // The side to move: a disc of its colour beside its own edge of the board.
    bool const mover_at_bottom = (d.setup.turn == Color::white) != options.flip;
    out += std::string("<circle class=\"turn ") + name(d.setup.turn) + "\" cx=\"" +
           num(margin + board_size + margin / 2.0) + "\" cy=\"" +
           num(mover_at_bottom ? margin + board_size - square_size / 2.0 : margin + square_size / 2.0) +
           "\" r=\"7\" fill=\"" + (d.setup.turn == Color::white ? "#fff" : "#000") + "\" stroke=\"#000\"/>\n";

}

// The caption's lines from `text_top` down; the legend's row shows the marks' swatches.
void append_caption(const Diagram& d, const std::vector<std::string>& lines, std::size_t legend_row, int text_top,
                    std::string& out)
{
    for (std::size_t i = 0; i < lines.size(); ++i) {
        double const y = text_top + static_cast<double>(i) * line_height + 13;
        if (i == legend_row) {
            // Swatches as on the board, then their meanings.
            struct Entry {
                std::string_view kind;
                std::string_view color;
                const char* meaning;
                int x;
            };
            for (const Entry& e : {Entry{"castling", SvgColors::castling, "castling rook", margin},
                                   Entry{"en-passant", SvgColors::en_passant, "en-passant square", margin + 118},
                                   Entry{"problem", SvgColors::problem, "problem square", margin + 260}}) {
                out += "<rect class=\"legend " + std::string(e.kind) + "\" x=\"" + num(e.x) + "\" y=\"" +
                       num(y - 11) + "\" width=\"12\" height=\"12\" fill=\"" + std::string(e.color) + "\"/>\n";
                append_text(e.x + 17, y, e.meaning, out);
            }
            continue;
        }
        bool const verdict = i == legend_row + 1;
        std::string extra;
        if (verdict)
            extra = std::string("class=\"verdict\" font-weight=\"bold\" fill=\"") +
                    (d.problems.empty() ? "#1d6b34" : std::string(SvgColors::problem)) + "\"";
        else if (i > legend_row)
            extra = "class=\"problem\"";
        append_text(margin, y, lines[i], out, extra);
    }
}

} // namespace

std::string render_svg(const Diagram& d, const DiagramOptions& options)
{
    std::size_t legend_row = 0;
    std::vector<std::string> const lines = svg_caption(d, legend_row);
    int const text_top = margin + board_size + margin;
    int const height = text_top + static_cast<int>(lines.size()) * line_height + 8;

    std::string out;
    out.reserve(16384);
    out += R"(<?xml version="1.0" encoding="UTF-8"?>)"
           "\n";
    out += R"(<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1")";
    out += " width=\"" + num(width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " +
           num(height) + "\">\n";
    std::string board_field;
    emit_board(d.setup.board, board_field);
    out += "<title>";
    append_escaped("chess diagram: " + board_field + ", " + name(d.setup.turn) + " to move", out);
    out += "</title>\n<defs>\n";
    append_piece_defs(out);
    out += "</defs>\n";
    out += "<rect class=\"background\" width=\"" + num(width) + "\" height=\"" + num(height) +
           "\" fill=\"#fff\"/>\n";
    append_board(d, options, out);
    append_coordinates(d, options, out);
    out += R"(<g class="text" font-family="sans-serif" font-size="13" fill="#000">)"
           "\n";
    append_caption(d, lines, legend_row, text_top, out);
    out += "</g>\n</svg>\n";
    return out;
}

} // namespace fen960
