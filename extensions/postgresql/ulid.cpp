// SPDX-License-Identifier: MIT
// PostgreSQL extension: the `ulid` type, its operators and index support, and
// ULID generation, on top of include/ulid/ulid.hpp.
//
// Rules for code in this file, because PostgreSQL is C and reports errors
// with longjmp:
// - every entry point is extern "C" and declared with PG_FUNCTION_INFO_V1;
// - no C++ exception may escape (the module is built with -fno-exceptions,
//   and only the library's noexcept, non-allocating functions are called);
// - nothing with a non-trivial destructor is alive where ereport(ERROR) can
//   jump out (longjmp skips destructors), so every local is trivially
//   destructible and memory handed to PostgreSQL comes from palloc.

// The C++ library comes before postgres.h: PostgreSQL's port.h turns printf,
// snprintf and friends into macros that would break <cstdio> afterwards.
#include "../../include/ulid/ulid.hpp"

// postgres.h must come first among PostgreSQL's headers.
// clang-format off
extern "C" {
#include "postgres.h"

#include "common/hashfn.h"
#include "datatype/timestamp.h"
#include "fmgr.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/sortsupport.h"
#include "utils/timestamp.h"

PG_MODULE_MAGIC;
}
// clang-format on

namespace {

/// The name of the shared-memory block and of the LWLock tranche.
constexpr const char* shared_name = "ulid";

/// Microseconds from the Unix epoch to PostgreSQL's (2000-01-01).
constexpr std::int64_t pg_epoch_offset_us =
    std::int64_t{POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE} * SECS_PER_DAY * USECS_PER_SEC;

const std::uint8_t* arg_bytes(FunctionCallInfo fcinfo, int n) noexcept {
    return reinterpret_cast<const std::uint8_t*>(PG_GETARG_POINTER(n));
}

/// A palloc'd 16-byte datum holding `id`.
Datum make_datum(const ulid::ulid& id) {
    auto* out = static_cast<std::uint8_t*>(palloc(ulid::binary_size));
    std::memcpy(out, id.bytes().data(), ulid::binary_size);
    return PointerGetDatum(out);
}

ulid::ulid from_datum(const std::uint8_t* p) noexcept {
    std::array<std::uint8_t, 16> bytes{};
    std::memcpy(bytes.data(), p, bytes.size());
    return ulid::ulid::from_bytes(bytes);
}

/// Reads 8 bytes as a big-endian number. Datums of a char-aligned type may
/// sit at any address, so this goes through memcpy (one unaligned load and a
/// byte swap on x86-64 and arm64).
std::uint64_t load_be64(const std::uint8_t* p) noexcept {
    std::uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);
#if defined(WORDS_BIGENDIAN)
    return v;
#else
    return __builtin_bswap64(v);
#endif
}

/// Three-way comparison in byte order, which is text order and time order.
int compare(const std::uint8_t* a, const std::uint8_t* b) noexcept {
    const std::uint64_t ha = load_be64(a);
    const std::uint64_t hb = load_be64(b);
    if (ha != hb) return ha < hb ? -1 : 1;
    const std::uint64_t la = load_be64(a + 8);
    const std::uint64_t lb = load_be64(b + 8);
    if (la != lb) return la < lb ? -1 : 1;
    return 0;
}

/// Raises the SQL error for a failed generation: 22008 for a clock past the
/// year 10889, 2200H for exhausted monotonic entropy, 58000 (system_error)
/// when the operating system gives no randomness.
[[noreturn]] void report_generation_failure(const char* function, std::error_code ec) {
    const auto e =
        ec.category() == ulid::ulid_category() ? static_cast<ulid::errc>(ec.value()) : ulid::errc::entropy_failure;
    const int code = e == ulid::errc::big_time             ? ERRCODE_DATETIME_VALUE_OUT_OF_RANGE
                     : e == ulid::errc::monotonic_overflow ? ERRCODE_SEQUENCE_GENERATOR_LIMIT_EXCEEDED
                                                           : ERRCODE_SYSTEM_ERROR;
    ereport(ERROR,
            (errcode(code), errmsg("%s could not generate a ULID", function), errdetail("%s", ulid::error_message(e))));
    pg_unreachable();
}

// ---------------------------------------------------------------------------
// gen_monotonic_ulid() state
// ---------------------------------------------------------------------------

/// The last ULID handed out by gen_monotonic_ulid(), as its two big-endian
/// halves. In shared memory when the library is in shared_preload_libraries
/// (then guarded by `state_lock`), otherwise in this backend's static
/// storage.
struct monotonic_state {
    std::uint64_t high;
    std::uint64_t low;
};

monotonic_state backend_state{0, 0};
monotonic_state* state = &backend_state;
LWLock* state_lock = nullptr;  // null: backend-local mode, no lock needed

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

void request_shared_state() {
    if (previous_shmem_request_hook != nullptr) previous_shmem_request_hook();
    RequestAddinShmemSpace(MAXALIGN(sizeof(monotonic_state)));
    RequestNamedLWLockTranche(shared_name, 1);
}

/// Runs in the postmaster (and again in each backend only under
/// EXEC_BACKEND). It only maps and zeroes the state: the postmaster must not
/// draw entropy, or every forked backend would start from the same
/// generator state (the library rekeys after fork anyway; this keeps the
/// postmaster out of it altogether).
void attach_shared_state() {
    if (previous_shmem_startup_hook != nullptr) previous_shmem_startup_hook();
    LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
    bool found = false;
    auto* shared = static_cast<monotonic_state*>(ShmemInitStruct(shared_name, sizeof(monotonic_state), &found));
    if (!found) *shared = monotonic_state{0, 0};
    LWLockRelease(AddinShmemInitLock);
    state = shared;
    state_lock = &GetNamedLWLockTranche(shared_name)[0].lock;
}

/// This backend's entropy: the library's ChaCha8 generator keyed from the
/// operating system on first use, in this backend (never in the postmaster).
ulid::secure_entropy& backend_entropy() noexcept {
    static ulid::secure_entropy source;
    return source;
}

// ---------------------------------------------------------------------------
// Sort support: abbreviated keys
// ---------------------------------------------------------------------------

/// Abbreviation bookkeeping, allocated in the sort's memory context.
struct abbrev_state {
    std::int64_t input_count;  // non-null values seen
    bool estimating;           // still feeding the cardinality estimator
    hyperLogLogState cardinality;
};

int sort_compare(Datum x, Datum y, SortSupport /*ssup*/) {
    return compare(reinterpret_cast<const std::uint8_t*>(DatumGetPointer(x)),
                   reinterpret_cast<const std::uint8_t*>(DatumGetPointer(y)));
}

/// The first 8 bytes, big-endian, as an unsigned datum: 48 bits of time and
/// 16 of entropy, so keys from different milliseconds never tie.
Datum abbrev_convert(Datum original, SortSupport ssup) {
    auto* st = static_cast<abbrev_state*>(ssup->ssup_extra);
    const std::uint64_t key = load_be64(reinterpret_cast<const std::uint8_t*>(DatumGetPointer(original)));
    ++st->input_count;
    if (st->estimating) {
        const auto folded = static_cast<std::uint32_t>(key ^ (key >> 32U));
        addHyperLogLog(&st->cardinality, DatumGetUInt32(hash_uint32(folded)));
    }
    return static_cast<Datum>(key);
}

/// Gives up on abbreviation when the keys are mostly equal (many ULIDs of
/// one millisecond and one 16-bit prefix), where the full comparison would
/// run anyway. The thresholds are PostgreSQL's for uuid: judge after 10000
/// rows, stop estimating once 100000 distinct keys are seen, abort below one
/// distinct key per 2000 rows.
bool abbrev_abort(int memtupcount, SortSupport ssup) {
    auto* st = static_cast<abbrev_state*>(ssup->ssup_extra);
    if (memtupcount < 10000 || st->input_count < 10000 || !st->estimating) return false;
    const double distinct = estimateHyperLogLog(&st->cardinality);
    if (distinct > 100000.0) {
        st->estimating = false;
        return false;
    }
    return distinct < static_cast<double>(st->input_count) / 2000.0 + 0.5;
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// The smallest ULID of the millisecond holding `ts` (zero entropy).
Datum from_timestamptz(TimestampTz ts) {
    if (TIMESTAMP_NOT_FINITE(ts)) {
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), errmsg("timestamp out of range for type ulid"),
                        errdetail("ULIDs hold finite times only, not infinity.")));
    }
    // Both operands are within PostgreSQL's timestamp range (about +-2^58 us),
    // so the sum cannot overflow.
    const std::int64_t unix_us = ts + pg_epoch_offset_us;
    if (unix_us < 0) {
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), errmsg("timestamp out of range for type ulid"),
                        errdetail("ULIDs start at 1970-01-01 00:00:00 UTC.")));
    }
    const auto ms = static_cast<std::uint64_t>(unix_us / 1000);
    if (ms > ulid::max_time) {
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), errmsg("timestamp out of range for type ulid"),
                        errdetail("%s", ulid::error_message(ulid::errc::big_time))));
    }
    return make_datum(ulid::ulid::from_high_low(ms << 16U, 0));
}

}  // namespace

extern "C" {

void _PG_init(void);

/// Loaded through shared_preload_libraries: gen_monotonic_ulid() keeps its
/// state in shared memory under one LWLock, so it increases across every
/// backend. Loaded any other way: backend-local state.
void _PG_init(void) {
    if (!process_shared_preload_libraries_in_progress) return;
    previous_shmem_request_hook = shmem_request_hook;
    shmem_request_hook = request_shared_state;
    previous_shmem_startup_hook = shmem_startup_hook;
    shmem_startup_hook = attach_shared_state;
}

// --- text and binary I/O ---------------------------------------------------

PG_FUNCTION_INFO_V1(ulid_in);
/// Accepts the 26-character form (either case) and the 36-character UUID
/// form; anything else is 22P02 with the library's message as detail.
Datum ulid_in(PG_FUNCTION_ARGS) {
    const char* text = PG_GETARG_CSTRING(0);
    const std::size_t size = std::strlen(text);
    ulid::ulid id;
    const std::error_code ec =
        size == 36 ? ulid::parse_uuid(std::string_view(text, size), id) : ulid::parse(std::string_view(text, size), id);
    if (ec) {
        ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                        errmsg("invalid input syntax for type %s: \"%s\"", "ulid", text),
                        errdetail("%s", ulid::error_message(static_cast<ulid::errc>(ec.value())))));
    }
    return make_datum(id);
}

PG_FUNCTION_INFO_V1(ulid_out);
/// The canonical 26-character upper-case form.
Datum ulid_out(PG_FUNCTION_ARGS) {
    auto* out = static_cast<char*>(palloc(ulid::encoded_size + 1));
    from_datum(arg_bytes(fcinfo, 0)).encode(out);
    out[ulid::encoded_size] = '\0';
    PG_RETURN_CSTRING(out);
}

PG_FUNCTION_INFO_V1(ulid_recv);
/// Binary input: exactly 16 bytes.
Datum ulid_recv(PG_FUNCTION_ARGS) {
    auto* buffer = reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0));
    const int size = buffer->len - buffer->cursor;
    if (size != static_cast<int>(ulid::binary_size)) {
        ereport(ERROR, (errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
                        errmsg("invalid binary data for type ulid: %d bytes instead of 16", size)));
    }
    auto* out = static_cast<char*>(palloc(ulid::binary_size));
    pq_copymsgbytes(buffer, out, ulid::binary_size);
    PG_RETURN_POINTER(out);
}

PG_FUNCTION_INFO_V1(ulid_send);
/// Binary output: the 16 bytes.
Datum ulid_send(PG_FUNCTION_ARGS) {
    StringInfoData buffer;
    pq_begintypsend(&buffer);
    pq_sendbytes(&buffer, reinterpret_cast<const char*>(arg_bytes(fcinfo, 0)), ulid::binary_size);
    PG_RETURN_BYTEA_P(pq_endtypsend(&buffer));
}

// --- comparison and hashing --------------------------------------------------

// The operators' functions; all compare the 16 bytes as two big-endian
// 64-bit halves.
PG_FUNCTION_INFO_V1(ulid_eq);
Datum ulid_eq(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) == 0); }
PG_FUNCTION_INFO_V1(ulid_ne);
Datum ulid_ne(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) != 0); }
PG_FUNCTION_INFO_V1(ulid_lt);
Datum ulid_lt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) < 0); }
PG_FUNCTION_INFO_V1(ulid_le);
Datum ulid_le(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) <= 0); }
PG_FUNCTION_INFO_V1(ulid_gt);
Datum ulid_gt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) > 0); }
PG_FUNCTION_INFO_V1(ulid_ge);
Datum ulid_ge(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) >= 0); }

PG_FUNCTION_INFO_V1(ulid_smaller);
/// min() transition: the smaller argument.
Datum ulid_smaller(PG_FUNCTION_ARGS) {
    return compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1);
}
PG_FUNCTION_INFO_V1(ulid_larger);
/// max() transition: the larger argument.
Datum ulid_larger(PG_FUNCTION_ARGS) {
    return compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1)) >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1);
}

PG_FUNCTION_INFO_V1(ulid_cmp);
/// btree support 1: -1, 0 or 1 in byte order.
Datum ulid_cmp(PG_FUNCTION_ARGS) { PG_RETURN_INT32(compare(arg_bytes(fcinfo, 0), arg_bytes(fcinfo, 1))); }

PG_FUNCTION_INFO_V1(ulid_sortsupport);
/// btree support 2: a direct comparator, and abbreviated keys when the sort
/// asks for them.
Datum ulid_sortsupport(PG_FUNCTION_ARGS) {
    auto ssup = reinterpret_cast<SortSupport>(PG_GETARG_POINTER(0));
    ssup->comparator = sort_compare;
    ssup->ssup_extra = nullptr;
    // Abbreviated keys need 64-bit datums: with 32-bit ones (32-bit
    // platforms) the 32 leading bits would be mostly the same timestamp.
    if (ssup->abbreviate && sizeof(Datum) == sizeof(std::uint64_t)) {
        const MemoryContext previous = MemoryContextSwitchTo(ssup->ssup_cxt);
        auto* st = static_cast<abbrev_state*>(palloc(sizeof(abbrev_state)));
        st->input_count = 0;
        st->estimating = true;
        initHyperLogLog(&st->cardinality, 10);
        ssup->ssup_extra = st;
        ssup->comparator = ssup_datum_unsigned_cmp;
        ssup->abbrev_converter = abbrev_convert;
        ssup->abbrev_abort = abbrev_abort;
        ssup->abbrev_full_comparator = sort_compare;
        MemoryContextSwitchTo(previous);
    }
    PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(ulid_hash);
/// hash support 1: PostgreSQL's hash_any over the 16 bytes, the same value
/// uuid_hash gives for the same bytes, and the same in every process
/// (std::hash would not do: the library keys it per process).
Datum ulid_hash(PG_FUNCTION_ARGS) {
    return hash_any(reinterpret_cast<const unsigned char*>(arg_bytes(fcinfo, 0)), ulid::binary_size);
}

PG_FUNCTION_INFO_V1(ulid_hash_extended);
/// hash support 2: the seeded 64-bit hash (hash partitioning, hash joins on
/// disk), seed 0 agreeing with ulid_hash in its low 32 bits.
Datum ulid_hash_extended(PG_FUNCTION_ARGS) {
    return hash_any_extended(reinterpret_cast<const unsigned char*>(arg_bytes(fcinfo, 0)), ulid::binary_size,
                             static_cast<uint64>(PG_GETARG_INT64(1)));
}

// --- generation ----------------------------------------------------------------

PG_FUNCTION_INFO_V1(gen_ulid);
/// The current millisecond and 80 fresh bits from this backend's secure
/// generator: unpredictable like gen_random_uuid(), so not ordered within a
/// millisecond (gen_monotonic_ulid() is). Deliberately not ulid::make(),
/// whose process-monotonic values of one millisecond differ by small random
/// steps, and which aborts the process (taking the server through crash
/// recovery) where this raises an SQL error.
Datum gen_ulid(PG_FUNCTION_ARGS) {
    static_cast<void>(fcinfo);
    ulid::ulid id;
    if (const std::error_code ec = ulid::generate(ulid::now(), backend_entropy(), id)) {
        report_generation_failure("gen_ulid()", ec);
    }
    return make_datum(id);
}

PG_FUNCTION_INFO_V1(gen_monotonic_ulid);
/// A ULID above every earlier gen_monotonic_ulid() result in its scope (the
/// server, or this backend): a fresh ULID for the current millisecond when
/// that is higher than the last one, otherwise the last one plus a random
/// step in [1, 2^32] as a 128-bit number. A step that carries out of the 80
/// entropy bits moves on to the next millisecond, as ulid::make() does; only
/// at the very top of the range (year 10889) does it fail, with 2200H.
Datum gen_monotonic_ulid(PG_FUNCTION_ARGS) {
    static_cast<void>(fcinfo);
    // Randomness is drawn before taking the lock (a refill or a rekey after
    // fork would otherwise run under it): 10 bytes of fresh entropy, then 4
    // for the step.
    std::array<std::uint8_t, ulid::entropy_size + 4> random{};
    if (const std::error_code ec = backend_entropy().read(random.data(), random.size())) {
        report_generation_failure("gen_monotonic_ulid()", ec);
    }
    const std::uint64_t entropy_high = (std::uint64_t{random[0]} << 8U) | std::uint64_t{random[1]};
    const std::uint64_t entropy_low = load_be64(random.data() + 2);
    const std::uint64_t step = ((std::uint64_t{random[10]} << 24U) | (std::uint64_t{random[11]} << 16U) |
                                (std::uint64_t{random[12]} << 8U) | std::uint64_t{random[13]}) +
                               1U;

    if (state_lock != nullptr) LWLockAcquire(state_lock, LW_EXCLUSIVE);
    // The clock is read under the lock, so timestamps follow lock order.
    const std::uint64_t ms = ulid::now();
    const monotonic_state last = *state;
    monotonic_state next{(ms << 16U) | entropy_high, entropy_low};
    bool exhausted = false;
    if (ms <= ulid::max_time) {
        if (next.high < last.high || (next.high == last.high && next.low <= last.low)) {
            next.low = last.low + step;
            next.high = last.high + (next.low < last.low ? 1U : 0U);
            // Wrapping the high half means there was no ULID above `last`.
            exhausted = next.high < last.high;
        }
        if (!exhausted) *state = next;
    }
    if (state_lock != nullptr) LWLockRelease(state_lock);

    if (ms > ulid::max_time) {
        report_generation_failure("gen_monotonic_ulid()", ulid::make_error_code(ulid::errc::big_time));
    }
    if (exhausted) {
        std::array<char, ulid::encoded_size + 1> text{};
        ulid::ulid::from_high_low(last.high, last.low).encode(text.data());
        ereport(ERROR, (errcode(ERRCODE_SEQUENCE_GENERATOR_LIMIT_EXCEEDED),
                        errmsg("gen_monotonic_ulid() has no ULID left above the last one, %s", text.data()),
                        errdetail("%s", ulid::error_message(ulid::errc::monotonic_overflow))));
    }
    return make_datum(ulid::ulid::from_high_low(next.high, next.low));
}

PG_FUNCTION_INFO_V1(ulid_monotonic_advance);
/// Raises gen_monotonic_ulid()'s floor in its scope to at least the
/// argument (never lowers it), so the next result is above it: for
/// continuing after a restart with the clock set back, and for tests.
Datum ulid_monotonic_advance(PG_FUNCTION_ARGS) {
    const std::uint8_t* floor = arg_bytes(fcinfo, 0);
    const monotonic_state wanted{load_be64(floor), load_be64(floor + 8)};
    if (state_lock != nullptr) LWLockAcquire(state_lock, LW_EXCLUSIVE);
    if (wanted.high > state->high || (wanted.high == state->high && wanted.low > state->low)) *state = wanted;
    if (state_lock != nullptr) LWLockRelease(state_lock);
    PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(ulid_monotonic_scope);
/// 'server' when gen_monotonic_ulid() is ordered across all backends,
/// 'backend' when only within each backend.
Datum ulid_monotonic_scope(PG_FUNCTION_ARGS) {
    static_cast<void>(fcinfo);
    PG_RETURN_TEXT_P(cstring_to_text(state_lock != nullptr ? "server" : "backend"));
}

// --- observers and casts -------------------------------------------------------

PG_FUNCTION_INFO_V1(ulid_time);
/// The timestamp as timestamptz (millisecond precision).
Datum ulid_time(PG_FUNCTION_ARGS) {
    const std::uint64_t ms = load_be64(arg_bytes(fcinfo, 0)) >> 16U;
    // At most 2^48 ms: the microseconds fit in int64 with room to spare, and
    // year 10889 is well inside timestamptz's range.
    PG_RETURN_TIMESTAMPTZ(static_cast<std::int64_t>(ms) * 1000 - pg_epoch_offset_us);
}

PG_FUNCTION_INFO_V1(ulid_ms);
/// The timestamp in Unix milliseconds.
Datum ulid_ms(PG_FUNCTION_ARGS) { PG_RETURN_INT64(static_cast<std::int64_t>(load_be64(arg_bytes(fcinfo, 0)) >> 16U)); }

PG_FUNCTION_INFO_V1(ulid_to_bytea);
/// The 16 bytes as bytea.
Datum ulid_to_bytea(PG_FUNCTION_ARGS) {
    auto* out = static_cast<bytea*>(palloc(VARHDRSZ + ulid::binary_size));
    SET_VARSIZE(out, VARHDRSZ + ulid::binary_size);
    std::memcpy(VARDATA(out), arg_bytes(fcinfo, 0), ulid::binary_size);
    PG_RETURN_BYTEA_P(out);
}

PG_FUNCTION_INFO_V1(ulid_from_bytea);
/// A bytea of exactly 16 bytes as a ULID; other lengths are 22P03.
Datum ulid_from_bytea(PG_FUNCTION_ARGS) {
    const bytea* in = PG_GETARG_BYTEA_PP(0);
    const std::size_t size = VARSIZE_ANY_EXHDR(in);
    if (size != ulid::binary_size) {
        ereport(ERROR, (errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
                        errmsg("invalid binary data for type ulid: %zu bytes instead of 16", size),
                        errdetail("%s", ulid::error_message(ulid::errc::data_size))));
    }
    auto* out = static_cast<char*>(palloc(ulid::binary_size));
    std::memcpy(out, VARDATA_ANY(in), ulid::binary_size);
    PG_RETURN_POINTER(out);
}

PG_FUNCTION_INFO_V1(ulid_from_timestamptz);
/// The smallest ULID of the timestamp's millisecond (zero entropy).
Datum ulid_from_timestamptz(PG_FUNCTION_ARGS) { return from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)); }

PG_FUNCTION_INFO_V1(ulid_from_timestamp);
/// As ulid_from_timestamptz, reading the timestamp in the session's
/// TimeZone, as the built-in timestamp -> timestamptz cast does.
Datum ulid_from_timestamp(PG_FUNCTION_ARGS) {
    return from_timestamptz(DatumGetTimestampTz(DirectFunctionCall1(timestamp_timestamptz, PG_GETARG_DATUM(0))));
}

}  // extern "C"
