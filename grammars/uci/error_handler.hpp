// Keeps the first expectation that failed in a position line, and where; syntax.cpp words the
// message ("expected 'startpos' or 'fen', found 'x'").
#pragma once

#include "../common/first_failure.hpp"

namespace fen960::uci_grammar {

struct reporter_tag;
using Reporter = grammars::FirstFailure;
using error_handler = grammars::first_failure_handler<reporter_tag>;

} // namespace fen960::uci_grammar
