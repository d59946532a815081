// The record-per-line commands (convert, validate, identify, key, play's files) run on lib's one
// reader (fen960/record_reader.hpp: lines in, judged on --jobs threads, out in input order); what is
// left here is the command's: its inputs by name, standard output and error, the exit status and the
// progress line on a terminal.
#pragma once

#include <string_view>

#include "fen960/record_reader.hpp" // RecordFunction, OtherLineFunction, InOrder
#include "io.hpp"

namespace fen960::cli {

// What a line that is no record writes: convert copies such a line (`copy`), validate and identify
// leave theirs empty; with --format jsonl each writes an object with the source, line, input and
// "record": false.
OtherLineFunction other_line_writer(bool copy, bool jsonl);

// Runs `process` over the inputs on `jobs` threads (0 = all cores), lines that are no record to
// `other` instead, then `in_order` (when given) on each block of lines in input order (RecordReader).
// Returns the exit status: exit_ok when every record was valid, exit_invalid when some were not,
// exit_io when an input ended at damaged compressed data (its records before the damage handled, then
// a message naming it on standard error). Throws IoError or InputError when an input cannot be read
// or the output cannot be written. A large file read with standard error on a terminal gets a
// progress line ("fen960 COMMAND: FILE: 42% ...").
int process_records(std::string_view command, const Inputs& inputs, unsigned jobs, const RecordFunction& process,
                    const OtherLineFunction& other, const InOrder* in_order = nullptr);

} // namespace fen960::cli
