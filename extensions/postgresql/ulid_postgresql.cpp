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
// The opt-in header of private IDs (ulid_to_facade, ulid_from_facade); it
// includes <ulid/ulid.hpp>, found through -I../../include (Makefile).
#include "../../include/ulid/facade.hpp"

// postgres.h must come first among PostgreSQL's headers.
// clang-format off
extern "C" {
#include "postgres.h"

// Compatibility: every difference between the supported majors (15 to 18) is
// here. 16 moved the varlena macros (SET_VARSIZE, VARDATA) out of postgres.h.
#if PG_VERSION_NUM < 150000
#error "the ulid extension needs PostgreSQL 15 or later (shmem_request_hook); tested with 15, 17 and 18"
#endif
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "access/parallel.h"
#include "access/xact.h"
#include "common/hashfn.h"
#include "datatype/timestamp.h"
#include "fmgr.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/guc.h"
#include "lib/stringinfo.h"
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

/// The ULID at a datum's address. Datums of a char-aligned type may sit at
/// any address, so the 16 bytes are copied (the compiler turns this into two
/// unaligned loads).
ulid::ulid from_datum(const void* p) noexcept {
    ulid::byte_array bytes{};
    std::memcpy(bytes.data(), p, bytes.size());
    return ulid::ulid::from_bytes(bytes);
}

/// Argument `n`, a ulid or a uuid (the same 16 bytes), as a ULID.
ulid::ulid arg_id(FunctionCallInfo fcinfo, int n) noexcept { return from_datum(PG_GETARG_POINTER(n)); }

/// A palloc'd 16-byte datum holding `id`.
Datum make_datum(const ulid::ulid& id) {
    auto* out = static_cast<std::uint8_t*>(palloc(ulid::binary_size));
    std::memcpy(out, id.bytes().data(), ulid::binary_size);
    return PointerGetDatum(out);
}

/// The two arguments' order: -1, 0 or 1, which is byte order, text order and
/// time order, and for uuid arguments uuid's own order (memcmp).
int compare_args(FunctionCallInfo fcinfo) noexcept { return arg_id(fcinfo, 0).compare(arg_id(fcinfo, 1)); }

/// Raises the SQL error for a failed generation: 22008 for a clock past the
/// year 10889, 2200H for exhausted monotonic entropy, 58000 (system_error)
/// when the operating system gives no randomness.
[[noreturn]] void report_generation_failure(const char* function, std::error_code ec) {
    const ulid::errc e = ulid::errc_of(ec);
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

/// The postmaster's copy of the shared state, taken as shared memory goes
/// away, so that the re-created block starts from it. The postmaster throws
/// shared memory away and re-creates it not only at restart but after any
/// backend crash; without this, gen_monotonic_ulid() would fall back to the
/// clock there (a full server restart still loses it: nothing is on disk).
monotonic_state carried_state{0, 0};

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

void request_shared_state() {
    if (previous_shmem_request_hook != nullptr) previous_shmem_request_hook();
    RequestAddinShmemSpace(MAXALIGN(sizeof(monotonic_state)));
    RequestNamedLWLockTranche(shared_name, 1);
}

/// on_shmem_exit callback in the postmaster: registered after the block was
/// created, so it runs before the block is detached (callbacks run in
/// reverse order). A backend that crashed while storing may have written the
/// high half and not the low one; stores go high first (see store_state),
/// so the copy is never below the last ULID handed out.
void carry_shared_state(int /*code*/, Datum /*arg*/) { carried_state = *state; }

/// Runs in the postmaster (and again in each backend only under
/// EXEC_BACKEND). It only maps and initialises the state: the postmaster
/// must not draw entropy, or every forked backend would start from the same
/// generator state (the library rekeys after fork anyway; this keeps the
/// postmaster out of it altogether).
void attach_shared_state() {
    if (previous_shmem_startup_hook != nullptr) previous_shmem_startup_hook();
    LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
    bool found = false;
    auto* shared = static_cast<monotonic_state*>(ShmemInitStruct(shared_name, sizeof(monotonic_state), &found));
    if (!found) *shared = carried_state;
    LWLockRelease(AddinShmemInitLock);
    state = shared;
    state_lock = &GetNamedLWLockTranche(shared_name)[0].lock;
    if (!IsUnderPostmaster) on_shmem_exit(carry_shared_state, 0);
}

/// Stores a new state, high half first with a barrier between: a crash
/// between the two stores then leaves a state at or above the last one
/// handed out, never below it.
void store_state(const monotonic_state& next) noexcept {
    state->high = next.high;
    pg_write_barrier();
    state->low = next.low;
}

/// This backend's entropy: the library's ChaCha8 generator keyed from the
/// operating system on first use, in this backend (never in the postmaster).
ulid::secure_entropy& backend_entropy() noexcept {
    static ulid::secure_entropy source;
    return source;
}

/// gen_ulid()'s generator: the library's monotonic one over this backend's
/// entropy, so that each value is above the backend's previous one by a
/// random step of up to 2^32 - 1 (what make() does for a process).
ulid::monotonic_entropy<ulid::secure_entropy&>& backend_monotonic() noexcept {
    static ulid::monotonic_entropy<ulid::secure_entropy&> source(backend_entropy());
    return source;
}

/// gen_ulid_v7()'s and gen_typeid()'s generator: one increasing sequence of
/// UUIDv7-layout IDs per backend.
ulid::monotonic_entropy<ulid::secure_entropy&, ulid::uuidv7_layout>& backend_v7() noexcept {
    static ulid::monotonic_entropy<ulid::secure_entropy&, ulid::uuidv7_layout> source(backend_entropy());
    return source;
}

// ---------------------------------------------------------------------------
// ulid_observe()'s floor in parallel workers
// ---------------------------------------------------------------------------
// gen_ulid(), gen_ulid_v7() and gen_typeid() are PARALLEL SAFE, and each
// parallel worker is a process with generators of its own, which
// ulid_observe() in the leader does not move. The floor goes to the workers
// the way PostgreSQL carries session state to them: the leader serialises
// every setting that is not at its default, and a worker restores them
// (after loading the leader's libraries) before it runs any function. So
// ulid_observe() records the highest ID it observed in the hidden setting
// ulid.observed_floor, and a process whose setting is above what it has
// observed itself (a worker) observes it on its next generation. This keeps
// the generators parallel safe (marking them PARALLEL RESTRICTED would move
// every generated column of a parallel query into the leader) at the cost of
// one 16-byte comparison per call.
//
// The setting is written with source PGC_S_OVERRIDE, which also replaces the
// values a transaction would restore on abort and the RESET value: the
// generators themselves stay observed after a rollback, so the floor must
// too. It cannot be written in parallel mode (PostgreSQL forbids it);
// ulid_observe() is PARALLEL UNSAFE, so it runs in parallel mode only inside
// a wrapper mislabelled PARALLEL SAFE or RESTRICTED, and then the floor is
// written at the next call of ulid_observe() or a generator outside parallel
// mode.

/// The highest ID this process's gen_ulid()/gen_ulid_v7() generators have
/// observed (zero: none).
ulid::ulid observed_floor;

/// ulid.observed_floor as parsed by its assign hook (zero when empty).
ulid::ulid carried_floor;

/// The setting's storage (GUC-owned).
char* observed_floor_text = nullptr;

/// True only while publish_observed_floor() writes the setting: the check
/// hook accepts a value then, or in a parallel worker restoring the
/// leader's settings, and refuses a user's SET.
bool writing_observed_floor = false;

bool check_observed_floor(char** newval, void** /*extra*/, GucSource source) {
    const bool ours = writing_observed_floor || InitializingParallelWorker;
    writing_observed_floor = false;
    if (**newval == '\0' && source == PGC_S_DEFAULT) return true;
    if (!ours) {
        GUC_check_errdetail("ulid.observed_floor is set by ulid_observe() only.");
        return false;
    }
    ulid::ulid ignored;
    return !ulid::parse(std::string_view(*newval), ignored);
}

void assign_observed_floor(const char* newval, void* /*extra*/) {
    ulid::ulid parsed;
    carried_floor = ulid::parse(std::string_view(newval), parsed) ? ulid::ulid() : parsed;
}

/// Observes `x` in this backend's gen_ulid() and gen_ulid_v7() generators
/// (ulid::observe()'s rule) and records it in observed_floor; 22023 naming
/// `function` when `x` is more than ulid.max_clock_skew ahead, nothing
/// changed. `accepted`: the leader already accepted `x` under the bound it
/// had then (which a superuser may have lowered since), so no bound applies.
void observe_here(const ulid::ulid& x, const char* function, bool accepted) {
    const std::chrono::milliseconds bound = ulid::max_clock_skew();
    if (accepted) ulid::set_max_clock_skew(std::chrono::milliseconds(INT_MAX));
    ulid::observe_result r = backend_monotonic().observe(x);
    if (!r.ec) r = backend_v7().observe(x);
    if (accepted) ulid::set_max_clock_skew(bound);
    if (r.ec == ulid::errc::clock_skew) {
        std::array<char, ulid::encoded_size + 1> x_text{};
        x.encode(x_text.data());
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("%s: the ID is too far ahead of this server's clock", function),
                        errdetail("%s is %lld ms ahead; ulid.max_clock_skew allows %lld ms.", x_text.data(),
                                  static_cast<long long>(r.ahead.count()),
                                  static_cast<long long>(ulid::max_clock_skew().count()))));
    }
    if (r.ec) report_generation_failure(function, r.ec);
    if (x.compare(observed_floor) > 0) observed_floor = x;
}

/// Writes observed_floor into ulid.observed_floor when it is above the
/// setting, so that parallel workers started from now on observe it; in
/// parallel mode, where PostgreSQL forbids writing settings, later.
void publish_observed_floor() {
    if (observed_floor.compare(carried_floor) <= 0 || IsInParallelMode()) return;
    std::array<char, ulid::encoded_size + 1> text{};
    observed_floor.encode(text.data());
    writing_observed_floor = true;
    SetConfigOption("ulid.observed_floor", text.data(), PGC_SUSET, PGC_S_OVERRIDE);
    writing_observed_floor = false;
}

/// Called by gen_ulid(), gen_ulid_v7() and gen_typeid() before generating:
/// a parallel worker observes the floor its leader carried to it (once: then
/// the two are equal); a leader whose floor could not be written yet
/// writes it.
void honour_observed_floor(const char* function) {
    const int order = carried_floor.compare(observed_floor);
    if (order > 0) {
        observe_here(carried_floor, function, true);
    } else if (order < 0) {
        publish_observed_floor();
    }
}

/// ulid.max_clock_skew, in milliseconds: how far ahead of this server's
/// clock an ID given to ulid_observe() may be (ulid::max_clock_skew()).
/// Superuser-only, since widening it lets any session push the generators
/// that far ahead.
int max_clock_skew_ms = static_cast<int>(ulid::default_max_clock_skew.count());

void assign_max_clock_skew(int value, void* /*extra*/) { ulid::set_max_clock_skew(std::chrono::milliseconds(value)); }

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
    return from_datum(DatumGetPointer(x)).compare(from_datum(DatumGetPointer(y)));
}

/// The first 8 bytes, big-endian, as an unsigned datum: 48 bits of time and
/// 16 of entropy, so keys from different milliseconds never tie.
Datum abbrev_convert(Datum original, SortSupport ssup) {
    auto* st = static_cast<abbrev_state*>(ssup->ssup_extra);
    const std::uint64_t key = from_datum(DatumGetPointer(original)).high();
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
// User text in error messages
// ---------------------------------------------------------------------------
// The library counts and cuts bytes; a message must count characters of the
// database encoding and never cut one in two (a cut character is invalid
// text, which the conversion to the client's encoding turns into a 22021
// error in place of the real one).

/// Longest user text quoted in a message, in characters.
constexpr int quoted_max_chars = 100;

/// What the library is given for each non-ASCII character when an input is
/// explained: one byte, which it shows as '\x80'.
constexpr char stand_in_byte = '\x80';

/// The bytes of `s`'s first `max_chars` characters.
int clipped_length(std::string_view s, int max_chars) {
    return pg_mbcharcliplen(s.data(), static_cast<int>(s.size()), max_chars);
}

/// The byte length of the character at `p`, at most `remaining`.
int char_length(const char* p, std::size_t remaining) {
    const int rest = static_cast<int>(remaining);
    const int n = pg_mbcharcliplen(p, rest, 1);
    return n < 1 ? 1 : (n > rest ? rest : n);
}

/// `input` with each non-ASCII character replaced by stand_in_byte
/// (palloc'd; `input` itself when it is ASCII), so that the positions and
/// lengths the library's explanations give count characters. Every
/// character a ULID, UUID or TypeID may hold is ASCII, so each stand-in
/// fails the rules where its character does.
std::string_view counted_in_characters(std::string_view input) {
    std::size_t i = 0;
    while (i < input.size() && static_cast<unsigned char>(input[i]) < 0x80U) ++i;
    if (i == input.size()) return input;
    auto* out = static_cast<char*>(palloc(input.size()));
    std::memcpy(out, input.data(), i);
    std::size_t n = i;
    while (i < input.size()) {
        if (static_cast<unsigned char>(input[i]) < 0x80U) {
            out[n++] = input[i++];
        } else {
            out[n++] = stand_in_byte;
            i += static_cast<std::size_t>(char_length(input.data() + i, input.size() - i));
        }
    }
    return {out, n};
}

/// The `k`-th (from 0) non-ASCII character of `input`; empty if none.
std::string_view non_ascii_char(std::string_view input, std::size_t k) {
    for (std::size_t i = 0; i < input.size();) {
        if (static_cast<unsigned char>(input[i]) < 0x80U) {
            ++i;
            continue;
        }
        const auto n = static_cast<std::size_t>(char_length(input.data() + i, input.size() - i));
        if (k-- == 0) return input.substr(i, n);
        i += n;
    }
    return {};
}

/// Appends the library's explanation `why` of `counted` (counted_in_characters
/// of `input`, or a spelling of it), showing a stand-in's character ('\x80'
/// at position N) as the character itself.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): internal: the message, its stand-in text, then the input
void append_explained(StringInfo out, std::string_view why, std::string_view counted, std::string_view input) {
    constexpr std::string_view shown = "'\\x80' at position ";
    const std::size_t at = why.find(shown);
    std::size_t position = 0;
    for (std::size_t i = at == std::string_view::npos ? why.size() : at + shown.size();
         i < why.size() && why[i] >= '0' && why[i] <= '9' && position <= counted.size(); ++i) {
        position = position * 10 + static_cast<std::size_t>(why[i] - '0');
    }
    if (position == 0 || position > counted.size() || counted[position - 1] != stand_in_byte) {
        appendBinaryStringInfo(out, why.data(), static_cast<int>(why.size()));
        return;
    }
    std::size_t k = 0;
    for (std::size_t i = 0; i + 1 < position; ++i) k += counted[i] == stand_in_byte ? 1U : 0U;
    const std::string_view ch = non_ascii_char(input, k);
    appendBinaryStringInfo(out, why.data(), static_cast<int>(at));
    appendStringInfoChar(out, '\'');
    appendBinaryStringInfo(out, ch.data(), static_cast<int>(ch.size()));
    const std::size_t after = at + std::string_view("'\\x80").size();
    appendBinaryStringInfo(out, why.data() + after, static_cast<int>(why.size() - after));
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// The Unix millisecond holding `ts`; 22008 outside what a ULID can hold.
std::uint64_t unix_ms(TimestampTz ts) {
    if (TIMESTAMP_NOT_FINITE(ts)) {
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), errmsg("timestamp out of range for type ulid"),
                        errdetail("ULIDs hold finite times only, not infinity.")));
    }
    if (ts < -pg_epoch_offset_us) {
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), errmsg("timestamp out of range for type ulid"),
                        errdetail("ULIDs start at 1970-01-01 00:00:00 UTC.")));
    }
    // Unsigned: finite timestamps reach 294276 AD, less than 2^63 us after
    // 2000 but not after 1970, so a signed sum would wrap (to before 1970)
    // for the range's last 30 years.
    const std::uint64_t unix_us = static_cast<std::uint64_t>(ts) + static_cast<std::uint64_t>(pg_epoch_offset_us);
    const std::uint64_t ms = unix_us / 1000;
    if (ms > ulid::max_time) {
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), errmsg("timestamp out of range for type ulid"),
                        errdetail("%s", ulid::error_message(ulid::errc::big_time))));
    }
    return ms;
}

}  // namespace

extern "C" {

void _PG_init(void);  // NOLINT(bugprone-reserved-identifier): the name PostgreSQL calls

/// Loaded through shared_preload_libraries: gen_monotonic_ulid() keeps its
/// state in shared memory under one LWLock, so it increases across every
/// backend. Loaded any other way: backend-local state.
void _PG_init(void) {
    DefineCustomIntVariable("ulid.max_clock_skew",
                            "How far ahead of this server's clock an ID given to ulid_observe() may be.",
                            "A later ID is refused, so that a forged or corrupt ID cannot carry the generators "
                            "further ahead of the clock.",
                            &max_clock_skew_ms, max_clock_skew_ms, 0, INT_MAX, PGC_SUSET, GUC_UNIT_MS, nullptr,
                            assign_max_clock_skew, nullptr);
    DefineCustomStringVariable(
        "ulid.observed_floor", "The highest ID ulid_observe() was given in this session (internal).",
        "Carries the floor to parallel workers; set by ulid_observe() only.", &observed_floor_text, "", PGC_SUSET,
        GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE | GUC_DISALLOW_IN_FILE | GUC_NO_RESET_ALL, check_observed_floor,
        assign_observed_floor, nullptr);
    if (!process_shared_preload_libraries_in_progress) return;
    previous_shmem_request_hook = shmem_request_hook;
    shmem_request_hook = request_shared_state;
    previous_shmem_startup_hook = shmem_startup_hook;
    shmem_startup_hook = attach_shared_state;
}

// --- text and binary I/O ---------------------------------------------------

PG_FUNCTION_INFO_V1(ulid_in);
/// Accepts the 26-character ULID form (either case) and every UUID spelling
/// uuid_in accepts (32 hexadecimal digits, either case, optionally in
/// braces, with a '-' after any group of four). Anything else is 22P02, with
/// the library's explain() text saying which character is wrong and where.
Datum ulid_in(PG_FUNCTION_ARGS) {
    const char* const raw = PG_GETARG_CSTRING(0);
    const std::string_view input(raw);
    ulid::ulid id;
    if (!ulid::parse_any(input, id)) return make_datum(id);
    // Explained in characters (counted_in_characters()), by explain() as
    // parse_any() reads: a ULID at 26 characters, a UUID in any spelling
    // (positions count in the input as given), else the lengths expected.
    const std::string_view counted = counted_in_characters(input);
    std::array<char, 256> explained{};
    (void)ulid::explain(counted, explained.data(), explained.size(), ulid::text_form::any);
    StringInfoData why;
    initStringInfo(&why);
    append_explained(&why, explained.data(), counted, input);
    const bool layout_unknown = counted.size() != ulid::encoded_size && ulid::canonical_uuid_spelling(counted).empty();
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
             errmsg("invalid input syntax for type %s: \"%s\"", "ulid", raw), errdetail("%s", why.data),
             layout_unknown ? errhint("A ulid is written as 26 Crockford base32 characters, or as a UUID: 32 "
                                      "hexadecimal digits, optionally in braces, with a hyphen allowed after any "
                                      "group of four.")
                            : 0));
    pg_unreachable();
}

PG_FUNCTION_INFO_V1(ulid_out);
/// The canonical 26-character upper-case form.
Datum ulid_out(PG_FUNCTION_ARGS) {
    auto* out = static_cast<char*>(palloc(ulid::encoded_size + 1));
    arg_id(fcinfo, 0).encode(out);
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
    pq_sendbytes(&buffer, static_cast<const char*>(PG_GETARG_POINTER(0)), ulid::binary_size);
    PG_RETURN_BYTEA_P(pq_endtypsend(&buffer));
}

// --- comparison and hashing --------------------------------------------------

// The operators' functions, ulid against ulid. The ulid-uuid forms below
// share them: a uuid datum is the same 16 bytes, and uuid orders them as
// ulid does (memcmp), so ulid_uuid_lt(a, b) is exactly a::uuid < b.
PG_FUNCTION_INFO_V1(ulid_eq);
Datum ulid_eq(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) == 0); }
PG_FUNCTION_INFO_V1(ulid_ne);
Datum ulid_ne(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) != 0); }
PG_FUNCTION_INFO_V1(ulid_lt);
Datum ulid_lt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) < 0); }
PG_FUNCTION_INFO_V1(ulid_le);
Datum ulid_le(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) <= 0); }
PG_FUNCTION_INFO_V1(ulid_gt);
Datum ulid_gt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) > 0); }
PG_FUNCTION_INFO_V1(ulid_ge);
Datum ulid_ge(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) >= 0); }

PG_FUNCTION_INFO_V1(ulid_smaller);
/// min() transition: the smaller argument.
Datum ulid_smaller(PG_FUNCTION_ARGS) { return compare_args(fcinfo) <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1); }
PG_FUNCTION_INFO_V1(ulid_larger);
/// max() transition: the larger argument.
Datum ulid_larger(PG_FUNCTION_ARGS) { return compare_args(fcinfo) >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1); }

PG_FUNCTION_INFO_V1(ulid_cmp);
/// btree support 1: -1, 0 or 1 in byte order (also for (ulid, uuid) and
/// (uuid, ulid), declared in SQL over this same function).
Datum ulid_cmp(PG_FUNCTION_ARGS) { PG_RETURN_INT32(compare_args(fcinfo)); }

PG_FUNCTION_INFO_V1(ulid_sortsupport);
/// btree support 2: a direct comparator, and abbreviated keys when the sort
/// asks for them.
Datum ulid_sortsupport(PG_FUNCTION_ARGS) {
    auto* ssup = reinterpret_cast<SortSupport>(PG_GETARG_POINTER(0));
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
/// uuid_hash gives for the same bytes (which the cross-type hash family
/// relies on), and the same in every process (std::hash would not do: the
/// library keys it per process).
Datum ulid_hash(PG_FUNCTION_ARGS) {
    return hash_any(reinterpret_cast<const unsigned char*>(PG_GETARG_POINTER(0)), ulid::binary_size);
}

PG_FUNCTION_INFO_V1(ulid_hash_extended);
/// hash support 2: the seeded 64-bit hash (hash partitioning, hash joins on
/// disk), seed 0 agreeing with ulid_hash in its low 32 bits, and with
/// uuid_hash_extended for the same bytes.
Datum ulid_hash_extended(PG_FUNCTION_ARGS) {
    return hash_any_extended(reinterpret_cast<const unsigned char*>(PG_GETARG_POINTER(0)), ulid::binary_size,
                             static_cast<uint64>(PG_GETARG_INT64(1)));
}

// --- generation ----------------------------------------------------------------

/// The backend's next UUIDv7-layout ID (gen_ulid_v7() and gen_typeid()
/// share it, so their values are one increasing sequence).
static ulid::ulid next_v7(const char* function) {
    honour_observed_floor(function);
    ulid::ulid id;
    if (const std::error_code ec = backend_v7().next_now(id)) report_generation_failure(function, ec);
    return id;
}

PG_FUNCTION_INFO_V1(gen_ulid);
/// The current millisecond and secure random entropy, strictly above this
/// backend's previous gen_ulid() result: within a millisecond the entropy
/// grows by a random step in [1, 2^32 - 1] (the library's
/// monotonic_entropy::next, as make() does for a process), so a primary key
/// defaulting to it fills the btree's rightmost leaf as PostgreSQL 18's
/// uuidv7() does, instead of splitting pages at random places. Backends are
/// not ordered with each other (gen_monotonic_ulid() is). Deliberately not
/// ulid::make(), which aborts the process (taking the server through crash
/// recovery) where this raises an SQL error.
Datum gen_ulid(PG_FUNCTION_ARGS) {
    static_cast<void>(fcinfo);
    honour_observed_floor("gen_ulid()");
    ulid::ulid id;
    if (const std::error_code ec = backend_monotonic().next(ulid::now(), id)) {
        report_generation_failure("gen_ulid()", ec);
    }
    return make_datum(id);
}

PG_FUNCTION_INFO_V1(gen_ulid_v7);
/// As gen_ulid(), each value also an RFC 9562 UUIDv7 (ulid::uuidv7_layout:
/// the sub-millisecond time in rand_a, rand_b growing within a step), so
/// that cast to uuid it is what PostgreSQL 18's uuid_extract_timestamp()
/// and uuid_extract_version() read. Strictly increasing within the backend.
Datum gen_ulid_v7(PG_FUNCTION_ARGS) {
    static_cast<void>(fcinfo);
    return make_datum(next_v7("gen_ulid_v7()"));
}

/// gen_ulid_v7(shift)'s last tick (1/4096 ms of the unshifted clock), so that
/// each call reads a later one, as PostgreSQL 18's uuidv7() reads its clock.
static std::uint64_t shifted_clock_tick = 0;

PG_FUNCTION_INFO_V1(gen_ulid_v7_shift);
/// PostgreSQL 18's uuidv7(shift): a UUIDv7 whose time is the clock moved by
/// the interval, added as timestamptz + interval adds it (days and months in
/// the session's TimeZone), the sub-microsecond fraction of the clock carried
/// over, rand_a the sub-millisecond time in 1/4096 ms and rand_b 62 fresh
/// random bits. The clock is read at least one tick (about 244 ns) after
/// the previous call's, so for one interval of fixed length the values of a
/// backend increase strictly, as 18's do; across different intervals they
/// are not ordered, nor with gen_ulid_v7() (another sequence) or
/// ulid_observe(). A time before 1970 or after year 10889 is 22008, as
/// ulid_lower_bound() reports it (18 wraps such a time silently).
Datum gen_ulid_v7_shift(PG_FUNCTION_ARGS) {
    const Datum shift = PG_GETARG_DATUM(0);
    std::uint64_t tick = ulid::uuidv7_layout::now_tick();
    if (tick <= shifted_clock_tick) tick = shifted_clock_tick + 1U;
    shifted_clock_tick = tick;
    // The clock in Unix microseconds and a remainder in 1/4096 us (tick *
    // 1000 / 4096, split so that no product passes 2^63).
    const std::uint64_t sub_ms_us_4096 = (tick & 0xFFFU) * 1000U;
    const auto clock_us = static_cast<std::int64_t>((tick >> 12U) * 1000U + (sub_ms_us_4096 >> 12U));
    const std::uint64_t fraction = sub_ms_us_4096 & 0xFFFU;
    const TimestampTz shifted = DatumGetTimestampTz(
        DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(clock_us - pg_epoch_offset_us), shift));
    const std::uint64_t ms = unix_ms(shifted);  // 22008 outside 1970 to 10889
    const std::uint64_t us_in_ms =
        (static_cast<std::uint64_t>(shifted) + static_cast<std::uint64_t>(pg_epoch_offset_us)) % 1000U;
    // (999 * 4096 + 4095) / 1000 < 4096: the fraction of the millisecond.
    const std::uint64_t rand_a = ((us_in_ms << 12U) + fraction) / 1000U;
    std::array<std::uint8_t, 8> random{};
    if (const std::error_code ec = backend_entropy().read(random.data(), random.size())) {
        report_generation_failure("gen_ulid_v7(interval)", ec);
    }
    std::uint64_t rand_b = 0;
    for (const std::uint8_t b : random) rand_b = (rand_b << 8U) | b;
    rand_b &= (std::uint64_t{1} << 62U) - 1U;
    return make_datum(ulid::uuidv7_layout::make_id((ms << 12U) | rand_a, 0, rand_b));
}

// --- TypeIDs ----------------------------------------------------------------
// TypeID (jetify-com/typeid v0.3.0) is a text form at the edge: the prefix
// belongs to the column, the key stays a 16-byte ulid.

/// The text argument `n` as a view of its bytes (not NUL-terminated).
static std::string_view arg_text(FunctionCallInfo fcinfo, int n) {
    const text* t = PG_GETARG_TEXT_PP(n);
    return {VARDATA_ANY(t), static_cast<std::size_t>(VARSIZE_ANY_EXHDR(t))};
}

/// The prefix argument `n`, valid by the specification, or 22023.
static std::string_view arg_prefix(FunctionCallInfo fcinfo, int n, const char* function) {
    const std::string_view prefix = arg_text(fcinfo, n);
    if (!ulid::is_type_id_prefix(prefix)) {
        const int shown = clipped_length(prefix, quoted_max_chars);
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("%s: invalid TypeID prefix \"%.*s\"%s", function, shown, prefix.data(),
                               static_cast<std::size_t>(shown) < prefix.size() ? "..." : ""),
                        errdetail("%s", ulid::error_message(ulid::errc::invalid_prefix))));
    }
    return prefix;
}

static Datum type_id_datum(std::string_view prefix, const ulid::ulid& id) {
    ulid::type_id type_id;
    (void)ulid::make_type_id(prefix, id, type_id);  // the prefix was checked by arg_prefix
    std::array<char, ulid::type_id_max_size> out{};
    const char* end = type_id.encode(out.data());
    PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data(), static_cast<int>(end - out.data())));
}

PG_FUNCTION_INFO_V1(gen_typeid);
/// A new TypeID under `prefix`: gen_ulid_v7()'s next value (same sequence).
Datum gen_typeid(PG_FUNCTION_ARGS) {
    const std::string_view prefix = arg_prefix(fcinfo, 0, "gen_typeid()");
    return type_id_datum(prefix, next_v7("gen_typeid()"));
}

PG_FUNCTION_INFO_V1(ulid_to_typeid);
/// The ID as a TypeID under `prefix`.
Datum ulid_to_typeid(PG_FUNCTION_ARGS) {
    return type_id_datum(arg_prefix(fcinfo, 1, "ulid_to_typeid()"), arg_id(fcinfo, 0));
}

PG_FUNCTION_INFO_V1(ulid_from_typeid);
/// The ID of a TypeID that must carry `prefix`; 22P02 naming the rule and
/// the position, or the found and the expected prefix.
Datum ulid_from_typeid(PG_FUNCTION_ARGS) {
    const std::string_view prefix = arg_prefix(fcinfo, 1, "ulid_from_typeid()");
    const std::string_view input = arg_text(fcinfo, 0);
    ulid::ulid id;
    if (!ulid::parse_type_id(input, prefix, id)) return make_datum(id);
    // Explained in characters, quoted up to quoted_max_chars of them.
    const std::string_view counted = counted_in_characters(input);
    std::array<char, 192> explained{};
    (void)ulid::explain_type_id(counted, prefix, explained.data(), explained.size());
    StringInfoData why;
    initStringInfo(&why);
    append_explained(&why, explained.data(), counted, input);
    const int shown = clipped_length(input, quoted_max_chars);
    ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("invalid TypeID: \"%.*s\"%s", shown, input.data(),
                           static_cast<std::size_t>(shown) < input.size() ? "..." : ""),
                    errdetail("%s", why.data)));
    pg_unreachable();
}

// --- private IDs (UUIDv47) -------------------------------------------------
// A UUIDv4-looking facade of a UUIDv7 key, bit for bit UUIDv47's
// (<ulid/facade.hpp>), under a 16-byte key given as bytea as UUIDv47's own
// PostgreSQL extension takes it. The key is never quoted in a message.

/// The key argument `n`: 16 bytes, k0 then k1, each little-endian; any
/// other length is 22023, naming the length only.
static ulid::facade_key arg_facade_key(FunctionCallInfo fcinfo, int n, const char* function) {
    const bytea* key = PG_GETARG_BYTEA_PP(n);
    const std::size_t size = VARSIZE_ANY_EXHDR(key);
    if (size != 16) {
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("%s: the key must be 16 bytes, not %zu", function, size),
                        errdetail("A facade key is 16 bytes, k0 then k1, each little-endian (UUIDv47's key).")));
    }
    ulid::byte_array bytes{};
    std::memcpy(bytes.data(), VARDATA_ANY(key), bytes.size());
    return ulid::facade_key::from_bytes(bytes);
}

/// 22P02 for an ID of the wrong version (`what` says which was needed),
/// quoting the ID in the argument's type's form (`as_uuid`), never the key.
[[noreturn]] static void report_wrong_version(const char* function, const ulid::ulid& id, bool as_uuid,
                                              const char* what, const char* hint) {
    std::array<char, ulid::uuid_size + 1> shown{};
    if (as_uuid) {
        id.encode_uuid(shown.data());
    } else {
        id.encode(shown.data());
    }
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION), errmsg("%s: %s is not %s", function, shown.data(), what),
             errdetail("%s", ulid::error_message(ulid::errc::wrong_version)), errhint("%s", hint)));
    pg_unreachable();
}

PG_FUNCTION_INFO_V1(ulid_to_facade);
/// The facade of a UUIDv7 (gen_ulid_v7()'s IDs) under the key: a valid
/// UUIDv4 that shows neither time nor order; 22P02 for any other ID.
Datum ulid_to_facade(PG_FUNCTION_ARGS) {
    const ulid::ulid id = arg_id(fcinfo, 0);
    const ulid::facade_key key = arg_facade_key(fcinfo, 1, "ulid_to_facade()");
    ulid::ulid facade;
    if (ulid::to_facade(id, key, facade)) {
        report_wrong_version("ulid_to_facade()", id, false, "a UUIDv7",
                             "gen_ulid_v7() makes UUIDv7 IDs; a classic ULID (gen_ulid()) has no facade.");
    }
    return make_datum(facade);
}

PG_FUNCTION_INFO_V1(ulid_from_facade);
/// The UUIDv7 behind a facade under the key; 22P02 for anything but a
/// version-4 UUID of the RFC variant. Any key decodes a facade to some
/// UUIDv7 (it is not a MAC): look the result up before trusting it.
Datum ulid_from_facade(PG_FUNCTION_ARGS) {
    const ulid::ulid facade = arg_id(fcinfo, 0);
    const ulid::facade_key key = arg_facade_key(fcinfo, 1, "ulid_from_facade()");
    ulid::ulid id;
    if (ulid::from_facade(facade, key, id)) {
        report_wrong_version("ulid_from_facade()", facade, true, "a facade (a version-4 UUID)",
                             "ulid_to_facade() makes facades: version 4, RFC variant.");
    }
    return make_datum(id);
}

PG_FUNCTION_INFO_V1(gen_monotonic_ulid);
/// A ULID above every earlier gen_monotonic_ulid() result in its scope (the
/// server, or this backend), by the library's monotonic step
/// (ulid::next_above(), monotonic_entropy's rule): a fresh ULID when the
/// current millisecond is after the last one's, otherwise the last one plus
/// a random step in [1, 2^32 - 1] in its 80 entropy bits. A millisecond whose
/// entropy is used up moves on to the next one with fresh entropy, as
/// ulid::make() does; only at the very top of the range (year 10889) does it
/// fail, with 2200H.
Datum gen_monotonic_ulid(PG_FUNCTION_ARGS) {
    static_cast<void>(fcinfo);
    // Randomness is drawn before taking the lock (a refill or a rekey after
    // fork would otherwise run under it): 10 bytes of fresh entropy, then the
    // step as monotonic_entropy draws it, a 32-bit word below 2^32 - 1 (the
    // one value above is drawn again) plus one.
    constexpr std::uint64_t step_bound = ulid::monotonic_entropy<ulid::secure_entropy>::default_increment;
    ulid::entropy_array fresh{};
    std::uint32_t word = ~std::uint32_t{0};  // any byte order: the bits are uniform either way
    ulid::secure_entropy& source = backend_entropy();
    if (const std::error_code ec = source.read(fresh.data(), fresh.size())) {
        report_generation_failure("gen_monotonic_ulid()", ec);
    }
    for (int attempt = 0; word >= step_bound; ++attempt) {
        // Eight draws of that one value in a row: a broken source.
        if (attempt == 8) {
            report_generation_failure("gen_monotonic_ulid()", ulid::make_error_code(ulid::errc::entropy_failure));
        }
        if (const std::error_code ec = source.read(reinterpret_cast<std::uint8_t*>(&word), sizeof word)) {
            report_generation_failure("gen_monotonic_ulid()", ec);
        }
    }
    const std::uint64_t step = std::uint64_t{word} + 1U;

    if (state_lock != nullptr) LWLockAcquire(state_lock, LW_EXCLUSIVE);
    // The clock is read under the lock, so timestamps follow lock order.
    const ulid::ulid last = ulid::ulid::from_high_low(state->high, state->low);
    ulid::ulid next;
    const ulid::errc e = ulid::next_above(last, ulid::now(), fresh, step, next);
    if (e == ulid::errc{}) store_state(monotonic_state{next.high(), next.low()});
    if (state_lock != nullptr) LWLockRelease(state_lock);

    if (e == ulid::errc::monotonic_overflow) {
        std::array<char, ulid::encoded_size + 1> last_text{};
        last.encode(last_text.data());
        ereport(ERROR, (errcode(ERRCODE_SEQUENCE_GENERATOR_LIMIT_EXCEEDED),
                        errmsg("gen_monotonic_ulid() has no ULID left above the last one, %s", last_text.data()),
                        errdetail("%s", ulid::error_message(ulid::errc::monotonic_overflow))));
    }
    if (e != ulid::errc{}) report_generation_failure("gen_monotonic_ulid()", ulid::make_error_code(e));
    return make_datum(next);
}

/// Raises gen_monotonic_ulid()'s floor in its scope (the server under the
/// lock, or this backend) to `to`, never lowering it.
static void raise_monotonic_floor(const ulid::ulid& to) {
    if (state_lock != nullptr) LWLockAcquire(state_lock, LW_EXCLUSIVE);
    if (to.compare(ulid::ulid::from_high_low(state->high, state->low)) > 0) {
        store_state(monotonic_state{to.high(), to.low()});
    }
    if (state_lock != nullptr) LWLockRelease(state_lock);
}

PG_FUNCTION_INFO_V1(ulid_monotonic_advance);
/// Raises gen_monotonic_ulid()'s floor in its scope to at least the
/// argument (never lowers it), so the next result is above it: for
/// continuing after a restart with the clock set back, and for tests.
Datum ulid_monotonic_advance(PG_FUNCTION_ARGS) {
    raise_monotonic_floor(arg_id(fcinfo, 0));
    PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(ulid_observe);
/// Causal order (ulid::observe(), docs/design.md): after ulid_observe(x),
/// every later gen_ulid(), gen_ulid_v7() and gen_typeid() of this session and
/// every later gen_monotonic_ulid() in its scope is greater than `x`, however
/// far the clock of the machine that made `x` runs ahead of this server's,
/// up to ulid.max_clock_skew (500 ms); parallel workers too, through
/// ulid.observed_floor (see observe_here()). An `x` further ahead is refused
/// with 22023, nothing changed, the detail saying how far ahead it was.
Datum ulid_observe(PG_FUNCTION_ARGS) {
    const ulid::ulid x = arg_id(fcinfo, 0);
    observe_here(x, "ulid_observe()", false);
    publish_observed_floor();
    // gen_monotonic_ulid()'s floor goes where observe() places its
    // generators, far above `x` by fresh random bytes: a floor of `x` itself
    // would put the next value within one step (< 2^32) of it, so two
    // servers observing one ID could collide, and whoever sent `x` would
    // know the next ID to 32 bits. Drawn before the lock, as
    // gen_monotonic_ulid() draws.
    ulid::entropy_array fresh{};
    if (const std::error_code ec = backend_entropy().read(fresh.data(), fresh.size())) {
        report_generation_failure("ulid_observe()", ec);
    }
    ulid::ulid placed;
    if (const ulid::errc e = ulid::place_above(x, fresh, placed); e != ulid::errc{}) {
        report_generation_failure("ulid_observe()", ulid::make_error_code(e));
    }
    raise_monotonic_floor(placed);
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
    const std::uint64_t ms = arg_id(fcinfo, 0).time();
    // At most 2^48 ms: the microseconds fit in int64 with room to spare, and
    // year 10889 is well inside timestamptz's range.
    PG_RETURN_TIMESTAMPTZ(static_cast<std::int64_t>(ms) * 1000 - pg_epoch_offset_us);
}

PG_FUNCTION_INFO_V1(ulid_ms);
/// The timestamp in Unix milliseconds.
Datum ulid_ms(PG_FUNCTION_ARGS) { PG_RETURN_INT64(static_cast<std::int64_t>(arg_id(fcinfo, 0).time())); }

PG_FUNCTION_INFO_V1(ulid_to_bytea);
/// The 16 bytes as bytea.
Datum ulid_to_bytea(PG_FUNCTION_ARGS) {
    auto* out = static_cast<bytea*>(palloc(VARHDRSZ + ulid::binary_size));
    SET_VARSIZE(out, VARHDRSZ + ulid::binary_size);
    std::memcpy(VARDATA(out), PG_GETARG_POINTER(0), ulid::binary_size);
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
Datum ulid_from_timestamptz(PG_FUNCTION_ARGS) { return make_datum(ulid::min_at(unix_ms(PG_GETARG_TIMESTAMPTZ(0)))); }

PG_FUNCTION_INFO_V1(ulid_from_timestamp);
/// As ulid_from_timestamptz, reading the timestamp in the session's
/// TimeZone, as the built-in timestamp -> timestamptz cast does.
Datum ulid_from_timestamp(PG_FUNCTION_ARGS) {
    const TimestampTz ts = DatumGetTimestampTz(DirectFunctionCall1(timestamp_timestamptz, PG_GETARG_DATUM(0)));
    return make_datum(ulid::min_at(unix_ms(ts)));
}

PG_FUNCTION_INFO_V1(ulid_lower_bound);
/// The smallest ULID of the timestamp's millisecond: entropy all zeros.
Datum ulid_lower_bound(PG_FUNCTION_ARGS) { return make_datum(ulid::min_at(unix_ms(PG_GETARG_TIMESTAMPTZ(0)))); }

PG_FUNCTION_INFO_V1(ulid_upper_bound);
/// The largest ULID of the timestamp's millisecond: entropy all ones, so
/// `id BETWEEN ulid_lower_bound(a) AND ulid_upper_bound(b)` holds every ULID
/// of the milliseconds from a's to b's, both included.
Datum ulid_upper_bound(PG_FUNCTION_ARGS) {
    const std::uint64_t ms = unix_ms(PG_GETARG_TIMESTAMPTZ(0));
    return make_datum(ulid::max_at(ms));
}

}  // extern "C"

// ---------------------------------------------------------------------------
// Generation at a given time (issue 48): gen_ulid(timestamptz),
// gen_ulid_v7(timestamptz), gen_typeid(text, timestamptz)
// ---------------------------------------------------------------------------
// The library's given-time generators, ulid::make_at(ms) and
// make_v7_at(ms): must_make(ms)'s and must_make_v7(ms)'s sequences, with the
// error returned (must_make() would abort the process here, no exceptions,
// taking the server through crash recovery). Process-wide, so per backend
// (the postmaster never draws from them; a forked process rekeys). So, as
// must_make(ms): successive calls for one millisecond are strictly
// increasing in the session, a call for another millisecond starts that one
// afresh (random), and they are not ordered against gen_ulid()'s and
// gen_ulid_v7()'s own IDs of the same millisecond, nor moved by
// ulid_observe() (a given time is the caller's, not the clock's). SQLite's
// ulid_with_time() is the same function.

namespace {

/// A fresh ULID at `ts`'s millisecond; the bounds functions' 22008 for a
/// time a ULID cannot hold.
ulid::ulid given_ulid(TimestampTz ts, const char* function) {
    ulid::ulid id;
    if (const std::error_code ec = ulid::make_at(unix_ms(ts), id)) {
        report_generation_failure(function, ec);
    }
    return id;
}

/// A fresh UUIDv7 at `ts`: its millisecond, and in rand_a the fraction of
/// that millisecond in 1/4096 steps, as gen_ulid_v7() (and PostgreSQL 18's
/// uuidv7()) store the current time's. The generator's rand_a is zero (it is
/// asked per millisecond) and its rand_b grows within the millisecond, so
/// repeated calls for one time are strictly increasing, and IDs of one
/// millisecond sort by the fraction first.
ulid::ulid given_v7(TimestampTz ts, const char* function) {
    const std::uint64_t ms = unix_ms(ts);
    ulid::ulid id;
    if (const std::error_code ec = ulid::make_v7_at(ms, id)) {
        report_generation_failure(function, ec);
    }
    // unix_ms() accepted ts, so it is at or after 1970 and this is 0 to 999.
    const std::uint64_t us_in_ms =
        (static_cast<std::uint64_t>(ts) + static_cast<std::uint64_t>(pg_epoch_offset_us)) % 1000U;
    const std::uint64_t rand_a = us_in_ms * 4096U / 1000U;
    return ulid::ulid::from_high_low(id.high() | rand_a, id.low());
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(gen_ulid_at);
/// gen_ulid(timestamptz): a fresh ULID at the timestamp's millisecond.
Datum gen_ulid_at(PG_FUNCTION_ARGS) {
    return make_datum(given_ulid(PG_GETARG_TIMESTAMPTZ(0), "gen_ulid(timestamptz)"));
}

PG_FUNCTION_INFO_V1(gen_ulid_v7_at);
/// gen_ulid_v7(timestamptz): a fresh UUIDv7-layout ID at the timestamp.
Datum gen_ulid_v7_at(PG_FUNCTION_ARGS) {
    return make_datum(given_v7(PG_GETARG_TIMESTAMPTZ(0), "gen_ulid_v7(timestamptz)"));
}

PG_FUNCTION_INFO_V1(gen_typeid_at);
/// gen_typeid(prefix, timestamptz): gen_ulid_v7(timestamptz)'s next value
/// as a TypeID under `prefix` (the same sequence).
Datum gen_typeid_at(PG_FUNCTION_ARGS) {
    const std::string_view prefix = arg_prefix(fcinfo, 0, "gen_typeid(text, timestamptz)");
    return type_id_datum(prefix, given_v7(PG_GETARG_TIMESTAMPTZ(1), "gen_typeid(text, timestamptz)"));
}

}  // extern "C"
