// The importer's parts that its writers share (pgn.cpp's game loop, pgn_writers.hpp): the helpers, the
// line sink, the importer's buffers and one game being imported. Included by pgn.cpp only, so its
// unnamed namespace holds each once, as when they were written in pgn.cpp itself.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/pgn.hpp"
#include "fen960/position.hpp"
#include "moves/pgn_fen.hpp"
#include "moves/san_resolve.hpp"
#include "pgn/fast_paths.hpp"
#include "pgn/syntax.hpp"
#include "pgn/vocabulary.hpp"
#include "san/syntax.hpp"

namespace fen960 {

namespace {


// A tag value without its escapes (the vocabulary's unescaping, into `scratch` when it has one).
std::string_view unescape(std::string_view raw, std::string& scratch)
{
    return unescape_pgn_tag_value(raw, scratch);
}

// 1-based line and byte column of an offset in a game's text.
Diagnostic locate(std::string_view game, std::size_t offset, std::string message)
{
    offset = std::min(offset, game.size());
    std::uint32_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (game[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    return Diagnostic{line, static_cast<std::uint32_t>(offset - line_start) + 1, std::move(message)};
}

// Two texts alike byte for byte (string_view's == was a call out of line, and one more inside it).
inline bool same_text(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size()) == 0;
}

std::size_t offset_in(std::string_view game, std::string_view part)
{
    return static_cast<std::size_t>(part.data() - game.data());
}

// Text without the white space at its end.
std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// Positions are handed on in blocks of about this size, so that a long game is never held whole.
constexpr std::size_t drain_size = std::size_t{1} << 16;

// Lines written straight into the bytes of a string: room for many is made at once (a string cannot
// grow without writing its new bytes) and cut back to what was written by finish(), which the
// destructor calls too. Between finish() and the next room() the string may be written as usual.
class LineSink {
public:
    explicit LineSink(std::string& out) : out_(out) {}
    ~LineSink() { finish(); }
    LineSink(const LineSink&) = delete;
    LineSink& operator=(const LineSink&) = delete;

    // Room for `n` bytes after what was written (a pointer into the string, also for none: at least
    // one byte is always left); commit() says how far they were used.
    char* room(std::size_t n)
    {
        if (static_cast<std::size_t>(limit_ - cursor_) <= n) [[unlikely]]
            grow(n);
        return cursor_;
    }
    void commit(char* end) { cursor_ = end; }
    // What the string holds once a commit() has followed a room().
    std::size_t committed() const { return static_cast<std::size_t>(cursor_ - out_.data()); }

    std::string& finish()
    {
        if (cursor_) {
            out_.resize(committed());
            cursor_ = limit_ = nullptr;
        }
        return out_;
    }

    std::size_t size() const { return cursor_ ? committed() : out_.size(); }

private:
    // The string grows by `block` bytes (or n + 1), which resize clears: under 2 KiB, so that glibc's
    // memset clears them with vector stores (from 2 KiB it turns to `rep stosb`, which callgrind counts
    // a byte at a time: 4,000 bytes cost +75 instructions a ply under --positions), and not much under
    // (1,024 bytes: +3 a ply, twice the growths).
    [[gnu::noinline]] void grow(std::size_t n)
    {
        std::size_t const end = size();
        out_.resize(end + std::max(n + 1, block));
        cursor_ = out_.data() + end;
        limit_ = out_.data() + out_.size();
    }

    static constexpr std::size_t block = 2000;
    std::string& out_;
    char* cursor_ = nullptr; // where the next line goes once grown; null while the string is as written
    char* limit_ = nullptr;
};


// The tags that decide how a game is read: the first of each.
struct KeyTags {
    const pgn_syntax::Tag* variant = nullptr;
    const pgn_syntax::Tag* setup = nullptr;
    const pgn_syntax::Tag* fen = nullptr;
    const pgn_syntax::Tag* result = nullptr;
};

// One line of play: the main line, or a variation being read. `before` is the position before the
// line's last move, where a variation that follows it branches off.
struct Line {
    Position before;
    Position current;
    std::uint32_t ply;
    bool has_move;
    detail::KingSafety safety = detail::king_safety(current); // of `current`: its checks and pins
};

using Drain = PgnImporter::Drain;

// What a FEN tag's value gives (read_fen_tag in pgn.cpp): the start, or why there is none, and the
// warnings on the way, each at an offset from the value's first byte. It depends on the value's text,
// the Variant tag's word (chess960 or not) and the importer's options alone, so that a game whose FEN
// tag an earlier game had takes it from the importer's StartCache.
struct StartReading {
    struct Note {
        std::size_t offset = 0; // from the value's first byte
        std::string message;
    };
    std::optional<Position> start; // none: refused, `error` says why
    bool chess960 = false;         // after the FEN: one that only Chess960 can castle from is Chess960
    bool restored = false;         // GameResult::start_restored
    std::vector<Note> warnings;
    Note error;
    // The start as this importer's writer writes it, kept from the first game with the tag: the
    // rewrite's FEN tag value (append_fen), or the start's line under --positions and --exits with the
    // positions' writer as it was after it (what it keeps for the next line). Empty until written.
    std::array<char, detail::FenWriter::max_line> text{};
    std::uint8_t text_size = 0;
    std::optional<detail::FenWriter> writer;

    std::string_view written() const { return std::string_view(text.data(), text_size); }
    void keep_written(std::string_view t)
    {
        static_assert(std::tuple_size_v<decltype(text)> <= 255);
        if (t.size() > text.size())
            return; // (never: a FEN is far shorter) written again each time
        std::copy(t.begin(), t.end(), text.begin());
        text_size = static_cast<std::uint8_t>(t.size());
    }
};

// The readings of recent FEN tags by their value as written and the Variant tag's word: real Chess960
// files repeat the same 960 starts. Open addressing over at most max_entries readings, in blocks; a
// new one past that starts afresh. A reading is made in its place (open), then kept when it gave a
// start (keep) or dropped (drop).
class StartCache {
public:
    static std::uint64_t hash(std::string_view value, bool chess960)
    {
        return std::hash<std::string_view>{}(value) ^ (chess960 ? 0x9E3779B97F4A7C15ull : 0);
    }

    // The reading of `value` under `chess960` (its hash `h`), or none.
    StartReading* find(std::uint64_t h, std::string_view value, bool chess960)
    {
        if (slots_.empty())
            return nullptr;
        for (std::size_t i = h & slot_mask;; i = (i + 1) & slot_mask) {
            std::uint64_t const slot = slots_[i];
            if (!slot)
                return nullptr;
            if ((slot >> 32) == (h >> 32)) {
                Entry& e = entry((slot & 0xffffffffu) - 1);
                if (e.chess960 == chess960 && same_text(std::string_view(values_).substr(e.value_at, e.value_size), value))
                    return &e.reading;
            }
        }
    }

    // A new reading to make, in its place.
    StartReading& open()
    {
        if (size_ == max_entries) {
            size_ = 0;
            values_.clear();
            std::fill(slots_.begin(), slots_.end(), 0);
        }
        if (size_ == blocks_.size() * block_size)
            blocks_.push_back(std::make_unique<Entry[]>(block_size));
        StartReading& reading = entry(size_++).reading;
        if (size_ <= used_)
            reading = StartReading{}; // one dropped, or kept before the cache started afresh
        else
            used_ = size_;
        return reading;
    }

    // The reading just opened, kept for `value` under `chess960` (its hash `h`).
    void keep(std::uint64_t h, std::string_view value, bool chess960)
    {
        if (slots_.empty())
            slots_.assign(slot_mask + 1, 0);
        Entry& e = entry(size_ - 1);
        e.value_at = values_.size();
        e.value_size = value.size();
        e.chess960 = chess960;
        values_.append(value);
        std::size_t i = h & slot_mask;
        while (slots_[i])
            i = (i + 1) & slot_mask;
        slots_[i] = (h >> 32 << 32) | size_;
    }

    // The reading just opened, not kept.
    void drop() { --size_; }

private:
    static constexpr std::size_t max_entries = 2048;
    static constexpr std::size_t slot_mask = 2 * max_entries - 1; // half the slots stay empty at most
    static constexpr std::size_t block_size = 64;

    struct Entry {
        std::size_t value_at = 0; // the value in values_
        std::size_t value_size = 0;
        bool chess960 = false;
        StartReading reading;
    };
    Entry& entry(std::size_t i) { return blocks_[i / block_size][i % block_size]; }

    // Blocks of entries, allocated as they fill: a reading stays where it is while others are added.
    std::vector<std::unique_ptr<Entry[]>> blocks_;
    std::size_t size_ = 0;
    std::size_t used_ = 0; // entries that have held a reading (the others are as made)
    std::string values_; // the values of the readings kept, one after another
    std::vector<std::uint64_t> slots_; // the hash's high half and the entry's index + 1; 0 for none
};

// What the Variant tags lately read name (classify_variant), by their values as written: a file spells
// its variant one way, or a few.
class VariantKinds {
public:
    std::optional<VariantKind> classify(std::string_view value, std::string& scratch)
    {
        for (const Seen& s : seen_)
            if (s.size && same_text(std::string_view(s.text.data(), s.size), value))
                return s.kind;
        std::optional<VariantKind> const kind = classify_variant(unescape(value, scratch));
        if (kind && !value.empty() && value.size() <= Seen::room) {
            Seen& s = seen_[next_];
            std::copy(value.begin(), value.end(), s.text.begin());
            s.size = static_cast<std::uint8_t>(value.size());
            s.kind = *kind;
            next_ = (next_ + 1) % seen_.size();
        }
        return kind;
    }

private:
    struct Seen {
        static constexpr std::size_t room = 32;
        std::array<char, room> text{};
        std::uint8_t size = 0; // 0: none
        VariantKind kind = VariantKind::standard;
    };
    std::array<Seen, 4> seen_{};
    std::size_t next_ = 0; // the one a new value takes
};

// The importer's options and the buffers it keeps from game to game.
struct Importer {
    PgnOptions options;
    EmitOptions emit;
    detail::FenWriter positions; // the positions of --positions

    std::vector<pgn_syntax::Tag> tags;
    std::vector<pgn_syntax::Token> tokens;
    std::string scratch;
    std::string variant_scratch; // the Variant tag's value while the other tags are written
    std::string fen_text;        // the rewrite's FEN tag value, written anew
    StartCache starts;
    VariantKinds variants;

    std::vector<Line> lines;

    // What the move grammar and the quick reading make of a move token: its fields without the glyphs'
    // view (their place in the token instead), whether it is spelt as SAN spells them
    // (detail::spelt_as_san), what the quick reading needs of them (detail::quick_spec), whether it is
    // a token quick_move_run reads (is_quick_move_token).
    struct MoveReading {
        std::uint64_t key = 0; // a cached token's bytes, the rest masked off; 0 for an empty slot
        std::uint8_t length = 0;
        std::uint8_t glyph_offset = 0;
        std::uint8_t glyph_length = 0;
        bool spelt_as_san = false;
        bool quick_token = false;
        san_syntax::Written written;
        detail::QuickSpec spec;

        std::string_view glyphs(char const* token) const { return std::string_view(token + glyph_offset, glyph_length); }
        san_syntax::Fields fields(char const* token) const
        {
            san_syntax::Fields f;
            static_cast<san_syntax::Written&>(f) = written;
            f.glyphs = glyphs(token);
            return f;
        }
    };

    // The same few thousand tokens (`Nf3`, `O-O`, `exd5`) make up most of any file, and their reading
    // does not depend on the position: recent ones are kept, direct-mapped by the token's bytes (tokens
    // of up to eight bytes; a longer one is read each time into long_move). 16,384 of them take 640 KiB
    // (2,000 games, 2,809 tokens: 8,192 read 10,276 times, 16,384 4,763 times). A reading a new token
    // takes the place of waits in a smaller table (each of its entries behind eight of the cache's), from
    // which it comes back in one swap: two frequent tokens of one place took it from each other, read
    // again each time (4,763 readings -> 2,844).
    static constexpr unsigned move_cache_bits = 14;
    static constexpr unsigned move_victim_bits = 11;
    std::vector<MoveReading> move_cache = std::vector<MoveReading>(std::size_t{1} << move_cache_bits);
    std::vector<MoveReading> move_victims = std::vector<MoveReading>(std::size_t{1} << move_victim_bits);
    MoveReading long_move;
    // The masks of a word's lowest 0 to 8 bytes (a table: a shift by a variable count takes several
    // instructions on x86-64 without BMI2).
    static constexpr std::array<std::uint64_t, 9> low_bytes = [] {
        std::array<std::uint64_t, 9> m{};
        for (std::size_t n = 1; n <= 8; ++n)
            m[n] = ~std::uint64_t{0} >> (8 * (8 - n));
        return m;
    }();
    static MoveReading& slot_in(std::vector<MoveReading>& cache, std::uint64_t key)
    {
        return cache[(key * 0x9E3779B97F4A7C15ull) >> (64 - move_cache_bits)];
    }
    MoveReading& victim_of(std::uint64_t key)
    {
        return move_victims[(key * 0x9E3779B97F4A7C15ull) >> (64 - move_victim_bits)];
    }

    // The reading of a move token (`limit` is the end of the text it stands in), or nullptr with
    // `error` when it is no move.
    // Always inlined, as the writers' per-ply hooks are: a writer's HandOver twin is a second caller,
    // which made GCC call it out of line (+4 % instructions a ply under --positions).
    [[gnu::always_inline]] const MoveReading* read_move(std::string_view token, char const* limit,
                                                        san_syntax::Error& error)
    {
        if (token.size() > 8)
            return fill(long_move, 0, token, error) ? &long_move : nullptr;
        std::uint64_t key = 0;
        if constexpr (std::endian::native == std::endian::little) {
            // One load of eight bytes when the text goes on that far, the bytes after the token masked off.
            if (!token.empty() && limit - token.data() >= 8) {
                std::memcpy(&key, token.data(), 8);
                key &= low_bytes[token.size()];
            } else {
                std::memcpy(&key, token.data(), token.size());
            }
        } else {
            std::memcpy(&key, token.data(), token.size());
        }
        MoveReading& slot = slot_in(move_cache, key);
        if (slot.key == key && slot.length == token.size())
            return &slot;
        return refill(slot, key, token, error) ? &slot : nullptr;
    }

    // A token of up to eight bytes that is not in its cache slot: taken back from the victims (the
    // slot's reading going there in its place), or read (the slot's reading going there).
    [[gnu::noinline]] bool refill(MoveReading& slot, std::uint64_t key, std::string_view token,
                                  san_syntax::Error& error)
    {
        MoveReading& victim = victim_of(key);
        if (victim.key == key && victim.length == token.size()) {
            std::swap(slot, victim);
            return true;
        }
        MoveReading const evicted = slot;
        if (!fill(slot, key, token, error))
            return false;
        victim = evicted;
        return true;
    }

    // The next move token of a run of white space, numbers and a move, where its reading is cached and
    // quick_move_run would read it: the white space and numbers as quick_gap_end reads them, then the
    // token's end found in one word (its first byte below '!', a blank or a newline), its bytes looked
    // up in the cache, which says whether they are a quick token. Nothing read (nullptr) otherwise.
    // The same bytes as quick_move_run reads (tests/test_pgn.cpp's exact_reading_agrees).
    [[gnu::always_inline]] const MoveReading* cached_move_run(char const*& first, char const* last, char const*& move)
    {
        if constexpr (std::endian::native != std::endian::little)
            return nullptr;
        char const* const start = pgn_grammar::detail::quick_gap_end(first, last);
        if (!start)
            return nullptr;
        std::uint64_t word = 0;
        std::memcpy(&word, start, 8); // quick_gap_end leaves more than 24 bytes
        // The bytes below '!': a borrow reaches only bytes after the first of them.
        std::uint64_t const below = (word - 0x2121212121212121ull) & ~word & 0x8080808080808080ull;
        if (!below)
            return nullptr;
        auto const length = static_cast<std::size_t>(std::countr_zero(below) / 8);
        if (!pgn_grammar::detail::quick_token_end(start[length]))
            return nullptr;
        std::uint64_t const key = word & low_bytes[length];
        MoveReading const& slot = slot_in(move_cache, key);
        if (slot.key != key || slot.length != length || !slot.quick_token)
            return nullptr;
        move = start;
        first = start + length;
        return &slot;
    }

    // Reads a token into an entry.
    static bool fill(MoveReading& entry, std::uint64_t key, std::string_view token, san_syntax::Error& error)
    {
        san_syntax::Fields fields;
        if (!san_syntax::parse(token, fields, error))
            return false;
        entry = MoveReading{key,
                            static_cast<std::uint8_t>(token.size()),
                            static_cast<std::uint8_t>(fields.glyphs.data() - token.data()),
                            static_cast<std::uint8_t>(fields.glyphs.size()),
                            detail::spelt_as_san(token, fields),
                            pgn_grammar::detail::is_quick_move_token(token),
                            fields,
                            detail::quick_spec(fields)};
        return true;
    }

    explicit Importer(PgnOptions o)
        : options(o),
          emit{o.dialect, o.en_passant.value_or(default_en_passant(o.dialect)), true},
          positions(emit)
    {
    }

    GameResult import(std::string_view game, std::string& out, const Drain& drain);

    void write_tags(const KeyTags& key, bool chess960, std::string_view fen, std::string_view game, std::string& out);
};

// One game being imported, in its steps: the tags to the start position (read_start), then the
// movetext to plies (read_movetext), which a writer turns into the output (the positions, the game
// rewritten, or the game copied as it was). A failure anywhere is kept in `result` (fail()).
struct Game {
    Importer& importer;
    std::string_view game;
    std::string& out;
    std::size_t const out_start = out.size();
    // The positions of --positions and the rewritten movetext go out through lines_out (room, then a
    // commit of what was used): many small pieces, none of them a string append of its own.
    LineSink lines_out{out};
    GameResult result;

    // From the tags.
    KeyTags key;
    std::size_t movetext_offset = 0;
    bool chess960 = false;
    std::optional<Position> start;
    StartReading* start_reading = nullptr; // the FEN tag's, kept in importer.starts (none under exact_reading)
    Rules rules = Rules::standard;
    std::size_t fen_at = 0; // where diagnostics about the start position point

    // The movetext.
    bool has_result = false; // the main line's last token is a result
    const Importer::MoveReading* reading = nullptr; // of the move token being played
    san_syntax::Error san_error;

    Game(Importer& owner, std::string_view text, std::string& output) : importer(owner), game(text), out(output) {}

    // Records the failure; false, for `return fail(...)`.
    bool fail(std::uint32_t ply, std::size_t offset, std::string message)
    {
        result.outcome = GameOutcome::failed;
        result.ply = ply;
        result.error = locate(game, offset, std::move(message));
        lines_out.finish();
        if (!importer.options.positions)
            out.resize(out_start);
        return false;
    }

    // The termination marker of a game whose movetext has no result, after `separator`: the Result
    // tag's, else `*`, so that every reader finds where the game ends.
    void append_result_marker(std::string_view separator, std::string& text) const
    {
        std::string_view const r = key.result ? unescape(key.result->value, importer.scratch) : "*";
        text.append(separator).append(pgn_vocabulary::is_standard_result(r) ? r : "*");
    }

    bool read_start();
    bool find_start();
    StartReading* read_new_start(std::uint64_t hash);
    void add_warnings(const StartReading& tag_reading);
    // The steps after the start, with one writer: its start (the tags, or the first position), the
    // movetext (4.), its end (5.).
    template <typename Writer>
    void write(Writer& writer)
    {
        if (writer.start() && read_movetext(writer))
            writer.finish();
    }
    // The movetext loop a function of its own with each ply's work inside it, whatever else the unit
    // holds: GCC's own choice moves with the code around it (restore_start tipped it into a call a
    // ply, 2 % of a ply's instructions). It starts a cache line, as FenWriter::write does, so that
    // its loops fall alike in every build.
    template <typename Writer>
    [[gnu::noinline, gnu::aligned(64)]] bool read_movetext(Writer& writer);
    template <typename Writer>
    bool read_token(const pgn_syntax::Token& token, Writer& writer);
    template <typename Writer>
    [[gnu::noinline]] bool play_listed(Line& line, std::string_view token, std::size_t at, std::uint32_t ply,
                                       std::optional<Move>& played, Writer& writer);
    template <typename Writer>
    [[gnu::always_inline]] inline bool play_move(Line& line, std::string_view token, const Importer::MoveReading* read,
                                                 std::size_t at, bool main_line, Writer& writer);
};

} // namespace

} // namespace fen960
