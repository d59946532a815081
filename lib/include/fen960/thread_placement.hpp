// Where a thread just started first runs: on the cores left to the starter, not behind it.
//
// Linux often queues a new thread on the core of the thread that started it, where it waits for the
// starter's time slice to end while another core idles: on the 2-core machine, a pgn --jobs 2 worker
// began 2.5-4 ms after it was started in 6 runs of 10 (0.1 ms in the others), a twentieth of the run.
// So each thread is bound to one of the other allowed cores at first, the next one in turn (spread,
// by the starter, once the threads exist), and lets itself go to all of them (release, on the
// thread, once spread has run: its starter holds a lock it takes first) before it sleeps or works.
// Elsewhere than Linux, and with one allowed core, both do nothing.
//
//   std::lock_guard lock(mutex_);                      // the threads take it first
//   threads_.emplace_back([this] { std::unique_lock lock(mutex_); placement_.release(); ... });
//   placement_.spread(threads_);              // or {&thread_, 1}
#pragma once

#include <cstddef>
#include <span>
#include <thread>

namespace fen960 {

class ThreadPlacement {
public:
    // Binds each of `threads` to an allowed core other than the calling thread's, the allowed cores
    // taken in turn; nothing when fewer than two are allowed or the system will not tell.
    void spread(std::span<std::thread> threads);

    // On a thread spread bound: to all the cores allowed when it was bound. Nothing otherwise.
    void release() const;

    // Whether spread bound the threads (they are to release themselves).
    bool spread_out() const { return spread_; }

private:
    bool spread_ = false;
    static constexpr std::size_t mask_size = 128;
    alignas(8) unsigned char allowed_[mask_size] = {}; // the cores allowed (a cpu_set_t), once spread
};

} // namespace fen960
