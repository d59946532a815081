// Where the bytes of an input come from, plain or compressed. Every reader of the library and of the
// program reads a ByteSource; an input file is read through a DecompressingSource, which tells the
// format by the first bytes (never by the file's name) and decompresses zstd, gzip, bzip2 and xz as
// it goes, so that memory holds the decoder's window and a few buffers, never the file.
//
//   fen960::InputFile file("lichess_db_chess960_rated_2024-01.pgn.zst");   // or InputFile(fd, name)
//   fen960::GameSplitter games(file);                                      // or any reader of a ByteSource
//   ...
//   if (const fen960::InputDamage* d = file.damage())                      // ended early: cut or corrupt
//       report(file.name(), d->offset, d->message);
//
// A damaged stream (a partial download, a flipped bit) ends the input where the damage is: every byte
// before it is read as usual, then read() returns 0 and damage() says what and where. Readers that
// keep whole records or games use it to tell a last record cut short from a complete one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "fen960/modes.hpp"

namespace fen960 {

struct InputDamage;

// Where bytes come from: a file, a pipe, a string, a decompressor.
class ByteSource {
public:
    virtual ~ByteSource() = default;
    // Reads up to `size` (> 0) bytes into `buffer`; returns 0 only at the end of the input. A read the
    // system fails throws InputError.
    virtual std::size_t read(char* buffer, std::size_t size) = 0;
    // Once read() returned 0: why the input ended before its true end, or nullptr when it did not.
    virtual const InputDamage* damage() const { return nullptr; }
};

// The bytes of a string, in blocks of at most `block` bytes (tests use small blocks to exercise
// the readers' refills).
class StringSource : public ByteSource {
public:
    explicit StringSource(std::string_view text, std::size_t block = std::size_t{1} << 20)
        : text_(text), block_(block)
    {
    }
    std::size_t read(char* buffer, std::size_t size) override;

private:
    std::string_view text_;
    std::size_t block_;
};

// An input that cannot be read on (an error of the system: a missing file, EIO): thrown.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// An input that ended early: its compressed data stops or goes wrong at `offset`.
struct InputDamage {
    Compression format = Compression::none;
    std::uint64_t offset = 0; // compressed bytes the decoder had taken when it stopped (corrupt zstd
                              // data: up to the end of the damaged block, checksum or frame header)
    std::string message;      // "truncated zstd data", "corrupt gzip data (invalid block type)"
};

// Magic bytes, at the start of an input:
//   zstd  28 B5 2F FD, or a skippable frame 5? 2A 4D 18 (lichess's files begin with one)
//   gzip  1F 8B
//   bzip2 42 5A 68 ('BZh') and a block size '1'..'9'
//   xz    FD 37 7A 58 5A 00
// The format `head` (an input's first bytes) begins with, none for plain bytes, or std::nullopt while
// `head` is a proper prefix of a magic and more of the input may follow (`at_end` false).
std::optional<Compression> detect_compression(std::string_view head, bool at_end);

// The bytes of a file descriptor (not closed here); `name` goes into the message of a failed read.
class FdSource : public ByteSource {
public:
    FdSource(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}
    std::size_t read(char* buffer, std::size_t size) override;

private:
    int fd_;
    std::string name_;
};

struct DecompressOptions {
    // Decompress on a thread of its own, a few buffers ahead of the reader (plain input never starts one).
    bool thread = true;
};

// `raw` read as plain bytes: decompressed when it begins with the magic bytes of a format above, through
// every concatenated frame, member or stream to its end; handed on as it is otherwise (no copy after the
// first bytes). `raw` must outlive this source; it is read only from read() or the thread.
class DecompressingSource : public ByteSource {
public:
    explicit DecompressingSource(ByteSource& raw, DecompressOptions options = {});
    ~DecompressingSource() override;
    DecompressingSource(const DecompressingSource&) = delete;
    DecompressingSource& operator=(const DecompressingSource&) = delete;

    std::size_t read(char* buffer, std::size_t size) override;
    const InputDamage* damage() const override;

    // The input's format, once read() was called (none before).
    Compression compression() const;
    // The bytes of `raw` behind what read() has handed on so far: how far into a file on disk the reader is.
    std::uint64_t raw_bytes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// An input of a program: a file by its path (opened here, closed at the end) or a file descriptor (not
// closed), read through a DecompressingSource.
class InputFile : public ByteSource {
public:
    // Throws InputError ("cannot open PATH: REASON").
    explicit InputFile(const std::string& path, DecompressOptions options = {});
    InputFile(int fd, std::string name, DecompressOptions options = {});
    ~InputFile() override = default;
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    std::size_t read(char* buffer, std::size_t size) override { return decoded_.read(buffer, size); }
    const InputDamage* damage() const override { return decoded_.damage(); }
    Compression compression() const { return decoded_.compression(); }
    std::uint64_t raw_bytes() const { return decoded_.raw_bytes(); }

    const std::string& name() const { return name_; }
    // The size of the file on disk when it is a regular file, else 0 (a pipe, a terminal: unknown).
    std::uint64_t size() const { return size_; }

private:
    // Closed after the decoder stopped (members go in reverse order).
    struct OwnedFd {
        int fd;
        bool owned = true;
        ~OwnedFd();
    };

    std::string name_;
    OwnedFd fd_;
    std::uint64_t size_;
    FdSource raw_;
    DecompressingSource decoded_;
};

// An input of a program by its name: a file, plain or compressed, or standard input for "-". Throws
// InputError ("cannot open NAME: REASON").
std::unique_ptr<InputFile> open_input(const std::string& name);

} // namespace fen960
