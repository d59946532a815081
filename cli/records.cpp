#include "records.hpp"

#include <optional>
#include <vector>

#include <unistd.h>

#include "json.hpp"
#include "progress.hpp"

namespace fen960::cli {

namespace {

// The progress line of the file a reading position is in, made anew when the reader moves on to the
// next file.
// `records`: the records of that file read so far (its line number).
class FileProgress {
public:
    FileProgress(std::string_view command, const Inputs& inputs) : command_(command), inputs_(inputs) {}

    void update(const ReadPosition& at, std::uint64_t records)
    {
        if (at.file != file_) {
            progress_.clear();
            progress_ = Progress(command_,
                                 at.file == ReadPosition::no_file ? std::string_view("standard input")
                                                                  : std::string_view(inputs_.files[at.file]),
                                 at.size, "records");
            file_ = at.file;
        }
        progress_.update(at.bytes, records);
    }
    void clear() { progress_.clear(); }

private:
    std::string_view command_;
    const Inputs& inputs_;
    Progress progress_;
    std::optional<std::size_t> file_; // none before the first record
};

constexpr std::size_t output_bytes = 1 << 16; // standard output is written in blocks of this much

} // namespace

OtherLineFunction other_line_writer(bool copy, bool jsonl)
{
    if (jsonl)
        return [](const Origin& origin, std::string_view line, std::string& out) {
            append_other_line_json(origin, line, out);
        };
    if (copy)
        return copy_other_line;
    return [](const Origin&, std::string_view, std::string& out) { out.push_back('\n'); };
}

int process_records(std::string_view command, const Inputs& inputs, unsigned jobs, const RecordFunction& process,
                    const OtherLineFunction& other, const InOrder* in_order)
{
    RecordInputs read_inputs;
    read_inputs.records = inputs.records;
    read_inputs.files = inputs.files;
    FileProgress progress(command, inputs);
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    RecordReader const reader(read_inputs,
                              RecordReaderOptions{.jobs = jobs,
                                                  .in_order = in_order,
                                                  .progress = [&progress](const ReadPosition& at, std::uint64_t lines) {
                                                      progress.update(at, lines);
                                                  }});
    // Messages as soon as they come (the progress line erased first), records in large blocks; what a
    // batch of --jobs wrote, its messages first.
    auto const messages = [&](std::string& text) {
        if (!text.empty()) {
            progress.clear();
            err.write_all(text);
        }
    };
    auto const read = reader.run(process, other, [&](std::string& o, std::string& e, bool all) {
        if (all) {
            messages(e);
            out.write_all(o);
            return;
        }
        if (o.size() >= output_bytes)
            out.write_all(o);
        messages(e);
    });
    progress.clear();
    if (!read)
        throw InputError(read.error().message);
    if (read->damaged.empty())
        return read->all_valid ? exit_ok : exit_invalid;
    // The records of an input that ended at damaged data were all handled: its message comes last.
    for (const DamagedInput& d : read->damaged)
        err.write(damage_message(command, d));
    err.flush();
    return exit_io;
}

} // namespace fen960::cli
