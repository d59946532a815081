// The record-per-line commands (convert, validate, identify) share one driver: read every record,
// hand each to the command's function, write the results in input order. With --jobs N the records
// go in batches to N threads; the output is byte for byte that of one thread.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "io.hpp"

namespace fen960::cli {

// One record in, exactly one line out (with its '\n') to `out`, diagnostics to `err`. Returns
// false when the record was invalid. Called from several threads at once with --jobs: it must only
// touch its arguments and read-only state.
using RecordFunction = std::function<bool(const Origin& origin, std::string_view record, bool too_long,
                                          std::string& out, std::string& err)>;

// What a line that is no record writes (a blank line or a '#' comment: fen960/fen.hpp line_kind):
// its one output line, with its '\n'. Such a line is counted neither valid nor invalid.
using OtherLineFunction = std::function<void(const Origin& origin, std::string_view line, std::string& out)>;

// convert copies such a line (`copy`), validate and identify leave theirs empty; with --format jsonl
// each writes an object with the source, line, input and "record": false.
OtherLineFunction other_line_writer(bool copy, bool jsonl);

// A second step for a command whose output depends on the records before it (convert --unique): it
// runs in input order, one block of lines at a time (a few thousand, every line once), with what
// `process` and `other` wrote for each line of the block: their outputs are `out`'s bytes from `begin`
// on, end to end, of which it erases those that do not go out; it appends to `err` what goes there
// instead of their messages. A block's step runs on the thread that handled the block, after its last
// line and before that thread handles another line, so `process` may leave it what it needs in
// thread-local state; with --jobs the threads take turns at it, block by block, while the others go on
// handling theirs. Seeing a block at once, it may ask for the memory its records will look at before
// it looks at any. `finish` (may be empty) runs after the last block, on the thread that writes.
struct InOrder {
    struct Line {
        Origin origin;
        std::string_view written;  // its output, in `out`
        std::string_view messages; // what it wrote on standard error
        bool record;               // else a line that is no record
        bool valid;                // a record `process` found valid
    };
    std::function<void(std::span<const Line> lines, std::string& out, std::size_t begin, std::string& err)> lines;
    std::function<void(std::string& out, std::string& err)> finish;
};

// Runs `process` over the inputs on `jobs` threads (0 = all cores), lines that are no record to
// `other` instead, then `in_order` (when given) on each block of lines in input order. Returns the exit status:
// exit_ok when every record was valid, exit_invalid when some were not, exit_io when an input ended at
// damaged compressed data (its records before the damage handled, then a message naming it on standard
// error). Throws IoError or InputError when an input cannot be read or the output cannot be written. A
// large file read with standard error on a terminal gets a progress line ("fen960 COMMAND: FILE: 42% ...").
int process_records(std::string_view command, const Inputs& inputs, unsigned jobs, const RecordFunction& process,
                    const OtherLineFunction& other, const InOrder* in_order = nullptr);

} // namespace fen960::cli
