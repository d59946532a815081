#include "records.hpp"

#include "progress.hpp"

#include <optional>
#include <vector>

#include <unistd.h>

#include "fen960/ordered_pipeline.hpp"

namespace fen960::cli {

namespace {

// The records of a piece of input, as `handle(record, too_long)`: the piece itself when it is one
// record (an argument, or a line already cut at the limit: `one_record`, with `too_long` as given),
// else each line of its block of whole lines, as LineReader gives them: without its '\n', cut at
// the limit. `origin.line` is the piece's first line number on the way in, each record's during its
// call and the number after the piece's last line on the way out.
template <typename Handle>
void for_each_record_of(std::string_view text, bool one_record, bool too_long, Origin& origin, Handle&& handle)
{
    if (one_record) {
        handle(text, too_long);
        ++origin.line;
        return;
    }
    for (std::size_t at = 0; at < text.size(); ++origin.line) {
        std::size_t const newline = text.find('\n', at);
        std::size_t const length = (newline == std::string_view::npos ? text.size() : newline) - at;
        bool const cut = length > LineReader::default_max_line;
        handle(text.substr(at, cut ? LineReader::default_max_line : length), cut);
        at += length + 1;
    }
}

// A batch of input read in order, and what processing it wrote: its text in pieces, each either one
// record (an argument, or a line cut at the limit) or a block of whole lines that the worker splits.
struct Batch {
    struct Piece {
        std::size_t end;         // end offset of the piece in `bytes`
        std::size_t name;        // index into `names`
        std::uint64_t line;      // line number of its first record
        bool lines;              // a block of lines (else one record)
        bool too_long;           // one record cut at the limit
    };
    std::string bytes;
    std::vector<std::string> names; // input names, shared by consecutive pieces
    std::vector<Piece> pieces;
    std::string out;
    std::string err;
    bool all_valid = true;
    std::uint64_t last_line = 0; // line number of the batch's last record
    ReadPosition end;            // where the reader was after the batch's last record

    void add(const Origin& origin, std::string_view text, bool lines, bool too_long, std::uint64_t count)
    {
        if (names.empty() || names.back() != origin.name)
            names.emplace_back(origin.name);
        bytes.append(text);
        pieces.push_back(Piece{bytes.size(), names.size() - 1, origin.line, lines, too_long});
        last_line = origin.line + count - 1;
    }

    std::size_t size() const { return pieces.size(); }

    void run(const RecordFunction& process)
    {
        std::size_t begin = 0;
        for (const Piece& piece : pieces) {
            std::string_view const text(bytes.data() + begin, piece.end - begin);
            begin = piece.end;
            Origin origin{names[piece.name], piece.line};
            for_each_record_of(text, !piece.lines, piece.too_long, origin, [&](std::string_view record, bool too_long) {
                if (!process(origin, record, too_long, out, err))
                    all_valid = false;
            });
        }
    }
};

constexpr std::size_t batch_pieces = 2048;
constexpr std::size_t batch_bytes = 1 << 17; // also the size of the blocks read

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

bool process_records(std::string_view command, const Inputs& inputs, unsigned jobs, const RecordFunction& process)
{
    if (jobs == 0)
        jobs = default_jobs();
    ReadPosition where;
    FileProgress progress(command, inputs);
    if (jobs == 1) {
        // One thread: no batches, no copies; blocks of whole lines as the threads below get them, split
        // here, one output line per record as it is handled.
        Output out(STDOUT_FILENO);
        Output err(STDERR_FILENO);
        bool all_valid = true;
        auto const handle = [&](const Origin& origin, std::string_view record, bool too_long) {
            if (!process(origin, record, too_long, out.buffer(), err.buffer()))
                all_valid = false;
            out.maybe_flush();
            if (!err.buffer().empty()) {
                progress.clear();
                err.flush();
            }
        };
        for_each_block(
            inputs, batch_bytes,
            [&](const Origin& origin, std::string_view record, bool too_long) {
                handle(origin, record, too_long);
                progress.update(where, origin.line);
            },
            [&](const Origin& first, std::string_view text, bool cut) -> std::uint64_t {
                Origin origin = first;
                for_each_record_of(text, cut, cut, origin,
                                   [&](std::string_view record, bool too_long) { handle(origin, record, too_long); });
                progress.update(where, origin.line - 1);
                return origin.line - first.line;
            },
            &where);
        progress.clear();
        out.flush();
        return all_valid;
    }
    // Several threads: the batches are read and written here, in order, and worked by the pipeline's threads.
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    bool all_valid = true;
    OrderedPipeline<Batch> pipeline(jobs, [&process](Batch& b, unsigned) { b.run(process); });
    auto write = [&](Batch b) {
        if (!b.err.empty()) {
            progress.clear();
            err.write(b.err);
            err.flush();
        }
        out.write(b.out);
        out.flush();
        all_valid = all_valid && b.all_valid;
        progress.update(b.end, b.last_line);
    };
    Batch batch;
    auto submit = [&] {
        batch.end = where;
        if (pipeline.in_flight() >= 2 * std::size_t{jobs})
            write(pipeline.take());
        pipeline.submit(std::move(batch));
        batch = Batch{};
        while (pipeline.ready())
            write(pipeline.take());
    };
    auto submit_if_full = [&] {
        if (batch.size() >= batch_pieces || batch.bytes.size() >= batch_bytes)
            submit();
    };
    for_each_block(
        inputs, batch_bytes,
        [&](const Origin& origin, std::string_view record, bool too_long) {
            batch.add(origin, record, false, too_long, 1);
            submit_if_full();
        },
        [&](const Origin& first, std::string_view text, bool cut) -> std::uint64_t {
            std::uint64_t const lines = cut ? 1 : count_lines(text);
            batch.add(first, text, !cut, cut, lines);
            submit_if_full();
            return lines;
        },
        &where);
    if (batch.size())
        submit();
    while (pipeline.in_flight())
        write(pipeline.take());
    progress.clear();
    return all_valid;
}

} // namespace fen960::cli
