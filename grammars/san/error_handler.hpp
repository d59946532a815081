// Keeps where an expectation inside a move token failed; syntax.cpp words the message, which names
// the whole token (a move is short, its text says more than a column).
#pragma once

#include "../common/first_failure.hpp"

namespace fen960::san_grammar {

struct reporter_tag;
using Reporter = grammars::FirstFailure;
using error_handler = grammars::first_failure_handler<reporter_tag>;

} // namespace fen960::san_grammar
