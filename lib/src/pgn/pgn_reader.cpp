// The game loop: split, import, number, count and reject, in input order on one thread or several.
#include "fen960/pgn_reader.hpp"

#include <algorithm>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "fen960/limits.hpp"
#include "fen960/ordered_pipeline.hpp"

namespace fen960 {

namespace {

// Small batches, many in flight (batches_per_job a job): the caller's thread finds one to work
// while it waits for the oldest, and a worker finds one when it is done, while the games in flight
// and their output (about 6 KiB a game under --positions) stay within the cores' caches. With 64
// games a batch and two batches a job, their strings were cold each time a worker wrote them again:
// 10 % more CPU time than one job; with 8 or 16 games a batch, 3-6 % (the machine noise between them).
constexpr std::size_t batch_games = 8;
constexpr std::size_t batches_per_job = 4;
constexpr std::size_t batch_bytes = 1 << 18; // a batch of long games

// Games copied out of the splitter's buffer for the workers: their texts one after another in
// `bytes`, each game pointed at its own once the batch is in its final place (a worker's). A batch
// handed over is filled again, its strings keeping their capacity: new ones, made by the workers'
// allocators and freed by the caller's thread, came from fresh pages batch after batch (a page fault
// each 4 KiB of output: 38,000 in pgn --positions of 20,000 games, a sixth of the CPU time).
struct GameBatch {
    std::string bytes;
    std::vector<std::size_t> offsets; // of each game's text in `bytes`
    std::vector<ReadGame> games;      // the first `size` are the batch's; the others wait to be reused
    std::size_t size = 0;
    std::size_t handed = 0;   // games handed over by next()
    std::size_t rejected = 0; // games whose rejects are written (a prefix; ahead of `handed` before a long game)
    unsigned worker = 0;      // the worker that imported it

    // A game split off (its place, number and text) as the next one; its text copied.
    void add(const ReadGame& split)
    {
        if (size == games.size())
            games.emplace_back();
        ReadGame& g = games[size++];
        g.game = split.game;
        g.input = split.input;
        g.number = split.number;
        g.bytes_read = split.bytes_read;
        offsets.push_back(bytes.size());
        bytes.append(split.game.text);
    }

    // Empty again, its buffers kept unless a long game made them larger than batches need.
    void reuse()
    {
        if (bytes.capacity() > 2 * batch_bytes)
            std::string().swap(bytes);
        bytes.clear();
        offsets.clear();
        for (std::size_t i = 0; i < size; ++i)
            if (games[i].output.capacity() > kept_output)
                std::string().swap(games[i].output);
        size = handed = rejected = 0;
    }

    static constexpr std::size_t kept_output = 1 << 16;
};

// Whether a string has memory of its own (more than the room inside it).
bool has_room(const std::string& s)
{
    return s.capacity() > std::string().capacity();
}

// The output strings given back to one worker thread (PgnReader::reuse) for its next games.
struct OutputPool {
    std::mutex mutex;
    std::vector<std::string> strings;
};

// Outputs given back wait for their worker, at most this many each (beyond it they are let go).
constexpr std::size_t pooled_outputs = 2 * batch_games * batches_per_job;
// Outputs handed over and remembered with their worker, for reuse to find whose each is: the front
// end gives them back in the order it had them (`fen960 pgn`: a few dozen in its writer at a time); a
// front end that keeps them (or copies them) leaves the oldest to be forgotten.
constexpr std::size_t remembered_outputs = 4 * pooled_outputs;
// How far from the oldest remembered output reuse looks for the one given back.
constexpr std::size_t reuse_reach = pooled_outputs;

} // namespace

struct PgnReader::Impl {
    PgnReaderOptions options;
    std::vector<ByteSource*> inputs;
    std::size_t input = 0;                  // the input being split
    std::unique_ptr<GameSplitter> splitter; // of inputs[input], once it is started
    std::uint64_t number = 0;
    PgnSummary summary;
    bool overflowing = false; // a game over the limit is streaming to the rejects
    char overflow_last = '\n';

    // One job: the game being handed over is imported on the caller's thread.
    std::unique_ptr<PgnImporter> importer;
    ReadGame current;

    // Several jobs: batches read ahead, imported by the workers, handed over in order. The importers
    // are declared before the pipeline, whose workers use them: they go after the workers stopped.
    unsigned jobs = 1;
    std::vector<std::unique_ptr<PgnImporter>> importers; // one per worker
    std::unique_ptr<OrderedPipeline<std::unique_ptr<GameBatch>>> pipeline;
    std::unique_ptr<GameBatch> filling;                 // being read
    std::deque<std::unique_ptr<GameBatch>> ready;       // taken from the pipeline ahead of time
    std::unique_ptr<GameBatch> front;                   // being handed over
    std::vector<std::unique_ptr<GameBatch>> spares;     // handed over, to be filled again
    bool ended = false;                                 // every input is split
    bool finished = false;                              // and the pipeline told so
    // Game outputs given back (reuse), each for the worker that wrote it: its memory is in the cache of
    // that worker's core, where memory last written on the other core is fetched line by line first.
    // Handed out in turn to any game, the strings made the thread's import of a game under
    // pgn --positions --jobs 2 4-6 % slower than with one job; kept by their writers, 0.5-4 %.
    // The caller's own (worker jobs - 1, and the one job's) it takes alone; a thread's pass through
    // its pool's lock a batch's worth at a time.
    std::vector<std::string> own_outputs;
    std::unique_ptr<OutputPool[]> pools;               // one per worker thread
    std::vector<std::vector<std::string>> giving;      // each thread's given back, not yet in its pool
    std::deque<std::pair<char const*, unsigned>> handed_outputs; // each output's memory and its worker
    // The game being split, until it joins `filling` (not split into a place of `filling`: the bytes
    // of a long game streaming to the rejects submit `filling` as it is, stream_reject).
    ReadGame split_place;

    Impl(std::vector<ByteSource*> in, PgnReaderOptions o) : options(std::move(o)), inputs(std::move(in))
    {
        if (options.max_game < min_game_limit || options.max_game > max_game_limit)
            throw std::invalid_argument("PgnReader: max_game out of range");
        jobs = options.jobs ? options.jobs : default_jobs();
        if (jobs == 1) {
            importer = std::make_unique<PgnImporter>(options.import);
            return;
        }
        importers.resize(jobs);
        pools = std::make_unique<OutputPool[]>(jobs - 1);
        giving.resize(jobs - 1);
        // jobs - 1 threads, and the caller's while it waits (work_one).
        // A thread's importer goes as the thread ends (after the input's last batch), while the caller
        // hands the last games over.
        pipeline = std::make_unique<OrderedPipeline<std::unique_ptr<GameBatch>>>(
            jobs - 1, [this](std::unique_ptr<GameBatch>& batch, unsigned worker) { work(*batch, worker); },
            [this](unsigned worker) { importers[worker].reset(); });
        filling = std::make_unique<GameBatch>();
    }

    // The next game of the inputs into `g`: place, number and text (the splitter's, valid until the
    // next call); false after the last one.
    bool split(ReadGame& g)
    {
        GameText text;
        for (;;) {
            if (!splitter) {
                if (input == inputs.size())
                    return false;
                GameSplitter::Overflow overflow;
                if (options.rejects)
                    overflow = [this](std::string_view bytes) { stream_reject(bytes); };
                splitter = std::make_unique<GameSplitter>(*inputs[input], options.max_game, overflow);
            }
            if (splitter->next(text))
                break;
            splitter.reset();
            ++input;
        }
        g.game = text;
        g.input = input;
        g.number = text.stray ? number : ++number;
        g.bytes_read = splitter->bytes_read();
        if (text.too_long && options.rejects) {
            // End the streamed game as reject() ends the others.
            if (overflow_last != '\n')
                options.rejects("\n");
            options.rejects("\n");
            overflowing = false;
            overflow_last = '\n';
        }
        return true;
    }

    void import(PgnImporter& with, ReadGame& g, const PgnImporter::Drain& drain) const
    {
        g.output.clear();
        g.messages.clear();
        if (g.game.stray) {
            g.result = GameResult{};
        } else if (g.game.too_long) {
            g.result = GameResult{};
            g.result.outcome = GameOutcome::failed;
            g.result.error =
                Diagnostic{1, 1, "game longer than " + std::to_string(options.max_game) + " bytes; not read"};
        } else if (g.game.cut) {
            g.result = GameResult{};
            g.result.outcome = GameOutcome::failed;
            // At the end of its last bytes, where the damage is.
            std::size_t const last = g.game.text.find_last_not_of(" \t\r\n");
            g.result.error = locate_in_game(g.game.text, last == std::string_view::npos ? 0 : last + 1,
                                            "game cut short by damaged input");
        } else {
            g.result = with.import(g.game.text, g.output, drain);
        }
        if (options.prepare)
            options.prepare(g);
    }

    void work(GameBatch& batch, unsigned worker)
    {
        std::unique_ptr<PgnImporter>& with = importers[worker];
        if (!with)
            with = std::make_unique<PgnImporter>(options.import);
        batch.worker = worker;
        supply_outputs(batch, worker);
        std::string_view const bytes = batch.bytes;
        for (std::size_t i = 0; i < batch.size; ++i) {
            ReadGame& g = batch.games[i];
            g.game.text = bytes.substr(batch.offsets[i], g.game.text.size());
            import(*with, g, {});
        }
    }

    // The batch's games whose output string the caller took get ones this worker wrote before.
    void supply_outputs(GameBatch& batch, unsigned worker)
    {
        auto const supply = [&batch](std::vector<std::string>& from) {
            for (std::size_t i = 0; i < batch.size && !from.empty(); ++i)
                if (!has_room(batch.games[i].output)) {
                    batch.games[i].output = std::move(from.back());
                    from.pop_back();
                }
        };
        if (worker == jobs - 1) {
            supply(own_outputs);
            return;
        }
        if (std::none_of(batch.games.begin(), batch.games.begin() + static_cast<std::ptrdiff_t>(batch.size),
                         [](const ReadGame& g) { return !has_room(g.output); }))
            return;
        std::lock_guard lock(pools[worker].mutex);
        supply(pools[worker].strings);
    }

    // The string to the pool of the worker that wrote it, found among the outputs handed over (the
    // caller's own when none is found).
    void reuse(std::string&& output)
    {
        if (!has_room(output) || output.capacity() > GameBatch::kept_output)
            return;
        output.clear();
        unsigned worker = jobs - 1;
        auto const end = handed_outputs.begin() +
                         static_cast<std::ptrdiff_t>(std::min(handed_outputs.size(), reuse_reach));
        auto const found = std::find_if(handed_outputs.begin(), end,
                                        [&output](const auto& h) { return h.first == output.data(); });
        if (found != end) {
            worker = found->second;
            handed_outputs.erase(handed_outputs.begin(), found + 1);
        }
        if (worker == jobs - 1) {
            if (own_outputs.size() < pooled_outputs)
                own_outputs.push_back(std::move(output));
            return;
        }
        std::vector<std::string>& given = giving[worker];
        given.push_back(std::move(output));
        if (given.size() < batch_games)
            return;
        {
            std::lock_guard lock(pools[worker].mutex);
            std::vector<std::string>& pool = pools[worker].strings;
            for (std::string& s : given)
                if (pool.size() < pooled_outputs)
                    pool.push_back(std::move(s));
        }
        given.clear();
    }

    // A failed or skipped game exactly as read, then an empty line.
    void reject(const ReadGame& g) const
    {
        GameOutcome const outcome = g.result.outcome;
        if (!options.rejects || g.game.stray || g.game.too_long || outcome == GameOutcome::imported ||
            outcome == GameOutcome::not_selected)
            return;
        std::string_view const text = g.game.text;
        options.rejects(text);
        if (!text.empty() && text.back() != '\n')
            options.rejects("\n");
        options.rejects("\n");
    }

    void reject_through(GameBatch& batch, std::size_t end) const
    {
        for (; batch.rejected < end; ++batch.rejected)
            reject(batch.games[batch.rejected]);
    }

    // The bytes of a game over the limit, as the splitter reads them. Every game before it must be in
    // the rejects first: with several jobs, the batches read so far are imported and their rejects
    // written ahead of handing them over.
    void stream_reject(std::string_view bytes)
    {
        if (!overflowing && pipeline) {
            if (front)
                reject_through(*front, front->size);
            for (auto& batch : ready)
                reject_through(*batch, batch->size);
            if (filling->size)
                submit_filling();
            while (pipeline->in_flight()) {
                ready.push_back(take());
                reject_through(*ready.back(), ready.back()->size);
            }
        }
        overflowing = true;
        options.rejects(bytes);
        if (!bytes.empty())
            overflow_last = bytes.back();
    }

    // The batch being filled to the workers; the next one from the spares when there is one.
    void submit_filling()
    {
        pipeline->submit(std::move(filling));
        if (spares.empty()) {
            filling = std::make_unique<GameBatch>();
            return;
        }
        filling = std::move(spares.back());
        spares.pop_back();
    }

    // The oldest batch in flight, this thread working the others meanwhile.
    std::unique_ptr<GameBatch> take()
    {
        while (!pipeline->ready() && pipeline->work_one(jobs - 1)) {
        }
        return pipeline->take();
    }

    // Reads batches until batches_per_job * jobs are in memory or the input ends.
    void fill()
    {
        while (!ended && pipeline->in_flight() + ready.size() < batches_per_job * jobs) {
            while (filling->size < batch_games && filling->bytes.size() < batch_bytes) {
                if (!split(split_place)) {
                    ended = true;
                    break;
                }
                filling->add(split_place);
            }
            if (!filling->size)
                break;
            submit_filling();
        }
        if (ended && !finished) {
            pipeline->finish(); // every batch is submitted
            finished = true;
        }
    }

    // The games in order, counted and rejected as they are handed over.
    ReadGame* hand_over(ReadGame& g)
    {
        if (g.game.stray)
            return &g;
        summary.games = g.number;
        auto list = [&g](GameList& l) {
            if (l.count++ < GameList::max_listed)
                l.first.push_back(GameList::Game{g.number, g.input, g.game.line});
        };
        switch (g.result.outcome) {
        case GameOutcome::imported: ++summary.imported; break;
        case GameOutcome::failed: list(summary.failed); break;
        case GameOutcome::skipped: list(summary.skipped); break;
        case GameOutcome::not_selected: ++summary.not_selected; break;
        }
        if (g.result.start_restored)
            ++summary.starts_restored;
        return &g;
    }

    ReadGame* next_alone()
    {
        if (!split(current))
            return nullptr;
        if (!has_room(current.output) && !own_outputs.empty()) {
            current.output = std::move(own_outputs.back());
            own_outputs.pop_back();
        }
        import(*importer, current, options.drain);
        reject(current);
        return hand_over(current);
    }

    ReadGame* next_in_order()
    {
        while (!front || front->handed == front->size) {
            if (front) {
                front->reuse();
                spares.push_back(std::move(front));
            }
            if (ready.empty()) {
                fill(); // which may take batches into `ready` ahead of a long game
                if (ready.empty()) {
                    if (!pipeline->in_flight())
                        return nullptr;
                    // A batch worked here, then more read, while the oldest is not done.
                    if (!pipeline->ready() && pipeline->work_one(jobs - 1))
                        continue;
                    ready.push_back(pipeline->take());
                }
            }
            front = std::move(ready.front());
            ready.pop_front();
        }
        ReadGame& g = front->games[front->handed++];
        if (has_room(g.output)) {
            if (handed_outputs.size() == remembered_outputs)
                handed_outputs.pop_front();
            handed_outputs.emplace_back(g.output.data(), front->worker);
        }
        reject_through(*front, front->handed);
        return hand_over(g);
    }
};

PgnReader::PgnReader(std::vector<ByteSource*> inputs, PgnReaderOptions options)
    : impl_(std::make_unique<Impl>(std::move(inputs), std::move(options)))
{
}

PgnReader::~PgnReader() = default;

ReadGame* PgnReader::next()
{
    return impl_->pipeline ? impl_->next_in_order() : impl_->next_alone();
}

void PgnReader::reuse(std::string&& output)
{
    impl_->reuse(std::move(output));
}

const PgnSummary& PgnReader::summary() const
{
    return impl_->summary;
}

} // namespace fen960
