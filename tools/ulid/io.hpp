// SPDX-License-Identifier: MIT
// tools/ulid/io.hpp: buffered output and streamed line input for the ulid tool.

#ifndef ULID_TOOLS_IO_HPP
#define ULID_TOOLS_IO_HPP

#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string_view>

#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

namespace ulid_cli {

/// Collects output in one 64 KiB block and hands it to fwrite whole: millions
/// of lines cost a few hundred writes and constant memory. The first failed
/// write is remembered (errno) and everything after it is dropped.
class output_buffer {
public:
    static constexpr std::size_t capacity = std::size_t{1} << 16;
    /// The most one record may reserve at once.
    static constexpr std::size_t max_record = 1024;

    explicit output_buffer(std::FILE* file) noexcept : file_(file) {}
    output_buffer(const output_buffer&) = delete;
    output_buffer& operator=(const output_buffer&) = delete;

    /// Room for at least `n` (at most max_record) characters; write them,
    /// then call commit() with the end of what was written.
    [[nodiscard]] char* reserve(std::size_t n) noexcept {
        if (capacity - size_ < n) flush();
        return buffer_.data() + size_;
    }

    /// Marks the characters up to `end` (inside the reserved room) as written.
    void commit(const char* end) noexcept { size_ = static_cast<std::size_t>(end - buffer_.data()); }

    /// Appends `text` (at most max_record characters).
    void append(std::string_view text) noexcept {
        char* p = reserve(text.size());
        std::memcpy(p, text.data(), text.size());
        commit(p + text.size());
    }

    /// Writes out what is buffered; returns false once any write has failed.
    bool flush() noexcept {
        if (size_ > 0 && error_ == 0) {
            errno = 0;
            if (std::fwrite(buffer_.data(), 1, size_, file_) != size_ || std::fflush(file_) != 0) {
                error_ = errno != 0 ? errno : EIO;
            }
        }
        size_ = 0;
        return error_ == 0;
    }

    /// The errno of the first failed write, or 0.
    [[nodiscard]] int error() const noexcept { return error_; }

private:
    std::FILE* file_;
    std::array<char, capacity> buffer_{};
    std::size_t size_ = 0;
    int error_ = 0;
};

/// Reads standard input line by line in constant memory, whatever the line
/// lengths: a line longer than `kept` characters keeps only its first `kept`
/// characters plus its full length. Reads with the system's read() rather
/// than stdio, so that it returns whatever has arrived and the caller can
/// flush its output before the next read blocks (interactive use, slow pipes)
/// while large inputs still go through in 64 KiB gulps.
class line_reader {
public:
    static constexpr std::size_t kept = 128;

    /// One line without its '\n'; `text` holds at most `kept` characters,
    /// `length` is the full length and `last` its last character ('\0' when
    /// empty), so that a '\r' ending a long line can be recognised.
    struct line {
        std::string_view text;
        std::size_t length = 0;
        char last = '\0';
    };

    /// Waits for more input when the block is used up; `before_read` runs
    /// first (to flush output). Returns false at end of input or on a read
    /// error (see error()).
    template <class BeforeRead>
    bool next(line& out, BeforeRead&& before_read) {
        current_size_ = 0;
        out.last = '\0';
        std::size_t length = 0;
        for (;;) {
            if (begin_ == end_) {
                if (eof_) break;
                before_read();
                if (!fill()) {
                    eof_ = true;
                    break;
                }
            }
            const char* start = buffer_.data() + begin_;
            const std::size_t available = end_ - begin_;
            const void* found = std::memchr(start, '\n', available);
            const std::size_t take =
                found != nullptr ? static_cast<std::size_t>(static_cast<const char*>(found) - start) : available;
            keep(start, take);
            if (take > 0) out.last = start[take - 1];
            length += take;
            begin_ += take;
            if (found != nullptr) {
                ++begin_;  // the '\n'
                out.text = std::string_view(current_.data(), current_size_);
                out.length = length;
                return true;
            }
        }
        // The last line may lack its '\n'.
        if (length == 0) return false;
        out.text = std::string_view(current_.data(), current_size_);
        out.length = length;
        return true;
    }

    /// The errno of a failed read, or 0.
    [[nodiscard]] int error() const noexcept { return error_; }

private:
    void keep(const char* p, std::size_t n) noexcept {
        const std::size_t room = kept - current_size_;
        const std::size_t copy = n < room ? n : room;
        std::memcpy(current_.data() + current_size_, p, copy);
        current_size_ += copy;
    }

    bool fill() noexcept {
        for (;;) {
#if defined(_WIN32)
            const int got = ::_read(0, buffer_.data(), static_cast<unsigned>(buffer_.size()));
#else
            const ssize_t got = ::read(0, buffer_.data(), buffer_.size());
#endif
            if (got > 0) {
                begin_ = 0;
                end_ = static_cast<std::size_t>(got);
                return true;
            }
            if (got == 0) return false;
            if (errno == EINTR) continue;
            error_ = errno;
            return false;
        }
    }

    std::array<char, std::size_t{1} << 16> buffer_{};
    std::size_t begin_ = 0;
    std::size_t end_ = 0;
    bool eof_ = false;
    int error_ = 0;
    std::array<char, kept> current_{};
    std::size_t current_size_ = 0;
};

}  // namespace ulid_cli

#endif  // ULID_TOOLS_IO_HPP
