// Input files, plain or compressed: the format told by the magic bytes, the decoder fed from the raw
// bytes (on the reader's thread or on one of its own, a few chunks ahead), and the end told apart from
// a cut: data that stops inside a frame is "truncated", data a decoder refuses is "corrupt", and both
// end the input at the compressed byte where the decoder stopped.
#include "fen960/input.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/decoder.hpp"
#include "fen960/names.hpp"
#include "fen960/thread_placement.hpp"

namespace fen960 {

namespace {

// A magic: for each byte, the range it must lie in.
struct Magic {
    Compression format;
    std::size_t size;
    std::array<std::uint8_t, 6> low;
    std::array<std::uint8_t, 6> high;
};

constexpr std::array<Magic, 5> magics{{
    {Compression::zstd, 4, {0x28, 0xB5, 0x2F, 0xFD}, {0x28, 0xB5, 0x2F, 0xFD}},
    {Compression::zstd, 4, {0x50, 0x2A, 0x4D, 0x18}, {0x5F, 0x2A, 0x4D, 0x18}}, // a skippable frame
    {Compression::gzip, 2, {0x1F, 0x8B}, {0x1F, 0x8B}},
    {Compression::bzip2, 4, {'B', 'Z', 'h', '1'}, {'B', 'Z', 'h', '9'}},
    {Compression::xz, 6, {0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00}, {0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00}},
}};

constexpr std::size_t input_block = std::size_t{1} << 17; // compressed bytes read at a time
constexpr std::size_t chunk_size = std::size_t{1} << 17;  // decompressed bytes a thread hands on at a time
constexpr std::size_t chunk_count = 4;                    // ... and how many it may be ahead
static_assert(input_block >= detail::Decoder::wait_max);

// A decoder fed from the raw bytes, on whichever thread calls decode().
class Decoding {
public:
    // `head`: the input's first bytes, read while telling its format.
    Decoding(ByteSource& raw, Compression format, std::string_view head)
        : raw_(raw), format_(format), decoder_(detail::make_decoder(format)),
          input_(std::max(input_block, head.size())), in_end_(head.size()), raw_total_(head.size())
    {
        std::memcpy(input_.data(), head.data(), head.size());
    }

    // Fills [out, out + size) as far as the data goes; less only at the end or the damage.
    std::size_t decode(char* out, std::size_t size)
    {
        char* o = out;
        char* const end = out + size;
        while (o < end && !finished_) {
            if (in_pos_ == in_end_ && !raw_eof_)
                refill();
            const char* i = input_.data() + in_pos_;
            const char* const i_before = i;
            char* const o_before = o;
            bool const ok = decoder_->decode(i, input_.data() + in_end_, o, end, raw_eof_);
            in_pos_ = static_cast<std::size_t>(i - input_.data());
            if (!ok)
                stop(decoder_->message());
            else if (i != i_before || o != o_before)
                continue;
            else if (!raw_eof_)
                refill(); // the decoder needs more than the bytes it has
            else if (in_pos_ != in_end_)
                stop("corrupt " + std::string(name_of(compression_names, format_)) + " data (bytes it cannot read)");
            else if (!decoder_->complete())
                stop("truncated " + std::string(name_of(compression_names, format_)) + " data");
            else
                finished_ = true;
        }
        return static_cast<std::size_t>(o - out);
    }

    bool finished() const { return finished_; }
    const InputDamage* damage() const { return damage_ ? &*damage_ : nullptr; }
    // The raw bytes the decoder has taken.
    std::uint64_t consumed() const { return raw_total_ - (in_end_ - in_pos_); }

private:
    void refill()
    {
        if (in_pos_ > 0) { // not while a decoder waits for more, read a few bytes at a time
            std::memmove(input_.data(), input_.data() + in_pos_, in_end_ - in_pos_);
            in_end_ -= in_pos_;
            in_pos_ = 0;
        }
        if (in_end_ == input_.size())
            throw std::logic_error("decoder: no progress on a full input buffer");
        std::size_t const n = raw_.read(input_.data() + in_end_, input_.size() - in_end_);
        in_end_ += n;
        raw_total_ += n;
        raw_eof_ = n == 0;
    }

    void stop(std::string message)
    {
        damage_ = InputDamage{format_, consumed(), std::move(message)};
        finished_ = true;
    }

    ByteSource& raw_;
    Compression format_;
    std::unique_ptr<detail::Decoder> decoder_;
    std::vector<char> input_;
    std::size_t in_pos_ = 0;
    std::size_t in_end_;
    std::uint64_t raw_total_;
    bool raw_eof_ = false;
    bool finished_ = false;
    std::optional<InputDamage> damage_;
};

// Decoded bytes on their way to the reader. The decoder fills whole chunks whatever the sizes of the
// reader's reads, so that what it hands on, and where a damaged stream stops, does not depend on them
// (a call that fails may drop what it decoded; zstd's calls end at a block's end for that reason).
struct Chunk {
    std::unique_ptr<char[]> bytes; // allocated by the first fill (plain input needs none)
    std::size_t size = 0;
    std::size_t pos = 0;
    std::uint64_t raw_end = 0; // raw bytes taken once it was decoded

    bool used_up() const { return pos == size; }
    void fill(Decoding& decoding)
    {
        if (!bytes)
            bytes.reset(new char[chunk_size]);
        size = decoding.decode(bytes.get(), chunk_size);
        pos = 0;
        raw_end = decoding.consumed();
    }
    std::size_t take(char* buffer, std::size_t n)
    {
        n = std::min(n, size - pos);
        std::memcpy(buffer, bytes.get() + pos, n);
        pos += n;
        return n;
    }
};

// A Decoding on a thread of its own, chunk_count chunks ahead of the reader at most; what the thread
// threw comes out of read() once the chunks before it are read.
class DecodeThread {
public:
    explicit DecodeThread(std::unique_ptr<Decoding> decoding) : decoding_(std::move(decoding)), chunks_(chunk_count)
    {
        for (Chunk& c : chunks_)
            free_.push_back(&c);
        // The thread waits for the lock, then leaves the core it was spread to.
        std::lock_guard<std::mutex> const lock(mutex_);
        thread_ = std::thread([this] { run(); });
        placement_.spread({&thread_, 1});
    }
    ~DecodeThread()
    {
        {
            std::lock_guard<std::mutex> const lock(mutex_);
            stop_ = true;
        }
        free_ready_.notify_all();
        thread_.join();
    }
    DecodeThread(const DecodeThread&) = delete;
    DecodeThread& operator=(const DecodeThread&) = delete;

    std::size_t read(char* buffer, std::size_t size)
    {
        while (!current_ || current_->used_up()) {
            std::unique_lock<std::mutex> lock(mutex_);
            if (current_) {
                free_.push_back(current_);
                current_ = nullptr;
                free_ready_.notify_one();
            }
            chunk_ready_.wait(lock, [this] { return !ready_.empty() || ended_; });
            if (ready_.empty()) {
                if (error_)
                    std::rethrow_exception(error_);
                at_end_ = true;
                return 0;
            }
            current_ = ready_.front();
            ready_.pop_front();
            raw_bytes_ = current_->raw_end;
        }
        return current_->take(buffer, size);
    }

    // Once read() returned 0: the thread has ended, and what it found is the reader's to see.
    const InputDamage* damage() const { return at_end_ ? decoding_->damage() : nullptr; }
    std::uint64_t raw_bytes() const { return raw_bytes_; }

private:
    void run()
    {
        {
            std::lock_guard<std::mutex> const lock(mutex_); // once the reader spread this thread
            placement_.release();
        }
        try {
            for (bool end = false; !end;) {
                Chunk* c = nullptr;
                {
                    std::unique_lock<std::mutex> lock(mutex_);
                    free_ready_.wait(lock, [this] { return !free_.empty() || stop_; });
                    if (stop_)
                        return;
                    c = free_.back();
                    free_.pop_back();
                }
                c->fill(*decoding_);
                end = decoding_->finished();
                {
                    std::lock_guard<std::mutex> const lock(mutex_);
                    (c->size ? ready_.push_back(c) : free_.push_back(c));
                    ended_ = end;
                }
                chunk_ready_.notify_one();
            }
        } catch (...) {
            {
                std::lock_guard<std::mutex> const lock(mutex_);
                error_ = std::current_exception();
                ended_ = true;
            }
            chunk_ready_.notify_one();
        }
    }

    std::unique_ptr<Decoding> decoding_; // the thread's alone until it ended
    std::vector<Chunk> chunks_;
    std::mutex mutex_;
    std::condition_variable free_ready_;
    std::condition_variable chunk_ready_;
    std::vector<Chunk*> free_;
    std::deque<Chunk*> ready_;
    bool ended_ = false;
    bool stop_ = false;
    std::exception_ptr error_;
    Chunk* current_ = nullptr; // the reader's, as are the next two
    std::uint64_t raw_bytes_ = 0;
    bool at_end_ = false;
    std::thread thread_;
    ThreadPlacement placement_; // of thread_, on a core other than the reader's at first
};

} // namespace

std::optional<Compression> detect_compression(std::string_view head, bool at_end)
{
    bool undecided = false;
    for (const Magic& m : magics) {
        std::size_t const n = std::min(head.size(), m.size);
        bool matches = true;
        for (std::size_t i = 0; matches && i < n; ++i) {
            auto const c = static_cast<std::uint8_t>(head[i]);
            matches = c >= m.low[i] && c <= m.high[i];
        }
        if (matches && n == m.size)
            return m.format;
        undecided = undecided || (matches && !at_end);
    }
    return undecided ? std::nullopt : std::optional<Compression>(Compression::none);
}

std::size_t FdSource::read(char* buffer, std::size_t size)
{
    for (;;) {
        ssize_t const n = ::read(fd_, buffer, size);
        if (n >= 0)
            return static_cast<std::size_t>(n);
        if (errno != EINTR)
            throw InputError(name_ + ": read error: " + std::strerror(errno));
    }
}

struct DecompressingSource::Impl {
    ByteSource& raw;
    DecompressOptions options;
    Compression format = Compression::none;
    bool started = false;
    // Plain input: the bytes read while telling the format, still to hand on, then the raw bytes.
    std::string pending;
    std::size_t pending_at = 0;
    std::uint64_t raw_total = 0;
    // Compressed input: decoded here, a chunk at a time, or on the thread.
    std::unique_ptr<Decoding> decoding;
    Chunk chunk;
    std::unique_ptr<DecodeThread> thread;

    Impl(ByteSource& r, DecompressOptions o) : raw(r), options(o) {}

    std::size_t raw_read(char* buffer, std::size_t size)
    {
        std::size_t const n = raw.read(buffer, size);
        raw_total += n;
        return n;
    }

    // The first read goes to the caller's buffer, so that plain input is handed on without a copy;
    // while those bytes could begin a magic, more are read after them.
    std::size_t start(char* buffer, std::size_t size)
    {
        started = true;
        std::size_t const n = raw_read(buffer, size);
        std::optional<Compression> found = detect_compression(std::string_view(buffer, n), n == 0);
        if (found == Compression::none)
            return n;
        std::string head(buffer, n);
        while (!found) {
            char more[16];
            std::size_t const m = raw_read(more, sizeof more);
            head.append(more, m);
            found = detect_compression(head, m == 0);
        }
        format = *found;
        if (format == Compression::none) {
            pending = std::move(head);
            return plain(buffer, size);
        }
        decoding = std::make_unique<Decoding>(raw, format, head);
        if (options.thread)
            thread = std::make_unique<DecodeThread>(std::move(decoding));
        return decoded(buffer, size);
    }

    std::size_t plain(char* buffer, std::size_t size)
    {
        if (pending_at == pending.size())
            return raw_read(buffer, size);
        std::size_t const n = std::min(size, pending.size() - pending_at);
        std::memcpy(buffer, pending.data() + pending_at, n);
        pending_at += n;
        return n;
    }

    std::size_t decoded(char* buffer, std::size_t size)
    {
        if (thread)
            return thread->read(buffer, size);
        if (chunk.used_up() && !decoding->finished())
            chunk.fill(*decoding);
        return chunk.take(buffer, size);
    }
};

DecompressingSource::DecompressingSource(ByteSource& raw, DecompressOptions options)
    : impl_(std::make_unique<Impl>(raw, options))
{
}

DecompressingSource::~DecompressingSource() = default;

std::size_t DecompressingSource::read(char* buffer, std::size_t size)
{
    Impl& s = *impl_;
    if (!s.started)
        return s.start(buffer, size);
    return s.format == Compression::none ? s.plain(buffer, size) : s.decoded(buffer, size);
}

const InputDamage* DecompressingSource::damage() const
{
    const Impl& s = *impl_;
    return s.thread ? s.thread->damage() : s.decoding ? s.decoding->damage() : nullptr;
}

Compression DecompressingSource::compression() const
{
    return impl_->format;
}

std::uint64_t DecompressingSource::raw_bytes() const
{
    const Impl& s = *impl_;
    if (s.thread)
        return s.thread->raw_bytes();
    if (s.decoding)
        return s.chunk.raw_end;
    return s.raw_total - (s.pending.size() - s.pending_at);
}

namespace {

std::uint64_t file_size(int fd)
{
    struct stat st {};
    return ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? static_cast<std::uint64_t>(st.st_size) : 0;
}

int open_file(const std::string& path)
{
    int const fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw InputError("cannot open " + path + ": " + std::strerror(errno));
    // A directory opens, but its first read would fail with a less plain message.
    if (struct stat st {}; ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw InputError("cannot open " + path + ": " + std::strerror(EISDIR));
    }
    return fd;
}

} // namespace

InputFile::InputFile(const std::string& path, DecompressOptions options)
    : name_(path), fd_{open_file(path)}, size_(file_size(fd_.fd)), raw_(fd_.fd, name_), decoded_(raw_, options)
{
}

InputFile::InputFile(int fd, std::string name, DecompressOptions options)
    : name_(std::move(name)), fd_{fd, false}, size_(file_size(fd)), raw_(fd, name_), decoded_(raw_, options)
{
}

InputFile::OwnedFd::~OwnedFd()
{
    if (owned)
        ::close(fd);
}

std::size_t StringSource::read(char* buffer, std::size_t size)
{
    std::size_t const n = std::min({size, block_, text_.size()});
    std::memcpy(buffer, text_.data(), n);
    text_.remove_prefix(n);
    return n;
}

std::unique_ptr<InputFile> open_input(const std::string& name)
{
    return name == "-" ? std::make_unique<InputFile>(STDIN_FILENO, name) : std::make_unique<InputFile>(name);
}

} // namespace fen960
