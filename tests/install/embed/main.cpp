// The library as a project that builds it from source sees it: a record judged and converted, and
// PGN games read by the library's game loop on two threads.
#include <fen960/fen.hpp>
#include <fen960/pgn_reader.hpp>
#include <fen960/validate.hpp>
#include <iostream>

int main()
{
    auto record = fen960::parse_fen("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
    if (!record)
        return 1;
    std::cout << *fen960::emit_fen(record->setup, {fen960::Dialect::xfen}) << '\n';
    std::cout << fen960::position_problems(*record, fen960::Rules::standard).size() << " problems\n";

    fen960::StringSource games("1. e4 *\n\n1. d4 d5 2. Kd3 *\n");
    fen960::PgnReaderOptions options;
    options.import.positions = true;
    options.jobs = 2;
    fen960::PgnReader reader({&games}, options);
    while (const fen960::ReadGame* g = reader.next())
        std::cout << "game " << g->number << ":\n" << g->output;
    std::cout << reader.summary().imported << " imported, " << reader.summary().failed.count << " failed\n";
}
