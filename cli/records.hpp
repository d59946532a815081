// The record-per-line commands (convert, validate, identify) share one driver: read every record,
// hand each to the command's function, write the results in input order. With --jobs N the records
// go in batches to N threads; the output is byte for byte that of one thread.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "io.hpp"

namespace fen960::cli {

// One record in, exactly one line out (with its '\n') to `out`, diagnostics to `err`. Returns
// false when the record was invalid. Called from several threads at once with --jobs: it must only
// touch its arguments and read-only state.
using RecordFunction = std::function<bool(const Origin& origin, std::string_view record, bool too_long,
                                          std::string& out, std::string& err)>;

// Runs `process` over the inputs on `jobs` threads (0 = all cores). Returns true when every record
// was valid. Throws IoError when an input cannot be read or the output cannot be written. A large
// file read with standard error on a terminal gets a progress line ("fen960 COMMAND: FILE: 42% ...").
bool process_records(std::string_view command, const Inputs& inputs, unsigned jobs, const RecordFunction& process);

} // namespace fen960::cli
