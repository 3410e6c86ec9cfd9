// SPDX-License-Identifier: MIT
// tools/ulid/time_text.hpp: timestamps as text for the ulid tool.
//
// UTC dates are computed with the library's civil-calendar helpers
// (ulid::civil_from_days, days_from_civil), so every ULID time up to the year 10889 prints correctly whatever
// the C library's limits; only --local asks the C library (std::localtime).

#ifndef ULID_TOOLS_TIME_TEXT_HPP
#define ULID_TOOLS_TIME_TEXT_HPP

#include <ulid/ulid.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <limits>
#include <string_view>

namespace ulid_cli {

/// How timestamps are shown.
enum class time_format {
    human,         ///< Wed Dec 02 08:15:04.123 UTC 2026
    rfc3339,       ///< 2026-12-02T08:15:04.123Z
    unix_seconds,  ///< 1796112904
    milliseconds,  ///< 1796112904123
    json,          ///< one JSON object per ULID (same as --verbose)
};

/// A broken-down time with milliseconds and the zone it is expressed in.
struct zoned_time {
    std::int64_t year = 1970;
    unsigned month = 1;  // 1-12
    unsigned day = 1;    // 1-31
    unsigned hour = 0;
    unsigned minute = 0;
    unsigned second = 0;
    unsigned millisecond = 0;
    unsigned weekday = 4;  // 0 = Sunday
    bool utc = true;
    std::int64_t offset_seconds = 0;  // local time minus UTC
    std::array<char, 64> zone{};      // abbreviation, NUL-terminated; may be empty
};

/// 0 = Sunday, for `z` days after 1970-01-01 (a Thursday).
[[nodiscard]] constexpr unsigned weekday_from_days(std::int64_t z) noexcept {
    return static_cast<unsigned>(z >= -4 ? (z + 4) % 7 : (z + 5) % 7 + 6);
}

[[nodiscard]] constexpr bool is_leap_year(std::int64_t y) noexcept {
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

[[nodiscard]] constexpr unsigned days_in_month(std::int64_t y, unsigned m) noexcept {
    constexpr std::array<unsigned, 12> days = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap_year(y) ? 29U : days[m - 1];
}

/// `ms` (Unix milliseconds, at most ulid::max_time) as UTC, or in the local
/// time zone when `local`. Returns false only when the C library cannot
/// express the time locally (a 32-bit time_t, or localtime failing).
[[nodiscard]] inline bool to_zoned_time(std::uint64_t ms, bool local, zoned_time& out) noexcept {
    const auto seconds = static_cast<std::int64_t>(ms / 1000);
    out.millisecond = static_cast<unsigned>(ms % 1000);
    if (!local) {
        const std::int64_t days = seconds / 86400;
        const std::int64_t rest = seconds % 86400;
        const ulid::civil_date date = ulid::civil_from_days(days);
        out.year = date.year;
        out.month = date.month;
        out.day = date.day;
        out.hour = static_cast<unsigned>(rest / 3600);
        out.minute = static_cast<unsigned>(rest / 60 % 60);
        out.second = static_cast<unsigned>(rest % 60);
        out.weekday = weekday_from_days(days);
        out.utc = true;
        out.offset_seconds = 0;
        out.zone = {'U', 'T', 'C', '\0'};
        return true;
    }
    if (static_cast<std::uint64_t>(seconds) > static_cast<std::uint64_t>(std::numeric_limits<std::time_t>::max())) {
        return false;
    }
    const auto t = static_cast<std::time_t>(seconds);
    // The tool is single-threaded, so std::localtime's shared result is safe.
    const std::tm* tm = std::localtime(&t);
    if (tm == nullptr) return false;
    out.year = static_cast<std::int64_t>(tm->tm_year) + 1900;
    out.month = static_cast<unsigned>(tm->tm_mon + 1);
    out.day = static_cast<unsigned>(tm->tm_mday);
    out.hour = static_cast<unsigned>(tm->tm_hour);
    out.minute = static_cast<unsigned>(tm->tm_min);
    // A leap second (tm_sec == 60) is folded into :59 so the output stays valid.
    out.second = static_cast<unsigned>(tm->tm_sec > 59 ? 59 : tm->tm_sec);
    out.weekday = static_cast<unsigned>(tm->tm_wday);
    out.utc = false;
    // The offset is what the local wall clock reads minus UTC; computing it
    // from the fields avoids the non-standard tm_gmtoff.
    const std::int64_t wall = ulid::days_from_civil({out.year, out.month, out.day}) * 86400 +
                              static_cast<std::int64_t>(out.hour) * 3600 + static_cast<std::int64_t>(out.minute) * 60 +
                              static_cast<std::int64_t>(tm->tm_sec);
    out.offset_seconds = wall - seconds;
    out.zone[0] = '\0';
    if (std::strftime(out.zone.data(), out.zone.size(), "%Z", tm) == 0) out.zone[0] = '\0';
    return true;
}

inline constexpr std::array<const char*, 7> weekday_names = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
inline constexpr std::array<const char*, 12> month_names = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

/// Largest text any format_* function below writes, terminator included.
inline constexpr std::size_t max_time_text = 128;

/// Writes `+hh:mm` (with_colon) or `+hhmm` and returns the length.
inline int format_offset(std::int64_t offset_seconds, bool with_colon, char* out, std::size_t size) noexcept {
    const char sign = offset_seconds < 0 ? '-' : '+';
    const std::int64_t minutes = (offset_seconds < 0 ? -offset_seconds : offset_seconds) / 60;
    return std::snprintf(out, size, with_colon ? "%c%02lld:%02lld" : "%c%02lld%02lld", sign,
                         static_cast<long long>(minutes / 60), static_cast<long long>(minutes % 60));
}

/// RFC 3339 with milliseconds: 2026-12-02T08:15:04.123Z, or with a numeric
/// offset for local time. Returns the length written (no terminator counted).
inline std::size_t format_rfc3339(const zoned_time& t, char* out, std::size_t size) noexcept {
    int n = std::snprintf(out, size, "%04lld-%02u-%02uT%02u:%02u:%02u.%03u", static_cast<long long>(t.year), t.month,
                          t.day, t.hour, t.minute, t.second, t.millisecond);
    if (n < 0 || static_cast<std::size_t>(n) >= size) return 0;
    const auto used = static_cast<std::size_t>(n);
    int m = t.utc ? std::snprintf(out + used, size - used, "Z")
                  : format_offset(t.offset_seconds, true, out + used, size - used);
    if (m < 0 || static_cast<std::size_t>(m) >= size - used) return 0;
    return used + static_cast<std::size_t>(m);
}

/// Like Go's "Mon Jan 02 15:04:05.000 MST 2006": Wed Dec 02 08:15:04.123 UTC
/// 2026. Local times use the zone's abbreviation, or +hhmm when it has none.
inline std::size_t format_human(const zoned_time& t, char* out, std::size_t size) noexcept {
    std::array<char, 32> offset{};
    const char* zone = t.zone.data();
    if (zone[0] == '\0') {
        format_offset(t.offset_seconds, false, offset.data(), offset.size());
        zone = offset.data();
    }
    const int n = std::snprintf(out, size, "%s %s %02u %02u:%02u:%02u.%03u %s %lld", weekday_names[t.weekday % 7],
                                month_names[(t.month + 11) % 12], t.day, t.hour, t.minute, t.second, t.millisecond,
                                zone, static_cast<long long>(t.year));
    if (n < 0 || static_cast<std::size_t>(n) >= size) return 0;
    return static_cast<std::size_t>(n);
}

/// Reads exactly `count` decimal digits at `text[pos]`.
[[nodiscard]] constexpr bool read_digits(std::string_view text, std::size_t pos, std::size_t count,
                                         unsigned& value) noexcept {
    if (pos + count > text.size()) return false;
    value = 0;
    for (std::size_t i = pos; i < pos + count; ++i) {
        if (text[i] < '0' || text[i] > '9') return false;
        value = value * 10 + static_cast<unsigned>(text[i] - '0');
    }
    return true;
}

/// Parses an RFC 3339 date-time, YYYY-MM-DDTHH:MM:SS[.fraction](Z|+hh:mm|-hh:mm)
/// ('t', 'z' and a space separator are accepted too, as RFC 3339 allows), to
/// Unix milliseconds, truncating finer fractions. A five-digit year from 10000
/// is read too: RFC 3339 has no form past 9999, and ulid::rfc3339() and the
/// tool write those years (up to 10889, the largest ULID time) that way. On
/// failure returns false and sets `why` to a reason.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): one flat check per field of RFC 3339's grammar
[[nodiscard]] inline bool parse_rfc3339(std::string_view text, std::int64_t& ms, const char*& why) noexcept {
    constexpr const char* shape =
        "not Unix milliseconds or an RFC 3339 time such as 2026-12-02T08:15:04.123Z or 2026-12-02T09:15:04+01:00";
    unsigned year = 0;
    // Everything after the year is read at the positions of a four-digit one.
    if (text.size() > 5 && text[4] >= '0' && text[4] <= '9' && text[5] == '-') {
        if (!read_digits(text, 0, 5, year) || year < 10000) {
            why = shape;
            return false;
        }
        text.remove_prefix(1);
    } else if (!read_digits(text, 0, 4, year)) {
        why = shape;
        return false;
    }
    unsigned month = 0;
    unsigned day = 0;
    unsigned hour = 0;
    unsigned minute = 0;
    unsigned second = 0;
    if (text.size() < 19 || text[4] != '-' || !read_digits(text, 5, 2, month) || text[7] != '-' ||
        !read_digits(text, 8, 2, day) || (text[10] != 'T' && text[10] != 't' && text[10] != ' ') ||
        !read_digits(text, 11, 2, hour) || text[13] != ':' || !read_digits(text, 14, 2, minute) || text[16] != ':' ||
        !read_digits(text, 17, 2, second)) {
        why = shape;
        return false;
    }
    std::size_t pos = 19;
    unsigned millis = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        const std::size_t first = pos;
        unsigned scale = 100;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            millis += static_cast<unsigned>(text[pos] - '0') * scale;
            scale /= 10;
            ++pos;
        }
        if (pos == first) {
            why = shape;
            return false;
        }
    }
    std::int64_t offset = 0;
    if (pos < text.size() && (text[pos] == 'Z' || text[pos] == 'z')) {
        ++pos;
    } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        const bool minus = text[pos] == '-';
        unsigned oh = 0;
        unsigned om = 0;
        if (!read_digits(text, pos + 1, 2, oh) || pos + 3 >= text.size() || text[pos + 3] != ':' ||
            !read_digits(text, pos + 4, 2, om)) {
            why = shape;
            return false;
        }
        if (oh > 23 || om > 59) {
            why = "time zone offset out of range (at most +23:59)";
            return false;
        }
        offset = (static_cast<std::int64_t>(oh) * 60 + om) * 60 * (minus ? -1 : 1);
        pos += 6;
    } else {
        why = "RFC 3339 time without a time zone: end it with Z or an offset such as +01:00";
        return false;
    }
    if (pos != text.size()) {
        why = shape;
        return false;
    }
    if (month < 1 || month > 12) {
        why = "month out of range (01-12)";
        return false;
    }
    if (day < 1 || day > days_in_month(year, month)) {
        why = "day out of range for that month";
        return false;
    }
    if (hour > 23 || minute > 59 || second > 59) {
        why = "time of day out of range (00:00:00 to 23:59:59)";
        return false;
    }
    const std::int64_t seconds = ulid::days_from_civil({year, month, day}) * 86400 +
                                 static_cast<std::int64_t>(hour) * 3600 + static_cast<std::int64_t>(minute) * 60 +
                                 static_cast<std::int64_t>(second) - offset;
    ms = seconds * 1000 + static_cast<std::int64_t>(millis);
    return true;
}

}  // namespace ulid_cli

#endif  // ULID_TOOLS_TIME_TEXT_HPP
