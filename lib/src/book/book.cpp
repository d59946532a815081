// The mirror and the book index. The index is a table of boards (open addressing on the top bits of
// a hash of the board, linear probing), each board with the list of its variants (side to move, castling rights,
// en-passant squares) in the order they came, each variant with the clocks of its first record;
// further clocks of a variant go to a second table. A new board costs one probe of the table and one
// append (the board's entry holds its first variant); the lists stay short, as a board admits few
// variants.
#include "fen960/book.hpp"

#include <stdexcept>

#include "core/legal_en_passant.hpp"

namespace fen960 {

Setup mirrored(const Setup& setup)
{
    const Board& board = setup.board;
    std::array<Bitboard, 6> roles{};
    for (std::size_t r = 0; r < roles.size(); ++r)
        roles[r] = flip_vertical(board.by_role(static_cast<Role>(r)));
    Setup m = setup;
    m.board.assign({flip_vertical(board.by_color(Color::black)), flip_vertical(board.by_color(Color::white))}, roles);
    m.turn = ~setup.turn;
    m.castling_rooks = flip_vertical(setup.castling_rooks);
    if (setup.ep_square)
        m.ep_square = Square(setup.ep_square->index() ^ 56);
    return m;
}

namespace {

constexpr std::uint64_t rotate(std::uint64_t x, int n)
{
    return (x << n) | (x >> (64 - n));
}

// The four planes mixed into every bit of the hash (the table and the tag take its top bits): each
// plane multiplied by its odd constant, rotated apart, then MurmurHash3's 64-bit finaliser.
std::uint64_t board_hash(const std::array<std::uint64_t, 4>& b)
{
    std::uint64_t h = b[0] * 0x9E3779B97F4A7C15ull ^ rotate(b[1] * 0xC2B2AE3D27D4EB4Full, 21) ^
                      rotate(b[2] * 0x165667B19E3779F9ull, 42) ^ rotate(b[3] * 0xD6E8FEB86659FD93ull, 53);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

// The state's fields at each level of BookCounts.
constexpr std::uint32_t side_castling_bits = (1u << 17) - 1;
constexpr std::uint32_t legal_ep_bits = 0xfu << 17;
constexpr std::uint32_t positions_bits = side_castling_bits | legal_ep_bits;

constexpr std::uint64_t spilled = std::uint64_t{1} << 63;

constexpr std::uint64_t pack(BookPlace place)
{
    return std::uint64_t{place.input} << 40 | place.line;
}

constexpr BookPlace unpack(std::uint64_t packed)
{
    return BookPlace{static_cast<std::uint32_t>(packed >> 40), packed & ((std::uint64_t{1} << 40) - 1)};
}

constexpr int initial_bits = 12;
constexpr std::size_t initial_slots = std::size_t{1} << initial_bits;
// The slots' tag is the hash's top 32 bits, and a board's home slot is its top bits: at most 2^32
// slots, kept at most half full.
constexpr std::uint64_t max_boards = std::uint64_t{1} << 31;
constexpr std::uint64_t max_variants = (std::uint64_t{1} << 32) - 1; // their numbers + 1 are 32 bits
constexpr std::uint64_t further_variant = std::uint64_t{1} << 32; // extra_clocks_' numbers of variants_

} // namespace

BookKey book_key(const Setup& setup)
{
    BookKey key;
    const Board& board = setup.board;
    // The board as four planes of a 4-bit code a square: 0 empty, role + 1 for white, + 8 for black.
    key.board = {board.by_color(Color::black),
                 board.by_role(Role::pawn) | board.by_role(Role::bishop) | board.by_role(Role::queen),
                 board.by_role(Role::knight) | board.by_role(Role::bishop) | board.by_role(Role::king),
                 board.by_role(Role::rook) | board.by_role(Role::queen) | board.by_role(Role::king)};
    Bitboard const rooks = setup.castling_rooks;
    key.state = (setup.turn == Color::black ? 1u : 0u) | static_cast<std::uint32_t>(rooks & 0xff) << 1 |
                static_cast<std::uint32_t>(rooks >> 56) << 9;
    if (setup.ep_square) {
        auto const file = static_cast<std::uint32_t>(setup.ep_square->file().index()) + 1;
        if (detail::legal_en_passant_capturers(setup))
            key.state |= file << 17;
        key.state |= file << 21;
    }
    key.halfmove_clock = setup.halfmove_clock;
    key.fullmove_number = setup.fullmove_number;
    key.hash = board_hash(key.board);
    return key;
}

BookIndex::BookIndex() : slots_(initial_slots), mask_(initial_slots - 1), shift_(64 - initial_bits),
                         extra_clocks_(initial_slots), extra_mask_(initial_slots - 1)
{
}

// A board's first slot: the top bits of its hash, which the tag in the slot holds too, so that the
// table grows without reading the boards.
std::size_t BookIndex::home(std::uint64_t hash) const
{
    return static_cast<std::size_t>(hash >> shift_);
}

std::size_t BookIndex::memory() const
{
    return slots_.capacity() * sizeof(slots_[0]) + entries_.capacity() * sizeof(Entry) +
           variants_.capacity() * sizeof(Variant) + extra_clocks_.capacity() * sizeof(extra_clocks_[0]);
}

void BookIndex::grow_boards()
{
    detail::BookArray<std::uint64_t> slots(2 * slots_.size());
    std::size_t const mask = slots.size() - 1;
    int const shift = shift_ - 1;
    for (std::size_t at = 0; at < slots_.size(); ++at) {
        std::uint64_t const slot = slots_[at];
        if (!slot)
            continue;
        std::size_t i = static_cast<std::size_t>(slot >> shift);
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = slot;
    }
    slots_ = std::move(slots);
    mask_ = mask;
    shift_ = shift;
}

namespace {

std::uint64_t clocks_hash(std::uint64_t variant, std::uint64_t clocks)
{
    std::uint64_t const h = (variant * 0x9E3779B97F4A7C15ull) ^ (clocks * 0xC2B2AE3D27D4EB4Full);
    return h ^ (h >> 29);
}

} // namespace

// Whether the variant (numbered `variant` as extra_clocks_ has it) had these clocks before; adds them
// when not.
bool BookIndex::seen_clocks(Variant& v, std::uint64_t variant, std::uint64_t clocks)
{
    if ((v.clocks & ~spilled) == clocks)
        return true;
    bool const any_extra = v.clocks & spilled;
    v.clocks |= spilled;
    for (std::size_t i = clocks_hash(variant, clocks) & extra_mask_;; i = (i + 1) & extra_mask_) {
        std::array<std::uint64_t, 2>& entry = extra_clocks_[i];
        if (!entry[0]) {
            entry = {variant, clocks};
            if (2 * ++extra_count_ > extra_clocks_.size())
                grow_clocks();
            return false;
        }
        if (any_extra && entry[0] == variant && entry[1] == clocks)
            return true;
    }
}

void BookIndex::grow_clocks()
{
    detail::BookArray<std::array<std::uint64_t, 2>> table(2 * extra_clocks_.size());
    std::size_t const mask = table.size() - 1;
    for (std::size_t at = 0; at < extra_clocks_.size(); ++at) {
        const auto& entry = extra_clocks_[at];
        if (!entry[0])
            continue;
        std::size_t i = clocks_hash(entry[0], entry[1]) & mask;
        while (table[i][0])
            i = (i + 1) & mask;
        table[i] = entry;
    }
    extra_clocks_ = std::move(table);
    extra_mask_ = mask;
}

// A board not in the table yet, at the empty slot `i`, with its first variant: every level counts a
// new position.
void BookIndex::add_board(std::size_t i, const BookKey& key, std::uint64_t clocks, BookPlace place)
{
    if (entries_.size() >= max_boards)
        throw std::length_error("BookIndex: more than 2^31 boards");
    entries_.push_back(Entry{key.board, Variant{0, key.state, clocks, pack(place)}});
    slots_[i] = key.hash >> 32 << 32 | entries_.size();
    ++counts_.boards;
    ++counts_.board_side_castling;
    ++counts_.positions;
    ++counts_.without_clocks;
    ++counts_.with_clocks;
    if (2 * entries_.size() > slots_.size())
        grow_boards();
}

// A record of a board the table has (index + 1 `board`): its variants in the order they came, so
// that the first match at each level is the earliest record there.
std::optional<BookPlace> BookIndex::add_variant(std::uint32_t board, const BookKey& key, std::uint64_t clocks,
                                                BookPlace place)
{
    bool side_castling = false;
    std::optional<BookPlace> first;
    Variant* v = &entries_[board - 1].first;
    std::uint64_t number = board; // v's, as extra_clocks_ has it
    for (;;) {
        if (((v->state ^ key.state) & side_castling_bits) == 0) {
            side_castling = true;
            if (!first && ((v->state ^ key.state) & positions_bits) == 0)
                first = unpack(v->place);
            if (v->state == key.state) {
                // The same position with the en-passant square as written: only the clocks can be new.
                if (!seen_clocks(*v, number, clocks))
                    ++counts_.with_clocks;
                return first;
            }
        }
        if (!v->next)
            break;
        number = further_variant + v->next - 1;
        v = &variants_[v->next - 1];
    }
    counts_.board_side_castling += side_castling ? 0 : 1;
    counts_.positions += first ? 0 : 1;
    ++counts_.without_clocks;
    ++counts_.with_clocks;
    if (variants_.size() >= max_variants)
        throw std::length_error("BookIndex: more than 2^32 - 1 variants");
    // `v` is the board's last variant; the push may move variants_, so the link to the new one is set
    // after it, through v's number.
    bool const tail_is_entry = number == board;
    std::size_t const tail = tail_is_entry ? 0 : static_cast<std::size_t>(number - further_variant);
    variants_.push_back(Variant{0, key.state, clocks, pack(place)});
    (tail_is_entry ? entries_[board - 1].first : variants_[tail]).next = static_cast<std::uint32_t>(variants_.size());
    return first;
}

std::optional<BookPlace> BookIndex::add(const BookKey& key, BookPlace place)
{
    if (place.input >= (1u << 24) || place.line >= (std::uint64_t{1} << 40)) [[unlikely]]
        throw std::length_error("BookIndex: input or line number too large");
    ++counts_.records;
    std::uint64_t const clocks = std::uint64_t{key.halfmove_clock} << 32 | key.fullmove_number;
    std::uint64_t const tag = key.hash >> 32 << 32;
    for (std::size_t i = home(key.hash);; i = (i + 1) & mask_) {
        std::uint64_t const slot = slots_[i];
        if (!slot) {
            add_board(i, key, clocks, place);
            return std::nullopt;
        }
        if ((slot >> 32 << 32) == tag && entries_[(slot & 0xffffffff) - 1].board == key.board)
            return add_variant(static_cast<std::uint32_t>(slot), key, clocks, place);
    }
}

} // namespace fen960
