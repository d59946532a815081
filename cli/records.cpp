#include "records.hpp"

#include "progress.hpp"

#include <atomic>
#include <cstdint>
#include <exception>
#include <optional>
#include <vector>

#include <unistd.h>

#include "fen960/fen.hpp"
#include "fen960/ordered_pipeline.hpp"
#include "json.hpp"

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

// One line in, one line out: a record to `process` (its verdict returned), another line to `other`
// (`record` false; it counts as valid).
// Inlined into its three callers: once a record, it is most of what the driver costs.
[[gnu::always_inline]] inline bool handle_line(const RecordFunction& process, const OtherLineFunction& other,
                                               const Origin& origin, std::string_view line, bool too_long,
                                               std::string& out, std::string& err, bool& record)
{
    record = too_long || line_kind(line) == LineKind::record;
    if (!record) {
        other(origin, line, out);
        return true;
    }
    return process(origin, line, too_long, out, err);
}

// Lines handled whose output waits for the InOrder step: each line's output written where the
// others' went (from `out_begin` on in that string, end to end), its messages end to end in `err`,
// where each came from, and whether it was a record.
struct Pending {
    struct Record {
        std::size_t out_end;
        std::size_t err_end;
        Origin origin;
        bool record;
        bool valid;
    };
    std::vector<Record> records;
    std::vector<InOrder::Line> lines; // kept for its capacity
    std::string err;
    std::size_t out_begin = 0;

    // Before a line is handled into `out`.
    void start(const std::string& out)
    {
        if (records.empty())
            out_begin = out.size();
    }
    // After.
    void done(const std::string& out, const Origin& origin, bool record, bool valid)
    {
        records.push_back(Record{out.size(), err.size(), origin, record, record && valid});
    }

    // Through the InOrder step (`out`: where the lines were written), then empty.
    void run(const InOrder& in_order, std::string& out, std::string& to_err)
    {
        lines.clear();
        std::size_t out_at = out_begin;
        std::size_t err_at = 0;
        for (const Record& r : records) {
            lines.push_back(InOrder::Line{r.origin, std::string_view(out.data() + out_at, r.out_end - out_at),
                                          std::string_view(err.data() + err_at, r.err_end - err_at), r.record, r.valid});
            out_at = r.out_end;
            err_at = r.err_end;
        }
        if (!lines.empty())
            in_order.lines(lines, out, out_begin, to_err);
        records.clear();
        err.clear();
    }
};

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
    Pending pending; // with an InOrder step: the records written to `out`, their messages instead of `err`
    bool all_valid = true;
    std::uint64_t last_line = 0; // line number of the batch's last record
    ReadPosition end;            // where the reader was after the batch's last record
    std::uint32_t turn = 0;      // with an InOrder step: the batch's number in input order (Turns)

    void add(const Origin& origin, std::string_view text, bool lines, bool too_long, std::uint64_t count)
    {
        if (names.empty() || names.back() != origin.name)
            names.emplace_back(origin.name);
        bytes.append(text);
        pieces.push_back(Piece{bytes.size(), names.size() - 1, origin.line, lines, too_long});
        last_line = origin.line + count - 1;
    }

    std::size_t size() const { return pieces.size(); }

    // Empty again, its buffers kept: a batch's strings are hundreds of kilobytes, which a new one
    // would get from the system page by page (a page fault each) batch after batch.
    void reuse()
    {
        bytes.clear();
        names.clear();
        pieces.clear();
        out.clear();
        err.clear();
        pending.records.clear();
        pending.err.clear();
        all_valid = true;
        last_line = 0;
        end = ReadPosition{};
        turn = 0;
    }

    void run(const RecordFunction& process, const OtherLineFunction& other, bool keep_records)
    {
        std::size_t begin = 0;
        for (const Piece& piece : pieces) {
            std::string_view const text(bytes.data() + begin, piece.end - begin);
            begin = piece.end;
            Origin origin{names[piece.name], piece.line};
            for_each_record_of(text, !piece.lines, piece.too_long, origin, [&](std::string_view record, bool too_long) {
                bool is_record = true;
                if (!keep_records) {
                    all_valid = handle_line(process, other, origin, record, too_long, out, err, is_record) && all_valid;
                    return;
                }
                pending.start(out);
                bool const valid = handle_line(process, other, origin, record, too_long, out, pending.err, is_record);
                all_valid = valid && all_valid;
                pending.done(out, origin, is_record, valid);
            });
        }
    }
};

// The InOrder step of batches worked on several threads: each batch's, on the thread that worked it,
// once the batch before it has had its own, so that the step sees the batches one at a time in input
// order while the other threads go on with theirs. Batches are started in input order, so the batch
// whose turn it is has always been started: the wait ends.
class Turns {
public:
    void wait(std::uint32_t turn) const
    {
        for (std::uint32_t now = next_.load(std::memory_order_acquire); now != turn;
             now = next_.load(std::memory_order_acquire))
            next_.wait(now, std::memory_order_acquire);
    }
    void pass(std::uint32_t turn)
    {
        next_.store(turn + 1, std::memory_order_release);
        next_.notify_all();
    }

private:
    std::atomic<std::uint32_t> next_{0};
};

// A batch worked on a pipeline thread: its lines, then (with an InOrder step) its turn at the step, its
// messages then in `err` as without one. The turn passes on even when the work failed (take() rethrows
// that), so that the batches after it do not wait for ever.
void work_batch(Batch& b, const RecordFunction& process, const OtherLineFunction& other, const InOrder* in_order,
                Turns& turns)
{
    if (!in_order) {
        b.run(process, other, false);
        return;
    }
    std::exception_ptr failure;
    try {
        b.run(process, other, true);
    } catch (...) {
        failure = std::current_exception();
    }
    turns.wait(b.turn);
    struct Pass {
        Turns& turns;
        std::uint32_t turn;
        ~Pass() { turns.pass(turn); }
    } const pass{turns, b.turn};
    if (failure)
        std::rethrow_exception(failure);
    b.pending.run(*in_order, b.out, b.err);
}

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
    // The records of an input that ended at damaged data were all handled: its message comes last.
    auto status = [command](bool all_valid, const std::vector<DamagedInput>& damaged) {
        if (damaged.empty())
            return all_valid ? exit_ok : exit_invalid;
        Output err(STDERR_FILENO);
        for (const DamagedInput& d : damaged)
            err.write(damage_message(command, d));
        err.flush();
        return exit_io;
    };
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
        Pending pending; // with in_order: the records of the block being handled, written to `out`
        auto const messages_out = [&] {
            out.maybe_flush();
            if (!err.buffer().empty()) {
                progress.clear();
                err.flush();
            }
        };
        auto const handle = [&](const Origin& origin, std::string_view record, bool too_long) {
            bool is_record = true;
            if (in_order) {
                pending.start(out.buffer());
                bool const valid =
                    handle_line(process, other, origin, record, too_long, out.buffer(), pending.err, is_record);
                all_valid = valid && all_valid;
                pending.done(out.buffer(), origin, is_record, valid);
                return;
            }
            all_valid =
                handle_line(process, other, origin, record, too_long, out.buffer(), err.buffer(), is_record) &&
                all_valid;
            messages_out();
        };
        // The block's records through the InOrder step, once the block is handled.
        auto const block_done = [&] {
            if (!in_order)
                return;
            pending.run(*in_order, out.buffer(), err.buffer());
            messages_out();
        };
        std::vector<DamagedInput> const damaged = for_each_block(
            inputs, batch_bytes,
            [&](const Origin& origin, std::string_view record, bool too_long) {
                handle(origin, record, too_long);
                block_done();
                progress.update(where, origin.line);
            },
            [&](const Origin& first, std::string_view text, bool cut) -> std::uint64_t {
                Origin origin = first;
                for_each_record_of(text, cut, cut, origin,
                                   [&](std::string_view record, bool too_long) { handle(origin, record, too_long); });
                block_done();
                progress.update(where, origin.line - 1);
                return origin.line - first.line;
            },
            &where);
        progress.clear();
        if (in_order && in_order->finish)
            in_order->finish(out.buffer(), err.buffer());
        out.flush();
        err.flush();
        return status(all_valid, damaged);
    }
    // Several threads: the batches are read and written here, in order, and worked by the pipeline's threads.
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    bool all_valid = true;
    Batch batch;
    std::vector<Batch> spares; // batches written, whose buffers the next batches take
    Turns turns;
    std::uint32_t turn = 0;
    OrderedPipeline<Batch> pipeline(jobs, [&process, &other, in_order, &turns](Batch& b, unsigned) {
        work_batch(b, process, other, in_order, turns);
    });
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
        spares.push_back(std::move(b));
    };
    auto submit = [&] {
        batch.end = where;
        batch.turn = turn++;
        if (pipeline.in_flight() >= 2 * std::size_t{jobs})
            write(pipeline.take());
        pipeline.submit(std::move(batch));
        batch = Batch{};
        if (!spares.empty()) {
            batch = std::move(spares.back());
            spares.pop_back();
            batch.reuse();
        }
        while (pipeline.ready())
            write(pipeline.take());
    };
    auto submit_if_full = [&] {
        if (batch.size() >= batch_pieces || batch.bytes.size() >= batch_bytes)
            submit();
    };
    std::vector<DamagedInput> const damaged = for_each_block(
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
    if (in_order && in_order->finish) {
        in_order->finish(out.buffer(), err.buffer());
        out.flush();
        err.flush();
    }
    return status(all_valid, damaged);
}

} // namespace fen960::cli
