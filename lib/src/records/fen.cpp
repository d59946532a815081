// Reading and writing records: the grammar gives the fields as text; here they get their chess meaning
// (which rook a castling letter names; whether it is a right is castling.cpp's judgement) and are
// written back in a dialect. Field order follows the PGN standard, section 16.1.
#include "fen960/fen.hpp"
#include "fen960/names.hpp"

#include <cassert>
#include <cstring>

#include "fen960/epd.hpp"
#include "records/epd_reading.hpp"
#include "fen/syntax.hpp"
#include "records/fen_text.hpp"
#include "core/legal_en_passant.hpp"

namespace fen960 {

const char* name(Dialect d)
{
    return name_of(dialect_names, d);
}

const char* name(EnPassantMode m)
{
    return name_of(en_passant_names, m);
}

namespace {

std::uint32_t column_of(std::string_view text, std::string_view field)
{
    return static_cast<std::uint32_t>(field.data() - text.data()) + 1;
}

std::string quoted(char c)
{
    return std::string{'\'', c, '\''};
}

// The outermost own rook on the back rank on the h-side (`h_side`) or a-side of the king.
std::optional<Square> outermost_rook(const Board& board, Color c, Square king, bool h_side)
{
    Bitboard rooks = board.pieces(c, Role::rook) & rank_mask(Rank::back(c));
    Bitboard side = rooks & side_of(king, h_side);
    if (!side)
        return std::nullopt;
    return h_side ? msb(side) : lsb(side);
}

// 2. Castling: which rook each letter names. K/Q name the outermost rook on that side of the king
// (standard FEN: the rook on h/a); a file letter names the square on that file of the back rank.
// A letter that finds no rook names the standard square, so that checks can say what is missing.
// Inlined into read_record, which is inlined into both parse_fen.
[[gnu::always_inline]] inline Expected<void> read_castling(std::string_view text, std::string_view field,
                                                           InputDialect from, FenRecord& record)
{
    if (field == "-")
        return {};
    if (field.size() > FenRecord::max_castling_letters)
        return Diagnostic{1, column_of(text, field),
                          "castling field has " + std::to_string(field.size()) + " letters (at most 4 make sense)"};
    const Board& board = record.setup.board;
    for (std::size_t i = 0; i < field.size(); ++i) {
        char const letter = field[i];
        auto const column = static_cast<std::uint16_t>(column_of(text, field) + i);
        Color const color = color_of_castling_letter(letter);
        Rank const back = Rank::back(color);
        char const lower = static_cast<char>(letter | 0x20);
        bool const is_kq = lower == 'k' || lower == 'q';
        if (is_kq && from == InputDialect::shredder)
            return Diagnostic{1, column,
                              "castling letter " + quoted(letter) +
                                  " is not Shredder-FEN (write the castling rook's file, e.g. 'HAha')"};
        if (!is_kq && from == InputDialect::fen)
            return Diagnostic{1, column,
                              "castling letter " + quoted(letter) +
                                  " is not standard FEN (standard FEN writes only KQkq; read it as --from xfen "
                                  "or shredder)"};
        Square rook(File(lower == 'k' ? 7 : 0), back);
        if (!is_kq) {
            auto const file = File::from_letter(letter);
            assert(file && "the grammar reads a castling letter as K, Q or a file letter, in either case");
            rook = Square(*file, back);
        } else if (from != InputDialect::fen) {
            if (auto king = castling_king(board, color))
                if (auto r = outermost_rook(board, color, *king, lower == 'k'))
                    rook = *r;
        }
        record.tokens[record.token_count++] = CastlingToken{letter, rook, column};
        record.setup.castling_rooks |= bit(rook);
    }
    return {};
}

// The column of a fullmove number field that ends at `end` (the rest's start or the record's end).
std::uint32_t fullmove_column(std::string_view text, std::size_t end)
{
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r'))
        --end;
    while (end > 0 && text[end - 1] == '0')
        --end;
    return static_cast<std::uint32_t>(end) + 1;
}

// Inlined into both parse_fen, so that the one without operations has no test for them left but
// whether the record has a rest.
[[gnu::always_inline]] inline Expected<void> read_record(std::string_view text, InputDialect from, FenRecord& record,
                                                         std::vector<EpdOperation>* operations)
{
    if (text.size() > max_record_length)
        return Diagnostic{1, static_cast<std::uint32_t>(max_record_length) + 1,
                          "record longer than " + std::to_string(max_record_length) + " bytes"};
    fen_syntax::Fields fields;
    fen_syntax::Error error;
    if (!fen_syntax::parse(text, fields, error))
        return Diagnostic{1, static_cast<std::uint32_t>(error.offset) + 1, std::move(error.message)};

    // Every member of the record is set here (the castling tokens up to token_count), without a
    // fresh FenRecord or Setup: that would clear all sixteen token slots and the board for every record.
    Setup& setup = record.setup;
    record.token_count = 0;
    record.has_clocks = fields.has_clocks;
    record.castling_column = column_of(text, fields.castling);
    record.en_passant_column = column_of(text, fields.en_passant);
    // 1. Piece placement: the grammar gives the squares of each colour and each role.
    record.board_offset = static_cast<std::uint32_t>(fields.placement_text.data() - text.data());
    record.board_length = static_cast<std::uint32_t>(fields.placement_text.size());
    setup.board.assign(fields.colors, fields.roles);
    // 2. Side to move.
    setup.turn = fields.side == 'w' ? Color::white : Color::black;
    // 5, 6. Clocks. A fullmove number 0 (xboard sends `0 0`) is read as 1, as python-chess and
    // shakmaty read it, with a warning.
    setup.halfmove_clock = fields.halfmove;
    setup.fullmove_number = fields.fullmove;
    record.fullmove_zero_column = 0;
    record.clocks_from_operations = false;
    record.rest_offset = static_cast<std::uint32_t>(text.size());
    record.rest_length = 0;
    if (fields.fullmove == 0) [[unlikely]] {
        setup.fullmove_number = 1;
        record.fullmove_zero_column =
            fullmove_column(text, fields.rest.empty() ? text.size() : static_cast<std::size_t>(fields.rest.data() - text.data()));
    }
    // 4. En-passant square.
    setup.ep_square.reset();
    if (fields.en_passant != "-") {
        auto const file = File::from_letter(fields.en_passant[0]);
        assert(file && "the grammar reads an en-passant square as a file letter and a rank digit");
        setup.ep_square = Square(*file, Rank(fields.en_passant[1] - '1'));
    }
    // The operations (EPD): their clocks, when the record has no clock fields.
    if (!fields.rest.empty()) {
        // White space alone before the carriage returns that end the record is no operation (read
        // back, it is trailing space). The grammar leaves those carriage returns out of the rest.
        std::string_view rest = fields.rest;
        if (rest.find_first_not_of(" \t") == std::string_view::npos) [[unlikely]]
            rest = rest.substr(0, 0); // only white space was left before them: no operations
        record.rest_offset = static_cast<std::uint32_t>(rest.data() - text.data());
        record.rest_length = static_cast<std::uint32_t>(rest.size());
    }
    if (!fields.rest.empty() || operations)
        if (auto read = detail::read_operations(text, record, operations); !read)
            return read;
    // 3. Castling rights, last: the letters read the board.
    setup.castling_rooks = 0;
    return read_castling(text, fields.castling, from, record);
}

} // namespace

Expected<FenRecord> parse_fen(std::string_view text, InputDialect from)
{
    FenRecord record;
    if (auto read = parse_fen(text, from, record); !read)
        return std::move(read.error());
    return record;
}

Expected<void> parse_fen(std::string_view text, InputDialect from, FenRecord& record)
{
    return read_record(text, from, record, nullptr);
}

Expected<void> parse_fen(std::string_view text, InputDialect from, FenRecord& record,
                         std::vector<EpdOperation>& operations)
{
    operations.clear();
    return read_record(text, from, record, &operations);
}

void reading_warnings(const FenRecord& record, std::vector<Diagnostic>& warnings)
{
    if (record.fullmove_zero_column)
        warnings.push_back(Diagnostic{1, record.fullmove_zero_column, "fullmove number 0 read as 1"});
}

LineKind detail::line_kind_scan(std::string_view line)
{
    for (std::size_t i = 0; i < line.size(); ++i) {
        char const c = line[i];
        if (c == ' ' || c == '\t' || (c == '\r' && line.find_first_not_of('\r', i) == std::string_view::npos))
            continue;
        return c == '#' ? LineKind::comment : LineKind::record;
    }
    return LineKind::blank;
}

char* detail::write_large_number(std::uint32_t n, char* p)
{
    *p++ = ' ';
    char digits[10];
    std::size_t k = 0;
    do {
        digits[k++] = static_cast<char>('0' + n % 10);
        n /= 10;
    } while (n);
    while (k)
        *p++ = digits[--k];
    return p;
}

void detail::board_letters(const Board& board, char* letters, char empty)
{
    std::memset(letters, empty, 64);
    for (Color const c : both_colors)
        for (int r = 0; r < 6; ++r) {
            char const letter = Piece{c, static_cast<Role>(r)}.letter();
            for (Bitboard b = board.pieces(c, static_cast<Role>(r)); b; b &= b - 1)
                letters[lsb(b).index()] = letter;
        }
}

namespace {

// The placement field at `p`, which needs room for 80 bytes (a rank writes eight whatever its
// length); returns the end (at most 71 bytes on).
char* write_board(const Board& board, char* p)
{
    char letters[64];
    detail::board_letters(board, letters);
    Bitboard const occupied = board.occupied();
    for (int rank = 7; rank >= 0; --rank) {
        p += detail::write_rank(letters + 8 * rank, static_cast<unsigned>(occupied >> (8 * rank)), p);
        *p++ = '/';
    }
    return p - 1;
}

} // namespace

void emit_board(const Board& board, std::string& out)
{
    char buffer[80];
    out.append(buffer, static_cast<std::size_t>(write_board(board, buffer) - buffer));
}

Expected<void> detail::write_castling(const Board& board, Bitboard rights, Dialect dialect, char*& p)
{
    if (!rights) {
        *p++ = '-';
        return {};
    }
    char* const start = p;
    for (Color const color : both_colors) {
        Rank const back = Rank::back(color);
        Bitboard const claims = rights & rank_mask(back);
        if (!claims)
            continue;
        auto const king = board.king(color);
        // X-FEN writes K/Q for the outermost own rook on each side of the king.
        Bitboard outermost = 0;
        if (dialect == Dialect::xfen && king)
            for (bool const h_side : {false, true})
                if (auto const rook = outermost_rook(board, color, *king, h_side))
                    outermost |= bit(*rook);
        // White first, then black; the h-side rook first.
        for (Bitboard b = claims; b;) {
            Square const rook = msb(b);
            b &= ~bit(rook);
            bool const h_side = !king || rook.file() > king->file();
            char letter = rook.file().letter();
            if (dialect == Dialect::fen) {
                if (!king || !is_standard_castling(*king, rook))
                    return Diagnostic{1, 0,
                                      "castling right of the rook on " + rook.name() +
                                          " cannot be written in standard FEN (it needs " +
                                          standard_castling_squares(color, std::nullopt) + ")"};
                letter = h_side ? 'k' : 'q';
            } else if (contains(outermost, rook)) {
                letter = h_side ? 'k' : 'q';
            }
            *p++ = color == Color::white ? static_cast<char>(letter - 'a' + 'A') : letter;
        }
    }
    if (p == start) // no rights, or claims off the back ranks, which cannot come from a record
        *p++ = '-';
    return {};
}

Expected<void> emit_castling(const Setup& setup, Dialect dialect, std::string& out)
{
    char field[16];
    char* end = field;
    if (auto written = detail::write_castling(setup.board, setup.castling_rooks, dialect, end); !written)
        return written;
    out.append(field, static_cast<std::size_t>(end - field));
    return {};
}

std::optional<Square> effective_en_passant(const Setup& setup, EnPassantMode mode)
{
    if (!setup.ep_square || mode == EnPassantMode::keep)
        return setup.ep_square;
    Bitboard const capturers = mode == EnPassantMode::pseudo ? detail::en_passant_capturers(setup)
                                                             : detail::legal_en_passant_capturers(setup);
    if (!capturers)
        return std::nullopt;
    return setup.ep_square;
}

char* detail::write_en_passant(const Setup& setup, EnPassantMode mode, char* p)
{
    if (auto ep = effective_en_passant(setup, mode)) {
        *p++ = ep->file().letter();
        *p++ = ep->rank().digit();
    } else {
        *p++ = '-';
    }
    return p;
}

void emit_en_passant(const Setup& setup, EnPassantMode mode, std::string& out)
{
    char field[2];
    out.append(field, static_cast<std::size_t>(detail::write_en_passant(setup, mode, field) - field));
}

Expected<void> append_fen(const Setup& setup, const EmitOptions& options, std::string& out)
{
    return append_fen(setup, options, out, {});
}

Expected<void> append_fen(const Setup& setup, const EmitOptions& options, std::string& out,
                          std::string_view board_text)
{
    // One buffer for the whole record: the board (at most 71 bytes, but write_board wants 80), " w ",
    // castling (at most 16), " ", en passant (2), and two clocks of at most ten digits with spaces.
    constexpr std::size_t board_max = 71;
    char record[80 + 3 + 16 + 1 + 2 + 2 * 11];
    char* p = record;
    if (!board_text.empty() && board_text.size() <= board_max) {
        std::memcpy(p, board_text.data(), board_text.size());
        p += board_text.size();
    } else {
        p = write_board(setup.board, p);
    }
    *p++ = ' ';
    *p++ = setup.turn == Color::white ? 'w' : 'b';
    *p++ = ' ';
    if (auto written = detail::write_castling(setup.board, setup.castling_rooks, options.dialect, p); !written)
        return written;
    *p++ = ' ';
    p = detail::write_en_passant(setup, options.en_passant.value_or(default_en_passant(options.dialect)), p);
    if (options.clocks) {
        p = detail::write_number(setup.halfmove_clock, p);
        p = detail::write_number(setup.fullmove_number, p);
    }
    out.append(record, static_cast<std::size_t>(p - record));
    return {};
}

Expected<std::string> emit_fen(const Setup& setup, const EmitOptions& options)
{
    std::string out;
    if (auto written = append_fen(setup, options, out); !written)
        return std::move(written.error());
    return out;
}

} // namespace fen960
