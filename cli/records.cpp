#include "records.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
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

constexpr std::size_t batch_records = 8192;
constexpr std::size_t batch_bytes = 1 << 20;

// Batches move reader -> workers -> writer through numbered slots; the writer takes them in
// number order, so output order is input order. At most 2 * jobs batches are in memory.
class Pipeline {
public:
    Pipeline(unsigned jobs, const RecordFunction& process) : process_(process), capacity_(2 * jobs)
    {
        for (unsigned i = 0; i < jobs; ++i)
            workers_.emplace_back([this] { work(); });
        writer_ = std::thread([this] { write(); });
    }

    // Joins the threads; an error already thrown by submit() is on its way out, not thrown again.
    ~Pipeline() { stop(); }

    // Hands a full batch over; blocks while too many are in flight. Rethrows a failure of a worker
    // or of the writer.
    void submit(Batch batch)
    {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [this] { return in_flight_ < capacity_ || failure_; });
        if (failure_)
            std::rethrow_exception(failure_);
        ++in_flight_;
        todo_.push_back(Job{next_number_++, std::move(batch)});
        work_ready_.notify_one();
    }

    // Waits for every batch to be written; returns whether every record was valid.
    bool finish()
    {
        stop();
        if (failure_)
            std::rethrow_exception(failure_);
        return all_valid_;
    }

private:
    struct Job {
        std::size_t number;
        Batch batch;
    };

    void stop()
    {
        {
            std::lock_guard lock(mutex_);
            if (stopped_)
                return;
            stopped_ = true;
            closing_ = true;
        }
        work_ready_.notify_all();
        done_ready_.notify_all();
        for (auto& w : workers_)
            w.join();
        writer_.join();
    }

    void fail(std::exception_ptr e)
    {
        std::lock_guard lock(mutex_);
        if (!failure_)
            failure_ = e;
        room_.notify_all();
        work_ready_.notify_all();
        done_ready_.notify_all();
    }

    void work()
    {
        for (;;) {
            Job job;
            {
                std::unique_lock lock(mutex_);
                work_ready_.wait(lock, [this] { return !todo_.empty() || closing_ || failure_; });
                if (failure_ || todo_.empty())
                    return;
                job = std::move(todo_.front());
                todo_.pop_front();
            }
            try {
                job.batch.run(process_);
            } catch (...) {
                fail(std::current_exception());
                return;
            }
            std::lock_guard lock(mutex_);
            done_.push_back(std::move(job));
            done_ready_.notify_all();
        }
    }

    void write()
    {
        Output out(STDOUT_FILENO);
        Output err(STDERR_FILENO);
        std::size_t next = 0;
        for (;;) {
            Job job;
            {
                std::unique_lock lock(mutex_);
                auto ready = [&] {
                    for (auto it = done_.begin(); it != done_.end(); ++it)
                        if (it->number == next)
                            return it;
                    return done_.end();
                };
                done_ready_.wait(lock, [&] {
                    return failure_ || ready() != done_.end() || (closing_ && in_flight_ == 0);
                });
                if (failure_)
                    return;
                auto it = ready();
                if (it == done_.end())
                    return; // closing, nothing left
                job = std::move(*it);
                done_.erase(it);
            }
            try {
                err.write(job.batch.err);
                err.flush();
                out.write(job.batch.out);
                out.flush();
            } catch (...) {
                fail(std::current_exception());
                return;
            }
            std::lock_guard lock(mutex_);
            all_valid_ = all_valid_ && job.batch.all_valid;
            --in_flight_;
            ++next;
            room_.notify_all();
            done_ready_.notify_all();
        }
    }

    const RecordFunction& process_;
    std::size_t capacity_;
    std::mutex mutex_;
    std::condition_variable room_;
    std::condition_variable work_ready_;
    std::condition_variable done_ready_;
    std::deque<Job> todo_;
    std::vector<Job> done_;
    std::size_t in_flight_ = 0;
    std::size_t next_number_ = 0;
    bool closing_ = false;
    bool stopped_ = false;
    bool all_valid_ = true;
    std::exception_ptr failure_;
    std::vector<std::thread> workers_;
    std::thread writer_;
};

} // namespace

unsigned default_jobs()
{
    unsigned const n = std::thread::hardware_concurrency();
    return n ? n : 1;
}

bool process_records(const Inputs& inputs, unsigned jobs, const RecordFunction& process)
{
    if (jobs == 0)
        jobs = default_jobs();
    if (jobs == 1) {
        // One thread: no batches, no copies; one output line per record as it is read.
        Output out(STDOUT_FILENO);
        Output err(STDERR_FILENO);
        bool all_valid = true;
        for_each_record(inputs, [&](const Origin& origin, std::string_view record, bool too_long) {
            if (!process(origin, record, too_long, out.buffer(), err.buffer()))
                all_valid = false;
            out.maybe_flush();
            if (!err.buffer().empty())
                err.flush();
        });
        out.flush();
        return all_valid;
    }
    Pipeline pipeline(jobs, process);
    Batch batch;
    for_each_record(inputs, [&](const Origin& origin, std::string_view record, bool too_long) {
        batch.add(origin, record, too_long);
        if (batch.size() >= batch_records || batch.bytes.size() >= batch_bytes) {
            pipeline.submit(std::move(batch));
            batch = Batch{};
        }
    });
    if (batch.size())
        pipeline.submit(std::move(batch));
    return pipeline.finish();
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
