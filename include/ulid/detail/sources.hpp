// SPDX-License-Identifier: MIT
// ulid/detail/sources.hpp: source traits (which kind of source a type is),
// zero_entropy, os_entropy and secure_entropy, and uniform draws from any
// source.
//
// Uses generator.hpp's declarations, detail/os_entropy.hpp, detail/fork.hpp,
// detail/chacha.hpp. Used by generation and generate(). Tested in
// test_entropy_sources, test_defects, reseed/.

#ifndef ULID_DETAIL_SOURCES_HPP
#define ULID_DETAIL_SOURCES_HPP

// Included from a public header, after detail/config.hpp.
#include <ulid/detail/chacha.hpp>
#include <ulid/detail/fork.hpp>
#include <ulid/detail/os_entropy.hpp>

namespace ulid {

// ---------------------------------------------------------------------------
// Source traits
// ---------------------------------------------------------------------------
// Uses part 1's sources; used by drawing, generation, generate(); tested in test_entropy_sources.cpp.

namespace detail {

template <class S, class = void>
struct is_monotonic_source : std::false_type {};
template <class S>
struct is_monotonic_source<
    S,
    std::enable_if_t<std::is_same_v<
        decltype(std::declval<S&>().read_monotonic(std::uint64_t{}, std::declval<entropy_array&>())), std::error_code>>>
    : std::true_type {};

template <class S, class = void>
struct is_byte_reader : std::false_type {};
template <class S>
struct is_byte_reader<
    S, std::enable_if_t<std::is_same_v<decltype(std::declval<S&>().read(std::declval<std::uint8_t*>(), std::size_t{})),
                                       std::error_code>>> : std::true_type {};

template <class G, class = void>
struct is_uniform_random_bit_generator : std::false_type {};
template <class G>
struct is_uniform_random_bit_generator<
    G, std::void_t<typename G::result_type, decltype(G::min()), decltype(G::max()), decltype(std::declval<G&>()())>>
    : std::bool_constant<std::is_unsigned_v<typename G::result_type> &&
                         std::is_same_v<decltype(std::declval<G&>()()), typename G::result_type>> {};

template <class S>
inline constexpr bool is_entropy_source_v = is_byte_reader<S>::value || is_uniform_random_bit_generator<S>::value;

/// A source whose draws may take bytes straight from its keystream buffer
/// (keystream_access::slot, keystream_access::try_read_be32), without building read()'s
/// std::error_code: secure_entropy itself, not a class derived from it,
/// whose read() may be another.
template <class S>
struct is_keystream_source : std::false_type {};
template <>
struct is_keystream_source<secure_entropy> : std::true_type {};

/// The library's own monotonic generators (or classes derived from them),
/// which generate() reads through access::read_monotonic, as an errc. Only
/// declared: has_errc_read asks whether S binds to one of them, exactly as
/// access::read_monotonic's overloads.
template <class S, class L>
void library_generator(monotonic_entropy<S, L>& g) noexcept;
template <class S, class L>
void library_generator(locked_monotonic_entropy<monotonic_entropy<S, L>>& g) noexcept;

template <class S, class = void>
struct has_errc_read : std::false_type {};
template <class S>
struct has_errc_read<S, std::void_t<decltype(detail::library_generator(std::declval<S&>()))>> : std::true_type {};

}  // namespace detail
// ---------------------------------------------------------------------------
// The entropy sources
// ---------------------------------------------------------------------------
// Uses the OS, fork detection, ChaCha; used by drawing and generation; tested in test_entropy_sources, reseed/.

inline std::error_code zero_entropy::read(std::uint8_t* dst, std::size_t n) noexcept {
    if (n > 0) std::memset(dst, 0, n);
    return detail::success();
}

inline std::error_code os_entropy::read(std::uint8_t* dst, std::size_t n) noexcept {
    return n == 0 || detail::os_random(dst, n) ? std::error_code() : make_error_code(errc::entropy_failure);
}

namespace detail {

// secure_entropy's keystream: ChaCha blocks from a key that the first 32
// bytes of each refill replace (fast key erasure).
inline constexpr std::size_t chacha_lanes = 4;
inline constexpr std::size_t chacha_batches_per_refill = 2;
inline constexpr std::size_t chacha_key_bytes = 32;
static_assert(sizeof(keystream_state::buffer) == 64 * chacha_lanes * chacha_batches_per_refill);

/// A new key from the operating system, replacing whatever state there was
/// (a parent's, after fork() where the kernel does not wipe).
#if ULID_COMPILED_DECL
bool key_from_os(keystream_state& s, std::uint64_t epoch) noexcept;
#else
ULID_COLD_INLINE bool key_from_os(keystream_state& s, std::uint64_t epoch) noexcept {
    secure_wipe(&s, sizeof s);
    std::array<std::uint8_t, chacha_key_bytes> seed{};
    if (!os_random(seed.data(), seed.size())) {
        last_failure = failure_cause::no_randomness;
        return false;
    }
    for (std::size_t i = 0; i < s.key.size(); ++i) s.key[i] = read_le32(seed.data() + 4 * i);
    secure_wipe(seed.data(), seed.size());
    s.os_key_time = steady_ms();
    s.epoch = epoch;
    return true;
}
#endif

/// The periodic reseed: fresh operating-system bytes mixed into the key, so
/// a failing or poor source never makes the key weaker.
#if ULID_COMPILED_DECL
void reseed_key(keystream_state& s, std::int64_t now) noexcept;
#else
ULID_COLD_INLINE void reseed_key(keystream_state& s, std::int64_t now) noexcept {
    std::array<std::uint8_t, chacha_key_bytes> seed{};
    if (os_random(seed.data(), seed.size())) {
        for (std::size_t i = 0; i < s.key.size(); ++i) s.key[i] ^= read_le32(seed.data() + 4 * i);
        s.since_os_key = 0;
        s.os_key_time = now;
    }
    secure_wipe(seed.data(), seed.size());
}
#endif

#if ULID_COMPILED_DECL
void refill_keystream(keystream_state& s) noexcept;
#else
ULID_COLD_INLINE void refill_keystream(keystream_state& s) noexcept {
    if (s.since_os_key >= secure_entropy::reseed_bytes) {
        reseed_key(s, steady_ms());
    } else if (const std::int64_t now = steady_ms(); now - s.os_key_time >= secure_entropy::reseed_interval.count()) {
        reseed_key(s, now);
    }
    // Each key serves one refill only, so block counters start at zero
    // and the nonce stays zero.
#if ULID_X86_SIMD
    if (host_cpu.avx2) {
        chacha_blocks8_avx2<secure_entropy::rounds>(s.key, 0, s.buffer.data());
    } else
#endif
    {
        for (std::size_t batch = 0; batch < chacha_batches_per_refill; ++batch) {
            chacha_blocks4<secure_entropy::rounds>(s.key, batch * chacha_lanes,
                                                   s.buffer.data() + batch * 64 * chacha_lanes);
        }
    }
    for (std::size_t i = 0; i < s.key.size(); ++i) s.key[i] = read_le32(s.buffer.data() + 4 * i);
    std::memset(s.buffer.data(), 0, chacha_key_bytes);
    s.remaining = s.buffer.size() - chacha_key_bytes;
    s.since_os_key += s.buffer.size();
}
#endif

#if defined(_WIN32)
[[nodiscard]] ULID_FORCE_INLINE keystream_state* keystream_of(keystream_slot& slot) noexcept { return &slot; }
[[nodiscard]] inline keystream_state* acquire_keystream(keystream_slot& slot) noexcept { return &slot; }
inline void release_keystream(keystream_slot& slot) noexcept { secure_wipe(&slot, sizeof slot); }
inline void move_keystream(keystream_slot& to, keystream_slot& from) noexcept {
    to = from;
    release_keystream(from);
}
#else
/// The state, or nullptr before the first read.
[[nodiscard]] ULID_FORCE_INLINE keystream_state* keystream_of(keystream_slot& slot) noexcept { return slot; }
/// The state, mapped on first use; nullptr if no page can be mapped.
[[nodiscard]] inline keystream_state* acquire_keystream(keystream_slot& slot) noexcept {
    if (slot == nullptr) {
        bool wiped = false;
        if (void* const page = map_fork_wiped(sizeof(keystream_state), wiped)) {
            slot = ::new (page) keystream_state{};
        } else {
            last_failure = failure_cause::no_memory;
        }
    }
    return slot;
}
inline void release_keystream(keystream_slot& slot) noexcept {
    if (slot != nullptr) {
        secure_wipe(slot, sizeof *slot);
        unmap_fork_wiped(slot, sizeof *slot);
        slot = nullptr;
    }
}
inline void move_keystream(keystream_slot& to, keystream_slot& from) noexcept { to = std::exchange(from, nullptr); }
#endif

/// Takes n bytes from the buffered keystream of `s`, wiping them there.
ULID_FORCE_INLINE void serve_keystream(keystream_state& s, std::uint8_t* dst, std::size_t n) noexcept {
    std::uint8_t* const p = s.buffer.data() + (s.buffer.size() - s.remaining);
    std::memcpy(dst, p, n);
    std::memset(p, 0, n);
    s.remaining -= n;
}

#if ULID_COMPILED_DECL
ULID_NOINLINE bool fill_keystream_slow(keystream_slot& slot, std::uint8_t* dst, std::size_t n) noexcept;
#else
ULID_NOINLINE ULID_COLD_INLINE bool fill_keystream_slow(keystream_slot& slot, std::uint8_t* dst,
                                                        std::size_t n) noexcept {
    if (n == 0) return true;
    keystream_state* const s = acquire_keystream(slot);
    if (s == nullptr) return false;
    if (s->epoch != fork_epoch() || s->epoch == 0) {
        const std::uint64_t epoch = fork_epoch_slow();
        if (epoch == 0 || (s->epoch != epoch && !key_from_os(*s, epoch))) return false;
    }
    while (n > 0) {
        if (s->remaining == 0) refill_keystream(*s);
        const std::size_t take = n < s->remaining ? n : s->remaining;
        serve_keystream(*s, dst, take);
        dst += take;
        n -= take;
    }
    return true;
}
#endif

/// secure_entropy::read() reporting success as true.
ULID_FORCE_INLINE bool fill_keystream(keystream_slot& slot, std::uint8_t* dst, std::size_t n) noexcept {
    // The common case, a few bytes from a keyed buffer, stays inline. An
    // unkeyed or wiped state has nothing remaining, so this check also
    // covers keying; the epoch check catches fork() where the kernel
    // does not wipe.
    keystream_state* const s = keystream_of(slot);
    if (ULID_LIKELY(s != nullptr && n - 1 < 16 && n <= s->remaining && s->epoch == fork_epoch())) {
        serve_keystream(*s, dst, n);
        return true;
    }
    return fill_keystream_slow(slot, dst, n);
}

/// The next four keystream bytes as a big-endian word, when they are
/// already buffered: true, and the bytes are consumed exactly as read()
/// would have served them. False, with nothing consumed, when the buffer
/// must be refilled or rekeyed first (fill_keystream() does that).
[[nodiscard]] ULID_FORCE_INLINE bool read_keystream_be32(keystream_slot& slot, std::uint32_t& out) noexcept {
    keystream_state* const s = keystream_of(slot);
    if (ULID_LIKELY(s != nullptr && s->remaining >= 4 && s->epoch == fork_epoch())) {
        std::array<std::uint8_t, 4> word{};
        serve_keystream(*s, word.data(), 4);
        out = static_cast<std::uint32_t>(load_be(word.data(), 4));
        return true;
    }
    return false;
}

/// The library's path into a secure_entropy's keystream, for the draws that
/// take bytes straight from its buffer (read_bytes(), monotonic<Layout>).
struct keystream_access {
    [[nodiscard]] static ULID_FORCE_INLINE keystream_slot& slot(secure_entropy& source) noexcept {
        return source.keystream_;
    }

    /// read_keystream_be32() on the source's keystream.
    [[nodiscard]] static ULID_FORCE_INLINE bool try_read_be32(secure_entropy& source, std::uint32_t& out) noexcept {
        return read_keystream_be32(source.keystream_, out);
    }
};

}  // namespace detail

inline secure_entropy::secure_entropy(secure_entropy&& other) noexcept {
    detail::move_keystream(keystream_, other.keystream_);
}

inline secure_entropy& secure_entropy::operator=(secure_entropy&& other) noexcept {
    if (this != &other) {
        detail::release_keystream(keystream_);
        detail::move_keystream(keystream_, other.keystream_);
    }
    return *this;
}

inline secure_entropy::~secure_entropy() { detail::release_keystream(keystream_); }

inline std::error_code secure_entropy::read(std::uint8_t* dst, std::size_t n) noexcept {
    return detail::fill_keystream(keystream_, dst, n) ? std::error_code() : make_error_code(errc::entropy_failure);
}

// ---------------------------------------------------------------------------
// Drawing from a source
// ---------------------------------------------------------------------------
// Uses source traits and the sources; used by generation and generate(); tested in test_entropy_sources, test_defects.

namespace detail {

/// How many tries a rejection loop gets before it concludes that the source
/// is stuck. Each try is rejected with probability below 1/2, so a working
/// source fails all of them with probability below 2^-128.
inline constexpr int max_rejections = 128;

/// Calls `f`, turning any exception from a user-supplied source into
/// errc::entropy_failure.
template <class F>
[[nodiscard]] errc guarded(F&& f) noexcept {
#if ULID_EXCEPTIONS
    try {
        return f();
    } catch (...) {
        return errc::entropy_failure;
    }
#else
    return f();
#endif
}

/// Number of bits needed to write `v` (0 for 0).
[[nodiscard]] constexpr unsigned bit_width(std::uint64_t v) noexcept {
    unsigned width = 0;
    while (width < 64 && (v >> width) != 0) ++width;
    return width;
}

/// Number of uniform bits one call of G yields, and whether its range is a
/// power of two (so no call is ever rejected).
template <class G>
struct generator_bits {
    static constexpr std::uint64_t range = static_cast<std::uint64_t>(G::max()) - static_cast<std::uint64_t>(G::min());
    static constexpr unsigned count =
        range == std::numeric_limits<std::uint64_t>::max() ? 64U : bit_width(range + 1) - 1;
    static constexpr bool exact = count == 64 || (range + 1) == (std::uint64_t{1} << count);
};

/// `want` (1..64) uniform bits from a UniformRandomBitGenerator, combining
/// calls and rejecting values outside a power-of-two range.
template <class G>
[[nodiscard]] errc generator_random_bits(G& g, unsigned want, std::uint64_t& out) {
    using bits = generator_bits<G>;
    if constexpr (bits::count == 0) {
        (void)g;
        (void)want;
        (void)out;
        return errc::entropy_failure;
    } else {
        std::uint64_t value = 0;
        unsigned have = 0;
        while (have < want) {
            std::uint64_t draw = 0;
            bool accepted = false;
            for (int attempt = 0; attempt < max_rejections && !accepted; ++attempt) {
                draw = static_cast<std::uint64_t>(g()) - static_cast<std::uint64_t>(G::min());
                if constexpr (bits::exact) {
                    accepted = true;
                } else {
                    accepted = draw < (std::uint64_t{1} << bits::count);
                }
            }
            if (!accepted) return errc::entropy_failure;
            const unsigned take = bits::count < want - have ? bits::count : want - have;
            const std::uint64_t piece = take == 64 ? draw : (draw & ((std::uint64_t{1} << take) - 1U));
            value = take == 64 ? piece : ((value << take) | piece);
            have += take;
        }
        out = value;
        return errc{};
    }
}

/// `n` bytes from a byte reader; a keystream source's straight from its
/// buffer, without building a std::error_code (whose default constructor is
/// an out-of-line call in libstdc++).
template <class S>
[[nodiscard]] ULID_FORCE_INLINE errc read_bytes(S& source, std::uint8_t* dst, std::size_t n) noexcept {
    if constexpr (is_keystream_source<S>::value) {
        return fill_keystream(keystream_access::slot(source), dst, n) ? errc{} : errc::entropy_failure;
    } else if constexpr (std::is_same_v<S, handler_entropy>) {
        return source.fill(dst, n) ? errc{} : errc::entropy_failure;
    } else if constexpr (noexcept(source.read(dst, n))) {
        return source.read(dst, n) ? errc::entropy_failure : errc{};
    } else {
        return guarded([&]() -> errc { return source.read(dst, n) ? errc::entropy_failure : errc{}; });
    }
}

constexpr uniform_plan uniform_plan::below(std::uint64_t bound) noexcept {
    uniform_plan p;
    p.bound = bound;
    p.width = bit_width(bound - 1);
    p.bytes = p.width <= 8 ? 1U : p.width <= 16 ? 2U : p.width <= 32 ? 4U : 8U;
    p.mask = p.width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << p.width) - 1U;
    return p;
}

/// `plan.width` (1..64) uniform bits from any entropy source. A byte
/// reader's bytes are read big-endian.
template <class S>
[[nodiscard]] ULID_FORCE_INLINE errc random_bits(S& source, const uniform_plan& plan, std::uint64_t& out) noexcept {
    if constexpr (is_byte_reader<S>::value) {
        // A constant size in each branch lets the copy compile to one load,
        // and each branch loads exactly the bytes it stored, so the store
        // forwards to the load.
        std::array<std::uint8_t, 8> buffer{};  // zeroed: GCC cannot see that a failed read returns first
        std::uint64_t v = 0;
        if (ULID_LIKELY(plan.bytes == 4)) {  // the default increment, 2^32 - 1
            if (const errc s = read_bytes(source, buffer.data(), 4); ULID_UNLIKELY(s != errc{})) return s;
            v = load_be(buffer.data(), 4);
        } else if (plan.bytes == 8) {
            if (const errc s = read_bytes(source, buffer.data(), 8); s != errc{}) return s;
            v = load_be(buffer.data(), 8);
        } else if (plan.bytes == 2) {
            if (const errc s = read_bytes(source, buffer.data(), 2); s != errc{}) return s;
            v = load_be(buffer.data(), 2);
        } else {
            if (const errc s = read_bytes(source, buffer.data(), 1); s != errc{}) return s;
            v = buffer[0];
        }
        out = v & plan.mask;
        return errc{};
    } else {
        return guarded([&]() -> errc { return generator_random_bits(source, plan.width, out); });
    }
}

/// A uniform value in [0, plan.bound): draw the plan's bits and reject
/// values >= bound (each try succeeds with probability above 1/2). A bound
/// of 1 consumes no entropy.
template <class S>
[[nodiscard]] ULID_FORCE_INLINE errc random_below(S& source, const uniform_plan& plan, std::uint64_t& out) noexcept {
    if (plan.width == 0) {
        out = 0;
        return errc{};
    }
    for (int attempt = 0; attempt < max_rejections; ++attempt) {
        std::uint64_t v = 0;
        if (const errc s = random_bits(source, plan, v); ULID_UNLIKELY(s != errc{})) return s;
        if (ULID_LIKELY(v < plan.bound)) {
            out = v;
            return errc{};
        }
    }
    return errc::entropy_failure;
}

/// Ten fresh bytes of entropy; `out` is written only on success.
template <class S>
[[nodiscard]] errc read_entropy(S& source, entropy_array& out) noexcept {
    entropy_array fresh{};
    if constexpr (is_byte_reader<S>::value) {
        if (const errc s = read_bytes(source, fresh.data(), fresh.size()); s != errc{}) return s;
    } else {
        const errc s = guarded([&]() -> errc {
            std::uint64_t high = 0;
            std::uint64_t low = 0;
            if (const errc e = generator_random_bits(source, 64, high); e != errc{}) return e;
            if (const errc e = generator_random_bits(source, 16, low); e != errc{}) return e;
            store_be(fresh.data(), 8, high);
            store_be(fresh.data() + 8, 2, low);
            return errc{};
        });
        if (s != errc{}) return s;
    }
    out = fresh;
    return errc{};
}

}  // namespace detail

}  // namespace ulid
#endif  // ULID_DETAIL_SOURCES_HPP
