// Files a command writes besides standard output (pgn --rejects, pgn --split's parts, show --svg):
// nothing the user gave is lost to them.
//   - A file that is one of the run's inputs (the same device and inode, through any link or path
//     spelling) is refused before anything is read or written: output_is_input.
//   - A file is written to a temporary file beside it (`.NAME.fen960-XXXXXX`, same folder, so the
//     rename is atomic) and renamed onto its name by commit() when the run ends; a run that fails,
//     throws or is interrupted (SIGINT, SIGTERM, SIGHUP, SIGPIPE's quiet end) removes its temporary
//     files and leaves the earlier file as it was, never half of a new one. Only SIGKILL or a crash
//     can leave a temporary file behind, and then the earlier file is still whole.
//   - A replaced file keeps its permissions; a new one gets 0666 less the umask, as open(2) would.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io.hpp"

namespace fen960::cli {

class OutputFile {
public:
    // Nothing is made until the first call of out() (or of open()): a file no byte goes to is neither
    // made nor replaced (--rejects with nothing rejected).
    explicit OutputFile(std::string path);
    ~OutputFile(); // removes the temporary file unless committed
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // The writer of the temporary file, made on first use; IoError naming the path when it cannot be.
    Output& out();
    void open() { out(); }
    bool opened() const { return out_ != nullptr; }
    const std::string& path() const { return path_; }

    // Flushes and closes the temporary file, to be committed later (--split's finished parts: their
    // buffers and descriptors are not kept while the next parts are written); IoError naming the path.
    void close();
    // close(), then renames the temporary file onto path() (nothing when never opened); IoError
    // naming the path when that fails (the temporary file is then removed).
    void commit();

private:
    struct Temporary;
    std::string path_;
    std::unique_ptr<Temporary> temporary_;
    std::unique_ptr<Output> out_;
};

// "the --rejects file OUT is the input IN" (as `what` names it) when `output` exists and is the same
// file as one of `inputs` ("-" compares standard input); nothing otherwise.
std::optional<std::string> output_is_input(std::string_view what, const std::string& output,
                                           const std::vector<std::string>& inputs);

// Whether standard output is a regular file that is one of `inputs` (`fen960 convert -f a.fen >> a.fen`):
// the usage error's text, as cat(1) refuses "input file is output file".
std::optional<std::string> standard_output_is_input(const std::vector<std::string>& inputs);

// The usage error of a record command's inputs (standard input when there are none): standard output
// redirected onto one of them.
std::optional<std::string> check_record_inputs(const Inputs& inputs);

} // namespace fen960::cli
