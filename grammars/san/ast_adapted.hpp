#pragma once

#include <boost/fusion/include/adapt_struct.hpp>

#include "ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(fen960::san_ast::Square, file, rank)
BOOST_FUSION_ADAPT_STRUCT(fen960::san_ast::Target, piece, from_file, from_rank, capture, to, promotion)
BOOST_FUSION_ADAPT_STRUCT(fen960::san_ast::Head, form, target)
BOOST_FUSION_ADAPT_STRUCT(fen960::san_ast::Move, head, check, glyphs)
