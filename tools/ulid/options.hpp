// SPDX-License-Identifier: MIT
// tools/ulid/options.hpp: command-line parsing for the ulid tool.
//
// GNU-style, written by hand to stay within the standard library: short
// options bundle (-qn3), values follow as the rest of the word or the next
// argument (-n 3, -n3, --count 3, --count=3), options and operands mix in any
// order, "--" ends the options and "-" is an operand (standard input).
//
// Three tables are the whole description: option_table (names, values,
// help, what each option sets), subject_table (what each option does in
// each mode, for docs/cli.md) and rule_table (which options cannot go
// together, and why). The parser, the conflict check, --help and the
// tables of docs/cli.md (tests/doc_tables.cpp, checked by ulid_cli.doc_tables)
// all read them. A hand-written parser rather than CLI11: the rules here are
// about pairs of options in two modes with one message each, which CLI11's
// excludes()/needs() would spell as many calls with messages of its own,
// and it would make the tool's build need a package it does not need today.

#ifndef ULID_TOOLS_OPTIONS_HPP
#define ULID_TOOLS_OPTIONS_HPP

#include "time_text.hpp"

#include <ulid/facade.hpp>
#include <ulid/ulid.hpp>

#include <array>
#include <charconv>
#include <chrono>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace ulid_cli {

/// Where generated ULIDs take their entropy from.
enum class entropy_kind {
    secure,  ///< the library's default: ChaCha8 keyed by the OS, monotonic
    quick,   ///< std::mt19937_64 seeded from the OS, monotonic
    zero,    ///< zero entropy, counting up within a millisecond
};

/// Every option, by its row in option_table.
enum class option_id : std::uint8_t {
    count,
    time,
    quick,
    zero,
    v7,
    prefix,
    after,
    max_clock_skew,
    parse,
    format,
    local,
    verbose,
    uuid,
    lower,
    to_facade,
    from_facade,
    facade_key_file,
    help,
    version,
};
inline constexpr std::size_t option_count = static_cast<std::size_t>(option_id::version) + 1;

/// What an option stands for in rule_table: most options are their own
/// subject; -v and -f json are one (JSON lines), and -f's other values two
/// (a time as text, a time as a number).
enum class subject : std::uint8_t {
    count,
    time,
    quick,
    zero,
    v7,
    prefix,
    after,
    max_clock_skew,
    parse,
    time_text,    // -f default, -f rfc3339
    time_number,  // -f unix, -f ms
    json,         // -v, -f json
    local,
    uuid,
    lower,
    to_facade,
    from_facade,
    facade_key_file,
    none,  // -h, --version: they end parsing
};
inline constexpr std::size_t subject_count = static_cast<std::size_t>(subject::none);

/// A set of subjects.
using subject_set = std::uint32_t;
static_assert(subject_count <= 32, "subject_set holds one bit per subject");

[[nodiscard]] constexpr subject_set bit(subject s) noexcept {
    return s == subject::none ? 0U : subject_set{1} << static_cast<unsigned>(s);
}

/// Everything the command line asks for.
struct options {
    std::uint64_t count = 1;
    time_format format = time_format::human;
    std::uint64_t time_ms = 0;
    std::string_view prefix;  // valid (ulid::is_type_id_prefix) when --prefix is given
    ulid::ulid after;
    std::chrono::milliseconds max_clock_skew = ulid::default_max_clock_skew;
    std::string_view facade_key_file;        // --facade-key-file PATH; empty: ULID_FACADE_KEY
    ulid::facade_key facade_key;             // read by main() when a facade option is given
    std::vector<std::string_view> operands;  // IDs or "-", in order
    std::string warning;                     // printed before running, when not empty
    /// Each option as spelled on the command line ("-n", "--count",
    /// "-f ms"), for messages; empty when not given.
    std::array<std::string, option_count> given;

    /// True when the option was given.
    [[nodiscard]] bool has(option_id id) const noexcept { return !given[static_cast<std::size_t>(id)].empty(); }
    /// True when the call inspects IDs instead of generating them.
    [[nodiscard]] bool parsing() const noexcept { return has(option_id::parse) || !operands.empty(); }
    /// True when each ID becomes a JSON line.
    [[nodiscard]] bool json() const noexcept {
        return has(option_id::verbose) || (has(option_id::format) && format == time_format::json);
    }
    /// True when -f names a time format (not json).
    [[nodiscard]] bool time_format_given() const noexcept {
        return has(option_id::format) && format != time_format::json;
    }
    [[nodiscard]] entropy_kind entropy() const noexcept {
        return has(option_id::quick)  ? entropy_kind::quick
               : has(option_id::zero) ? entropy_kind::zero
                                      : entropy_kind::secure;
    }
};

/// What parsing prints for each valid input, chosen by the options alone so
/// that every input of one call gets the same treatment.
enum class parse_output {
    facade,    ///< --to-facade: the facade as a UUID (a TypeID's, or with --prefix, as a TypeID)
    json,      ///< -v or -f json
    uuid,      ///< --uuid
    type_id,   ///< --prefix: the ID as a TypeID under that prefix
    time,      ///< -f TIME_FORMAT or -l: the time, for UUID inputs too
    ulid,      ///< --lower: the ULID in lower case, for ULID inputs too
    by_input,  ///< nothing chosen: a ULID's time, a UUID's ULID
};

/// The output of parsing; the options must have passed parse_command_line().
[[nodiscard]] inline parse_output output_of(const options& opt) noexcept {
    if (opt.has(option_id::to_facade)) return parse_output::facade;
    if (opt.json()) return parse_output::json;
    if (opt.has(option_id::uuid)) return parse_output::uuid;
    if (opt.has(option_id::prefix)) return parse_output::type_id;
    if (opt.time_format_given() || opt.has(option_id::local)) return parse_output::time;
    if (opt.has(option_id::lower)) return parse_output::ulid;
    return parse_output::by_input;
}

/// What main() should do after parsing the command line.
enum class action { run, help, version, usage_error };

/// Appends one character as it appears between single quotes in a message,
/// with the escapes of ulid::explain() (its quotes left off), so that
/// nothing invisible or ambiguous reaches the terminal.
inline void append_escaped(std::string& s, char ch) { s += ulid::shown_char(ch).view(); }

/// An input or option value in a message: between single quotes, escaped
/// as above, and cut to its first 32 characters plus "..." when longer than
/// 64. `length` is the full length (`text` may hold only a prefix of it).
[[nodiscard]] inline std::string shown(std::string_view text, std::size_t length) {
    const std::size_t count = length > 64 ? 32 : text.size();
    std::string s = "'";
    for (std::size_t i = 0; i < count && i < text.size(); ++i) append_escaped(s, text[i]);
    s += '\'';
    if (count < length) s += "...";
    return s;
}

/// An option value in a message: shown() of the whole value.
[[nodiscard]] inline std::string quoted(std::string_view text) { return shown(text, text.size()); }

/// Why `text` is not an ID the tool reads (a ULID, a UUID in any spelling,
/// or a TypeID), in the words of ulid::explain(): "got 27 characters,
/// expected 26 (ULID) or 32 to 41 (UUID: ...)", "'U' at position 26 is not a
/// Crockford base32 character". `text` may hold only the first characters of a longer
/// input (a long line of standard input, never held whole); `length` is the
/// full length.
[[nodiscard]] inline std::string explain_bad_id(std::string_view text, std::size_t length) {
    const bool type_id = text.find('_') != std::string_view::npos;
    if (type_id && text.size() < length) {
        return "got " + std::to_string(length) + " characters, but a TypeID has at most " +
               std::to_string(ulid::type_id_max_size);
    }
    if (type_id) return ulid::explain(text, ulid::text_form::type_id);
    if (text.size() < length) {
        // Only the length can be wrong in an input too long to be held: the
        // library's words for a length.
        std::array<char, 128> why{};
        const std::size_t n = ulid::explain_length(length, ulid::text_form::any, why.data(), why.size());
        return std::string(why.data(), n < why.size() ? n : why.size() - 1);
    }
    return ulid::explain(text, ulid::text_form::any);
}

/// Reads any ID the tool accepts: a TypeID when `text` has a '_' (into
/// `type_id` too, `as_type_id` set), otherwise a ULID or a UUID in any
/// spelling (`form` says which). Returns false with explain()'s words in
/// `why`; nothing is changed then.
[[nodiscard]] inline bool read_id(std::string_view text, ulid::ulid& id, ulid::type_id& type_id, bool& as_type_id,
                                  ulid::text_form& form, std::string& why) {
    const bool with_prefix = text.find('_') != std::string_view::npos;
    ulid::ulid parsed;
    ulid::type_id typed;
    ulid::text_form read_as = ulid::text_form::type_id;
    const std::error_code ec = with_prefix ? ulid::parse_type_id(text, typed) : ulid::parse_any(text, parsed, read_as);
    if (ec) {
        why = explain_bad_id(text, text.size());
        if (why.empty()) why = ec.message();  // never expected: the two disagree
        return false;
    }
    as_type_id = with_prefix;
    form = read_as;
    if (with_prefix) {
        type_id = typed;
        id = typed.id();
    } else {
        id = parsed;
    }
    return true;
}

/// Parses "N" as a count: decimal digits only, at most 2^64 - 1.
[[nodiscard]] inline bool parse_count(std::string_view text, std::uint64_t& out, std::string& why) {
    if (text.empty()) {
        why = "an empty count";
        return false;
    }
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    // from_chars takes no sign for an unsigned type, so "-5" and "+5" fail.
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec == std::errc::result_out_of_range && ptr == end) {
        why = "too large (at most 18446744073709551615)";
        return false;
    }
    if (ec != std::errc{} || ptr != end) {
        why = "not a non-negative whole number";
        return false;
    }
    out = value;
    return true;
}

/// Parses "-t TIME": Unix milliseconds (digits only) or an RFC 3339 time, in
/// the range ULIDs can hold (1970 to max_time).
[[nodiscard]] inline bool parse_time(std::string_view text, std::uint64_t& out, std::string& why) {
    const char* end = text.data() + text.size();
    std::uint64_t value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (!text.empty() && text.front() != '+' && ptr == end) {
        if (ec == std::errc::result_out_of_range || value > ulid::max_time) {
            why = ulid::make_error_code(ulid::errc::big_time).message();
            return false;
        }
        out = value;
        return true;
    }
    std::int64_t ms = 0;
    const char* reason = nullptr;
    if (!parse_rfc3339(text, ms, reason)) {
        why = reason;
        return false;
    }
    if (ms < 0) {
        why = "before 1970-01-01T00:00:00Z: ULID timestamps start at the Unix epoch";
        return false;
    }
    // Five-digit years reach past the largest ULID time (10889-08-02).
    if (static_cast<std::uint64_t>(ms) > ulid::max_time) {
        why = ulid::make_error_code(ulid::errc::big_time).message();
        return false;
    }
    out = static_cast<std::uint64_t>(ms);
    return true;
}

/// The largest --max-clock-skew, PostgreSQL's for ulid.max_clock_skew (an
/// int setting in milliseconds).
inline constexpr std::int64_t max_clock_skew_limit = INT_MAX;

/// Parses --max-clock-skew: a whole number of milliseconds, or with one of
/// the units PostgreSQL's ulid.max_clock_skew takes (ms, s, min, h, d),
/// from 0 to max_clock_skew_limit ms, as that setting.
[[nodiscard]] inline bool parse_skew(std::string_view text, std::chrono::milliseconds& out, std::string& why) {
    constexpr const char* shape = "not a whole number of milliseconds, or of ms, s, min, h or d (500, 2s)";
    const char* end = text.data() + text.size();
    std::uint64_t value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ptr == text.data() || (ec != std::errc{} && ec != std::errc::result_out_of_range)) {
        why = shape;
        return false;
    }
    struct unit {
        std::string_view name;
        std::uint64_t ms;
    };
    constexpr std::array<unit, 6> units{
        {{"", 1}, {"ms", 1}, {"s", 1000}, {"min", 60000}, {"h", 3600000}, {"d", 86400000}}};
    const std::string_view suffix(ptr, static_cast<std::size_t>(end - ptr));
    for (const unit& u : units) {
        if (u.name != suffix) continue;
        if (ec == std::errc::result_out_of_range || value > static_cast<std::uint64_t>(max_clock_skew_limit) / u.ms) {
            why = "too large (at most " + std::to_string(max_clock_skew_limit) + " ms, as ulid.max_clock_skew)";
            return false;
        }
        out = std::chrono::milliseconds(static_cast<std::chrono::milliseconds::rep>(value * u.ms));
        return true;
    }
    why = shape;
    return false;
}

/// A value of -f: its name, the format, and the subject it stands for.
struct format_spec {
    std::string_view name;
    time_format format;
    subject what;
};

// NOLINTNEXTLINE(modernize-avoid-c-arrays): sized by its rows
inline constexpr format_spec format_table[] = {
    {"default", time_format::human, subject::time_text},
    {"rfc3339", time_format::rfc3339, subject::time_text},
    {"unix", time_format::unix_seconds, subject::time_number},
    {"ms", time_format::milliseconds, subject::time_number},
    {"json", time_format::json, subject::json},
};

/// True when `text` equals the lower-case `name`, ignoring ASCII case.
[[nodiscard]] constexpr bool equals_ignoring_case(std::string_view text, std::string_view name) noexcept {
    if (text.size() != name.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i] >= 'A' && text[i] <= 'Z' ? static_cast<char>(text[i] - 'A' + 'a') : text[i];
        if (c != name[i]) return false;
    }
    return true;
}

/// The row of format_table named `text` (any case), or nullptr.
[[nodiscard]] constexpr const format_spec* find_format(std::string_view text) noexcept {
    for (const format_spec& f : format_table) {
        if (equals_ignoring_case(text, f.name)) return &f;
    }
    return nullptr;
}

/// Where --help lists an option.
enum class section : std::uint8_t { generating, parsing, output, facade, other };

/// Sets what an option means from its value (the spelling is in
/// opt.given already); false with `why` set for a bad value.
using apply_fn = bool (*)(options& opt, std::string_view flag, std::string_view value, std::string& why);

/// One row of option_table.
struct option_spec {  // NOLINT(clang-analyzer-optin.performance.Padding): fields in the table's reading order
    option_id id;
    char short_name;              // '\0' when there is none
    std::string_view long_name;   //
    std::string_view value_name;  // empty: the option takes no value
    std::string_view value_kind;  // in "invalid <kind> for <flag> ...": "count", "time", ...
    subject what;                 // for -f, the value's (format_table)
    action act;                   // action::run, or what the option ends parsing with
    section where;
    std::string_view help;  // --help's text; lines after the first are continuation lines
    apply_fn apply;         // nullptr: being given is all
};

namespace detail {

inline bool apply_count(options& opt, std::string_view /*flag*/, std::string_view value, std::string& why) {
    return parse_count(value, opt.count, why);
}

inline bool apply_time(options& opt, std::string_view flag, std::string_view value, std::string& why) {
    if (!parse_time(value, opt.time_ms, why)) return false;
    // Ten or eleven digits read as milliseconds fall in 1970-01-12 to
    // 1973-03-03; as seconds they are 2001 to 5138: almost surely meant so.
    constexpr std::uint64_t seconds_low = 1000000000;
    constexpr std::uint64_t seconds_high = 100000000000;
    opt.warning.clear();
    if (value.find_first_not_of("0123456789") == std::string_view::npos && opt.time_ms >= seconds_low &&
        opt.time_ms < seconds_high) {
        opt.warning = "warning: " + std::string(flag) + " " + std::string(value) + " is read as milliseconds (" +
                      ulid::rfc3339(opt.time_ms).str() + "); if it is seconds (" +
                      ulid::rfc3339(opt.time_ms * 1000).str() + "), give " + std::string(value) + "000";
    }
    return true;
}

inline bool apply_format(options& opt, std::string_view /*flag*/, std::string_view value, std::string& why) {
    const format_spec* f = find_format(value);
    if (f == nullptr) {
        why = "expected ";
        const std::size_t n = std::size(format_table);
        for (std::size_t i = 0; i < n; ++i) {
            if (i > 0) why += i + 1 == n ? " or " : ", ";
            why += format_table[i].name;
        }
        return false;
    }
    opt.format = f->format;
    opt.given[static_cast<std::size_t>(option_id::format)] += " " + std::string(f->name);
    return true;
}

inline bool apply_prefix(options& opt, std::string_view /*flag*/, std::string_view value, std::string& why) {
    if (!ulid::is_type_id_prefix(value)) {
        why = ulid::make_error_code(ulid::errc::invalid_prefix).message();
        return false;
    }
    opt.prefix = value;
    return true;
}

inline bool apply_after(options& opt, std::string_view /*flag*/, std::string_view value, std::string& why) {
    ulid::type_id ignored;
    bool as_type_id = false;
    ulid::text_form form = ulid::text_form::any;
    return read_id(value, opt.after, ignored, as_type_id, form, why);
}

inline bool apply_skew(options& opt, std::string_view /*flag*/, std::string_view value, std::string& why) {
    return parse_skew(value, opt.max_clock_skew, why);
}

inline bool apply_key_file(options& opt, std::string_view /*flag*/, std::string_view value, std::string& why) {
    // Only the path is given on the command line, never the key: other
    // users can read a process's arguments.
    if (value.empty()) {
        why = "an empty path";
        return false;
    }
    opt.facade_key_file = value;
    return true;
}

}  // namespace detail

// clang-format off
/// The options, in option_id's order (checked below); --help lists them by
/// section in this order.
inline constexpr std::array<option_spec, option_count> option_table{{
    {option_id::count, 'n', "count", "N", "count", subject::count, action::run, section::generating,
     "print N ULIDs, one per line, each greater than the last (default 1)", detail::apply_count},
    {option_id::time, 't', "time", "TIME", "time", subject::time, action::run, section::generating,
     "use TIME instead of the current time: Unix milliseconds\n"
     "(1796199304123) or RFC 3339 (2026-12-02T08:15:04.123Z)", detail::apply_time},
    {option_id::quick, 'q', "quick", "", "", subject::quick, action::run, section::generating,
     "fast non-cryptographic entropy (std::mt19937_64 seeded by the OS)", nullptr},
    {option_id::zero, 'z', "zero", "", "", subject::zero, action::run, section::generating,
     "zero entropy; with -n, counts up from zero within a millisecond", nullptr},
    {option_id::v7, '\0', "v7", "", "", subject::v7, action::run, section::generating,
     "ULIDs that are also RFC 9562 UUIDv7: version 7, the clock's fraction of\n"
     "the millisecond in rand_a (with -t: 0), rand_b random", nullptr},
    {option_id::prefix, '\0', "prefix", "P", "prefix", subject::prefix, action::run, section::generating,
     "TypeIDs (jetify-com/typeid v0.3.0): P, '_' and a --v7 ULID in lower\n"
     "case; P is at most 63 of a-z and '_', starting and ending with a letter.\n"
     "Given IDs: each one as a TypeID under P", detail::apply_prefix},
    {option_id::after, '\0', "after", "ID", "ID", subject::after, action::run, section::generating,
     "IDs greater than ID (a ULID, UUID or TypeID seen from another process or\n"
     "machine, whatever its clock); refused when ID is further ahead of this\n"
     "machine's clock than --max-clock-skew", detail::apply_after},
    {option_id::max_clock_skew, '\0', "max-clock-skew", "MS", "bound", subject::max_clock_skew, action::run,
     section::generating,
     "how far ahead of this machine's clock --after's ID may be: milliseconds,\n"
     "or with a unit (ms, s, min, h, d); 0 to 2147483647 ms, default 500\n"
     "(ulid::set_max_clock_skew(), PostgreSQL's ulid.max_clock_skew)", detail::apply_skew},
    {option_id::parse, '\0', "parse", "", "", subject::parse, action::run, section::parsing,
     "read standard input when no ULID is given (as \"-\")", nullptr},
    {option_id::format, 'f', "format", "FORMAT", "format", subject::none, action::run, section::parsing,
     "print the time of every input as default (Wed Dec 02 08:15:04.123\n"
     "UTC 2026), rfc3339 (2026-12-02T08:15:04.123Z), unix (seconds), ms,\n"
     "or json (= -v)", detail::apply_format},
    {option_id::local, 'l', "local", "", "", subject::local, action::run, section::parsing,
     "print times in the local time zone instead of UTC", nullptr},
    {option_id::verbose, 'v', "verbose", "", "", subject::json, action::run, section::output,
     "one JSON object per ULID: ulid, uuid, time, ms, entropy, uuidv7\n"
     "(and first typeid, prefix for a TypeID)", nullptr},
    {option_id::uuid, '\0', "uuid", "", "", subject::uuid, action::run, section::output,
     "print ULIDs in RFC 9562 UUID form", nullptr},
    {option_id::lower, '\0', "lower", "", "", subject::lower, action::run, section::output,
     "print ULIDs in lower case; when parsing, print the ULID of every input", nullptr},
    {option_id::to_facade, '\0', "to-facade", "", "", subject::to_facade, action::run, section::facade,
     "print the facade of each ID as a UUID (of a TypeID: a TypeID under\n"
     "its prefix); generating, of new --v7 IDs", nullptr},
    {option_id::from_facade, '\0', "from-facade", "", "", subject::from_facade, action::run, section::facade,
     "read each input as a facade and print as above for the UUIDv7 behind it", nullptr},
    {option_id::facade_key_file, '\0', "facade-key-file", "PATH", "file", subject::facade_key_file, action::run,
     section::facade,
     "read the key from PATH: 32 hex digits (k0 then k1, little-endian, as\n"
     "UUIDv47 writes them) or 16 bytes; without it, the 32 hex digits of\n"
     "the environment variable ULID_FACADE_KEY. Never on the command line", detail::apply_key_file},
    {option_id::help, 'h', "help", "", "", subject::none, action::help, section::other,
     "print this help and exit", nullptr},
    {option_id::version, '\0', "version", "", "", subject::none, action::version, section::other,
     "print the version and exit", nullptr},
}};
// clang-format on

namespace detail {
[[nodiscard]] constexpr bool table_in_order() noexcept {
    for (std::size_t i = 0; i < option_table.size(); ++i) {
        if (static_cast<std::size_t>(option_table[i].id) != i) return false;
    }
    return true;
}
static_assert(table_in_order(), "option_table rows follow option_id");
}  // namespace detail

/// What a subject does in each mode, for docs/cli.md's table; an empty text
/// means refused in that mode (rule_table must say so: doc_tables checks).
struct subject_spec {
    subject id;
    std::string_view name;  // as docs/cli.md names it, in Markdown
    std::string_view generating;
    std::string_view parsing;
};

inline constexpr std::array<subject_spec, subject_count> subject_table{{
    {subject::count, "`-n N`", "N IDs, each greater than the last", ""},
    {subject::time, "`-t TIME`", "every ID at TIME (the entropy counts up)", ""},
    {subject::quick, "`-q`", "entropy from `std::mt19937_64` seeded by the OS", ""},
    {subject::zero, "`-z`", "zero entropy, counting up within a millisecond", ""},
    {subject::v7, "`--v7`", "ULIDs that are also UUIDv7", ""},
    {subject::prefix, "`--prefix P`", "TypeIDs under `P` (UUIDv7)", "every input printed as a TypeID under `P`"},
    {subject::after, "`--after ID`",
     "every ID greater than `ID` (any form, a TypeID too); an `ID` too far ahead of the clock refused (exit 1)", ""},
    {subject::max_clock_skew, "`--max-clock-skew MS`", "how far ahead of the clock `--after`'s `ID` may be", ""},
    {subject::parse, "`--parse`", "(switches to parsing)", "reads standard input when there are no operands"},
    {subject::time_text, "`-f default`/`-f rfc3339`", "", "every input prints its time in that format, a UUID too"},
    {subject::time_number, "`-f unix`/`-f ms`", "", "every input prints its time in that unit, a UUID too"},
    {subject::json, "`-v`/`-f json`", "one JSON line per ID", "one JSON line per input"},
    {subject::local, "`-l`", "the JSON line's time in local time", "times in local time"},
    {subject::uuid, "`--uuid`", "UUID form", "every input prints its UUID"},
    {subject::lower, "`--lower`", "lower-case ULIDs (JSON: the `ulid` field)",
     "every input prints its ULID in lower case (JSON: the `ulid` field)"},
    {subject::to_facade, "`--to-facade`", "facades of new UUIDv7 IDs (with `--prefix`: TypeIDs)",
     "every input prints its facade (a TypeID's under its prefix, or under `--prefix`)"},
    {subject::from_facade, "`--from-facade`", "", "every input is decoded first, then printed as any input"},
    {subject::facade_key_file, "`--facade-key-file PATH`", "the key of `--to-facade`",
     "the key of `--to-facade` or `--from-facade`"},
}};

namespace detail {
[[nodiscard]] constexpr bool subjects_in_order() noexcept {
    for (std::size_t i = 0; i < subject_table.size(); ++i) {
        if (static_cast<std::size_t>(subject_table[i].id) != i) return false;
    }
    return true;
}
static_assert(subjects_in_order(), "subject_table rows follow subject");
}  // namespace detail

/// When a rule applies.
enum class mode : std::uint8_t { always, generating, parsing };

/// One row of rule_table: `a` refused with `b` ("A and B cannot be
/// combined: <why>"), or, when `b` is subject::none, `a` refused alone
/// ("A <why>"); in `when`, unless a subject of `unless` is given too.
struct rule {  // NOLINT(clang-analyzer-optin.performance.Padding): fields in the table's reading order
    subject a;
    subject b;
    mode when;
    subject_set unless;
    std::string_view why;
};

namespace detail {
inline constexpr std::string_view for_generating =
    "is for generating ULIDs and cannot be combined with parsing (ULID arguments, '-' or --parse)";
inline constexpr std::string_view for_parsing =
    "is for parsing: new ULIDs are printed without their time (-v prints it, in JSON)";
inline constexpr std::string_view no_time = "a facade shows no time (decode it with --from-facade to see it)";
inline constexpr std::string_view json_time = "JSON lines always show the time in RFC 3339";
inline constexpr std::string_view uuid_time = "--uuid prints UUIDs, not times";
inline constexpr std::string_view type_id_time = "--prefix prints TypeIDs, not times";
inline constexpr std::string_view lower_time = "-f prints times, not ULIDs";
}  // namespace detail

/// Every combination refused, checked in this order: the first that applies
/// is the message. No option is silently ignored: each either changes the
/// output of the call or is refused by a row here.
// NOLINTNEXTLINE(modernize-avoid-c-arrays): sized by its rows, so that none can be left default
inline constexpr rule rule_table[] = {
    {subject::quick, subject::zero, mode::always, 0, "choose one entropy source"},
    {subject::to_facade, subject::from_facade, mode::always, 0, "choose one direction"},
    {subject::facade_key_file, subject::none, mode::always, bit(subject::to_facade) | bit(subject::from_facade),
     "gives the key of --to-facade or --from-facade, and neither is given"},
    {subject::from_facade, subject::none, mode::generating, 0,
     "is for parsing: give the facades as arguments, '-' or --parse"},
    {subject::to_facade, subject::json, mode::always, 0, detail::no_time},
    {subject::to_facade, subject::time_text, mode::always, 0, detail::no_time},
    {subject::to_facade, subject::time_number, mode::always, 0, detail::no_time},
    {subject::to_facade, subject::local, mode::always, 0, detail::no_time},
    {subject::to_facade, subject::uuid, mode::always, 0, "facades are always printed as UUIDs"},
    {subject::to_facade, subject::lower, mode::always, 0, "facades are printed as UUIDs, in lower case"},
    {subject::count, subject::none, mode::parsing, 0, detail::for_generating},
    {subject::time, subject::none, mode::parsing, 0, detail::for_generating},
    {subject::v7, subject::none, mode::parsing, 0, detail::for_generating},
    {subject::after, subject::none, mode::parsing, 0, detail::for_generating},
    {subject::max_clock_skew, subject::none, mode::parsing, 0, detail::for_generating},
    {subject::quick, subject::none, mode::parsing, 0, detail::for_generating},
    {subject::zero, subject::none, mode::parsing, 0, detail::for_generating},
    {subject::max_clock_skew, subject::none, mode::generating, bit(subject::after),
     "bounds how far ahead --after's ID may be, and --after is not given"},
    {subject::time_text, subject::none, mode::generating, 0, detail::for_parsing},
    {subject::time_number, subject::none, mode::generating, 0, detail::for_parsing},
    {subject::prefix, subject::uuid, mode::always, 0, "--uuid prints UUIDs, not TypeIDs"},
    {subject::prefix, subject::lower, mode::always, 0, "TypeIDs are always lower case"},
    {subject::json, subject::time_text, mode::always, 0, detail::json_time},
    {subject::json, subject::time_number, mode::always, 0, detail::json_time},
    {subject::json, subject::uuid, mode::always, 0, "JSON lines already hold the UUID"},
    {subject::uuid, subject::time_text, mode::always, 0, detail::uuid_time},
    {subject::uuid, subject::time_number, mode::always, 0, detail::uuid_time},
    {subject::uuid, subject::local, mode::always, 0, detail::uuid_time},
    {subject::uuid, subject::lower, mode::always, 0, "UUIDs are always printed in lower case"},
    {subject::local, subject::none, mode::generating, bit(subject::json),
     "applies to times, and new ULIDs are printed without one (-v prints it, in JSON)"},
    {subject::prefix, subject::time_text, mode::parsing, 0, detail::type_id_time},
    {subject::prefix, subject::time_number, mode::parsing, 0, detail::type_id_time},
    {subject::prefix, subject::local, mode::parsing, bit(subject::json), detail::type_id_time},
    {subject::local, subject::time_number, mode::parsing, 0, "Unix time does not depend on the time zone"},
    {subject::lower, subject::time_text, mode::parsing, 0, detail::lower_time},
    {subject::lower, subject::time_number, mode::parsing, 0, detail::lower_time},
    {subject::lower, subject::local, mode::parsing, bit(subject::json), "-l prints times, not ULIDs"},
};

/// The subjects given, and the spelling of each for messages.
struct given_subjects {
    subject_set set = 0;
    std::array<std::string_view, subject_count> spelled{};
};

/// The subject an option stands for in `opt` (-f's follows its value).
[[nodiscard]] inline subject subject_of(const option_spec& spec, const options& opt) noexcept {
    if (spec.id != option_id::format) return spec.what;
    for (const format_spec& f : format_table) {
        if (f.format == opt.format) return f.what;
    }
    return subject::none;
}

/// The subjects of the options given; when two options stand for one
/// subject (-v and -f json), the first in option_table names it.
[[nodiscard]] inline given_subjects subjects_of(const options& opt) noexcept {
    given_subjects g;
    for (const option_spec& spec : option_table) {
        const subject s = subject_of(spec, opt);
        if (!opt.has(spec.id) || s == subject::none || (g.set & bit(s)) != 0) continue;
        g.set |= bit(s);
        g.spelled[static_cast<std::size_t>(s)] = opt.given[static_cast<std::size_t>(spec.id)];
    }
    return g;
}

/// True when `r` refuses the subjects `set` in the mode `parsing` says.
[[nodiscard]] constexpr bool applies(const rule& r, subject_set set, bool parsing) noexcept {
    const bool in_mode = r.when == mode::always || (r.when == mode::parsing) == parsing;
    return in_mode && (set & bit(r.a)) != 0 && (r.b == subject::none || (set & bit(r.b)) != 0) && (set & r.unless) == 0;
}

/// Why the options cannot be used together (the first row of rule_table
/// that applies), or "" when they can.
[[nodiscard]] inline std::string conflict(const options& opt) {
    const given_subjects g = subjects_of(opt);
    const bool parsing = opt.parsing();
    for (const rule& r : rule_table) {
        if (!applies(r, g.set, parsing)) continue;
        const std::string a(g.spelled[static_cast<std::size_t>(r.a)]);
        if (r.b == subject::none) return a + " " + std::string(r.why);
        return a + " and " + std::string(g.spelled[static_cast<std::size_t>(r.b)]) +
               " cannot be combined: " + std::string(r.why);
    }
    return {};
}

/// The options part of --help, from option_table: for each section its
/// heading, then each option with its help text in a column.
[[nodiscard]] inline std::string options_help() {
    struct heading {
        section where;
        std::string_view text;
    };
    constexpr std::array<heading, 5> headings{{
        {section::generating, "Generating:\n"},
        {section::parsing, "Parsing (by default a ULID prints its time, a UUID its ULID):\n"},
        {section::output, "Output:\n"},
        {section::facade, "Private IDs (UUIDv47: a UUIDv4 facade that hides a UUIDv7's time, under a secret key):\n"},
        {section::other, ""},
    }};
    constexpr std::size_t column = 23;
    std::string s;
    for (const heading& h : headings) {
        s += h.text;
        for (const option_spec& spec : option_table) {
            if (spec.where != h.where) continue;
            std::string names = spec.short_name != '\0' ? std::string("  -") + spec.short_name + ", " : "      ";
            names += "--" + std::string(spec.long_name);
            if (!spec.value_name.empty()) names += " " + std::string(spec.value_name);
            s += names;
            if (names.size() + 2 > column) {
                s += "\n";
                s.append(column, ' ');
            } else {
                s.append(column - names.size(), ' ');
            }
            for (const char c : spec.help) {
                s += c;
                if (c == '\n') s.append(column, ' ');
            }
            s += '\n';
        }
    }
    return s;
}

/// Parses argv into `opt`. Returns action::help or action::version as soon as
/// -h/--help or --version is seen; action::usage_error with `error` set for an
/// unknown option, a missing or bad value, or conflicting options.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): the getopt-style loop, one case per form
[[nodiscard]] inline action parse_command_line(int argc, char** argv, options& opt, std::string& error) {
    bool only_operands = false;
    // Records the option and applies its value; false with `error` set.
    const auto take = [&](const option_spec& spec, std::string flag, std::string_view value) {
        std::string& given = opt.given[static_cast<std::size_t>(spec.id)];
        given = std::move(flag);
        std::string why;
        if (spec.apply != nullptr && !spec.apply(opt, given, value, why)) {
            error = "invalid " + std::string(spec.value_kind) + " for " + given + " " + quoted(value) + ": " + why;
            return false;
        }
        return true;
    };
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (only_operands || arg.size() < 2 || arg[0] != '-') {
            opt.operands.push_back(arg);
            continue;
        }
        if (arg == "--") {
            only_operands = true;
            continue;
        }
        if (arg[1] == '-') {
            const std::string_view body = arg.substr(2);
            const std::size_t eq = body.find('=');
            const std::string_view name = body.substr(0, eq);
            const option_spec* spec = nullptr;
            for (const option_spec& s : option_table) {
                if (s.long_name == name) spec = &s;
            }
            if (spec == nullptr) {
                error = "unknown option " + quoted("--" + std::string(name));
                return action::usage_error;
            }
            std::string flag = "--" + std::string(spec->long_name);
            std::string_view value;
            if (!spec->value_name.empty()) {
                if (eq != std::string_view::npos) {
                    value = body.substr(eq + 1);
                } else if (i + 1 < argc) {
                    value = argv[++i];
                } else {
                    error = "option " + flag + " needs a value";
                    return action::usage_error;
                }
            } else if (eq != std::string_view::npos) {
                error = "option " + flag + " takes no value";
                return action::usage_error;
            }
            if (!take(*spec, std::move(flag), value)) return action::usage_error;
            if (spec->act != action::run) return spec->act;
            continue;
        }
        // A bundle of short options: each letter a flag, until one that takes
        // a value swallows the rest of the word or the next argument.
        for (std::size_t k = 1; k < arg.size(); ++k) {
            const option_spec* spec = nullptr;
            for (const option_spec& s : option_table) {
                if (s.short_name != '\0' && s.short_name == arg[k]) spec = &s;
            }
            if (spec == nullptr) {
                const auto c = static_cast<unsigned char>(arg[k]);
                if (c >= 0x20 && c < 0x7F) {
                    error = std::string("unknown option '-") + arg[k] + "'";
                } else {
                    error = "unknown option character in " + quoted(arg);
                }
                return action::usage_error;
            }
            std::string flag = std::string("-") + spec->short_name;
            std::string_view value;
            if (!spec->value_name.empty()) {
                if (k + 1 < arg.size()) {
                    value = arg.substr(k + 1);
                } else if (i + 1 < argc) {
                    value = argv[++i];
                } else {
                    error = "option " + flag + " needs a value";
                    return action::usage_error;
                }
                k = arg.size();
            }
            if (!take(*spec, std::move(flag), value)) return action::usage_error;
            if (spec->act != action::run) return spec->act;
        }
    }
    error = conflict(opt);
    return error.empty() ? action::run : action::usage_error;
}

}  // namespace ulid_cli

#endif  // ULID_TOOLS_OPTIONS_HPP
