// The record-per-line reader, the twin of PgnReader (pgn_reader.hpp): inputs in (records given alone,
// in-memory lines or texts, files and standard input, plain or compressed: input.hpp), each line judged
// by the caller's function on N threads, what it wrote handed out in input order. It is the engine
// behind `fen960 convert`, `validate`, `identify`, `key` and `play`'s files, and behind the Python
// module's convert_many: one reader, so every front end reads a line alike.
//
//   fen960::RecordInputs inputs;
//   inputs.files = {"book.epd.zst"};
//   fen960::RecordReader reader(inputs, {.jobs = 0});
//   auto read = reader.run(
//       [&](const fen960::Origin& origin, std::string_view line, bool too_long, std::string& out,
//           std::string& err) { return fen960::convert_record_line(options, origin, line, too_long, out, err); },
//       fen960::copy_other_line,
//       [](std::string& out, std::string& err, bool all) { write(out); write(err); out.clear(); err.clear(); });
//   if (!read) ...;                     // an input that cannot be opened or read: read.error().message
//   for (const fen960::DamagedInput& d : read->damaged) ...;     // ended at damaged compressed data
//
// The rules of a line, each here once:
//   - a line ends at '\n'; a '\r' at its end is no part of the line (CRLF input is read as LF input, and
//     what the commands write ends every line in '\n' alone, records, blank and '#' lines alike);
//   - a line over max_record_length bytes (limits.hpp) is cut there, `too_long` set, the rest skipped;
//   - a blank line (spaces and tabs only) or a '#' comment line is no record (fen.hpp line_kind): it
//     goes to the other-line function, and counts neither valid nor invalid;
//   - a record given alone (a command-line argument) is one record, a '\n' inside it included; an item
//     of an in-memory line sequence is one line, its one line ending ("\n" or "\r\n") dropped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fen960/convert.hpp"
#include "fen960/diagnostic.hpp" // Origin, Expected
#include "fen960/input.hpp"     // InputDamage

namespace fen960 {

// --- One line, as every front end converts it ---------------------------------------------------------

// A line as the reader hands it on: without its line ending ("\n", "\r\n", or none). Inline: the
// reader calls it once a line of an in-memory sequence.
inline std::string_view without_line_ending(std::string_view line)
{
    if (!line.empty() && line.back() == '\n')
        line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    return line;
}

// A failed record's slot: `error: PREFIX M1; M2; ...` and a newline on `out`, and each diagnostic with
// its caret on `err` (with PREFIX before its message too).
void write_error_line(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& errors,
                      std::string& out, std::string& err, std::string_view prefix = {});

// One record converted as `fen960 convert` writes it (the text format): the converted record and '\n'
// on `out`, or `error: MESSAGES` and '\n' (write_error_line); its warnings, and a failure's messages
// with their carets, on `err`. `too_long`: the record was cut at max_record_length (it fails unread).
// Returns false when the record failed.
bool convert_record_line(const ConvertOptions& options, const Origin& origin, std::string_view record,
                         bool too_long, std::string& out, std::string& err);

// What convert writes for a line that is no record: the line itself and '\n'.
void copy_other_line(const Origin& origin, std::string_view line, std::string& out);

// Any line of a record file as `fen960 convert` writes it: a record by convert_record_line, a blank or
// '#' line copied (true). The line may end in its line ending; one longer than max_record_length is
// cut there, as the reader cuts it.
bool convert_line(const ConvertOptions& options, const Origin& origin, std::string_view line, std::string& out,
                  std::string& err);

// --- The reader -------------------------------------------------------------------------------------------

// One record in, exactly one line out (with its '\n') to `out`, diagnostics to `err`. Returns false when
// the record was invalid. Called from several threads at once with jobs > 1: it must only touch its
// arguments, read-only state and thread-local state.
using RecordFunction = std::function<bool(const Origin& origin, std::string_view record, bool too_long,
                                          std::string& out, std::string& err)>;

// What a line that is no record writes (its one output line, with its '\n'; may be empty).
using OtherLineFunction = std::function<void(const Origin& origin, std::string_view line, std::string& out)>;

// Where the output goes, in input order: what the lines wrote on `out` and `err` so far. The sink
// takes (writes and erases) what it wants of each; with `all`, everything (the reader is done with a
// batch, or with the run). It runs on the calling thread; with one thread, after each line that wrote
// a message or once `out` holds 64 KiB.
using RecordSink = std::function<void(std::string& out, std::string& err, bool all)>;

// A second step for output that depends on the records before it (convert --unique, --stats): it runs
// in input order, one block of lines at a time (a few thousand, every line once), with what the
// functions wrote for each line of the block: their outputs are `out`'s bytes from `begin` on, end to
// end, of which it erases those that do not go out; it appends to `err` what goes there instead of
// their messages. A block's step runs on the thread that handled the block, after its last line and
// before that thread handles another line, so the record function may leave it what it needs in
// thread-local state; with several threads they take turns at it, block by block, while the others go
// on handling theirs. `finish` (may be empty) runs after the last block, on the calling thread.
struct InOrder {
    struct Line {
        Origin origin;
        std::string_view written;  // its output, in `out`
        std::string_view messages; // what it wrote on `err`
        bool record;               // else a line that is no record
        bool valid;                // a record the function found valid
    };
    std::function<void(std::span<const Line> lines, std::string& out, std::size_t begin, std::string& err)> lines;
    std::function<void(std::string& out, std::string& err)> finish;
};

// A text held in memory, read as a file of that name is.
struct NamedText {
    std::string name;
    std::string_view text;
};

// The inputs, read in this order: `records` (each one record, named "argument", numbered from 1), then
// `lines` (each one line, named `lines_name`, numbered from `first_line`), then `texts`, then `files`
// (paths, "-" standard input). With none of them, standard input when `standard_input` says so.
struct RecordInputs {
    std::vector<std::string> records;
    std::vector<std::string_view> lines;
    std::string lines_name = "argument";
    std::uint64_t first_line = 1;
    std::vector<NamedText> texts;
    std::vector<std::string> files;
    bool standard_input = true;
};

// Where the reader is when it hands a block over: which file (its index in RecordInputs::files; none
// for the other inputs and standard input), the bytes of it read so far (compressed bytes for a
// compressed file: its bytes on disk) and its size on disk (0 unless a regular file).
struct ReadPosition {
    static constexpr std::size_t no_file = static_cast<std::size_t>(-1);
    std::size_t file = no_file;
    std::uint64_t bytes = 0;
    std::uint64_t size = 0;
};

// An input that ended at damaged compressed data (a partial download): everything before the damage
// was read and handled; `read` says how far that went ("line 120", "game 7"; empty: nothing).
struct DamagedInput {
    std::string name;
    InputDamage damage;
    std::string read;
};

// What a run found: whether every record was valid, and the inputs that ended at damaged data.
struct RecordsRead {
    bool all_valid = true;
    std::vector<DamagedInput> damaged;
};

struct RecordReaderOptions {
    unsigned jobs = 1;               // threads; 0 = one per core
    const InOrder* in_order = nullptr;
    // Called on the calling thread as the reader goes: where it is, and the line number of the last
    // line handed out of the current input.
    std::function<void(const ReadPosition& at, std::uint64_t lines)> progress;
};

class RecordReader {
public:
    RecordReader(const RecordInputs& inputs, RecordReaderOptions options)
        : inputs_(inputs), options_(std::move(options))
    {
    }

    // Every line of every input through `process` (records) or `other` (blank and '#' lines), then the
    // InOrder step, the output to `sink` in input order. Every file is opened before any line is read.
    // Fails (nothing or part handled) when an input cannot be opened or read: "cannot open NAME:
    // REASON". What `process`, `other` or `sink` throw is rethrown, once the threads have stopped.
    [[nodiscard]] Expected<RecordsRead> run(const RecordFunction& process, const OtherLineFunction& other,
                                            const RecordSink& sink) const;

private:
    const RecordInputs& inputs_;
    RecordReaderOptions options_;
};

} // namespace fen960
