// Work in batches on threads, handed back in submission order: the driver behind --jobs (PgnReader
// and the program's record-per-line commands). The caller's thread submits batches and takes them back
// worked, oldest first; it decides how many are in flight (submit never blocks), so memory stays
// bounded by what it submits, and nothing runs on a thread of its own but `work`. With --jobs N the
// pipeline has N - 1 threads and the caller works too, while it would wait.
//
//   fen960::OrderedPipeline<std::unique_ptr<Batch>> pipeline(jobs - 1, [](auto& batch, unsigned worker) { ... });
//   while (read(batch)) {
//       pipeline.submit(std::move(batch));
//       while (pipeline.in_flight() >= 4 * jobs)  // what is done already, else a batch to work, else wait
//           if (pipeline.ready() || !pipeline.work_one(jobs - 1))
//               write(pipeline.take());
//   }
//   pipeline.finish();  // nothing more comes: the threads end (and `leave`) as the queue empties
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

#include "fen960/thread_placement.hpp"

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
    // Runs on a thread as it ends (its state let go there, while the caller's thread goes on).
    using Leave = std::function<void(unsigned worker)>;

    // A thread the system will not start (std::system_error) stops those started and is thrown.
    OrderedPipeline(unsigned jobs, Work work, Leave leave = {}) : work_(std::move(work)), leave_(std::move(leave))
    {
        try {
            std::lock_guard lock(mutex_); // each thread waits for it, then leaves the core it was spread to
            for (unsigned i = 0; i < jobs; ++i)
                workers_.emplace_back([this, i] { run_worker(i); });
            placement_.spread(workers_);
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

    // Nothing more will be submitted (submit() is not called again: a batch after it might find no
    // thread): each thread ends once no batch waits to be started, by itself (a thread left to sleep
    // until the destructor wakes it took up to milliseconds to wake and end), running `leave` while
    // the caller takes the last batches back.
    void finish()
    {
        {
            std::lock_guard lock(mutex_);
            finishing_ = true;
        }
        work_ready_.notify_all();
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

    // The oldest batch not started, worked on the caller's thread as worker `worker`, when more wait
    // than the pipeline has threads (each of them finds one when it is done); false otherwise. A
    // pipeline of N - 1 threads and a caller that works while the oldest batch is not done has N
    // threads working, where N threads and a caller that only waited (reading and writing a little)
    // were one thread more than N cores: the caller's turns took a worker's core.
    bool work_one(unsigned worker)
    {
        std::unique_lock lock(mutex_);
        if (todo_.size() <= workers_.size())
            return false;
        run_job(lock, worker);
        return true;
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

    // The oldest job not started, worked with `lock` released.
    void run_job(std::unique_lock<std::mutex>& lock, unsigned worker)
    {
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
    }

    struct Job {
        Batch batch;
        bool done = false;
        std::exception_ptr failure;
    };

    void run_worker(unsigned worker)
    {
        std::unique_lock lock(mutex_);
        placement_.release();
        for (;;) {
            work_ready_.wait(lock, [this] { return !todo_.empty() || closing_ || finishing_; });
            if (closing_ || todo_.empty())
                break;
            run_job(lock, worker);
            done_ready_.notify_all();
        }
        lock.unlock();
        if (leave_)
            leave_(worker);
    }

    Work work_;
    Leave leave_;
    std::mutex mutex_;
    std::condition_variable work_ready_;
    std::condition_variable done_ready_;
    std::deque<Job> jobs_;   // in submission order; a deque keeps each job in place while others come and go
    std::deque<Job*> todo_;  // not started yet
    bool closing_ = false;
    bool finishing_ = false; // finish() was called
    std::vector<std::thread> workers_;
    ThreadPlacement placement_; // of workers_, spread over the cores other than the caller's at first
};

} // namespace fen960
