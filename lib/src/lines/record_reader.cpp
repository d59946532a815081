// RecordReader (record_reader.hpp): the inputs read in blocks of whole lines, each line handed to the
// caller's function, on one thread or on the ordered pipeline's, the output in input order.
#include "fen960/record_reader.hpp"

#include <atomic>
#include <cstring>
#include <exception>
#include <memory>

#include "fen960/fen.hpp"
#include "fen960/line_reader.hpp"
#include "fen960/ordered_pipeline.hpp"

// A lambda inlined into its callers (GCC and Clang read the attribute in this place).
#define FEN960_INLINE __attribute__((always_inline))

namespace fen960 {

namespace {

// A line's end: its '\n' is gone already; a '\r' before it goes too.
inline std::size_t without_cr(std::string_view text, std::size_t at, std::size_t length)
{
    return length && text[at + length - 1] == '\r' ? length - 1 : length;
}

// The records of a piece of input, as `handle(record, too_long)`: the piece itself when it is one
// record (a record given alone, a line of a sequence, or a line already cut at the limit: `one_record`,
// with `too_long` as given), else each line of its block of whole lines, as BlockReader gives them:
// without its line ending, cut at the limit. `origin.line` is the piece's first line number on the way
// in, each record's during its call and the number after the piece's last line on the way out.
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
        std::size_t const whole = (newline == std::string_view::npos ? text.size() : newline) - at;
        std::size_t const length = without_cr(text, at, whole);
        bool const cut = length > max_record_length;
        handle(text.substr(at, cut ? max_record_length : length), cut);
        at += whole + 1;
    }
}

// One line in, one line out: a record to `process` (its verdict returned), another line to `other`
// (`record` false; it counts as valid).
// Inlined into its three callers: once a record, it is most of what the reader costs.
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

// One line handled into `out` and `err`, or with an InOrder step into `out` and `pending` (its messages
// then in pending.err).
[[gnu::always_inline]] inline bool handle_into(const RecordFunction& process, const OtherLineFunction& other,
                                               const Origin& origin, std::string_view line, bool too_long,
                                               std::string& out, std::string& err, Pending* pending)
{
    bool is_record = true;
    if (!pending)
        return handle_line(process, other, origin, line, too_long, out, err, is_record);
    pending->start(out);
    bool const valid = handle_line(process, other, origin, line, too_long, out, pending->err, is_record);
    pending->done(out, origin, is_record, valid);
    return valid;
}

// A batch of input read in order, and what processing it wrote: its text in pieces, each either one
// record (a record given alone, a line of a sequence, or a line cut at the limit) or a block of whole
// lines that the worker splits. A block that starts a batch is not copied: the batch takes the block
// reader's buffer that holds it, and gives the reader its own (BlockReader::exchange), so its text
// starts where the block does in that buffer.
struct Batch {
    struct Piece {
        std::size_t end;    // end offset of the piece in `bytes`
        std::size_t name;   // index into `names`
        std::uint64_t line; // line number of its first record
        bool lines;         // a block of lines (else one record)
        bool too_long;      // one record cut at the limit
    };
    std::vector<char> bytes;        // the text in [begin, used); its size is kept for the next exchange
    std::size_t begin = 0;
    std::size_t used = 0;
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
        if (bytes.size() < used + text.size())
            bytes.resize(used + text.size());
        std::memcpy(bytes.data() + used, text.data(), text.size());
        add_piece(origin, used + text.size(), lines, too_long, count);
    }

    // A block of lines that `reader` gave last, to an empty batch: its buffer taken, not copied.
    void take_block(BlockReader& reader, const Origin& origin, std::string_view text, std::uint64_t count)
    {
        reader.exchange(bytes);
        begin = used = static_cast<std::size_t>(text.data() - bytes.data());
        add_piece(origin, used + text.size(), true, false, count);
    }

    std::size_t size() const { return pieces.size(); }
    std::size_t text_size() const { return used - begin; }

    // Empty again, its buffers kept: a batch's strings are hundreds of kilobytes, which a new one
    // would get from the system page by page (a page fault each) batch after batch.
    void reuse()
    {
        begin = used = 0;
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
        std::size_t from = begin;
        Pending* const keep = keep_records ? &pending : nullptr;
        for (const Piece& piece : pieces) {
            std::string_view const text(bytes.data() + from, piece.end - from);
            from = piece.end;
            Origin origin{names[piece.name], piece.line};
            for_each_record_of(text, !piece.lines, piece.too_long, origin, [&](std::string_view record, bool too_long) {
                all_valid = handle_into(process, other, origin, record, too_long, out, err, keep) && all_valid;
            });
        }
    }

private:
    void add_piece(const Origin& origin, std::size_t text_end, bool lines, bool too_long, std::uint64_t count)
    {
        if (names.empty() || names.back() != origin.name)
            names.emplace_back(origin.name);
        pieces.push_back(Piece{text_end, names.size() - 1, origin.line, lines, too_long});
        used = text_end;
        last_line = origin.line + count - 1;
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
// The size of the blocks read; a batch is a block (taken whole, BlockReader::exchange), or records
// and small blocks copied up to half of it.
constexpr std::size_t batch_bytes = 1 << 17;
constexpr std::size_t batches_per_job = 2;     // in flight

// --- The inputs, in order ------------------------------------------------------------------------------

// The records given alone and the lines of a sequence go to a RecordHandler, `void(const Origin&,
// std::string_view record, bool too_long)`: a template parameter, not a std::function, since it is
// called once a record (inlined, it costs the Python module's convert_many no call a record).
// A block's handler may take the reader's buffer that holds it (BlockReader::exchange).
using BlockHandler =
    std::function<std::uint64_t(const Origin& first, std::string_view text, bool cut, BlockReader& reader)>;

// A record given alone or a line of a sequence: cut at the limit.
template <typename RecordHandler>
[[gnu::always_inline]] inline void hand_one(const Origin& origin, std::string_view text, const RecordHandler& handle)
{
    bool const too_long = text.size() > max_record_length;
    handle(origin, too_long ? text.substr(0, max_record_length) : text, too_long);
}

// The records given alone (a newline inside one does not start another), then the lines of the sequence
// (each without its line ending).
template <typename RecordHandler>
void for_each_one(const RecordInputs& inputs, const RecordHandler& handle)
{
    std::uint64_t argument = 0;
    for (const std::string& record : inputs.records)
        hand_one(Origin{"argument", ++argument}, record, handle);
    std::uint64_t line = inputs.first_line;
    for (std::string_view text : inputs.lines)
        hand_one(Origin{inputs.lines_name, line++}, without_line_ending(text), handle);
}

// One input's blocks of whole lines (`input`: a DecompressingSource or an InputFile), its damage kept.
template <typename Input>
void read_blocks(Input& input, std::string_view name, ReadPosition& position, const BlockHandler& block,
                 std::vector<DamagedInput>& damaged)
{
    BlockReader reader(input, batch_bytes);
    std::string_view text;
    std::uint64_t line = 1;
    while (reader.next(text)) {
        position.bytes = input.raw_bytes();
        line += block(Origin{name, line}, text, reader.cut(), reader);
    }
    if (const InputDamage* d = input.damage())
        damaged.push_back(DamagedInput{std::string(name), *d, line > 1 ? "line " + std::to_string(line - 1) : ""});
}

// Every input in order, records given alone to `record`, blocks of lines to `block` with the number of
// its first line (block returns the lines it held). Every file opens first (InputError otherwise);
// `position` is kept up to date before each call. An input that ends at damaged data ends there; the
// next one is still read. Returns those inputs.
template <typename RecordHandler>
std::vector<DamagedInput> for_each_block(const RecordInputs& inputs, const RecordHandler& record,
                                         const BlockHandler& block, ReadPosition& position)
{
    std::vector<DamagedInput> damaged;
    bool const standard_input = inputs.standard_input && inputs.records.empty() && inputs.lines.empty() &&
                                inputs.texts.empty() && inputs.files.empty();
    std::vector<std::unique_ptr<InputFile>> files;
    for (const std::string& file : standard_input ? std::vector<std::string>{"-"} : inputs.files)
        files.push_back(open_input(file));
    for_each_one(inputs, record);
    for (const NamedText& t : inputs.texts) {
        StringSource raw(t.text);
        DecompressingSource text(raw, DecompressOptions{.thread = false});
        position = ReadPosition{ReadPosition::no_file, 0, t.text.size()};
        read_blocks(text, t.name, position, block, damaged);
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        position.file = standard_input ? ReadPosition::no_file : i;
        position.size = files[i]->size();
        read_blocks(*files[i], files[i]->name(), position, block, damaged);
        files[i].reset();
    }
    return damaged;
}

// --- The two strategies -----------------------------------------------------------------------------------

struct Run {
    const RecordInputs& inputs;
    const RecordReaderOptions& options;
    const RecordFunction& process;
    const OtherLineFunction& other;
    const RecordSink& sink;

    void progress(const ReadPosition& at, std::uint64_t lines) const
    {
        if (options.progress)
            options.progress(at, lines);
    }
    // The rest of the output, then what the InOrder step's finish writes.
    void finish(std::string& out, std::string& err) const
    {
        sink(out, err, true);
        if (options.in_order && options.in_order->finish) {
            options.in_order->finish(out, err);
            sink(out, err, true);
        }
    }
};

constexpr std::size_t sink_bytes = 1 << 16; // output handed to the sink once this much is written

// One thread: no batches, no copies; blocks of whole lines as the pipeline's threads get them, split
// here, one output line per record as it is handled.
RecordsRead run_one_thread(const Run& run)
{
    std::string out;
    std::string err;
    out.reserve(sink_bytes + (1 << 12));
    RecordsRead read;
    ReadPosition where;
    const InOrder* const in_order = run.options.in_order;
    Pending pending; // with in_order: the records of the block being handled, written to `out`
    Pending* const keep = in_order ? &pending : nullptr;
    auto const hand_on = [&] {
        if (out.size() >= sink_bytes || !err.empty())
            run.sink(out, err, false);
    };
    // Inlined where they are called (once a record), as the functions they call are: a call a record
    // through each layer cost the Python module's convert_many about 60 instructions a record.
    auto const handle = [&](const Origin& origin, std::string_view record, bool too_long) FEN960_INLINE {
        read.all_valid = handle_into(run.process, run.other, origin, record, too_long, out, err, keep) && read.all_valid;
        if (!in_order)
            hand_on();
    };
    // The block's records through the InOrder step, once the block is handled.
    auto const block_done = [&] {
        if (!in_order || pending.records.empty())
            return;
        pending.run(*in_order, out, err);
        hand_on();
    };
    read.damaged = for_each_block(
        run.inputs,
        // Records given alone and lines of a sequence go through the step as a block of up to
        // batch_pieces, as the pipeline's batches do.
        [&](const Origin& origin, std::string_view record, bool too_long) FEN960_INLINE {
            handle(origin, record, too_long);
            if (pending.records.size() >= batch_pieces)
                block_done();
            run.progress(where, origin.line);
        },
        [&](const Origin& first, std::string_view text, bool cut, BlockReader&) -> std::uint64_t {
            block_done(); // the records given alone before it
            Origin origin = first;
            for_each_record_of(text, cut, cut, origin,
                               [&](std::string_view record, bool too_long) { handle(origin, record, too_long); });
            block_done();
            run.progress(where, origin.line - 1);
            return origin.line - first.line;
        },
        where);
    block_done();
    run.finish(out, err);
    return read;
}

// Several threads: the batches are read and handed on here, in order, and worked by the pipeline's threads.
RecordsRead run_pipeline(const Run& run, unsigned jobs)
{
    RecordsRead read;
    ReadPosition where;
    Batch batch;
    std::vector<Batch> spares; // batches handed on, whose buffers the next batches take
    Turns turns;
    std::uint32_t turn = 0;
    // jobs - 1 threads, and this one while it would wait (work_one).
    OrderedPipeline<Batch> pipeline(jobs - 1, [&run, &turns](Batch& b, unsigned) {
        work_batch(b, run.process, run.other, run.options.in_order, turns);
    });
    auto write = [&](Batch b) {
        run.sink(b.out, b.err, true);
        read.all_valid = read.all_valid && b.all_valid;
        run.progress(b.end, b.last_line);
        spares.push_back(std::move(b));
    };
    // What is worked already; while `most` or more are in flight, a batch worked here, else the
    // oldest waited for.
    auto write_done = [&](std::size_t most) {
        for (;;) {
            if (pipeline.ready())
                write(pipeline.take());
            else if (pipeline.in_flight() < most)
                return;
            else if (!pipeline.work_one(jobs - 1))
                write(pipeline.take());
        }
    };
    auto submit = [&] {
        batch.end = where;
        batch.turn = turn++;
        pipeline.submit(std::move(batch));
        batch = Batch{};
        if (!spares.empty()) {
            batch = std::move(spares.back());
            spares.pop_back();
            batch.reuse();
        }
        write_done(batches_per_job * jobs);
    };
    auto submit_if_full = [&] {
        if (batch.size() >= batch_pieces || batch.text_size() >= batch_bytes / 2)
            submit();
    };
    read.damaged = for_each_block(
        run.inputs,
        [&](const Origin& origin, std::string_view record, bool too_long) {
            batch.add(origin, record, false, too_long, 1);
            submit_if_full();
        },
        [&](const Origin& first, std::string_view text, bool cut, BlockReader& reader) -> std::uint64_t {
            std::uint64_t const lines = cut ? 1 : count_lines(text);
            if (!cut && !batch.size())
                batch.take_block(reader, first, text, lines);
            else
                batch.add(first, text, !cut, cut, lines);
            submit_if_full();
            return lines;
        },
        where);
    if (batch.size())
        submit();
    pipeline.finish(); // the threads end as they run out of batches, not when the pipeline goes
    write_done(1);
    std::string out;
    std::string err;
    run.finish(out, err);
    return read;
}

} // namespace

Expected<RecordsRead> RecordReader::run(const RecordFunction& process, const OtherLineFunction& other,
                                        const RecordSink& sink) const
{
    unsigned const jobs = options_.jobs ? options_.jobs : default_jobs();
    Run const run{inputs_, options_, process, other, sink};
    try {
        return jobs == 1 ? run_one_thread(run) : run_pipeline(run, jobs);
    } catch (const InputError& e) {
        return Diagnostic{1, 1, e.what()};
    }
}

} // namespace fen960
