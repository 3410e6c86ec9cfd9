// SPDX-License-Identifier: MIT
// tools/ulid/options.hpp: command-line parsing for the ulid tool.
//
// GNU-style, written by hand to stay within the standard library: short
// options bundle (-qn3), values follow as the rest of the word or the next
// argument (-n 3, -n3, --count 3, --count=3), options and operands mix in any
// order, "--" ends the options and "-" is an operand (standard input).

#ifndef ULID_TOOLS_OPTIONS_HPP
#define ULID_TOOLS_OPTIONS_HPP

#include "time_text.hpp"

#include <ulid/facade.hpp>
#include <ulid/ulid.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace ulid_cli {

/// Where generated ULIDs take their entropy from.
enum class entropy_kind {
    secure,  ///< the library's default: ChaCha8 keyed by the OS, monotonic
    quick,   ///< std::mt19937_64 seeded from the OS, monotonic
    zero,    ///< zero entropy, counting up within a millisecond
};

/// Everything the command line asks for.
struct options {
    std::uint64_t count = 1;
    time_format format = time_format::human;
    entropy_kind entropy = entropy_kind::secure;
    std::uint64_t time_ms = 0;
    bool time_given = false;
    bool local = false;
    bool verbose = false;
    bool uuid = false;
    bool lower = false;
    bool parse = false;
    bool v7 = false;            // ULIDs that are also RFC 9562 UUIDv7 (ulid::uuidv7_layout)
    bool prefix_given = false;  // --prefix: generate TypeIDs (UUIDv7 under this prefix)
    std::string_view prefix;    // valid (ulid::is_type_id_prefix) when prefix_given
    bool after_given = false;   // --after: every new ID is greater than `after`
    ulid::ulid after;
    bool to_facade = false;                  // --to-facade: print the UUIDv47 facade of each ID
    bool from_facade = false;                // --from-facade: decode each input as a facade first
    std::string_view facade_key_file;        // --facade-key-file PATH; empty: ULID_FACADE_KEY
    ulid::facade_key facade_key;             // read by main() when a facade option is given
    std::vector<std::string_view> operands;  // ULIDs, UUIDs or "-", in order
    std::string warning;                     // printed before running, when not empty

    // Options as spelled on the command line, for error messages; empty when
    // not given.
    std::string count_flag;
    std::string time_flag;
    std::string entropy_flag;
    std::string format_flag;  // with its value: "-f ms", "--format rfc3339"
    std::string local_flag;
    std::string verbose_flag;
    std::string v7_flag;
    std::string prefix_flag;
    std::string after_flag;
    std::string facade_key_file_flag;

    /// True when the call inspects ULIDs instead of generating them.
    [[nodiscard]] bool parsing() const noexcept { return parse || !operands.empty(); }
    /// True when each ULID becomes a JSON line.
    [[nodiscard]] bool json() const noexcept { return verbose || format == time_format::json; }
    /// True when -f names a time format (not json).
    [[nodiscard]] bool time_format_given() const noexcept {
        return !format_flag.empty() && format != time_format::json;
    }
};

/// What parsing prints for each valid input, chosen by the options alone so
/// that every input of one call gets the same treatment.
enum class parse_output {
    facade,    ///< --to-facade: the facade as a UUID (a TypeID's as a TypeID)
    json,      ///< -v or -f json
    uuid,      ///< --uuid
    time,      ///< -f TIME_FORMAT or -l: the time, for UUID inputs too
    ulid,      ///< --lower: the ULID in lower case, for ULID inputs too
    by_input,  ///< nothing chosen: a ULID's time, a UUID's ULID
};

/// The output of parsing; the options must have passed parse_command_line().
[[nodiscard]] inline parse_output output_of(const options& opt) noexcept {
    if (opt.to_facade) return parse_output::facade;
    if (opt.json()) return parse_output::json;
    if (opt.uuid) return parse_output::uuid;
    if (opt.time_format_given() || opt.local) return parse_output::time;
    if (opt.lower) return parse_output::ulid;
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

/// Parses "N" as a count: decimal digits only, at most 2^64 - 1.
[[nodiscard]] inline bool parse_count(std::string_view text, std::uint64_t& out, std::string& why) {
    if (text.empty()) {
        why = "an empty count";
        return false;
    }
    std::uint64_t value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') {
            why = "not a non-negative whole number";
            return false;
        }
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) {
            why = "too large (at most 18446744073709551615)";
            return false;
        }
        value = value * 10 + digit;
    }
    out = value;
    return true;
}

/// Parses "-t TIME": Unix milliseconds (digits only) or an RFC 3339 time, in
/// the range ULIDs can hold (1970 to max_time).
[[nodiscard]] inline bool parse_time(std::string_view text, std::uint64_t& out, std::string& why) {
    bool digits = !text.empty();
    for (const char c : text) digits = digits && c >= '0' && c <= '9';
    if (digits) {
        std::uint64_t value = 0;
        for (const char c : text) {
            value = value * 10 + static_cast<std::uint64_t>(c - '0');
            if (value > ulid::max_time) {
                why = ulid::make_error_code(ulid::errc::big_time).message();
                return false;
            }
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

/// True when `text` equals the lower-case `name`, ignoring ASCII case.
[[nodiscard]] constexpr bool equals_ignoring_case(std::string_view text, std::string_view name) noexcept {
    if (text.size() != name.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i] >= 'A' && text[i] <= 'Z' ? static_cast<char>(text[i] - 'A' + 'a') : text[i];
        if (c != name[i]) return false;
    }
    return true;
}

/// Parses a --format name, case-insensitively.
[[nodiscard]] constexpr bool parse_format(std::string_view text, time_format& out) noexcept {
    if (equals_ignoring_case(text, "default")) {
        out = time_format::human;
    } else if (equals_ignoring_case(text, "rfc3339")) {
        out = time_format::rfc3339;
    } else if (equals_ignoring_case(text, "unix")) {
        out = time_format::unix_seconds;
    } else if (equals_ignoring_case(text, "ms")) {
        out = time_format::milliseconds;
    } else if (equals_ignoring_case(text, "json")) {
        out = time_format::json;
    } else {
        return false;
    }
    return true;
}

namespace detail {

struct option_spec {  // NOLINT(clang-analyzer-optin.performance.Padding): fields in the table's reading order
    char short_name;  // '\0' when there is none
    std::string_view long_name;
    bool takes_value;
};

// NOLINTNEXTLINE(modernize-avoid-c-arrays): sized by its entries
inline constexpr option_spec option_table[] = {
    {'n', "count", true},         {'f', "format", true},           {'t', "time", true},    {'l', "local", false},
    {'v', "verbose", false},      {'q', "quick", false},           {'z', "zero", false},   {'h', "help", false},
    {'\0', "version", false},     {'\0', "uuid", false},           {'\0', "lower", false}, {'\0', "parse", false},
    {'\0', "v7", false},          {'\0', "prefix", true},          {'\0', "after", true},  {'\0', "to-facade", false},
    {'\0', "from-facade", false}, {'\0', "facade-key-file", true},
};

inline std::string spelled(const option_spec& spec, bool as_long) {
    if (as_long || spec.short_name == '\0') return "--" + std::string(spec.long_name);
    return std::string("-") + spec.short_name;
}

/// Applies one option; returns false with `error` set for a bad value.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): one flat case per option
inline bool apply(const option_spec& spec, const std::string& flag, std::string_view value, options& opt,
                  action& result, std::string& error) {
    std::string why;
    const std::string_view name = spec.long_name;
    if (name == "count") {
        if (!parse_count(value, opt.count, why)) {
            error = "invalid count for " + flag + " " + quoted(value) + ": " + why;
            return false;
        }
        opt.count_flag = flag;
    } else if (name == "format") {
        if (!parse_format(value, opt.format)) {
            error =
                "invalid format for " + flag + " " + quoted(value) + ": expected default, rfc3339, unix, ms or json";
            return false;
        }
        constexpr std::array<const char*, 5> names{"default", "rfc3339", "unix", "ms", "json"};
        opt.format_flag = flag + " " + names[static_cast<std::size_t>(opt.format)];
    } else if (name == "time") {
        if (!parse_time(value, opt.time_ms, why)) {
            error = "invalid time for " + flag + " " + quoted(value) + ": " + why;
            return false;
        }
        opt.time_given = true;
        opt.time_flag = flag;
        // Ten or eleven digits read as milliseconds fall in 1970-01-12 to
        // 1973-03-03; as seconds they are 2001 to 5138: almost surely meant so.
        constexpr std::uint64_t seconds_low = 1000000000;
        constexpr std::uint64_t seconds_high = 100000000000;
        if (value.find_first_not_of("0123456789") == std::string_view::npos && opt.time_ms >= seconds_low &&
            opt.time_ms < seconds_high) {
            opt.warning = "warning: " + flag + " " + std::string(value) + " is read as milliseconds (" +
                          ulid::rfc3339(opt.time_ms).str() + "); if it is seconds (" +
                          ulid::rfc3339(opt.time_ms * 1000).str() + "), give " + std::string(value) + "000";
        }
    } else if (name == "local") {
        opt.local = true;
        opt.local_flag = flag;
    } else if (name == "verbose") {
        opt.verbose = true;
        opt.verbose_flag = flag;
    } else if (name == "quick" || name == "zero") {
        const entropy_kind kind = name == "quick" ? entropy_kind::quick : entropy_kind::zero;
        if (opt.entropy != entropy_kind::secure && opt.entropy != kind) {
            error = opt.entropy_flag + " and " + flag + " cannot be combined: choose one entropy source";
            return false;
        }
        opt.entropy = kind;
        opt.entropy_flag = flag;
    } else if (name == "help") {
        result = action::help;
    } else if (name == "version") {
        result = action::version;
    } else if (name == "uuid") {
        opt.uuid = true;
    } else if (name == "lower") {
        opt.lower = true;
    } else if (name == "parse") {
        opt.parse = true;
    } else if (name == "v7") {
        opt.v7 = true;
        opt.v7_flag = flag;
    } else if (name == "after") {
        if (const std::error_code ec = ulid::parse_any(value, opt.after)) {
            error = "invalid ID for " + flag + " " + quoted(value) + ": " + ec.message();
            return false;
        }
        opt.after_given = true;
        opt.after_flag = flag;
    } else if (name == "to-facade") {
        opt.to_facade = true;
    } else if (name == "from-facade") {
        opt.from_facade = true;
    } else if (name == "facade-key-file") {
        // Only the path is given on the command line, never the key: other
        // users can read a process's arguments.
        if (value.empty()) {
            error = "invalid file for " + flag + " '': an empty path";
            return false;
        }
        opt.facade_key_file = value;
        opt.facade_key_file_flag = flag;
    } else if (name == "prefix") {
        if (!ulid::is_type_id_prefix(value)) {
            error = "invalid prefix for " + flag + " " + quoted(value) + ": " +
                    ulid::make_error_code(ulid::errc::invalid_prefix).message();
            return false;
        }
        opt.prefix = value;
        opt.prefix_given = true;
        opt.prefix_flag = flag;
    }
    return true;
}

/// Why the options cannot be used together, or "" when they can. Every option
/// either changes the output of this call or is refused here: none is
/// silently ignored. The table in docs/cli.md lists each combination.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): one flat check per pair, as docs/cli.md's table
inline std::string conflict(const options& opt) {
    const auto both = [](const std::string& a, const std::string& b, const char* why) {
        return a + " and " + b + " cannot be combined: " + why;
    };
    if (opt.to_facade && opt.from_facade) return both("--to-facade", "--from-facade", "choose one direction");
    if (!opt.facade_key_file_flag.empty() && !opt.to_facade && !opt.from_facade) {
        return opt.facade_key_file_flag + " gives the key of --to-facade or --from-facade, and neither is given";
    }
    if (opt.from_facade && !opt.parsing()) {
        return "--from-facade is for parsing: give the facades as arguments, '-' or --parse";
    }
    if (opt.to_facade) {
        constexpr const char* no_time = "a facade shows no time (decode it with --from-facade to see it)";
        if (opt.json()) return both("--to-facade", opt.verbose ? opt.verbose_flag : opt.format_flag, no_time);
        if (opt.time_format_given()) return both("--to-facade", opt.format_flag, no_time);
        if (opt.local) return both("--to-facade", opt.local_flag, no_time);
        if (opt.uuid) return both("--to-facade", "--uuid", "facades are always printed as UUIDs");
        if (opt.lower) return both("--to-facade", "--lower", "facades are printed as UUIDs, in lower case");
    }
    if (opt.parsing()) {
        const std::string& given = !opt.count_flag.empty()    ? opt.count_flag
                                   : !opt.time_flag.empty()   ? opt.time_flag
                                   : !opt.v7_flag.empty()     ? opt.v7_flag
                                   : !opt.prefix_flag.empty() ? opt.prefix_flag
                                   : !opt.after_flag.empty()  ? opt.after_flag
                                                              : opt.entropy_flag;
        if (!given.empty()) {
            return given +
                   " is for generating ULIDs and cannot be combined with parsing (ULID arguments, '-' or --parse)";
        }
    } else if (opt.time_format_given()) {
        return opt.format_flag + " is for parsing: new ULIDs are printed without their time (-v prints it, in JSON)";
    } else if (opt.prefix_given && opt.uuid) {
        return both(opt.prefix_flag, "--uuid", "--uuid prints UUIDs, not TypeIDs");
    } else if (opt.prefix_given && opt.lower) {
        return both(opt.prefix_flag, "--lower", "TypeIDs are always lower case");
    }
    if (opt.json()) {
        const std::string& json_flag = opt.verbose ? opt.verbose_flag : opt.format_flag;
        if (opt.time_format_given()) {
            return both(json_flag, opt.format_flag, "JSON lines always show the time in RFC 3339");
        }
        if (opt.uuid) return both(json_flag, "--uuid", "JSON lines already hold the UUID");
        return {};  // -l and --lower apply to the time and ulid fields
    }
    if (opt.uuid) {
        if (opt.time_format_given()) return both("--uuid", opt.format_flag, "--uuid prints UUIDs, not times");
        if (opt.local) return both("--uuid", opt.local_flag, "--uuid prints UUIDs, not times");
        if (opt.lower) return both("--uuid", "--lower", "UUIDs are always printed in lower case");
        return {};
    }
    if (!opt.parsing()) {
        if (opt.local) {
            return opt.local_flag + " applies to times, and new ULIDs are printed without one (-v prints it, in JSON)";
        }
        return {};
    }
    if (opt.local && opt.time_format_given() &&
        (opt.format == time_format::unix_seconds || opt.format == time_format::milliseconds)) {
        return both(opt.local_flag, opt.format_flag, "Unix time does not depend on the time zone");
    }
    if (opt.lower && opt.time_format_given()) return both("--lower", opt.format_flag, "-f prints times, not ULIDs");
    if (opt.lower && opt.local) return both("--lower", opt.local_flag, "-l prints times, not ULIDs");
    return {};
}

}  // namespace detail

/// Parses argv into `opt`. Returns action::help or action::version as soon as
/// -h/--help or --version is seen; action::usage_error with `error` set for an
/// unknown option, a missing or bad value, or conflicting options.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): the getopt-style loop, one case per form
[[nodiscard]] inline action parse_command_line(int argc, char** argv, options& opt, std::string& error) {
    action result = action::run;
    bool only_operands = false;
    for (int i = 1; i < argc && result == action::run; ++i) {
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
            const detail::option_spec* spec = nullptr;
            for (const auto& s : detail::option_table) {
                if (s.long_name == name) spec = &s;
            }
            if (spec == nullptr) {
                error = "unknown option " + quoted("--" + std::string(name));
                return action::usage_error;
            }
            const std::string flag = detail::spelled(*spec, true);
            std::string_view value;
            if (spec->takes_value) {
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
            if (!detail::apply(*spec, flag, value, opt, result, error)) return action::usage_error;
            continue;
        }
        // A bundle of short options: each letter a flag, until one that takes
        // a value swallows the rest of the word or the next argument.
        for (std::size_t k = 1; k < arg.size() && result == action::run; ++k) {
            const detail::option_spec* spec = nullptr;
            for (const auto& s : detail::option_table) {
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
            const std::string flag = detail::spelled(*spec, false);
            std::string_view value;
            if (spec->takes_value) {
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
            if (!detail::apply(*spec, flag, value, opt, result, error)) return action::usage_error;
        }
    }
    if (result != action::run) return result;
    error = detail::conflict(opt);
    return error.empty() ? action::run : action::usage_error;
}

}  // namespace ulid_cli

#endif  // ULID_TOOLS_OPTIONS_HPP
