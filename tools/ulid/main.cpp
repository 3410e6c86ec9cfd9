// SPDX-License-Identifier: MIT
// tools/ulid/main.cpp: the `ulid` command-line tool. Generates ULIDs, and
// checks, inspects and converts the ones it is given. Usage below and in
// docs/cli.md; modelled on oklog/ulid's cmd/ulid.

#include "io.hpp"
#include "options.hpp"
#include "time_text.hpp"

#include <ulid/facade.hpp>
#include <ulid/ulid.hpp>

#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

namespace ulid_cli {
namespace {

/// --help: the usage lines, the options (from option_table), then the rules.
constexpr const char* usage_head =
    R"(Usage: ulid [OPTION]...                 print a new ULID
       ulid [OPTION]... -n N            print N new ULIDs, strictly increasing
       ulid [OPTION]... --prefix P      print a new TypeID (P_01h455vb4pex5vsknk084sn02q)
       ulid [OPTION]... ID...           check IDs: a ULID prints its time, a UUID its ULID,
                                        a TypeID its prefix, time, UUID and ULID
       ulid [OPTION]... --prefix P ID...
                                        print each ID as a TypeID under P
       ulid [OPTION]... -               the same for lines read from standard input

)";

constexpr const char* usage_tail =
    R"(
An option that cannot apply (-n while parsing, -f while generating, --uuid
with -f, ...) is refused, never ignored. An ID is a ULID (26 Crockford
base32 characters, either case), a TypeID when it has a '_' (lower case
only, the last '_' ends the prefix), or else a UUID in the spellings
PostgreSQL accepts (32 hex digits, '{}' and '-' allowed); options that take
an ID take all three.
Standard input: each line gives one line of output, on standard output, or
on standard error as "ulid: line N: 'input': reason" when invalid (a blank
line too); a '\r' before the '\n', or at the very end of the input, is part
of the line end.
Exit status: 0 success; 1 an invalid input (the others are still processed)
or a read or write failure; 2 a bad command line (nothing done).
Manual: docs/cli.md
)";

/// The environment variable that holds the facade key when no
/// --facade-key-file is given.
constexpr const char* facade_key_variable = "ULID_FACADE_KEY";

/// Overwrites `n` bytes at `p` with zeros in a way the compiler keeps (the
/// key's copies in buffers read from a file or the environment).
void wipe(void* p, std::size_t n) noexcept {
    auto* volatile bytes = static_cast<volatile unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) bytes[i] = 0;
}

/// The key of 32 hexadecimal digits (surrounding blanks and a line end
/// allowed, as a file written by `echo` has them) or of exactly 16 bytes
/// (`raw`, for a file only). Returns "" or why not, as explain() words it
/// for IDs (the length found, or the position of the first bad character)
/// but never showing a character: each is part of the key.
std::string parse_facade_key(std::string_view text, bool raw, ulid::facade_key& out) {
    if (raw && text.size() == 16) {
        ulid::byte_array bytes{};
        std::memcpy(bytes.data(), text.data(), bytes.size());
        out = ulid::facade_key::from_bytes(bytes);
        wipe(bytes.data(), bytes.size());
        return {};
    }
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && blank(text.back())) text.remove_suffix(1);
    const char* expected = raw ? "expected 32 hexadecimal digits, or 16 bytes" : "expected 32 hexadecimal digits";
    constexpr std::size_t hex_digits = 32;
    if (text.size() != hex_digits) {
        return "got " + std::to_string(text.size()) + (text.size() == 1 ? " character, " : " characters, ") + expected;
    }
    if (!ulid::facade_key::parse(text, out)) return {};
    const auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
    std::size_t at = 0;
    while (at < text.size() && hex(text[at])) ++at;
    return "the character at position " + std::to_string(at + 1) +
           " is not a hexadecimal digit (not shown: it is part of the key); " + expected;
}

/// A path in a message: between single quotes, escaped as quoted() does,
/// but whole (a path cut short would not say which file).
std::string quoted_path(std::string_view path) {
    std::string s = "'";
    for (const char c : path) append_escaped(s, c);
    return s + "'";
}

/// Reads the facade key into opt.facade_key from --facade-key-file's file or,
/// without it, from ULID_FACADE_KEY; "" on success, else why not. No message
/// holds the key or any part of it; the copies read are wiped.
std::string load_facade_key(options& opt) {
    const char* direction = opt.has(option_id::to_facade) ? "--to-facade" : "--from-facade";
    if (opt.facade_key_file.empty()) {
        const char* env = std::getenv(facade_key_variable);
        if (env == nullptr || *env == '\0') {
            return std::string(direction) + " needs a key: --facade-key-file PATH, or 32 hexadecimal digits in the " +
                   "environment variable " + facade_key_variable;
        }
        const std::string why = parse_facade_key(env, false, opt.facade_key);
        if (!why.empty())
            return std::string("invalid key in the environment variable ") + facade_key_variable + ": " + why;
        return {};
    }
    const std::string path(opt.facade_key_file);
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        const int error = errno;
        return "cannot read the key file " + quoted_path(path) + ": " + std::generic_category().message(error);
    }
    // A key file is 16 to a few dozen bytes; more is not a key (read one
    // byte past the limit to tell).
    std::array<char, 257> buffer{};
    const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), file);
    const int read_error = std::ferror(file) != 0 ? (errno != 0 ? errno : EIO) : 0;
    std::fclose(file);
    std::string why =
        "more than " + std::to_string(buffer.size() - 1) + " bytes, expected 32 hexadecimal digits, or 16 bytes";
    if (read_error == 0 && n < buffer.size()) why = parse_facade_key({buffer.data(), n}, true, opt.facade_key);
    wipe(buffer.data(), buffer.size());
    if (read_error != 0) {
        return "cannot read the key file " + quoted_path(path) + ": " + std::generic_category().message(read_error);
    }
    if (!why.empty()) return "invalid key in the file " + quoted_path(path) + ": " + why;
    return {};
}

/// Exit status for a bad command line; 1 means an invalid input or an I/O
/// failure, so that scripts can tell a typo in the call from bad data.
constexpr int exit_usage = 2;

/// Writes `text` and returns the end.
char* put(char* out, std::string_view text) noexcept {
    std::memcpy(out, text.data(), text.size());
    return out + text.size();
}

/// Writes `value` in decimal and returns the end.
char* put_uint(char* out, std::uint64_t value) noexcept {
    std::array<char, 20> digits{};
    std::size_t n = 0;
    do {
        digits[n++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (n > 0) *out++ = digits[--n];
    return out;
}

/// Writes the 26-character text, lower-cased on request, and returns the end.
char* put_ulid(char* out, const ulid::ulid& id, bool lower) noexcept {
    return lower ? id.encode_lower(out) : id.encode(out);
}

/// The last timestamp formatted, so that runs of ULIDs from the same
/// millisecond (all of -n, most of a sorted input) format it once.
struct time_cache {
    std::uint64_t ms = 0;
    bool rfc3339 = false;
    bool valid = false;
    std::size_t size = 0;  // 0 when the time could not be expressed
    std::array<char, max_time_text> text{};
};

/// Writes `ms` as RFC 3339 in UTC with milliseconds, from ulid::rfc3339()
/// (2016-07-30T22:36:16.385Z, at most 25 characters), into `out` and returns
/// the length; 0 when `size` is not larger than that.
std::size_t utc_rfc3339(std::uint64_t ms, char* out, std::size_t size) noexcept {
    const ulid::fixed_text<25> text = ulid::rfc3339(ms);
    if (size <= text.size()) return 0;
    std::memcpy(out, text.data(), text.size());
    return text.size();
}

/// `ms` as RFC 3339 (`rfc3339`) or in the default form, in UTC or local time
/// as asked; empty when the local time zone cannot express it.
std::string_view formatted_time(time_cache& cache, std::uint64_t ms, bool rfc3339, bool local) noexcept {
    if (!cache.valid || cache.ms != ms || cache.rfc3339 != rfc3339) {
        zoned_time t;
        const bool ok = (rfc3339 && !local) || to_zoned_time(ms, local, t);
        cache.size = !ok                 ? 0
                     : rfc3339 && !local ? utc_rfc3339(ms, cache.text.data(), cache.text.size())
                     : rfc3339           ? format_rfc3339(t, cache.text.data(), cache.text.size())
                                         : format_human(t, cache.text.data(), cache.text.size());
        cache.ms = ms;
        cache.rfc3339 = rfc3339;
        cache.valid = true;
    }
    return {cache.text.data(), cache.size};
}

/// Writes the JSON line of --verbose and returns the end, or nullptr when
/// the time cannot be shown in the local time zone.
char* put_json(char* out, const ulid::ulid& id, const options& opt, time_cache& cache,
               const ulid::type_id* type_id = nullptr) noexcept {
    const std::string_view time = formatted_time(cache, id.time(), true, opt.has(option_id::local));
    if (time.empty()) return nullptr;
    if (type_id != nullptr) {
        // A prefix is a-z and '_' only: nothing to escape.
        out = put(out, R"({"typeid":")");
        out = type_id->encode(out);
        out = put(out, R"(","prefix":")");
        out = put(out, type_id->prefix());
        out = put(out, R"(","ulid":")");
    } else {
        out = put(out, R"({"ulid":")");
    }
    out = put_ulid(out, id, opt.has(option_id::lower));
    out = put(out, R"(","uuid":")");
    out = id.encode_uuid(out);
    out = put(out, R"(","time":")");
    out = put(out, time);
    out = put(out, R"(","ms":)");
    out = put_uint(out, id.time());
    out = put(out, R"(,"entropy":")");
    constexpr std::string_view hex = "0123456789abcdef";
    for (const std::uint8_t byte : id.entropy()) {
        *out++ = hex[byte >> 4U];
        *out++ = hex[byte & 15U];
    }
    return put(out, id.is_uuidv7() ? "\",\"uuidv7\":true}\n" : "\",\"uuidv7\":false}\n");
}

/// Writes the time of `id` in `format` plus a newline; nullptr as put_json.
char* put_time(char* out, const ulid::ulid& id, const options& opt, time_cache& cache) noexcept {
    if (opt.format == time_format::unix_seconds) return put(put_uint(out, id.time() / 1000), "\n");
    if (opt.format == time_format::milliseconds) return put(put_uint(out, id.time()), "\n");
    const std::string_view time =
        formatted_time(cache, id.time(), opt.format == time_format::rfc3339, opt.has(option_id::local));
    if (time.empty()) return nullptr;
    return put(put(out, time), "\n");
}

/// A TypeID's line: "prefix time uuid ulid", the time in RFC 3339 (UTC),
/// as fields a script can split on spaces.
char* put_type_id_line(char* out, const ulid::type_id& type_id, time_cache& cache) noexcept {
    const ulid::ulid& id = type_id.id();
    out = put(out, type_id.prefix());
    *out++ = ' ';
    out = put(out, formatted_time(cache, id.time(), true, false));
    *out++ = ' ';
    out = id.encode_uuid(out);
    *out++ = ' ';
    return put(put_ulid(out, id, false), "\n");
}

/// Reports one bad input on stderr, after the output that came before it:
/// "ulid: 'input': reason", with "line N: " first for standard input.
void report(output_buffer& out, std::uint64_t line, const std::string& input, const std::string& why) {
    out.flush();
    if (line == 0) {
        std::fprintf(stderr, "ulid: %s: %s\n", input.c_str(), why.c_str());
    } else {
        std::fprintf(stderr, "ulid: line %llu: %s: %s\n", static_cast<unsigned long long>(line), input.c_str(),
                     why.c_str());
    }
}

/// --to-facade or --from-facade, when asked, on a parsed input (a TypeID
/// keeps its prefix both ways); false, after reporting why, for an input of
/// the wrong version.
bool apply_facade(std::string_view text, std::size_t length, std::uint64_t line, const options& opt, output_buffer& out,
                  bool as_type_id, ulid::ulid& id, ulid::type_id& type_id) {
    if (!opt.has(option_id::to_facade) && !opt.has(option_id::from_facade)) return true;
    const ulid::facade_key& key = opt.facade_key;
    std::error_code ec;
    if (as_type_id) {
        ec = opt.has(option_id::to_facade) ? ulid::to_facade(type_id, key, type_id)
                                           : ulid::from_facade(type_id, key, type_id);
        if (!ec) id = type_id.id();
    } else {
        ec = opt.has(option_id::to_facade) ? ulid::to_facade(id, key, id) : ulid::from_facade(id, key, id);
    }
    if (ec) report(out, line, shown(text, length), ec.message());
    return !ec;
}

/// Checks one ULID or UUID and prints what the options ask for. `text` holds
/// the input, or its first line_reader::kept characters when `length` is
/// larger; `line` is its line number on standard input (0 for an argument).
/// Returns false, after reporting why, for an invalid input.
bool inspect(std::string_view text, std::size_t length, std::uint64_t line, const options& opt, output_buffer& out,
             time_cache& cache) {
    ulid::ulid id;
    ulid::type_id type_id;
    bool as_type_id = false;
    ulid::text_form form = ulid::text_form::ulid;
    std::string why;
    if (text.size() < length || !read_id(text, id, type_id, as_type_id, form, why)) {
        if (text.size() < length) why = explain_bad_id(text, length);
        report(out, line, shown(text, length), why);
        return false;
    }
    const bool as_uuid = !as_type_id && form == ulid::text_form::uuid;
    if (!apply_facade(text, length, line, opt, out, as_type_id, id, type_id)) return false;
    if (opt.has(option_id::prefix)) {
        // --prefix: the ID (its facade, or the UUIDv7 behind a facade) under
        // the new prefix, whatever form it came in.
        (void)ulid::make_type_id(opt.prefix, id, type_id);  // the prefix was checked by the options
        as_type_id = true;
    }
    char* p = out.reserve(output_buffer::max_record);
    char* end = nullptr;
    switch (output_of(opt)) {
        case parse_output::facade:
            end = put(as_type_id ? type_id.encode(p) : id.encode_uuid(p), "\n");
            break;
        case parse_output::json:
            end = put_json(p, id, opt, cache, as_type_id ? &type_id : nullptr);
            break;
        case parse_output::uuid:
            end = put(id.encode_uuid(p), "\n");
            break;
        case parse_output::type_id:
            end = put(type_id.encode(p), "\n");
            break;
        case parse_output::time:
            end = put_time(p, id, opt, cache);
            break;
        case parse_output::ulid:
            end = put(put_ulid(p, id, opt.has(option_id::lower)), "\n");
            break;
        case parse_output::by_input:
            end = as_type_id ? put_type_id_line(p, type_id, cache)
                  : as_uuid  ? put(put_ulid(p, id, opt.has(option_id::lower)), "\n")
                             : put_time(p, id, opt, cache);
            break;
    }
    if (end == nullptr) {
        report(out, line, shown(text, length), "cannot express this time in the local time zone");
        return false;
    }
    out.commit(end);
    return true;
}

/// Reads ULIDs from standard input, one per line, streaming: each line gives
/// exactly one line of output, on stdout when valid, on stderr ("line N:")
/// when not; a blank line is invalid. A '\r' just before a '\n' (CRLF files),
/// or last in the input, is part of the line ending; any other is data. `line_number` counts lines across calls.
/// Returns the number of invalid lines, or -1 when reading failed.
long long inspect_stdin(const options& opt, output_buffer& out, time_cache& cache, std::uint64_t& line_number) {
    line_reader reader;
    line_reader::line line;
    long long bad = 0;
    // Stop reading once output has failed: nothing more can be shown.
    while (out.error() == 0 && reader.next(line, [&] { out.flush(); })) {
        std::string_view text = line.text;
        std::size_t length = line.length;
        if (line.last == '\r') {
            --length;
            if (text.size() > length) text.remove_suffix(1);
        }
        if (!inspect(text, length, ++line_number, opt, out, cache)) ++bad;
    }
    if (reader.error() != 0) {
        out.flush();
        std::fprintf(stderr, "ulid: cannot read standard input: %s\n",
                     std::generic_category().message(reader.error()).c_str());
        return -1;
    }
    return bad;
}

/// The next ID of `source` at the given or the current time, or with
/// --to-facade its facade (the options chose uuidv7_layout then, so the ID
/// is a UUIDv7 and to_facade() never refuses it).
template <class Source>
std::error_code next_of(Source& source, const options& opt, ulid::ulid& id) noexcept {
    const std::error_code ec = opt.has(option_id::time) ? source.next(opt.time_ms, id) : source.next_now(id);
    if (ec || !opt.has(option_id::to_facade)) return ec;
    return ulid::to_facade(id, opt.facade_key, id);
}

/// Prints opt.count ULIDs from `source` (a monotonic source: next(ms, out),
/// next_now(out)) at the current or the given time. next() keeps the list
/// strictly increasing: within a millisecond the entropy grows, and when it
/// cannot, or the clock steps back, the timestamp moves forward instead.
template <class Source>
int generate(Source& source, const options& opt, output_buffer& out) {
    const bool plain = !opt.json() && !opt.has(option_id::uuid) && !opt.has(option_id::to_facade);
    if (opt.has(option_id::after)) {
        // The bound is process-wide in the library; this process has no other user.
        ulid::set_max_clock_skew(opt.max_clock_skew);
        const ulid::observe_result r = source.observe(opt.after);
        if (r.ec == ulid::errc::clock_skew) {
            const ulid::ulid_text text = opt.after.encode();
            std::fprintf(stderr,
                         "ulid: cannot generate after %s: it is %lld ms ahead of this machine's clock, more than the "
                         "%lld ms allowed (clock skew; --max-clock-skew sets the bound)\n",
                         text.c_str(), static_cast<long long>(r.ahead.count()),
                         static_cast<long long>(ulid::max_clock_skew().count()));
            return 1;
        }
        if (r.ec) {
            std::fprintf(stderr, "ulid: cannot generate after %s: %s\n", opt.after.encode().c_str(),
                         r.ec.message().c_str());
            return 1;
        }
    }
    ulid::type_id type_id;
    time_cache cache;
    for (std::uint64_t i = 0; i < opt.count && out.error() == 0; ++i) {
        ulid::ulid id;
        if (const std::error_code ec = next_of(source, opt, id)) {
            out.flush();
            std::fprintf(stderr, "ulid: cannot generate a ULID: %s\n", ec.message().c_str());
            return 1;
        }
        if (opt.has(option_id::prefix) && ulid::make_type_id(opt.prefix, id, type_id))
            return 1;  // checked by the options
        if (opt.has(option_id::prefix) && !opt.json()) {
            char* p = out.reserve(ulid::type_id_max_size + 1);
            p = type_id.encode(p);
            *p++ = '\n';
            out.commit(p);
            continue;
        }
        if (plain) {
            // The hot path of -n: 27 bytes, no formatting.
            char* p = out.reserve(ulid::encoded_size + 1);
            p = put_ulid(p, id, opt.has(option_id::lower));
            *p++ = '\n';
            out.commit(p);
            continue;
        }
        char* p = out.reserve(output_buffer::max_record);
        char* end = opt.json() ? put_json(p, id, opt, cache, opt.has(option_id::prefix) ? &type_id : nullptr)
                               : put(id.encode_uuid(p), "\n");
        if (end == nullptr) {
            const ulid::ulid_text text = id.encode();
            report(out, 0, shown(text, text.size()), "cannot express this time in the local time zone");
            return 1;
        }
        out.commit(end);
    }
    return 0;
}

/// std::mt19937_64 seeded with 256 bits from the operating system.
bool seeded_engine(std::mt19937_64& engine) {
    std::array<std::uint8_t, 32> bytes{};
    ulid::os_entropy os;
    if (os.read(bytes.data(), bytes.size())) return false;
    std::array<std::uint32_t, 8> words{};
    for (std::size_t i = 0; i < words.size(); ++i) {
        words[i] = static_cast<std::uint32_t>(bytes[4 * i]) | (static_cast<std::uint32_t>(bytes[4 * i + 1]) << 8U) |
                   (static_cast<std::uint32_t>(bytes[4 * i + 2]) << 16U) |
                   (static_cast<std::uint32_t>(bytes[4 * i + 3]) << 24U);
    }
    std::seed_seq seq(words.begin(), words.end());
    engine.seed(seq);
    return true;
}

/// generate() from the source the options name, making classic ULIDs or,
/// with --v7, ULIDs that are also UUIDv7 (the generator's Layout).
template <class Layout>
int generate_with(const options& opt, output_buffer& out) {
    switch (opt.entropy()) {
        case entropy_kind::quick: {
            std::mt19937_64 engine;
            if (!seeded_engine(engine)) {
                std::fprintf(stderr, "ulid: cannot seed --quick: %s\n",
                             ulid::make_error_code(ulid::errc::entropy_failure).message().c_str());
                return 1;
            }
            ulid::monotonic_entropy<std::mt19937_64, Layout> source(engine);
            return generate(source, opt, out);
        }
        case entropy_kind::zero: {
            // An increment bound of 1: the entropy after zero is 1, then 2, ...
            ulid::monotonic_entropy<ulid::zero_entropy, Layout> source(ulid::zero_entropy{}, 1);
            return generate(source, opt, out);
        }
        case entropy_kind::secure:
            break;
    }
    return generate(ulid::default_entropy<Layout>(), opt, out);
}

int generate_all(const options& opt, output_buffer& out) {
    // TypeIDs are UUIDv7, as the specification asks.
    // A facade is made of a UUIDv7.
    return opt.has(option_id::v7) || opt.has(option_id::prefix) || opt.has(option_id::to_facade)
               ? generate_with<ulid::uuidv7_layout>(opt, out)
               : generate_with<ulid::ulid_layout>(opt, out);
}

int parse_all(const options& opt, output_buffer& out) {
    bool failed = false;
    time_cache cache;
    std::uint64_t line_number = 0;
    if (opt.operands.empty()) return inspect_stdin(opt, out, cache, line_number) == 0 ? 0 : 1;
    for (const std::string_view operand : opt.operands) {
        if (operand == "-") {
            failed = inspect_stdin(opt, out, cache, line_number) != 0 || failed;
        } else {
            failed = !inspect(operand, operand.size(), 0, opt, out, cache) || failed;
        }
        if (out.error() != 0) break;
    }
    return failed ? 1 : 0;
}

/// Flushes what --help or --version wrote; a failed write is reported as the
/// other modes report theirs.
int flush_stdout() {
    if (std::fflush(stdout) == 0 && std::ferror(stdout) == 0) return 0;
    const int error = errno != 0 ? errno : EIO;
    std::fprintf(stderr, "ulid: cannot write output: %s\n", std::generic_category().message(error).c_str());
    return 1;
}

int run(int argc, char** argv) {
    options opt;
    std::string error;
    switch (parse_command_line(argc, argv, opt, error)) {
        case action::help:
            std::fputs(usage_head, stdout);
            std::fputs(options_help().c_str(), stdout);
            std::fputs(usage_tail, stdout);
            return flush_stdout();
        case action::version:
            std::printf("ulid %d.%d.%d\n", ULID_VERSION_MAJOR, ULID_VERSION_MINOR, ULID_VERSION_PATCH);
            return flush_stdout();
        case action::usage_error:
            // The reason alone, so that it does not scroll away (GNU style).
            std::fprintf(stderr, "ulid: %s\nTry 'ulid --help' for more information.\n", error.c_str());
            return exit_usage;
        case action::run:
            break;
    }
    if (opt.has(option_id::to_facade) || opt.has(option_id::from_facade)) {
        error = load_facade_key(opt);
        if (!error.empty()) {
            std::fprintf(stderr, "ulid: %s\n", error.c_str());
            return exit_usage;
        }
    }
    if (!opt.warning.empty()) std::fprintf(stderr, "ulid: %s\n", opt.warning.c_str());
    output_buffer out(stdout);
    int status = opt.parsing() ? parse_all(opt, out) : generate_all(opt, out);
    if (!out.flush()) {
        std::fprintf(stderr, "ulid: cannot write output: %s\n", std::generic_category().message(out.error()).c_str());
        status = 1;
    }
    return status;
}

}  // namespace
}  // namespace ulid_cli

int main(int argc, char** argv) {
#if ULID_EXCEPTIONS
    try {
        return ulid_cli::run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ulid: %s\n", e.what());
        return 1;
    }
#else
    return ulid_cli::run(argc, argv);
#endif
}
