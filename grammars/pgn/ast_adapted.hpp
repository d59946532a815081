#pragma once

#include <boost/fusion/include/adapt_struct.hpp>

#include "ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(fen960::pgn_ast::Tag, name, value)
BOOST_FUSION_ADAPT_STRUCT(fen960::pgn_ast::Token, kind, text)
