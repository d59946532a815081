#include "records.hpp"

#include "pipeline.hpp"
#include "progress.hpp"

#include <optional>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <unistd.h>

namespace fen960::cli {

namespace {

// A batch of records read in order, and what processing them wrote.
struct Batch {
    std::string bytes;                 // the records, back to back
    std::vector<std::size_t> ends;     // end offset of each record in `bytes`
    std::vector<std::string> names;    // input names, shared by consecutive records
    std::vector<std::size_t> name_of;  // index into names per record
    std::vector<std::uint64_t> lines;  // line number per record
    std::vector<bool> too_long;
    std::string out;
    std::string err;
    bool all_valid = true;
    ReadPosition end; // where the reader was after the batch's last record

    void clear()
    {
        bytes.clear();
        ends.clear();
        names.clear();
        name_of.clear();
        lines.clear();
        too_long.clear();
        out.clear();
        err.clear();
        all_valid = true;
    }

    void add(const Origin& origin, std::string_view record, bool long_line)
    {
        if (names.empty() || names.back() != origin.name)
            names.emplace_back(origin.name);
        bytes.append(record);
        ends.push_back(bytes.size());
        name_of.push_back(names.size() - 1);
        lines.push_back(origin.line);
        too_long.push_back(long_line);
    }

    std::size_t size() const { return ends.size(); }

    void run(const RecordFunction& process)
    {
        std::size_t begin = 0;
        for (std::size_t i = 0; i < ends.size(); ++i) {
            std::string_view const record(bytes.data() + begin, ends[i] - begin);
            begin = ends[i];
            if (!process(Origin{names[name_of[i]], lines[i]}, record, too_long[i], out, err))
                all_valid = false;
        }
    }
};

constexpr std::size_t batch_records = 2048;
constexpr std::size_t batch_bytes = 1 << 18;

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

} // namespace

unsigned default_jobs()
{
    unsigned const n = std::thread::hardware_concurrency();
    return n ? n : 1;
}

bool process_records(std::string_view command, const Inputs& inputs, unsigned jobs, const RecordFunction& process)
{
    if (jobs == 0)
        jobs = default_jobs();
    ReadPosition where;
    FileProgress progress(command, inputs);
    if (jobs == 1) {
        // One thread: no batches, no copies; one output line per record as it is read.
        Output out(STDOUT_FILENO);
        Output err(STDERR_FILENO);
        bool all_valid = true;
        for_each_record(
            inputs,
            [&](const Origin& origin, std::string_view record, bool too_long) {
                if (!process(origin, record, too_long, out.buffer(), err.buffer()))
                    all_valid = false;
                out.maybe_flush();
                if (!err.buffer().empty()) {
                    progress.clear();
                    err.flush();
                }
                progress.update(where, origin.line);
            },
            &where);
        progress.clear();
        out.flush();
        return all_valid;
    }
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    bool all_valid = true;
    OrderedPipeline<Batch> pipeline(
        jobs, [&process](Batch& b) { b.run(process); },
        [&](Batch& b) {
            if (!b.err.empty()) {
                progress.clear();
                err.write(b.err);
                err.flush();
            }
            out.write(b.out);
            out.flush();
            all_valid = all_valid && b.all_valid;
            progress.update(b.end, b.lines.back());
        });
    Batch batch;
    for_each_record(
        inputs,
        [&](const Origin& origin, std::string_view record, bool too_long) {
            batch.add(origin, record, too_long);
            if (batch.size() >= batch_records || batch.bytes.size() >= batch_bytes) {
                batch.end = where;
                pipeline.submit(std::move(batch));
                batch = Batch{};
            }
        },
        &where);
    if (batch.size()) {
        batch.end = where;
        pipeline.submit(std::move(batch));
    }
    pipeline.finish();
    progress.clear();
    return all_valid;
}

void add_jobs_option(CLI::App& cmd, unsigned& jobs)
{
    cmd.add_option("-j,--jobs", jobs,
                   "Threads to use (default 0 = all cores); the output is the same, in the same order, for any N")
        ->type_name("N");
}

void add_format_option(CLI::App& cmd, bool& jsonl)
{
    cmd.add_option_function<std::string>(
           "--format", [&jsonl](const std::string& format) { jsonl = format == "jsonl"; },
           "Output format: text (default), or jsonl: one JSON object per input line with the source, line, input, "
           "result and every error with its column")
        ->check(CLI::IsMember({"text", "jsonl"}))
        ->option_text("text|jsonl");
}

} // namespace fen960::cli
