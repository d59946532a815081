#include <fen960/fen.hpp>
#include <fen960/validate.hpp>
#include <iostream>

int main()
{
    auto record = fen960::parse_fen("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
    if (!record) {
        std::cerr << record.error().column << ": " << record.error().message << '\n';
        return 1;
    }
    std::cout << *fen960::emit_fen(record->setup, {fen960::Dialect::xfen}) << '\n';
    for (const std::string& problem : fen960::position_problems(*record, fen960::Rules::standard))
        std::cout << problem << '\n';
}
