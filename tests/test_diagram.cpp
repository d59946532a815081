// Diagrams: the SVG is read back with a small XML reader (well-formedness, then the elements that carry
// the squares, pieces and marks), the terminal text is checked line by line, with and without colour.
#define BOOST_TEST_MODULE diagram
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagram.hpp"
#include "fen960/fen.hpp"
#include "fen960/validate.hpp"

using namespace fen960;

namespace {

// 1. A minimal XML reader: elements, attributes, text, the five predefined entities and character
// references, comments and the XML declaration. Anything else, or a tag that does not match, throws:
// what it accepts is well-formed XML (without DTDs, which an SVG here never has).

struct Element {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::vector<std::unique_ptr<Element>> children;
    std::string text; // the text directly inside, entities decoded

    std::string attribute(const std::string& key) const
    {
        auto const it = attributes.find(key);
        return it == attributes.end() ? std::string() : it->second;
    }
};

class XmlReader {
public:
    explicit XmlReader(std::string_view text) : text_(text) {}

    std::unique_ptr<Element> document()
    {
        if (text_.substr(0, 5) == "<?xml") {
            std::size_t const end = text_.find("?>");
            expect(end != std::string_view::npos, "unterminated declaration");
            pos_ = end + 2;
        }
        skip_misc();
        expect(peek() == '<', "no root element");
        auto root = element();
        skip_misc();
        expect(pos_ == text_.size(), "content after the root element");
        return root;
    }

private:
    void expect(bool ok, const std::string& what) const
    {
        if (!ok)
            throw std::runtime_error("xml: " + what + " at byte " + std::to_string(pos_));
    }
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    bool starts(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }
    static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
    static bool is_name_char(char c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == ':' || c == '.';
    }

    void skip_space()
    {
        while (is_space(peek()))
            ++pos_;
    }

    void skip_misc()
    {
        for (;;) {
            skip_space();
            if (!starts("<!--"))
                return;
            std::size_t const end = text_.find("-->", pos_);
            expect(end != std::string_view::npos, "unterminated comment");
            pos_ = end + 3;
        }
    }

    std::string name()
    {
        std::size_t const start = pos_;
        while (is_name_char(peek()))
            ++pos_;
        expect(pos_ > start, "name expected");
        expect(!(text_[start] >= '0' && text_[start] <= '9') && text_[start] != '-', "bad name start");
        return std::string(text_.substr(start, pos_ - start));
    }

    // Text up to `stop`, with references decoded; '<' and a bare '&' are errors.
    std::string characters(char stop)
    {
        std::string out;
        while (pos_ < text_.size() && peek() != stop) {
            char const c = text_[pos_];
            expect(c != '<', "'<' in text or attribute");
            if (c != '&') {
                out.push_back(c);
                ++pos_;
                continue;
            }
            std::size_t const end = text_.find(';', pos_);
            expect(end != std::string_view::npos, "unterminated reference");
            std::string_view const ref = text_.substr(pos_ + 1, end - pos_ - 1);
            static const std::map<std::string_view, char> named{
                {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
            if (auto const it = named.find(ref); it != named.end())
                out.push_back(it->second);
            else
                expect(ref.size() > 1 && ref[0] == '#', "unknown entity");
            pos_ = end + 1;
        }
        return out;
    }

    std::unique_ptr<Element> element()
    {
        expect(peek() == '<', "'<' expected");
        ++pos_;
        auto e = std::make_unique<Element>();
        e->name = name();
        for (;;) {
            bool const spaced = is_space(peek());
            skip_space();
            if (starts("/>")) {
                pos_ += 2;
                return e;
            }
            if (peek() == '>') {
                ++pos_;
                break;
            }
            expect(spaced, "space before an attribute");
            std::string key = name();
            skip_space();
            expect(peek() == '=', "'=' after an attribute name");
            ++pos_;
            skip_space();
            char const quote = peek();
            expect(quote == '"' || quote == '\'', "quoted attribute value");
            ++pos_;
            std::string value = characters(quote);
            expect(peek() == quote, "unterminated attribute value");
            ++pos_;
            expect(e->attributes.emplace(std::move(key), std::move(value)).second, "repeated attribute");
        }
        for (;;) {
            if (starts("</")) {
                pos_ += 2;
                expect(name() == e->name, "end tag does not match <" + e->name + ">");
                skip_space();
                expect(peek() == '>', "'>' expected");
                ++pos_;
                return e;
            }
            if (starts("<!--")) {
                skip_misc();
                continue;
            }
            if (peek() == '<') {
                e->children.push_back(element());
                continue;
            }
            expect(pos_ < text_.size(), "unterminated element <" + e->name + ">");
            e->text += characters('<');
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

// Every element below `root` (itself included) for which `match` holds.
template <typename Match>
void collect(const Element& root, const Match& match, std::vector<const Element*>& out)
{
    if (match(root))
        out.push_back(&root);
    for (const auto& child : root.children)
        collect(*child, match, out);
}

std::vector<const Element*> with_class(const Element& root, const std::string& prefix)
{
    std::vector<const Element*> out;
    collect(root, [&prefix](const Element& e) { return e.attribute("class").rfind(prefix, 0) == 0; }, out);
    return out;
}

std::vector<std::string> squares_of(const std::vector<const Element*>& elements)
{
    std::vector<std::string> out;
    for (const Element* e : elements)
        out.push_back(e->attribute("data-square"));
    std::sort(out.begin(), out.end());
    return out;
}

Diagram diagram_of(std::string_view text, Rules rules = Rules::standard)
{
    auto record = parse_fen(text);
    if (!record)
        throw std::runtime_error("test record does not parse: " + record.error().message);
    return make_diagram(*record, rules);
}

std::unique_ptr<Element> svg_of(std::string_view text, Rules rules = Rules::standard, bool flip = false)
{
    return XmlReader(render_svg(diagram_of(text, rules), {false, flip})).document();
}

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
        out.push_back(text.substr(start, nl - start));
    if (start < text.size())
        out.push_back(text.substr(start));
    return out;
}

bool contains_text(const std::string& haystack, std::string_view needle)
{
    return haystack.find(needle) != std::string::npos;
}

constexpr std::string_view start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view chess960_start = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1";
constexpr std::string_view after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

} // namespace

// The reader itself must reject what is not well-formed, or the checks below prove nothing.
BOOST_AUTO_TEST_CASE(xml_reader_rejects_malformed_documents)
{
    for (std::string_view bad : {"<a><b></a></b>", "<a>", "<a x=1/>", "<a x=\"1\" x=\"2\"/>", "<a>&nbsp;</a>",
                                 "<a>1 < 2</a>", "<a/><b/>", "<a x=\"1\"y=\"2\"/>", "<a>&amp</a>"})
        BOOST_CHECK_THROW(XmlReader(bad).document(), std::runtime_error);
    auto const doc = XmlReader("<?xml version=\"1.0\"?>\n<a k='v'><!-- c --><b/>x &lt; y</a>\n").document();
    BOOST_TEST(doc->name == "a");
    BOOST_TEST(doc->attribute("k") == "v");
    BOOST_TEST(doc->children.size() == 1u);
    BOOST_TEST(doc->text == "x < y");
}

BOOST_AUTO_TEST_CASE(svg_of_the_start_position)
{
    auto const svg = svg_of(start);
    BOOST_TEST(svg->name == "svg");
    BOOST_TEST(svg->attribute("xmlns") == "http://www.w3.org/2000/svg");
    BOOST_TEST(!svg->attribute("viewBox").empty());

    auto const squares = with_class(*svg, "square ");
    BOOST_TEST(squares.size() == 64u);
    BOOST_TEST(with_class(*svg, "square light").size() == 32u);
    BOOST_TEST(with_class(*svg, "square dark").size() == 32u);
    auto names = squares_of(squares);
    BOOST_TEST((std::adjacent_find(names.begin(), names.end()) == names.end())); // 64 different squares
    for (const Element* s : squares)
        BOOST_TEST(s->name == "rect");

    // One shape per piece, each a <use> of a shape defined in <defs> (vector paths, no text).
    auto const pieces = with_class(*svg, "piece ");
    BOOST_TEST(pieces.size() == 32u);
    std::vector<const Element*> defined;
    collect(*svg, [](const Element& e) { return e.name == "g" && !e.attribute("id").empty(); }, defined);
    BOOST_TEST(defined.size() == 12u);
    for (const Element* def : defined) {
        std::vector<const Element*> drawn;
        collect(*def, [](const Element& e) { return e.name == "path" || e.name == "rect" || e.name == "circle"; },
                drawn);
        BOOST_TEST(!drawn.empty());
        std::vector<const Element*> text;
        collect(*def, [](const Element& e) { return e.name == "text"; }, text);
        BOOST_TEST(text.empty());
    }
    for (const Element* p : pieces) {
        BOOST_TEST(p->name == "use");
        std::string const href = p->attribute("xlink:href");
        BOOST_REQUIRE(href.size() == 3u);
        BOOST_TEST(std::any_of(defined.begin(), defined.end(),
                               [&](const Element* d) { return d->attribute("id") == href.substr(1); }));
    }
    BOOST_TEST(with_class(*svg, "piece white pawn").size() == 8u);
    BOOST_TEST(with_class(*svg, "piece black pawn").size() == 8u);
    BOOST_TEST(squares_of(with_class(*svg, "piece white king")) == std::vector<std::string>{"e1"});
    BOOST_TEST(squares_of(with_class(*svg, "piece black queen")) == std::vector<std::string>{"d8"});

    // a1 is dark, at the bottom left; each piece stands on its square.
    std::map<std::string, const Element*> by_square;
    for (const Element* s : squares)
        by_square[s->attribute("data-square")] = s;
    BOOST_TEST(by_square.at("a1")->attribute("class") == "square dark");
    BOOST_TEST(by_square.at("h1")->attribute("class") == "square light");
    BOOST_TEST(std::stod(by_square.at("a1")->attribute("y")) > std::stod(by_square.at("a8")->attribute("y")));
    BOOST_TEST(std::stod(by_square.at("a1")->attribute("x")) < std::stod(by_square.at("h1")->attribute("x")));
    for (const Element* p : pieces) {
        const Element* under = by_square.at(p->attribute("data-square"));
        BOOST_TEST(p->attribute("x") == under->attribute("x"));
        BOOST_TEST(p->attribute("y") == under->attribute("y"));
    }

    // Coordinates: the eight files and ranks as text; the side to move; a valid verdict.
    std::vector<const Element*> texts;
    collect(*svg, [](const Element& e) { return e.name == "text"; }, texts);
    for (std::string label : {"a", "h", "1", "8"})
        BOOST_TEST(std::any_of(texts.begin(), texts.end(), [&](const Element* t) { return t->text == label; }));
    BOOST_TEST(with_class(*svg, "turn white").size() == 1u);
    auto const verdict = with_class(*svg, "verdict");
    BOOST_REQUIRE(verdict.size() == 1u);
    BOOST_TEST(verdict[0]->text == "valid position (standard rules)");
    BOOST_TEST(with_class(*svg, "mark problem").empty());
    BOOST_TEST(with_class(*svg, "mark en-passant").empty());
}

BOOST_AUTO_TEST_CASE(svg_marks_the_castling_rooks)
{
    // Shredder-FEN HAha names the same four rooks as KQkq.
    std::vector<std::string> const corners{"a1", "a8", "h1", "h8"};
    auto const svg = svg_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    auto const marks = with_class(*svg, "mark castling");
    BOOST_TEST(squares_of(marks) == corners);
    std::map<std::string, const Element*> by_square;
    for (const Element* s : with_class(*svg, "square "))
        by_square[s->attribute("data-square")] = s;
    for (const Element* m : marks) {
        BOOST_TEST(m->name == "rect");
        BOOST_TEST(m->attribute("x") == by_square.at(m->attribute("data-square"))->attribute("x"));
        BOOST_TEST(m->attribute("y") == by_square.at(m->attribute("data-square"))->attribute("y"));
    }
    // Only the rights the record gives: Ha is white's h-rook and black's a-rook.
    BOOST_TEST(squares_of(with_class(*svg_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ha - 0 1"),
                                     "mark castling")) == (std::vector<std::string>{"a8", "h1"}));
    BOOST_TEST(with_class(*svg_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"), "mark castling").empty());
    // Chess960 rights under Chess960 rules: marked as castling rooks, no problem.
    auto const c960 = svg_of(chess960_start, Rules::chess960);
    BOOST_TEST(squares_of(with_class(*c960, "mark castling")) == (std::vector<std::string>{"a1", "a8", "c1", "c8"}));
    BOOST_TEST(with_class(*c960, "mark problem").empty());
}

BOOST_AUTO_TEST_CASE(svg_marks_the_en_passant_square)
{
    auto const svg = svg_of(after_e4);
    auto const marks = with_class(*svg, "mark en-passant");
    BOOST_TEST(squares_of(marks) == std::vector<std::string>{"e3"});
    BOOST_TEST(marks[0]->name == "circle");
    BOOST_TEST(with_class(*svg, "turn black").size() == 1u);
    BOOST_TEST(with_class(*svg, "piece ").size() == 32u);
    BOOST_TEST(squares_of(with_class(*svg, "piece white pawn")) ==
               (std::vector<std::string>{"a2", "b2", "c2", "d2", "e4", "f2", "g2", "h2"}));
}

BOOST_AUTO_TEST_CASE(svg_marks_problem_squares_and_lists_the_reasons)
{
    // A Chess960 start judged by standard rules: its four rights are problems on the rooks' squares.
    auto record = parse_fen(chess960_start);
    BOOST_REQUIRE(record.has_value());
    auto const svg = svg_of(chess960_start, Rules::standard);
    BOOST_TEST(squares_of(with_class(*svg, "mark problem")) == (std::vector<std::string>{"a1", "a8", "c1", "c8"}));
    BOOST_TEST(with_class(*svg, "mark castling").empty());
    auto const verdict = with_class(*svg, "verdict");
    BOOST_REQUIRE(verdict.size() == 1u);
    BOOST_TEST(verdict[0]->text == "invalid position (standard rules):");
    // The reasons, wrapped into lines, say what validation says (quotes escaped and read back).
    std::string said;
    for (const Element* line : with_class(*svg, "problem"))
        said += line->text + " ";
    for (const std::string& reason : position_problems(*record, Rules::standard)) {
        std::string const first_words = reason.substr(0, reason.find(':') + 1);
        BOOST_TEST(contains_text(said, first_words), first_words);
    }
    BOOST_TEST(contains_text(said, "castling letter 'C'"));

    // The side not to move in check: its king; an impossible en-passant square: that square.
    auto const check = svg_of("4k3/8/8/8/8/8/8/4K2r b - - 0 1");
    BOOST_TEST(squares_of(with_class(*check, "mark problem")) == std::vector<std::string>{"e1"});
    auto const ep = svg_of("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    BOOST_TEST(squares_of(with_class(*ep, "mark problem")) == std::vector<std::string>{"e3"});
    BOOST_TEST(with_class(*ep, "mark en-passant").empty());
}

BOOST_AUTO_TEST_CASE(problem_squares_per_kind)
{
    auto const squares = [](std::string_view text, Rules rules) {
        auto record = parse_fen(text);
        BOOST_REQUIRE(record.has_value());
        return make_diagram(*record, rules).problem_squares;
    };
    Square const a1(0), e1(4), h1(7), e8(60), d8(59);
    // Pawns on the back ranks.
    BOOST_TEST(squares("3Pk3/8/8/8/8/8/8/P3K3 w - - 0 1", Rules::standard) == (bit(a1) | bit(d8)));
    // Two white kings: both; no black king: nothing to point at beyond the white ones.
    BOOST_TEST(squares("8/8/8/8/8/8/8/K3K3 w - - 0 1", Rules::chess960) == (bit(a1) | bit(e1)));
    // Three checkers: the king in check.
    BOOST_TEST(squares("4k3/2N5/8/1B6/8/8/4R3/K7 b - - 0 1", Rules::chess960) == bit(e8));
    // A right with no rook: the named square.
    BOOST_TEST(squares("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", Rules::standard) == bit(h1));
    // Material counts concern no square in particular.
    BOOST_TEST(squares("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Rules::standard) == 0u);
    BOOST_TEST(squares("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", Rules::chess960) == 0u);
}

BOOST_AUTO_TEST_CASE(svg_flipped_puts_black_at_the_bottom)
{
    auto const svg = svg_of(start, Rules::standard, true);
    std::map<std::string, const Element*> by_square;
    for (const Element* s : with_class(*svg, "square "))
        by_square[s->attribute("data-square")] = s;
    BOOST_TEST(std::stod(by_square.at("a8")->attribute("y")) > std::stod(by_square.at("a1")->attribute("y")));
    BOOST_TEST(std::stod(by_square.at("h8")->attribute("x")) < std::stod(by_square.at("a8")->attribute("x")));
    BOOST_TEST(with_class(*svg, "piece ").size() == 32u);
}

BOOST_AUTO_TEST_CASE(text_of_the_start_position)
{
    std::string const text = render_text(diagram_of(start), {false, false});
    auto const lines = lines_of(text);
    BOOST_REQUIRE(lines.size() >= 17u);
    BOOST_TEST(lines[0] == "   a  b  c  d  e  f  g  h");
    BOOST_TEST(lines[1] == "8 [\u265C] \u265E  \u265D  \u265B  \u265A  \u265D  \u265E [\u265C] 8");
    BOOST_TEST(lines[2] == "7  \u265F  \u265F  \u265F  \u265F  \u265F  \u265F  \u265F  \u265F  7");
    BOOST_TEST(lines[3] == "6  \u00B7  \u00B7  \u00B7  \u00B7  \u00B7  \u00B7  \u00B7  \u00B7  6");
    BOOST_TEST(lines[7] == "2  \u2659  \u2659  \u2659  \u2659  \u2659  \u2659  \u2659  \u2659  2");
    BOOST_TEST(lines[8] == "1 [\u2656] \u2658  \u2657  \u2655  \u2654  \u2657  \u2658 [\u2656] 1");
    BOOST_TEST(lines[9] == lines[0]);
    BOOST_TEST(contains_text(text, "to move:         white\n"));
    BOOST_TEST(contains_text(text, "castling rooks:  a1 h1 a8 h8\n"));
    BOOST_TEST(contains_text(text, "en passant:      none\n"));
    BOOST_TEST(contains_text(text, "clocks:          halfmove 0, move 1\n"));
    BOOST_TEST(contains_text(text, "[\u00B7] castling rook"));
    BOOST_TEST(contains_text(text, "(\u00B7) en-passant square"));
    BOOST_TEST(contains_text(text, "!\u00B7! problem square"));
    BOOST_TEST(lines.back() == "valid position (standard rules)");
    BOOST_TEST(!contains_text(text, "\x1b"));
}

BOOST_AUTO_TEST_CASE(text_marks_en_passant_and_problems)
{
    std::string const ep = render_text(diagram_of(after_e4), {false, false});
    BOOST_TEST(contains_text(ep, "\n3  \u00B7  \u00B7  \u00B7  \u00B7 (\u00B7) \u00B7  \u00B7  \u00B7  3\n"));
    BOOST_TEST(contains_text(ep, "to move:         black\n"));
    BOOST_TEST(contains_text(ep, "en passant:      e3\n"));

    auto record = parse_fen(chess960_start);
    BOOST_REQUIRE(record.has_value());
    std::string const bad = render_text(make_diagram(*record, Rules::standard), {false, false});
    BOOST_TEST(contains_text(bad, "\n1 !\u2656! \u2654 !\u2656! \u2658  \u2658  \u2655  \u2657  \u2657  1\n"));
    BOOST_TEST(contains_text(bad, "\ninvalid position (standard rules):\n"));
    std::string expected_reasons;
    for (const std::string& reason : position_problems(*record, Rules::standard))
        expected_reasons += "  - " + reason + "\n";
    BOOST_TEST(!expected_reasons.empty());
    // Every reason, then the note that the rights are Chess960 ones (castling_only_chess960).
    expected_reasons += std::string("  (") + chess960_hint + ")\n";
    BOOST_TEST(bad.substr(bad.size() - expected_reasons.size()) == expected_reasons);
    // A position invalid for other reasons gets no note, nor one judged by Chess960 rules.
    auto checked = parse_fen("4k3/8/8/8/8/8/8/4K2r b - - 0 1");
    BOOST_REQUIRE(checked.has_value());
    BOOST_TEST(!contains_text(render_text(make_diagram(*checked, Rules::standard), {false, false}), "--chess960"));

    std::string const good = render_text(make_diagram(*record, Rules::chess960), {false, false});
    BOOST_TEST(contains_text(good, "\n1 [\u2656] \u2654 [\u2656] \u2658  \u2658  \u2655  \u2657  \u2657  1\n"));
    BOOST_TEST(contains_text(good, "\nvalid position (chess960 rules)\n"));
}

BOOST_AUTO_TEST_CASE(text_flipped)
{
    auto const lines = lines_of(render_text(diagram_of(start), {false, true}));
    BOOST_TEST(lines[0] == "   h  g  f  e  d  c  b  a");
    BOOST_TEST(lines[1] == "1 [\u2656] \u2658  \u2657  \u2654  \u2655  \u2657  \u2658 [\u2656] 1");
    BOOST_TEST(lines[8] == "8 [\u265C] \u265E  \u265D  \u265A  \u265B  \u265D  \u265E [\u265C] 8");
}

BOOST_AUTO_TEST_CASE(text_colour_only_when_asked)
{
    Diagram const d = diagram_of(after_e4);
    std::string const plain = render_text(d, {false, false});
    std::string const colored = render_text(d, {true, false});
    BOOST_TEST(!contains_text(plain, "\x1b["));
    BOOST_TEST(contains_text(colored, "\x1b[48;5;"));
    // Every coloured row ends its colours before the rank number.
    for (const std::string& line : lines_of(colored))
        if (line.find("\x1b[48;5;") != std::string::npos)
            BOOST_TEST(contains_text(line, "\x1b[0m"));
    // The same marks and glyphs with colour, once the escapes are taken out.
    std::string stripped;
    for (std::size_t i = 0; i < colored.size(); ++i) {
        if (colored[i] == '\x1b') {
            i = colored.find('m', i);
            continue;
        }
        stripped.push_back(colored[i]);
    }
    BOOST_TEST(contains_text(stripped, "\n3 " + std::string(12, ' ') + "(\u00B7)" + std::string(9, ' ') + " 3\n"));
    BOOST_TEST(contains_text(stripped, "\n1 [\u2656] \u2658  \u2657  \u2655  \u2654  \u2657  \u2658 [\u2656] 1\n"));
}

// NO_COLOR (no-color.org): set and not empty turns colours off; they are never used off a terminal.
BOOST_AUTO_TEST_CASE(colour_policy)
{
    static_assert(want_color(true, nullptr));
    BOOST_TEST(want_color(true, nullptr));
    BOOST_TEST(want_color(true, ""));
    BOOST_TEST(!want_color(true, "1"));
    BOOST_TEST(!want_color(true, "0"));
    BOOST_TEST(!want_color(false, nullptr));
    BOOST_TEST(!want_color(false, ""));
}
