#include "output_file.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fen960::cli {

namespace {

// The temporary files not yet committed, for the signal handler to remove: a list that only grows
// (nodes are never freed, only marked done), read by the handler without a lock. A run makes a node a
// file (a --split of 10,000 parts: 10,000 small nodes), so this stays small.
struct Pending {
    std::string path;
    std::atomic<bool> live{true};
    Pending* next = nullptr;
};
std::atomic<Pending*> pending_files{nullptr};

extern "C" void remove_pending_and_die(int signal)
{
    for (Pending* p = pending_files.load(); p; p = p->next)
        if (p->live.load())
            ::unlink(p->path.c_str());
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

Pending* register_pending(std::string path)
{
    static bool const handlers = [] {
        for (int s : {SIGINT, SIGTERM, SIGHUP})
            if (std::signal(s, SIG_IGN) != SIG_IGN) // a signal ignored by the caller (nohup) stays so
                std::signal(s, remove_pending_and_die);
        return true;
    }();
    (void)handlers;
    auto* p = new Pending; // never freed: the handler may read it at any time
    p->path = std::move(path);
    p->next = pending_files.load();
    pending_files.store(p);
    return p;
}

bool same_file(const struct stat& a, const struct stat& b)
{
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// The input's file status ("-": standard input's), or nothing when it has none.
std::optional<struct stat> input_status(const std::string& input)
{
    struct stat st {};
    if (input == "-" ? ::fstat(STDIN_FILENO, &st) != 0 : ::stat(input.c_str(), &st) != 0)
        return std::nullopt;
    return st;
}

std::string folder_of(const std::string& path)
{
    std::size_t const slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".") : slash == 0 ? std::string("/") : path.substr(0, slash);
}

std::string base_of(const std::string& path)
{
    std::size_t const slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

struct OutputFile::Temporary {
    Pending* pending = nullptr;
    int fd = -1;
};

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {}

OutputFile::~OutputFile()
{
    out_.reset(); // an unflushed buffer goes nowhere: the file is not committed
    if (!temporary_)
        return;
    if (temporary_->fd >= 0)
        ::close(temporary_->fd);
    ::unlink(temporary_->pending->path.c_str());
    temporary_->pending->live.store(false);
}

Output& OutputFile::out()
{
    if (out_)
        return *out_;
    if (temporary_)
        throw IoError(path_ + ": written after it was closed"); // a bug of the caller
    std::string name = folder_of(path_) + "/." + base_of(path_) + ".fen960-XXXXXX";
    // Registered before it exists, so that a signal between the two cannot leave it behind.
    Pending* pending = register_pending(name);
    int const fd = ::mkostemp(pending->path.data(), O_CLOEXEC);
    if (fd < 0) {
        pending->live.store(false);
        throw IoError("cannot write " + path_ + ": " + std::strerror(errno));
    }
    // The mode of the file replaced, else what open(2) would give a new one.
    struct stat st {};
    mode_t mode = 0;
    if (::stat(path_.c_str(), &st) == 0) {
        mode = st.st_mode & 07777;
    } else {
        mode_t const mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    ::fchmod(fd, mode);
    temporary_ = std::make_unique<Temporary>(Temporary{pending, fd});
    out_ = std::make_unique<Output>(fd);
    return *out_;
}

void OutputFile::close()
{
    if (!temporary_ || temporary_->fd < 0)
        return;
    try {
        out_->flush();
    } catch (const IoError& e) {
        throw IoError(path_ + ": " + e.what());
    }
    out_.reset();
    int const fd = temporary_->fd;
    temporary_->fd = -1;
    if (::close(fd) != 0)
        throw IoError("cannot write " + path_ + ": " + std::strerror(errno));
}

void OutputFile::commit()
{
    if (!temporary_)
        return;
    close();
    if (::rename(temporary_->pending->path.c_str(), path_.c_str()) != 0) {
        int const e = errno;
        ::unlink(temporary_->pending->path.c_str());
        temporary_->pending->live.store(false);
        temporary_.reset();
        throw IoError("cannot write " + path_ + ": " + std::strerror(e));
    }
    temporary_->pending->live.store(false);
    temporary_.reset();
}

std::optional<std::string> output_is_input(std::string_view what, const std::string& output,
                                           const std::vector<std::string>& inputs)
{
    struct stat out {};
    if (::stat(output.c_str(), &out) != 0)
        return std::nullopt; // not there yet: no input
    for (const std::string& input : inputs)
        if (std::optional<struct stat> const in = input_status(input); in && same_file(out, *in))
            return std::string(what) + " " + output + " is the input " + (input == "-" ? "(standard input)" : input) +
                   ": it would be overwritten";
    return std::nullopt;
}

std::optional<std::string> standard_output_is_input(const std::vector<std::string>& inputs)
{
    struct stat out {};
    if (::fstat(STDOUT_FILENO, &out) != 0 || !S_ISREG(out.st_mode))
        return std::nullopt;
    for (const std::string& input : inputs)
        if (std::optional<struct stat> const in = input_status(input);
            in && S_ISREG(in->st_mode) && same_file(out, *in))
            return "standard output is the input " + (input == "-" ? std::string("(standard input)") : input) +
                   ": it would be overwritten";
    return std::nullopt;
}

std::optional<std::string> check_record_inputs(const Inputs& inputs)
{
    // Standard input is read when neither records nor files are given.
    if (inputs.files.empty())
        return inputs.records.empty() ? standard_output_is_input({"-"}) : std::nullopt;
    return standard_output_is_input(inputs.files);
}

} // namespace fen960::cli
