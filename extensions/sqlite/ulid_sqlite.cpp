// SPDX-License-Identifier: MIT
// extensions/sqlite/ulid_sqlite.cpp: ULID functions for SQLite, as a loadable
// extension (`.load ./ulid` in the shell, sqlite3_load_extension() in a
// program). The SQL API and its guarantees are in docs/databases.md.
//
// Every function here is called by SQLite through a C function pointer, so
// nothing may throw: the library calls used are all noexcept, messages are
// formatted into stack buffers, and results are copied by SQLite
// (SQLITE_TRANSIENT), so nothing is allocated here either.

#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <ulid/facade.hpp>
#include <ulid/ulid.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string_view>
#include <system_error>

// SQLITE_INNOCUOUS appeared in SQLite 3.31; older headers build without it.
#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0
#endif

namespace {

/// The library's English text for `ec`, without allocating.
const char* library_message(std::error_code ec) noexcept {
    if (ec.category() == ulid::ulid_category()) return ulid::error_message(ulid::errc_of(ec));
    return "unknown error";
}

/// Up to 100 bytes of `text` fit for an error message (PostgreSQL's
/// extension quotes up to 100 characters: a TypeID or a URN fits whole),
/// each as explain() shows a character (ulid::shown_char(): printable ASCII
/// as is, quote and backslash escaped, every other byte as \xnn, so the
/// message stays valid UTF-8 however the input is cut), and "..." when cut
/// short.
struct quoted_input {
    static constexpr std::size_t max_bytes = 100;
    std::array<char, max_bytes * 4 + 4> text{};

    explicit quoted_input(std::string_view input) noexcept {
        std::size_t out = 0;
        const std::size_t shown = input.size() < max_bytes ? input.size() : max_bytes;
        for (std::size_t i = 0; i < shown; ++i) {
            const ulid::fixed_text<4> shown_byte = ulid::shown_char(input[i]);
            for (const char c : shown_byte.view()) text[out++] = c;
        }
        if (shown < input.size()) {
            for (int i = 0; i < 3; ++i) text[out++] = '.';
        }
        text[out] = '\0';
    }
};

/// The UTF-8 text of a TEXT value; false, with an out-of-memory error set, when
/// SQLite cannot convert it.
bool value_text(sqlite3_context* ctx, sqlite3_value* value, std::string_view& out) noexcept {
    // sqlite3_value_text() before sqlite3_value_bytes(): the length is then
    // that of the UTF-8 form just produced.
    const unsigned char* text = sqlite3_value_text(value);
    if (text == nullptr) {
        sqlite3_result_error_nomem(ctx);
        return false;
    }
    out = std::string_view(reinterpret_cast<const char*>(text), static_cast<std::size_t>(sqlite3_value_bytes(value)));
    return true;
}

/// "an integer", "a real number": the kind of a value that is neither text
/// nor a blob, for messages.
const char* kind_of(sqlite3_value* value) noexcept {
    return sqlite3_value_type(value) == SQLITE_INTEGER ? "an integer" : "a real number";
}

/// Sets the SQL error "<function>: invalid <what> '<text>': <explain()'s
/// words for `text` read as `form`>": every text that does not parse ends
/// here, so each surface explains it in the library's words.
void report_unparsed(sqlite3_context* ctx, const char* function, const char* what, std::string_view text,
                     ulid::text_form form) noexcept {
    std::array<char, 256> why{};
    (void)ulid::explain(text, why.data(), why.size(), form);
    std::array<char, 1024> message{};
    std::snprintf(message.data(), message.size(), "%s: invalid %s '%s': %s", function, what,
                  quoted_input(text).text.data(), why.data());
    sqlite3_result_error(ctx, message.data(), -1);
}

/// Reads an ID argument: text in every spelling PostgreSQL's ulid input
/// reads (ulid::parse_any(): the 26-character form, either case, and every
/// UUID spelling parse_uuid() reads), or the 16-byte blob. On failure sets
/// the SQL error "<function>: invalid ULID ...: why" and returns false. The
/// caller has handled NULL.
bool read_id(sqlite3_context* ctx, const char* function, sqlite3_value* value, ulid::ulid& out) noexcept {
    std::array<char, 1024> message{};
    switch (sqlite3_value_type(value)) {
        case SQLITE_TEXT: {
            std::string_view text;
            if (!value_text(ctx, value, text)) return false;
            if (!ulid::parse_any(text, out)) return true;
            report_unparsed(ctx, function, "ULID", text, ulid::text_form::any);
            return false;
        }
        case SQLITE_BLOB: {
            const auto* data = static_cast<const std::uint8_t*>(sqlite3_value_blob(value));
            const int size = sqlite3_value_bytes(value);
            const std::error_code ec = ulid::ulid::from_bytes(data, static_cast<std::size_t>(size), out);
            if (!ec) return true;
            std::snprintf(message.data(), message.size(), "%s: invalid ULID (a blob of %d bytes): %s", function, size,
                          library_message(ec));
            break;
        }
        default:
            std::snprintf(message.data(), message.size(),
                          "%s: invalid ULID (%s): expected text (a ULID or a UUID) or a 16-byte blob", function,
                          kind_of(value));
            break;
    }
    sqlite3_result_error(ctx, message.data(), -1);
    return false;
}

/// Reads a UUID argument, text in every spelling ulid::parse_uuid() reads;
/// on failure sets "<function>: invalid UUID ...: why" and returns false.
/// The caller has handled NULL.
bool read_uuid(sqlite3_context* ctx, const char* function, sqlite3_value* value, ulid::ulid& out) noexcept {
    const int type = sqlite3_value_type(value);
    if (type != SQLITE_TEXT) {
        std::array<char, 256> message{};
        std::snprintf(message.data(), message.size(),
                      "%s: invalid UUID (%s): expected 36-character text xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
                      function, type == SQLITE_BLOB ? "a blob" : kind_of(value));
        sqlite3_result_error(ctx, message.data(), -1);
        return false;
    }
    std::string_view text;
    if (!value_text(ctx, value, text)) return false;
    if (!ulid::parse_uuid(text, out)) return true;
    report_unparsed(ctx, function, "UUID", text, ulid::text_form::uuid);
    return false;
}

/// Reads a time argument: an INTEGER of Unix milliseconds that a ULID can
/// hold. Anything else sets an SQL error in PostgreSQL's words for its
/// timestamptz forms ("timestamp out of range for type ulid") and returns
/// false. The caller has handled NULL.
bool read_time(sqlite3_context* ctx, const char* function, sqlite3_value* value, std::uint64_t& out) noexcept {
    const int type = sqlite3_value_type(value);
    std::array<char, 256> message{};
    if (type != SQLITE_INTEGER) {
        const char* kind = type == SQLITE_TEXT ? "text" : type == SQLITE_BLOB ? "a blob" : "a real number";
        std::snprintf(message.data(), message.size(),
                      "%s: the time must be an integer number of Unix milliseconds, not %s", function, kind);
        sqlite3_result_error(ctx, message.data(), -1);
        return false;
    }
    const sqlite3_int64 ms = sqlite3_value_int64(value);
    if (ms >= 0 && static_cast<std::uint64_t>(ms) <= ulid::max_time) {
        out = static_cast<std::uint64_t>(ms);
        return true;
    }
    std::snprintf(message.data(), message.size(), "%s: timestamp %lld out of range for type ulid: %s", function,
                  static_cast<long long>(ms),
                  ms < 0 ? "ULIDs start at 1970-01-01 00:00:00 UTC" : ulid::error_message(ulid::errc::big_time));
    sqlite3_result_error(ctx, message.data(), -1);
    return false;
}

void result_text(sqlite3_context* ctx, const ulid::ulid& id) noexcept {
    std::array<char, ulid::encoded_size> text{};
    id.encode(text.data());
    sqlite3_result_text(ctx, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

void result_blob(sqlite3_context* ctx, const ulid::ulid& id) noexcept {
    sqlite3_result_blob(ctx, id.bytes().data(), static_cast<int>(ulid::binary_size), SQLITE_TRANSIENT);
}

/// Sets "<function>: cannot generate a ULID: why", every generator's error.
void report_generation_failure(sqlite3_context* ctx, const char* function, std::error_code ec) noexcept {
    std::array<char, 256> message{};
    std::snprintf(message.data(), message.size(), "%s: cannot generate a ULID: %s", function, library_message(ec));
    sqlite3_result_error(ctx, message.data(), -1);
}

/// The next ID of the process-wide sequence of `Layout`: make()'s for
/// ulid_layout, make_v7()'s for uuidv7_layout (the same source, clock and
/// step). But where the make function would abort the host process, on a
/// system with no randomness or a clock past the year 10889, this sets an
/// SQL error and returns false.
template <class Layout>
bool next_id(sqlite3_context* ctx, const char* function, ulid::ulid& out) noexcept {
    const std::error_code ec = ulid::default_entropy<Layout>().next_now(out);
    if (!ec) return true;
    report_generation_failure(ctx, function, ec);
    return false;
}

/// ulid::make_at or ulid::make_v7_at.
using given_time_maker = std::error_code (*)(std::uint64_t, ulid::ulid&) noexcept;

/// A new ID at the time argument `value` (read_time()'s rules and errors)
/// from the library's given-time generator `make`: make_at (must_make(ms)'s
/// sequence) or make_v7_at (must_make_v7(ms)'s), apart from ulid()'s and
/// ulid_v7()'s. On failure sets the SQL error and returns false. The caller
/// has handled NULL.
bool given_id(sqlite3_context* ctx, const char* function, sqlite3_value* value, given_time_maker make,
              ulid::ulid& out) noexcept {
    std::uint64_t ms = 0;
    if (!read_time(ctx, function, value, ms)) return false;
    const std::error_code ec = make(ms, out);
    if (!ec) return true;
    report_generation_failure(ctx, function, ec);
    return false;
}

/// Reads a TypeID prefix argument (text, valid by the specification); on
/// failure sets "<function>: invalid prefix ...: why" and returns false. The
/// caller has handled NULL.
bool read_prefix(sqlite3_context* ctx, const char* function, sqlite3_value* value, std::string_view& out) noexcept {
    std::array<char, 1024> message{};
    if (sqlite3_value_type(value) != SQLITE_TEXT) {
        std::snprintf(message.data(), message.size(), "%s: invalid prefix (%s): expected text", function,
                      sqlite3_value_type(value) == SQLITE_BLOB ? "a blob" : kind_of(value));
        sqlite3_result_error(ctx, message.data(), -1);
        return false;
    }
    if (!value_text(ctx, value, out)) return false;
    if (ulid::is_type_id_prefix(out)) return true;
    std::snprintf(message.data(), message.size(), "%s: invalid prefix '%s': %s", function,
                  quoted_input(out).text.data(), ulid::error_message(ulid::errc::invalid_prefix));
    sqlite3_result_error(ctx, message.data(), -1);
    return false;
}

/// Reads a facade key argument: a 16-byte blob, k0 then k1, each
/// little-endian (UUIDv47's key). On failure sets "<function>: the key must
/// be a 16-byte blob, not ..." naming only the kind or the length, never the
/// value, and returns false. The caller has handled NULL.
bool read_facade_key(sqlite3_context* ctx, const char* function, sqlite3_value* value, ulid::facade_key& out) noexcept {
    const int type = sqlite3_value_type(value);
    const int size = sqlite3_value_bytes(value);
    if (type == SQLITE_BLOB && size == 16) {
        ulid::byte_array bytes{};
        std::memcpy(bytes.data(), sqlite3_value_blob(value), bytes.size());
        out = ulid::facade_key::from_bytes(bytes);
        return true;
    }
    std::array<char, 256> message{};
    if (type == SQLITE_BLOB) {
        std::snprintf(message.data(), message.size(), "%s: the key must be a 16-byte blob, not a blob of %d bytes",
                      function, size);
    } else {
        std::snprintf(message.data(), message.size(), "%s: the key must be a 16-byte blob, not %s", function,
                      type == SQLITE_TEXT ? "text" : kind_of(value));
    }
    sqlite3_result_error(ctx, message.data(), -1);
    return false;
}

void result_type_id(sqlite3_context* ctx, std::string_view prefix, const ulid::ulid& id) noexcept {
    ulid::type_id type_id;
    if (ulid::make_type_id(prefix, id, type_id)) return;  // the prefix was checked by read_prefix
    std::array<char, ulid::type_id_max_size> text{};
    const char* end = type_id.encode(text.data());
    sqlite3_result_text(ctx, text.data(), static_cast<int>(end - text.data()), SQLITE_TRANSIENT);
}

}  // namespace

// The callbacks have C language linkage, as the function pointers SQLite
// stores do; `static` keeps them out of the module's exported symbols.
extern "C" {

/// ulid(): a new ULID as text, strictly greater than every earlier ulid() or
/// ulid_bytes() result in this process.
static void ulid_text_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** /*argv*/) noexcept {
    ulid::ulid id;
    if (next_id<ulid::ulid_layout>(ctx, "ulid", id)) result_text(ctx, id);
}

/// ulid_bytes(): as ulid(), as a 16-byte blob.
static void ulid_bytes_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** /*argv*/) noexcept {
    ulid::ulid id;
    if (next_id<ulid::ulid_layout>(ctx, "ulid_bytes", id)) result_blob(ctx, id);
}

/// ulid_v7(): a new ULID as text that is also an RFC 9562 UUIDv7
/// (ulid::make_v7()'s sequence), strictly greater than every earlier
/// ulid_v7(), ulid_v7_bytes() or typeid() result in this process.
static void ulid_v7_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** /*argv*/) noexcept {
    ulid::ulid id;
    if (next_id<ulid::uuidv7_layout>(ctx, "ulid_v7", id)) result_text(ctx, id);
}

/// ulid_v7_bytes(): as ulid_v7(), as a 16-byte blob (the UUID's bytes).
static void ulid_v7_bytes_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** /*argv*/) noexcept {
    ulid::ulid id;
    if (next_id<ulid::uuidv7_layout>(ctx, "ulid_v7_bytes", id)) result_blob(ctx, id);
}

/// ulid_observe(id): every later ulid(), ulid_bytes(), ulid_v7() and
/// ulid_v7_bytes() result of this process is greater than `id` (text or
/// blob), whatever the clock of the machine that made it (ulid::observe()).
/// An `id` more than max_clock_skew() (500 ms) ahead of this machine's clock
/// is an error that says how far ahead it was, and changes nothing. Returns
/// NULL.
static void ulid_observe_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (!read_id(ctx, "ulid_observe", argv[0], id)) return;
    const ulid::observe_result r = ulid::observe(id);
    if (!r.ec) return;
    std::array<char, 256> message{};
    const ulid::ulid_text text = id.encode();
    if (r.ec == ulid::errc::clock_skew) {
        std::snprintf(message.data(), message.size(),
                      "ulid_observe: %s is %lld ms ahead of this machine's clock, more than the %lld ms allowed "
                      "(clock skew)",
                      text.c_str(), static_cast<long long>(r.ahead.count()),
                      static_cast<long long>(ulid::max_clock_skew().count()));
    } else {
        std::snprintf(message.data(), message.size(), "ulid_observe: %s: %s", text.c_str(), library_message(r.ec));
    }
    sqlite3_result_error(ctx, message.data(), -1);
}

/// ulid_with_time(ms): a new ULID (text) at Unix millisecond `ms`, secure
/// random entropy, from the library's given-time generator (ulid::make_at(),
/// must_make(ms)'s sequence, apart from ulid()'s): increasing over
/// consecutive calls with the same `ms`.
static void ulid_with_time_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;  // the result stays NULL
    ulid::ulid id;
    if (given_id(ctx, "ulid_with_time", argv[0], ulid::make_at, id)) result_text(ctx, id);
}

/// ulid_v7_with_time(ms): as ulid_with_time(), each ID an RFC 9562 UUIDv7 at
/// `ms` (ulid::make_v7_at(), must_make_v7(ms)'s sequence, apart from
/// ulid_v7()'s; rand_a zero, as PostgreSQL's gen_ulid_v7(timestamptz) at a
/// whole millisecond).
static void ulid_v7_with_time_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (given_id(ctx, "ulid_v7_with_time", argv[0], ulid::make_v7_at, id)) result_text(ctx, id);
}

/// ulid_lower_bound(ms): the smallest ULID (text) of Unix millisecond `ms`,
/// entropy all zero (ulid::min_at(), PostgreSQL's ulid_lower_bound()).
static void ulid_lower_bound_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    std::uint64_t ms = 0;
    if (read_time(ctx, "ulid_lower_bound", argv[0], ms)) result_text(ctx, ulid::min_at(ms));
}

/// ulid_upper_bound(ms): the largest ULID (text) of Unix millisecond `ms`,
/// entropy all ones (ulid::max_at()), so `id BETWEEN ulid_lower_bound(a) AND
/// ulid_upper_bound(b)` holds every ULID of the milliseconds a to b.
static void ulid_upper_bound_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    std::uint64_t ms = 0;
    if (read_time(ctx, "ulid_upper_bound", argv[0], ms)) result_text(ctx, ulid::max_at(ms));
}

/// ulid_ms(id): the timestamp in Unix milliseconds.
static void ulid_ms_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (!read_id(ctx, "ulid_ms", argv[0], id)) return;
    sqlite3_result_int64(ctx, static_cast<sqlite3_int64>(id.time()));
}

/// ulid_datetime(id): the timestamp as RFC 3339 UTC text with milliseconds.
static void ulid_datetime_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (!read_id(ctx, "ulid_datetime", argv[0], id)) return;
    const ulid::fixed_text<25> text = ulid::rfc3339(id);
    sqlite3_result_text(ctx, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

/// ulid_to_uuid(id): the same 16 bytes as UUID text, lower case.
static void ulid_to_uuid_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (!read_id(ctx, "ulid_to_uuid", argv[0], id)) return;
    std::array<char, 36> text{};
    id.encode_uuid(text.data());
    sqlite3_result_text(ctx, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

/// ulid_from_uuid(text): the ULID text of the UUID's 16 bytes, read in any
/// spelling parse_uuid() reads (PostgreSQL's uuid_in spellings).
static void ulid_from_uuid_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (read_uuid(ctx, "ulid_from_uuid", argv[0], id)) result_text(ctx, id);
}

/// ulid_to_bytes(id): the 16-byte blob form.
static void ulid_to_bytes_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (!read_id(ctx, "ulid_to_bytes", argv[0], id)) return;
    result_blob(ctx, id);
}

/// ulid_from_bytes(id): the canonical (upper-case) text form.
static void ulid_from_bytes_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    ulid::ulid id;
    if (!read_id(ctx, "ulid_from_bytes", argv[0], id)) return;
    result_text(ctx, id);
}

/// typeid(prefix): a new TypeID, `prefix`, '_' and a ulid_v7() ID in lower
/// case (the same sequence as ulid_v7()).
static void typeid_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
    std::string_view prefix;
    ulid::ulid id;
    if (!read_prefix(ctx, "typeid", argv[0], prefix) || !next_id<ulid::uuidv7_layout>(ctx, "typeid", id)) return;
    result_type_id(ctx, prefix, id);
}

/// typeid_with_time(prefix, ms): a new TypeID, `prefix`, '_' and a
/// ulid_v7_with_time(ms) ID in lower case (the same sequence). The prefix is
/// checked first, so a bad one uses up no ID.
static void typeid_with_time_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    std::string_view prefix;
    ulid::ulid id;
    if (!read_prefix(ctx, "typeid_with_time", argv[0], prefix) ||
        !given_id(ctx, "typeid_with_time", argv[1], ulid::make_v7_at, id)) {
        return;
    }
    result_type_id(ctx, prefix, id);
}

/// ulid_to_typeid(id, prefix): the ID (text or blob) as a TypeID under `prefix`.
static void ulid_to_typeid_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    ulid::ulid id;
    std::string_view prefix;
    if (!read_id(ctx, "ulid_to_typeid", argv[0], id) || !read_prefix(ctx, "ulid_to_typeid", argv[1], prefix)) return;
    result_type_id(ctx, prefix, id);
}

/// ulid_from_typeid(text, prefix): the ULID text of a TypeID that must carry
/// `prefix`; errors say which rule and where, or which prefix was found.
static void ulid_from_typeid_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    sqlite3_value* const value = argv[0];
    const int type = sqlite3_value_type(value);
    if (type == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    std::string_view prefix;
    if (!read_prefix(ctx, "ulid_from_typeid", argv[1], prefix)) return;
    std::array<char, 1024> message{};
    if (type != SQLITE_TEXT) {
        std::snprintf(message.data(), message.size(),
                      "ulid_from_typeid: invalid TypeID (%s): expected text, the prefix, '_' and 26 characters",
                      type == SQLITE_BLOB ? "a blob" : kind_of(value));
        sqlite3_result_error(ctx, message.data(), -1);
        return;
    }
    std::string_view text;
    if (!value_text(ctx, value, text)) return;
    ulid::ulid id;
    if (ulid::parse_type_id(text, prefix, id)) {
        // explain_type_id(): explain()'s words, against the expected prefix.
        std::array<char, 256> why{};
        (void)ulid::explain_type_id(text, prefix, why.data(), why.size());
        std::snprintf(message.data(), message.size(), "ulid_from_typeid: invalid TypeID '%s': %s",
                      quoted_input(text).text.data(), why.data());
        sqlite3_result_error(ctx, message.data(), -1);
        return;
    }
    result_text(ctx, id);
}

/// ulid_to_facade(id, key): the UUIDv47 facade of a UUIDv7 (text or blob,
/// as ulid_v7() makes) under a 16-byte blob key, as UUID text: a version-4
/// UUID with no readable time. Any other ID is an error
/// (ulid::errc::wrong_version); the key appears in no message.
static void ulid_to_facade_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    ulid::ulid id;
    ulid::facade_key key;
    if (!read_id(ctx, "ulid_to_facade", argv[0], id) || !read_facade_key(ctx, "ulid_to_facade", argv[1], key)) return;
    ulid::ulid facade;
    if (const std::error_code ec = ulid::to_facade(id, key, facade)) {
        std::array<char, 256> message{};
        std::snprintf(message.data(), message.size(), "ulid_to_facade: %s is not a UUIDv7: %s", id.encode().c_str(),
                      library_message(ec));
        sqlite3_result_error(ctx, message.data(), -1);
        return;
    }
    std::array<char, ulid::uuid_size> text{};
    facade.encode_uuid(text.data());
    sqlite3_result_text(ctx, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

/// ulid_from_facade(uuid, key): the ULID text of the UUIDv7 behind a facade
/// (UUID text, in any spelling ulid_from_uuid() reads) under a 16-byte blob
/// key. Anything but a version-4 UUID of the RFC variant is an error; a
/// wrong key gives another, well-formed UUIDv7 (UUIDv47 is not a MAC).
static void ulid_from_facade_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    ulid::ulid facade;
    ulid::facade_key key;
    if (!read_uuid(ctx, "ulid_from_facade", argv[0], facade) ||
        !read_facade_key(ctx, "ulid_from_facade", argv[1], key)) {
        return;
    }
    ulid::ulid id;
    if (const std::error_code ec = ulid::from_facade(facade, key, id)) {
        std::array<char, 256> message{};
        std::snprintf(message.data(), message.size(), "ulid_from_facade: %s is not a facade (a version-4 UUID): %s",
                      facade.encode_uuid().c_str(), library_message(ec));
        sqlite3_result_error(ctx, message.data(), -1);
        return;
    }
    result_text(ctx, id);
}

/// ulid_valid(x): 1 for a valid ULID text or a 16-byte blob, 0 for anything
/// else; never an error.
static void ulid_valid_function(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) noexcept {
    sqlite3_value* const value = argv[0];
    bool valid = false;
    switch (sqlite3_value_type(value)) {
        case SQLITE_NULL:
            return;
        case SQLITE_TEXT: {
            std::string_view text;
            if (!value_text(ctx, value, text)) return;
            ulid::ulid id;
            valid = !ulid::parse(text, id);
            break;
        }
        case SQLITE_BLOB:
            valid = sqlite3_value_bytes(value) == static_cast<int>(ulid::binary_size);
            break;
        default:
            break;
    }
    sqlite3_result_int(ctx, valid ? 1 : 0);
}

}  // extern "C"

namespace {

using sql_function = void (*)(sqlite3_context*, int, sqlite3_value**);

struct function_entry {
    const char* name;
    int arguments;
    int flags;
    sql_function function;
};

// Generators are innocuous (no side effect beyond their own sequence, like
// random()), so they are allowed in DEFAULT clauses and triggers even with
// PRAGMA trusted_schema=OFF; they are not deterministic, so SQLite keeps them
// out of index expressions and generated columns and calls them once per row.
constexpr int generator = SQLITE_UTF8 | SQLITE_INNOCUOUS;
constexpr int pure = SQLITE_UTF8 | SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC;

// ulid_observe() changes what later calls of every connection return, so it
// is not innocuous: with PRAGMA trusted_schema=OFF a trigger or view cannot
// call it.
constexpr int observer = SQLITE_UTF8;

constexpr std::array<function_entry, 22> functions = {{
    {"ulid", 0, generator, ulid_text_function},
    {"ulid_bytes", 0, generator, ulid_bytes_function},
    {"ulid_v7", 0, generator, ulid_v7_function},
    {"ulid_v7_bytes", 0, generator, ulid_v7_bytes_function},
    {"ulid_with_time", 1, generator, ulid_with_time_function},
    {"ulid_v7_with_time", 1, generator, ulid_v7_with_time_function},
    {"ulid_observe", 1, observer, ulid_observe_function},
    {"ulid_lower_bound", 1, pure, ulid_lower_bound_function},
    {"ulid_upper_bound", 1, pure, ulid_upper_bound_function},
    {"ulid_ms", 1, pure, ulid_ms_function},
    {"ulid_datetime", 1, pure, ulid_datetime_function},
    {"ulid_to_uuid", 1, pure, ulid_to_uuid_function},
    {"ulid_from_uuid", 1, pure, ulid_from_uuid_function},
    {"ulid_to_bytes", 1, pure, ulid_to_bytes_function},
    {"ulid_from_bytes", 1, pure, ulid_from_bytes_function},
    {"ulid_valid", 1, pure, ulid_valid_function},
    {"typeid", 1, generator, typeid_function},
    {"typeid_with_time", 2, generator, typeid_with_time_function},
    {"ulid_to_typeid", 2, pure, ulid_to_typeid_function},
    {"ulid_from_typeid", 2, pure, ulid_from_typeid_function},
    {"ulid_to_facade", 2, pure, ulid_to_facade_function},
    {"ulid_from_facade", 2, pure, ulid_from_facade_function},
}};

}  // namespace

#if defined(_WIN32)
#define ULID_SQLITE_EXPORT __declspec(dllexport)
#else
#define ULID_SQLITE_EXPORT __attribute__((visibility("default")))
#endif

/// The entry point SQLite looks up for a file named ulid.so / ulid.dylib /
/// ulid.dll: registers the functions on `db`. Returns SQLITE_OK, or the
/// first registration's error with a message in *error_message.
extern "C" ULID_SQLITE_EXPORT int sqlite3_ulid_init(sqlite3* db, char** error_message,
                                                    const sqlite3_api_routines* api) noexcept {
    SQLITE_EXTENSION_INIT2(api);
    for (const function_entry& f : functions) {
        const int rc = sqlite3_create_function_v2(db, f.name, f.arguments, f.flags, nullptr, f.function, nullptr,
                                                  nullptr, nullptr);
        if (rc != SQLITE_OK) {
            if (error_message != nullptr) *error_message = sqlite3_mprintf("ulid: cannot register %s()", f.name);
            return rc;
        }
    }
    return SQLITE_OK;
}
