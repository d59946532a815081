// The memory of the book index's tables (book_memory.hpp): on Linux a block of a megabyte or more is
// mapped on its own (mremap grows it without a copy, a fresh mapping is zero pages, MADV_HUGEPAGE asks
// for huge pages); a smaller one, and every block elsewhere, comes from malloc.
#include "fen960/book_memory.hpp"

#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace fen960 {

namespace detail {

namespace {

#if defined(__linux__)
constexpr std::size_t mapped_bytes = std::size_t{1} << 20; // blocks this large or larger are mapped

void* mapped(void* block, std::size_t bytes)
{
    if (block == MAP_FAILED)
        throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    // A hint: where the system has no huge pages for it, the block works as it is.
    static std::size_t const page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    madvise(block, (bytes + page - 1) / page * page, MADV_HUGEPAGE);
#endif
    return block;
}
#endif

void* allocated(void* block)
{
    if (!block)
        throw std::bad_alloc();
    return block;
}

} // namespace

void* book_resize(void* block, std::size_t old_bytes, std::size_t new_bytes)
{
    if (!new_bytes) {
        book_free(block, old_bytes);
        return nullptr;
    }
#if defined(__linux__)
    if (new_bytes >= mapped_bytes) {
        if (old_bytes >= mapped_bytes)
            return mapped(mremap(block, old_bytes, new_bytes, MREMAP_MAYMOVE), new_bytes);
        void* const bigger =
            mapped(mmap(nullptr, new_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), new_bytes);
        if (old_bytes)
            std::memcpy(bigger, block, old_bytes);
        std::free(block);
        return bigger;
    }
#endif
    (void)old_bytes;
    return allocated(std::realloc(block, new_bytes));
}

void* book_zeroed(std::size_t bytes)
{
    if (!bytes)
        return nullptr;
#if defined(__linux__)
    if (bytes >= mapped_bytes)
        return mapped(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), bytes);
#endif
    return allocated(std::calloc(bytes, 1));
}

void book_free(void* block, std::size_t bytes)
{
#if defined(__linux__)
    if (bytes >= mapped_bytes) {
        munmap(block, bytes);
        return;
    }
#endif
    (void)bytes;
    std::free(block);
}

} // namespace detail

} // namespace fen960
