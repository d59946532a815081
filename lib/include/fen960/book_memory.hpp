// The memory of the book index's tables (book.hpp's BookIndex), apart from the index: book.cpp holds
// what tells positions apart, book_memory.cpp how the tables get their memory.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>

namespace fen960 {

namespace detail {

// Memory for the index's tables. A block of a megabyte or more is mapped from the system on its own,
// where it can: it grows by remapping its pages instead of copying them, a zeroed one is
// zeroed by the system page by page as it is first touched, and it asks for huge pages (a few page
// faults for the index's tens of megabytes instead of thousands, and fewer TLB misses). A smaller one
// comes from malloc.
void* book_resize(void* block, std::size_t old_bytes, std::size_t new_bytes); // keeps the first old_bytes
void* book_zeroed(std::size_t bytes);
void book_free(void* block, std::size_t bytes);

// An array of trivially copyable values in such memory: a vector's push_back and [], and a zeroed one of
// a given size.
template <typename T>
class BookArray {
    static_assert(std::is_trivially_copyable_v<T>);

public:
    BookArray() = default;
    explicit BookArray(std::size_t zeroed)
        : data_(static_cast<T*>(book_zeroed(zeroed * sizeof(T)))), size_(zeroed), capacity_(zeroed)
    {
    }
    BookArray(const BookArray& other)
        : data_(static_cast<T*>(book_resize(nullptr, 0, other.capacity_ * sizeof(T)))), size_(other.size_),
          capacity_(other.capacity_)
    {
        if (size_)
            std::memcpy(static_cast<void*>(data_), other.data_, size_ * sizeof(T));
    }
    BookArray(BookArray&& other) noexcept { swap(other); }
    BookArray& operator=(BookArray other) noexcept
    {
        swap(other);
        return *this;
    }
    ~BookArray() { book_free(data_, capacity_ * sizeof(T)); }

    void swap(BookArray& other) noexcept
    {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
        std::swap(capacity_, other.capacity_);
    }

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return capacity_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    T& back() { return data_[size_ - 1]; }

    void push_back(const T& value)
    {
        if (size_ == capacity_) [[unlikely]] {
            std::size_t const capacity = capacity_ ? 2 * capacity_ : 1024;
            data_ = static_cast<T*>(book_resize(data_, capacity_ * sizeof(T), capacity * sizeof(T)));
            capacity_ = capacity;
        }
        data_[size_++] = value;
    }

private:
    T* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

} // namespace detail

} // namespace fen960
