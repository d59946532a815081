// Work in batches on N threads with the results written in submission order: the driver behind
// --jobs. The reader (the caller's thread) submits batches; workers run `work` on them; one writer
// thread runs `write` on each, in order. At most 2N batches are in memory at once.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace fen960::cli {

template <typename Batch>
class OrderedPipeline {
public:
    using Step = std::function<void(Batch&)>;

    OrderedPipeline(unsigned jobs, Step work, Step write)
        : work_(std::move(work)), write_(std::move(write)), capacity_(2 * std::size_t{jobs})
    {
        for (unsigned i = 0; i < jobs; ++i)
            workers_.emplace_back([this] { run_worker(); });
        writer_ = std::thread([this] { run_writer(); });
    }

    // Joins the threads; an error already thrown by submit() or drain() is on its way out, not thrown again.
    ~OrderedPipeline() { stop(); }

    OrderedPipeline(const OrderedPipeline&) = delete;
    OrderedPipeline& operator=(const OrderedPipeline&) = delete;

    // Hands a batch over; blocks while too many are in flight. Rethrows a worker's or the writer's failure.
    void submit(Batch batch)
    {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [this] { return in_flight_ < capacity_ || failure_; });
        if (failure_)
            std::rethrow_exception(failure_);
        ++in_flight_;
        todo_.push_back(Job{submitted_++, std::move(batch)});
        work_ready_.notify_one();
    }

    // Waits until every batch submitted so far is written (for output that must follow them).
    void drain()
    {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [this] { return in_flight_ == 0 || failure_; });
        if (failure_)
            std::rethrow_exception(failure_);
    }

    // Waits for every batch to be written and stops the threads; rethrows a failure.
    void finish()
    {
        stop();
        if (failure_)
            std::rethrow_exception(failure_);
    }

private:
    struct Job {
        std::size_t number = 0;
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

    void run_worker()
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
                work_(job.batch);
            } catch (...) {
                fail(std::current_exception());
                return;
            }
            std::lock_guard lock(mutex_);
            done_.push_back(std::move(job));
            done_ready_.notify_all();
        }
    }

    void run_writer()
    {
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
                write_(job.batch);
            } catch (...) {
                fail(std::current_exception());
                return;
            }
            std::lock_guard lock(mutex_);
            --in_flight_;
            ++next;
            room_.notify_all();
            done_ready_.notify_all();
        }
    }

    Step work_;
    Step write_;
    std::size_t capacity_;
    std::mutex mutex_;
    std::condition_variable room_;
    std::condition_variable work_ready_;
    std::condition_variable done_ready_;
    std::deque<Job> todo_;
    std::vector<Job> done_;
    std::size_t in_flight_ = 0;
    std::size_t submitted_ = 0;
    bool closing_ = false;
    bool stopped_ = false;
    std::exception_ptr failure_;
    std::vector<std::thread> workers_;
    std::thread writer_;
};

} // namespace fen960::cli
