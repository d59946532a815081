// What the book index of `convert --unique --stats` costs by itself, for bench/books.sh: the records
// of FILE (one per line) are read and judged as convert reads them, block by block as convert's driver
// hands them on (2,048 lines), and only what --unique adds is timed: the keys (book_key) and their adds
// to a BookIndex, with the table slots asked for a few records ahead as convert asks for them. Best of
// RUNS runs (default 5), in seconds; then how long the system takes to hand out as much new memory
// as the index holds at the end (its pages first touched, as the index's tables touch theirs), which
// any index of that size pays whatever its layout:
//   book_index FILE [RUNS]
//   keys 0.0123 s, index 0.0456 s, 1000000 records, 997705 distinct positions
//   memory 75.3 MB, first touch 0.0200 s
// Against plain convert's time on the same records, it tells what part of convert's time --unique
// cannot do without on this machine.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/book.hpp"
#include "fen960/convert.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double>(to - from).count();
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: book_index FILE [RUNS]\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "book_index: cannot read %s\n", argv[1]);
        return 2;
    }
    std::stringstream text;
    text << in.rdbuf();
    std::string const all = text.str();
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < all.size();) {
        std::size_t const end = std::min(all.find('\n', at), all.size());
        lines.emplace_back(all.data() + at, end - at);
        at = end + 1;
    }
    int const runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;

    constexpr std::size_t block = 2048; // lines, as convert's driver hands them on
    constexpr std::size_t ahead = 12;   // as convert's in-order step asks for the slots
    fen960::ConvertOptions const options;
    double best_keys = 1e9;
    double best_index = 1e9;
    std::uint64_t positions = 0;
    std::uint64_t records = 0;
    std::size_t memory = 0;
    for (int run = 0; run < runs; ++run) {
        fen960::BookIndex index;
        std::vector<fen960::Setup> setups;
        std::vector<fen960::BookKey> keys;
        fen960::FenRecord record;
        std::vector<fen960::Diagnostic> warnings;
        double keys_time = 0;
        double index_time = 0;
        std::uint64_t line = 0;
        for (std::size_t first = 0; first < lines.size(); first += block) {
            setups.clear();
            for (std::size_t i = first; i < std::min(first + block, lines.size()); ++i) {
                warnings.clear();
                if (fen960::judge_record(lines[i], options, record, warnings, nullptr))
                    setups.push_back(record.setup);
            }
            auto const start = Clock::now();
            keys.clear();
            for (const fen960::Setup& setup : setups)
                keys.push_back(fen960::book_key(setup));
            auto const keyed = Clock::now();
            for (std::size_t k = 0; k < ahead && k < keys.size(); ++k)
                index.prefetch(keys[k].hash);
            for (std::size_t k = 0; k < keys.size(); ++k) {
                if (k + ahead < keys.size())
                    index.prefetch(keys[k + ahead].hash);
                index.add(keys[k], fen960::BookPlace{0, ++line});
            }
            auto const added = Clock::now();
            keys_time += seconds(start, keyed);
            index_time += seconds(keyed, added);
        }
        best_keys = std::min(best_keys, keys_time);
        best_index = std::min(best_index, index_time);
        positions = index.counts().positions;
        records = index.counts().records;
        memory = index.memory();
    }
    double best_touch = 1e9;
    for (int run = 0; run < runs; ++run) {
        auto const start = Clock::now();
        auto* const bytes = static_cast<volatile char*>(fen960::detail::book_zeroed(memory));
        for (std::size_t at = 0; at < memory; at += 4096)
            bytes[at] = 1;
        best_touch = std::min(best_touch, seconds(start, Clock::now()));
        fen960::detail::book_free(const_cast<char*>(bytes), memory);
    }
    std::printf("keys %.4f s, index %.4f s, %llu records, %llu distinct positions\n", best_keys, best_index,
                static_cast<unsigned long long>(records), static_cast<unsigned long long>(positions));
    std::printf("memory %.1f MB, first touch %.4f s\n", static_cast<double>(memory) / 1e6, best_touch);
    return 0;
}
