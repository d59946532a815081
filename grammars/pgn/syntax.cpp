#include "syntax.hpp"

#include "config.hpp"
#include "fast_paths.hpp"
#include "game.hpp"

namespace fen960::pgn_syntax {

namespace {

namespace x3 = boost::spirit::x3;
using pgn_grammar::Reporter;
using pgn_grammar::reporter_tag;

std::string_view view(pgn_ast::Range r)
{
    return std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
}

// The attributes are kept from game to game, so that a file of games allocates only at its start.
thread_local pgn_ast::Tags ast_tags;
thread_local pgn_ast::Movetext ast_tokens;

void fail(Reporter const& reporter, char const* stop, char const* begin, Error& error)
{
    error.offset = reporter.failed() ? reporter.offset() : static_cast<std::size_t>(stop - begin);
    error.message = reporter.failed() ? reporter.message() : "unreadable game";
}

} // namespace

bool parse_tags(std::string_view game, std::vector<Tag>& tags, std::size_t& movetext_offset, Error& error,
                Reading reading)
{
    char const* first = game.data();
    char const* const last = game.data() + game.size();
    tags.clear();
    if (reading == Reading::fast &&
        pgn_grammar::detail::plain_tag_section(first, last, [&tags](std::string_view name, std::string_view value) {
            tags.push_back(Tag{name, value});
        })) {
        movetext_offset = static_cast<std::size_t>(first - game.data());
        return true;
    }
    first = game.data();
    tags.clear();
    Reporter reporter(game.data());
    reporter.fast_paths = reading == Reading::fast;
    ast_tags.clear();
    bool const ok = x3::parse(first, last, x3::with<reporter_tag>(std::ref(reporter))[pgn_tag_section()], ast_tags);
    if (!ok || reporter.failed()) {
        fail(reporter, first, game.data(), error);
        return false;
    }
    movetext_offset = static_cast<std::size_t>(first - game.data());
    for (pgn_ast::Tag const& t : ast_tags)
        tags.push_back(Tag{view(t.name), view(t.value)});
    return true;
}

bool MovetextReader::next(std::vector<Token>& tokens)
{
    tokens.clear();
    char const* const last = game_.data() + game_.size();
    if (done_ || position_ == last) {
        done_ = true;
        return false;
    }
    Reporter reporter(game_.data());
    reporter.fast_paths = reading_ == Reading::fast;
    char const* first = position_;
    ast_tokens.clear();
    // X3 parses a variation (a list itself) straight into an empty token list, where the tokens of a
    // variation that then fails stay; into a list that holds something it parses apart and appends
    // only on success. After the movetext's start the list holds a placeholder, so that a failed
    // variation's tokens are never played whatever the part starts with (the first part of a
    // movetext that starts with one keeps them, as ever).
    bool const placeholder = position_ != start_;
    if (placeholder)
        ast_tokens.push_back(pgn_ast::Token{});
    bool const ok =
        x3::parse(first, last, x3::with<reporter_tag>(std::ref(reporter))[pgn_movetext_part()], ast_tokens);
    // Tokens read before an error are kept too: lib/ plays them up to it.
    pgn_ast::Movetext const& read = ast_tokens;
    for (auto t = read.begin() + (placeholder ? 1 : 0); t != read.end(); ++t)
        tokens.push_back(Token{static_cast<TokenKind>(t->kind), view(t->text)});
    if (ok && !reporter.failed()) {
        position_ = first;
        return true;
    }
    if (!reporter.failed()) {
        // Nothing more could be read here: the end of the movetext, or what stands in its way.
        first = position_;
        x3::parse(first, last, x3::with<reporter_tag>(std::ref(reporter))[pgn_movetext_end()]);
    }
    done_ = true;
    if (reporter.failed()) {
        failed_ = true;
        fail(reporter, first, game_.data(), error_);
    }
    return !tokens.empty();
}

} // namespace fen960::pgn_syntax
