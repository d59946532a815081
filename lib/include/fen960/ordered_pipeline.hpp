// Work in batches on N threads, handed back in submission order: the driver behind --jobs (PgnReader
// and the program's record-per-line commands). The caller's thread submits batches and takes them back
// worked, oldest first; it decides how many are in flight (submit never blocks), so memory stays
// bounded by what it submits, and nothing runs on a thread of its own but `work`.
//
//   fen960::OrderedPipeline<std::unique_ptr<Batch>> pipeline(jobs, [](auto& batch, unsigned worker) { ... });
//   while (read(batch)) {
//       if (pipeline.in_flight() >= 2 * jobs)
//           write(pipeline.take());
//       pipeline.submit(std::move(batch));
//       while (pipeline.ready())                 // what is done already, without waiting
//           write(pipeline.take());
//   }
//   while (pipeline.in_flight())
//       write(pipeline.take());
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace fen960 {

// The number of threads a job count of 0 means: one per core.
inline unsigned default_jobs()
{
    unsigned const n = std::thread::hardware_concurrency();
    return n ? n : 1;
}

template <typename Batch>
class OrderedPipeline {
public:
    // `work` runs on worker `worker` (0..jobs-1), so that each thread can keep state of its own.
    using Work = std::function<void(Batch&, unsigned worker)>;

    // A thread the system will not start (std::system_error) stops those started and is thrown.
    OrderedPipeline(unsigned jobs, Work work) : work_(std::move(work))
    {
        try {
            for (unsigned i = 0; i < jobs; ++i)
                workers_.emplace_back([this, i] { run_worker(i); });
        } catch (...) {
            stop();
            throw;
        }
    }

    // Stops the workers; batches still in flight are dropped.
    ~OrderedPipeline() { stop(); }

    OrderedPipeline(const OrderedPipeline&) = delete;
    OrderedPipeline& operator=(const OrderedPipeline&) = delete;

    void submit(Batch batch)
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(Job{std::move(batch), false, nullptr});
        todo_.push_back(&jobs_.back());
        work_ready_.notify_one();
    }

    // Submitted and not taken back yet. Like submit and take, for the submitting thread only.
    std::size_t in_flight() const { return jobs_.size(); }

    // Whether a batch is in flight and the oldest one is worked (take() would not wait).
    bool ready()
    {
        std::lock_guard lock(mutex_);
        return !jobs_.empty() && jobs_.front().done;
    }

    // The oldest batch in flight, once worked (waits for it); rethrows what its work threw. Only
    // while in_flight() is not 0.
    Batch take()
    {
        std::unique_lock lock(mutex_);
        done_ready_.wait(lock, [this] { return jobs_.front().done; });
        Job job = std::move(jobs_.front());
        jobs_.pop_front();
        if (job.failure)
            std::rethrow_exception(job.failure);
        return std::move(job.batch);
    }

private:
    void stop()
    {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        work_ready_.notify_all();
        for (auto& w : workers_)
            w.join();
    }

    struct Job {
        Batch batch;
        bool done = false;
        std::exception_ptr failure;
    };

    void run_worker(unsigned worker)
    {
        std::unique_lock lock(mutex_);
        for (;;) {
            work_ready_.wait(lock, [this] { return !todo_.empty() || closing_; });
            if (closing_)
                return;
            Job* job = todo_.front();
            todo_.pop_front();
            lock.unlock();
            try {
                work_(job->batch, worker);
            } catch (...) {
                job->failure = std::current_exception();
            }
            lock.lock();
            job->done = true;
            done_ready_.notify_all();
        }
    }

    Work work_;
    std::mutex mutex_;
    std::condition_variable work_ready_;
    std::condition_variable done_ready_;
    std::deque<Job> jobs_;   // in submission order; a deque keeps each job in place while others come and go
    std::deque<Job*> todo_;  // not started yet
    bool closing_ = false;
    std::vector<std::thread> workers_;
};

} // namespace fen960
