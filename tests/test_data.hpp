// Reading the test data in tests/data: files, lines, tab-separated tables.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace fen960::test {

inline std::string data_path(const std::string& relative)
{
    return std::string(FEN960_TEST_DATA) + "/" + relative;
}

inline std::string read_file(const std::string& relative)
{
    std::ifstream in(data_path(relative), std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot open test data " + relative);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<std::string> read_lines(const std::string& relative)
{
    std::istringstream in(read_file(relative));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

inline std::vector<std::string> split(const std::string& line, char sep)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (;;) {
        std::size_t const end = line.find(sep, start);
        fields.push_back(line.substr(start, end - start));
        if (end == std::string::npos)
            return fields;
        start = end + 1;
    }
}

// A tab-separated table: '#' comment lines, then a header, then rows addressed by column name.
// With `Comments::none` every line after the header is a row (a table of record lines, some of
// which begin with '#').
enum class Comments { skipped, none };

class Table {
public:
    explicit Table(const std::string& relative, Comments comments = Comments::skipped)
    {
        bool header = true;
        for (const std::string& line : read_lines(relative)) {
            if (comments == Comments::skipped && (line.empty() || line[0] == '#'))
                continue;
            if (header) {
                auto names = split(line, '\t');
                for (std::size_t i = 0; i < names.size(); ++i)
                    columns_[names[i]] = i;
                header = false;
                continue;
            }
            rows_.push_back(split(line, '\t'));
        }
        if (rows_.empty())
            throw std::runtime_error("no rows in " + relative);
    }

    std::size_t size() const { return rows_.size(); }
    bool has(const std::string& column) const { return columns_.count(column) != 0; }
    const std::string& at(std::size_t row, const std::string& column) const
    {
        auto it = columns_.find(column);
        if (it == columns_.end())
            throw std::runtime_error("no column " + column);
        return rows_.at(row).at(it->second);
    }

private:
    std::unordered_map<std::string, std::size_t> columns_;
    std::vector<std::vector<std::string>> rows_;
};

} // namespace fen960::test
