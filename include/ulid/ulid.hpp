// SPDX-License-Identifier: MIT
// ulid/ulid.hpp: Universally Unique Lexicographically Sortable Identifiers.
//
// One include, C++17. A ULID is a 48-bit big-endian Unix-millisecond timestamp
// followed by 80 bits of entropy, written as 26 characters of Crockford
// base32. Behaviour follows oklog/ulid v2 (Go), without its known defects;
// README.md lists the differences.
//
// Synopsis (namespace ulid; nothing here allocates or throws unless it says so)
//
//   Constants and errors
//     encoded_size = 26, binary_size = 16, entropy_size = 10, uuid_size = 36,
//     max_time = 2^48 - 1, alphabet; byte_array, entropy_array
//     enum class errc; error_message(errc); ulid_category(); make_error_code(errc); errc_of(ec)
//     class error : std::system_error                 thrown by the must_ helpers only
//   Text held by value
//     fixed_text<N>; ulid_text = fixed_text<26>; uuid_text = fixed_text<36>
//   The value type
//     class ulid: nil(), max(), from_bytes, from_high_low, bytes(), time(), timestamp(),
//       entropy(), set_time, set_entropy, is_nil(), compare, ==, <, <=>, encode() -> ulid_text,
//       encode(char*), encode_lower(), encode_uuid(), to_string() (allocates), to_uuid_string(),
//       uuid_version(), is_uuidv7(); to_uuidv7(id)
//   Codecs
//     parse(text, out), parse_uuid(text, out), parse_any(text, out[, form]) -> std::error_code
//     must_parse(text) (throws); explain(text[, out, size][, text_form]) says why
//       (without a form, as the form the input most likely meant); explain_length(),
//       shown_char(c), canonical_uuid_spelling(text): its pieces, for callers' own messages
//     "01ARZ3NDEKTSV4RRFFQ69G5FAV"_ulid in ulid::literals (C++20: a bad literal does not compile)
//   Time
//     now() -> Unix ms; time(ms) -> time_point; timestamp(time_point) -> ms;
//     rfc3339(ms or id) -> "2016-07-30T22:36:16.385Z"
//     min_at(ms or time_point), max_at(...)   a millisecond's smallest and largest ULID
//   Entropy sources (anything with read(), or a UniformRandomBitGenerator)
//     zero_entropy, os_entropy, secure_entropy (ChaCha8, reseeding, fork-safe)
//   Monotonic generation
//     monotonic_entropy<Source, Layout = ulid_layout>, locked_monotonic_entropy<Monotonic>,
//     batch_result; layouts ulid_layout and uuidv7_layout (policies: clock, ID, seed)
//     next_above(last, ms, fresh, step, out) -> errc  monotonic_entropy's step on a caller's state
//     place_above(x, fresh, out) -> errc             observe()'s placement, likewise
//     default_entropy<Layout = ulid_layout>() (process-wide, locked: make()'s or
//       make_v7()'s), thread_local_entropy<Layout = ulid_layout>()
//   Causal order (docs/design.md, Causal order)
//     observe(id) -> observe_result  every later make()/make_v7() (and batch) is greater than id
//     observe_thread_local(id)       the same for the calling thread's thread-local generators
//     max_clock_skew(), set_max_clock_skew(ms)  how far ahead of the clock an observed ID may be
//   Making ULIDs
//     make()                   now, process-wide strictly increasing, thread-safe
//     make_thread_local()      now, increasing within the thread, no lock
//     make_batch(out, n)       n of make()'s sequence at once
//     make_v7(), make_v7_thread_local(), make_v7_batch(out, n)
//                              the same, each ID also an RFC 9562 UUIDv7
//     generate(ms, source, out) -> std::error_code, and must_generate
//     must_make(ms or time_point), must_make_v7(...)
//                              a given time, increasing per time, apart from make()
//   TypeIDs (the same 128 bits as "user_01h455vb4pex5vsknk084sn02q")
//     typed_id<Tag>: prefix in the type; make(), encode(), parse(text, out)
//     type_id: prefix at run time; parse_type_id, make_type_id, explain_type_id
//   Integrations
//     operator<< and >>, std::hash (keyed SipHash-1-3) and hash_value (Boost),
//     std::format and {fmt} (<ulid/fmt.hpp>), "{:l}" lower case and "{:u}" the UUID form;
//     std::expected forms of parse (C++23);
//     opt-in headers <ulid/json.hpp>, msgpack.hpp, cereal.hpp, qt.hpp, pqxx.hpp, soci.hpp;
//     <ulid/facade.hpp> (private IDs: a UUIDv4 facade for UUIDv7 keys)
//     <ulid/boost.hpp> (Boost.UUID), <ulid/partition.hpp> (shards and time partitions)
//
// The files, each layer including only those above it (the order of the
// header list in CMakeLists.txt; tests/headers/layers.cmake checks it). Each
// opens with what it uses, what uses it and where it is tested.
//   ulid.hpp (this file)         everything below, and the tests' access
//   generator.hpp                sources, monotonic generation, make(), observe(),
//                                and typeid.hpp's typed_id::make(), make_type_id(prefix, out)
//     detail/monotonic.hpp       layouts; monotonic<Layout>, the process and thread generators
//     detail/sources.hpp         source traits; zero_, os_, secure_entropy; uniform draws
//     detail/chacha.hpp          the ChaCha keystream blocks, portable and AVX2
//     detail/lock.hpp            fork_safe_mutex
//     detail/fork.hpp            the fork epoch
//     detail/clock.hpp           the generators' clock (cycle counter or system clock)
//   typeid.hpp                   typed_id, type_id, their text and parsing (no generator)
//   core.hpp                     the value core: constants, errors, fixed_text, class ulid,
//                                codecs, explain(), time, streams, hashing, formatting;
//                                the integration headers include only this, or typeid.hpp
//                                for TypeIDs: none includes the generator
//     detail/os_entropy.hpp      the operating system's randomness, secure_wipe()
//     detail/type_id_text.hpp    the TypeID text rules, for explain() and typeid.hpp
//     detail/codec.hpp           class ulid's code, base32 and UUID text, explain()
//     detail/byte_order.hpp      byte order, x86 features and vector wrappers
//     detail/config.hpp          the configuration (its comment lists the user's switches)
//     detail/config_undef.hpp    and its undefines at the end of each public header
// Compiled mode (ULID_COMPILED, README): the cold paths marked ULID_COLD_INLINE and
// make()'s slow path are declared only, and defined once in src/ulid.cpp.

#ifndef ULID_ULID_HPP
#define ULID_ULID_HPP

#include <ulid/core.hpp>
#include <ulid/generator.hpp>
#include <ulid/typeid.hpp>

// The internal macros, up to detail/config_undef.hpp at the end.
#include <ulid/detail/config.hpp>

// ---------------------------------------------------------------------------
// The tests' access
// ---------------------------------------------------------------------------
// Uses the classes' private state and the library's paths; used by tests/ only: the library never calls it.

namespace ulid::detail {

/// The tests' way into the classes' private state and the library's paths.
struct test_access {
    /// access::next(): a library generator's next ID at `tick`, as an errc.
    template <class Generator>
    [[nodiscard]] static errc next(Generator& g, std::uint64_t tick, ulid& out) noexcept {
        return access::next(g, tick, out);
    }

    template <class Monotonic>
    [[nodiscard]] static fork_safe_mutex& mutex(locked_monotonic_entropy<Monotonic>& source) noexcept {
        return source.mutex_;
    }

    /// The count of threads asleep waiting for `m`.
    [[nodiscard]] static std::atomic<std::uint32_t>& sleepers(fork_safe_mutex& m) noexcept { return m.sleepers_; }

    template <class Monotonic>
    [[nodiscard]] static Monotonic& wrapped(locked_monotonic_entropy<Monotonic>& source) noexcept {
        return source.monotonic_;
    }

    /// keystream_access::try_read_be32().
    [[nodiscard]] static bool try_read_be32(secure_entropy& source, std::uint32_t& out) noexcept {
        return keystream_access::try_read_be32(source, out);
    }

    /// The keystream state, or nullptr before the first read.
    [[nodiscard]] static keystream_state* keystream(secure_entropy& source) noexcept {
        return keystream_of(source.keystream_);
    }
};

}  // namespace ulid::detail

#include <ulid/detail/config_undef.hpp>

#endif  // ULID_ULID_HPP
