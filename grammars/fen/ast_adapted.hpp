#pragma once

#include <boost/fusion/include/adapt_struct.hpp>

#include "ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(fen960::fen_ast::Clocks, halfmove, fullmove)
BOOST_FUSION_ADAPT_STRUCT(fen960::fen_ast::Tail, side, castling, en_passant, clocks, rest)
BOOST_FUSION_ADAPT_STRUCT(fen960::fen_ast::Record, board, tail)
BOOST_FUSION_ADAPT_STRUCT(fen960::fen_ast::Operation, opcode, operands)
