#include "fen960/thread_placement.hpp"

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <pthread.h>
#include <sched.h>

#include <cstring>
#endif

namespace fen960 {

#if defined(__linux__) && !defined(__EMSCRIPTEN__)

void ThreadPlacement::spread(std::span<std::thread> threads)
{
    static_assert(sizeof(cpu_set_t) <= mask_size);
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (threads.empty() || pthread_getaffinity_np(pthread_self(), sizeof allowed, &allowed) != 0 ||
        CPU_COUNT(&allowed) < 2)
        return;
    int const here = sched_getcpu(); // -1 when the system will not tell: any allowed core will do
    int core = here < 0 ? CPU_SETSIZE - 1 : here;
    for (std::thread& t : threads) {
        do
            core = (core + 1) % CPU_SETSIZE;
        while (!CPU_ISSET(core, &allowed) || core == here);
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(core, &one);
        // A binding the system refuses leaves the thread where it is; it still releases itself.
        pthread_setaffinity_np(t.native_handle(), sizeof one, &one);
    }
    std::memcpy(allowed_, &allowed, sizeof allowed);
    spread_ = true;
}

void ThreadPlacement::release() const
{
    if (!spread_)
        return;
    cpu_set_t allowed;
    std::memcpy(&allowed, allowed_, sizeof allowed);
    pthread_setaffinity_np(pthread_self(), sizeof allowed, &allowed);
}

#else

void ThreadPlacement::spread(std::span<std::thread>) {}

void ThreadPlacement::release() const
{
    static_cast<void>(allowed_); // (the mask of the Linux build)
}

#endif

} // namespace fen960
