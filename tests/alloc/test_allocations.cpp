// Zero-allocation guarantees. This program replaces every form of the global
// operator new and delete with counting versions, so it must stay its own
// executable. Counts are taken as differences around the code under test,
// because Catch2 itself allocates.
#include "catch.hpp"

#include <ulid/facade.hpp>
#include <ulid/ulid.hpp>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>
#include <random>
#include <string>
#include <thread>
#include <vector>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
#define ULID_TEST_HAS_MALLINFO2 1
#endif

namespace {

std::atomic<std::size_t> allocations{0};
std::atomic<std::size_t> deallocations{0};

void* counted_allocate(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    return std::malloc(size == 0 ? 1 : size);
}

void* counted_allocate_aligned(std::size_t size, std::align_val_t alignment) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    const auto align = static_cast<std::size_t>(alignment);
    const std::size_t rounded = ((size == 0 ? 1 : size) + align - 1) / align * align;
#if defined(_WIN32)
    return _aligned_malloc(rounded, align);
#else
    return std::aligned_alloc(align, rounded);
#endif
}

void counted_free(void* p) noexcept {
    if (p == nullptr) return;
    deallocations.fetch_add(1, std::memory_order_relaxed);
    std::free(p);
}

void counted_free_aligned(void* p) noexcept {
    if (p == nullptr) return;
    deallocations.fetch_add(1, std::memory_order_relaxed);
#if defined(_WIN32)
    _aligned_free(p);
#else
    std::free(p);
#endif
}

void* or_throw(void* p) {
    if (p == nullptr) throw std::bad_alloc();
    return p;
}

}  // namespace

// GCC 12 flags free() in a replacement operator delete as a mismatched
// new/delete pair (a false positive: these are the replacements).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

// clang-format off
void* operator new(std::size_t n) { return or_throw(counted_allocate(n)); }
void* operator new[](std::size_t n) { return or_throw(counted_allocate(n)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_allocate(n); }
void* operator new(std::size_t n, std::align_val_t a) { return or_throw(counted_allocate_aligned(n, a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return or_throw(counted_allocate_aligned(n, a)); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept { return counted_allocate_aligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept { return counted_allocate_aligned(n, a); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { counted_free_aligned(p); }
void operator delete[](void* p, std::align_val_t) noexcept { counted_free_aligned(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { counted_free_aligned(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { counted_free_aligned(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free_aligned(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free_aligned(p); }
// clang-format on

namespace {

/// Heap allocations made while running `f`.
template <class F>
std::size_t allocations_during(F&& f) {
    const std::size_t before = allocations.load(std::memory_order_relaxed);
    f();
    return allocations.load(std::memory_order_relaxed) - before;
}

/// Publishes a pointer, so the optimiser cannot elide the allocation that
/// made it (new/delete pairs may otherwise be removed entirely).
const void* volatile escaped = nullptr;

void escape(const void* p) { escaped = p; }

/// Keeps a value alive so the optimiser cannot drop the call that made it.
template <class T>
void keep(const T& value) {
    static volatile unsigned char sink;
    sink = static_cast<unsigned char>(sink + reinterpret_cast<const unsigned char*>(&value)[0]);
}

struct alignas(64) over_aligned {
    unsigned char bytes[64];
};

}  // namespace

// This test must be the first to touch the default entropy: it measures the
// very first make() of the process. No other test here calls make() or
// default_entropy().
TEST_CASE("1000 sequential make() calls allocate nothing, from the first of the process", "[alloc]") {
    for (int i = 0; i < 1000; ++i) {
        ulid::ulid id;
        const std::size_t n = allocations_during([&] { id = ulid::make(); });
        INFO("make() call " << i);
        REQUIRE(n == 0);
        keep(id);
    }
    REQUIRE(allocations_during([] { keep(ulid::must_make(1469918176385ULL)); }) == 0);
    REQUIRE(allocations_during([] {
                ulid::ulid id;
                keep(ulid::generate(ulid::now(), ulid::default_entropy(), id));
                keep(id);
            }) == 0);
    REQUIRE(allocations_during([] {
                ulid::ulid id;
                keep(ulid::default_entropy().next(ulid::now(), id));
                keep(id);
            }) == 0);
}

TEST_CASE("the counting operator new is linked in (positive controls)", "[alloc]") {
    REQUIRE(allocations_during([] {
                std::string s(100, 'x');
                keep(s[50]);
            }) >= 1);
    REQUIRE(allocations_during([] {
                auto* p = new int(5);
                escape(p);
                delete p;
            }) == 1);
    REQUIRE(allocations_during([] {
                auto* p = new over_aligned{};
                escape(p);
                delete p;
            }) == 1);
    REQUIRE(allocations_during([] {
                auto* p = new (std::nothrow) int[10]();
                escape(p);
                delete[] p;
            }) == 1);
}

TEST_CASE("generate with non-allocating sources allocates nothing", "[alloc]") {
    std::mt19937_64 prng(1);
    ulid::zero_entropy zero;
    ulid::os_entropy os;
    ulid::secure_entropy secure;
    ulid::monotonic_entropy<std::mt19937_64> monotonic(std::mt19937_64(2));
    ulid::locked_monotonic_entropy<ulid::monotonic_entropy<std::mt19937_64>> locked(std::in_place, std::mt19937_64(3),
                                                                                    std::uint64_t{0});
    ulid::ulid id;
    REQUIRE(allocations_during([&] { keep(ulid::generate(1, prng, id)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::generate(1, zero, id)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::generate(1, os, id)); }) == 0);
    for (int i = 0; i < 100; ++i) {
        REQUIRE(allocations_during([&] { keep(ulid::generate(1, secure, id)); }) == 0);
        REQUIRE(allocations_during([&] { keep(ulid::generate(1, monotonic, id)); }) == 0);
        REQUIRE(allocations_during([&] { keep(ulid::generate(1, locked, id)); }) == 0);
        REQUIRE(allocations_during([&] { keep(locked.next(1, id)); }) == 0);
    }
    // Error paths allocate nothing either.
    REQUIRE(allocations_during([&] { keep(ulid::generate(ulid::max_time + 1, prng, id)); }) == 0);
    keep(id);
}

TEST_CASE("encode, parse, compare and hashing allocate nothing", "[alloc]") {
    const auto id = ulid::must_parse("01ARYZ6S41TSV4RRFFQ69G5FAV");
    const auto other = ulid::must_parse("01ARYZ6S41TSV4RRFFQ69G5FAW");
    std::array<char, 36> buffer{};
    REQUIRE(allocations_during([&] { keep(id.encode(buffer.data())); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.encode()); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.encode(buffer.data(), buffer.size())); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.encode_uuid(buffer.data())); }) == 0);
    ulid::ulid parsed;
    REQUIRE(allocations_during([&] { keep(ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FAV", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse("01arYZ6S41TSV4RRFFQ69G5FAV", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FA", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse_any("01563e3a-b5d3-d676-4c61-efb99302bd5b", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.encode_uuid()); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::rfc3339(id)); }) == 0);
    std::array<char, 96> why{};
    REQUIRE(allocations_during([&] {
                keep(ulid::explain("01ARYZ6S41TSV4RRFFQ69G5FA\r", why.data(), why.size(), ulid::text_form::any));
            }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::explain("01ARYZ6S41TSV4RRFFQ69G5FAV", why.data(), why.size())); }) ==
            0);
    REQUIRE(allocations_during([&] { keep(ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FAU", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse("81ARYZ6S41TSV4RRFFQ69G5FAV", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse_uuid("01563df3-6481-a5e5-15bc-97e85cf69bc3", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.compare(other)); }) == 0);
    REQUIRE(allocations_during([&] { keep(id == other); }) == 0);
    REQUIRE(allocations_during([&] { keep(id < other); }) == 0);
    REQUIRE(allocations_during([&] { keep(std::hash<ulid::ulid>{}(id)); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.time()); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.entropy()); }) == 0);
    REQUIRE(allocations_during([&] { keep(id.timestamp()); }) == 0);
}

TEST_CASE("make_thread_local and make_batch allocate nothing, from a thread's first call", "[alloc]") {
    std::size_t thread_allocations = 1;
    std::thread([&thread_allocations] {
        thread_allocations = allocations_during([] {
            for (int i = 0; i < 1000; ++i) keep(ulid::make_thread_local());
        });
    }).join();
    REQUIRE(thread_allocations == 0);
    std::vector<ulid::ulid> out(4096);
    REQUIRE(allocations_during([&] { ulid::make_batch(out.data(), out.size()); }) == 0);
    keep(out[100]);
}

#if defined(ULID_TEST_HAS_MALLINFO2)
TEST_CASE("a thread's first thread-local calls take nothing from malloc either", "[alloc]") {
    // The counters above see operator new only. A thread_local with a
    // destructor registers it with a calloc() on first use, which a _Fork()
    // child can wait on forever (tests/fork_safety): the bytes malloc holds
    // for the thread, in every arena, must not grow. Nothing else runs
    // meanwhile (the main thread waits in join()).
    const auto malloc_in_use = [] {
        const struct mallinfo2 m = ::mallinfo2();
        return m.uordblks + m.hblkhd;
    };
    std::size_t before = 0;
    std::size_t after = 1;
    std::thread([&] {
        before = malloc_in_use();
        keep(ulid::make_thread_local());
        keep(ulid::make_v7_thread_local());
        keep(ulid::observe_thread_local(ulid::ulid{}));
        after = malloc_in_use();
    }).join();
    REQUIRE(after == before);
}
#endif

TEST_CASE("make_v7, make_v7_thread_local and make_v7_batch allocate nothing, from their first call", "[alloc]") {
    REQUIRE(allocations_during([] {
                for (int i = 0; i < 1000; ++i) keep(ulid::make_v7());
            }) == 0);
    std::size_t thread_allocations = 1;
    std::thread([&thread_allocations] {
        thread_allocations = allocations_during([] {
            for (int i = 0; i < 1000; ++i) keep(ulid::make_v7_thread_local());
        });
    }).join();
    REQUIRE(thread_allocations == 0);
    std::vector<ulid::ulid> out(4096);
    REQUIRE(allocations_during([&] { ulid::make_v7_batch(out.data(), out.size()); }) == 0);
    keep(out[100]);
}

TEST_CASE("observe() and observe_thread_local() allocate nothing, taken or refused", "[alloc][observe]") {
    // An ID at the clock (taken: raises the floor by at most the current
    // millisecond) and one in the year 3000 (refused).
    const ulid::ulid near = ulid::ulid::from_high_low(ulid::now() << 16U, 0);
    const ulid::ulid far = ulid::ulid::from_high_low(std::uint64_t{32503680000000} << 16U, 0);
    REQUIRE(allocations_during([&] {
                keep(ulid::observe(near));
                keep(ulid::observe(far));
            }) == 0);
    std::size_t thread_allocations = 1;
    std::thread([&] {
        thread_allocations = allocations_during([&] {
            keep(ulid::observe_thread_local(near));
            keep(ulid::observe_thread_local(far));
        });
    }).join();
    REQUIRE(thread_allocations == 0);
}

#if !defined(_WIN32)
TEST_CASE("generators keep their keys in mapped pages, not on the heap: one page each, once", "[alloc]") {
    // A page from mmap (wiped by the kernel in child processes) is not the
    // heap allocator; count it here so that its use stays bounded: one page
    // for default_entropy(), one per thread that calls make_thread_local(),
    // unmapped at that thread's exit, none per call.
    using ulid::detail::fork_wiped_pages;
    keep(ulid::make());
    const std::size_t pages = fork_wiped_pages.load();
    REQUIRE(pages >= 2);                                  // the fork epoch and default_entropy()'s keystream
    for (int i = 0; i < 100000; ++i) keep(ulid::make());  // several reseeds
    REQUIRE(fork_wiped_pages.load() == pages);
    std::size_t in_thread = 0;
    std::thread([&in_thread] {
        for (int i = 0; i < 100000; ++i) keep(ulid::make_thread_local());
        in_thread = fork_wiped_pages.load();
    }).join();
    REQUIRE(in_thread == pages + 1);
    REQUIRE(fork_wiped_pages.load() == pages);
    {
        ulid::secure_entropy own;
        std::uint8_t byte = 0;
        REQUIRE_FALSE(own.read(&byte, 1));
        REQUIRE(fork_wiped_pages.load() == pages + 1);
        ulid::secure_entropy moved(std::move(own));
        REQUIRE(fork_wiped_pages.load() == pages + 1);
    }
    REQUIRE(fork_wiped_pages.load() == pages);
}
#endif

namespace {
struct user_tag {
    static constexpr std::string_view prefix = "user";
};
}  // namespace

TEST_CASE("TypeIDs: make, encode, parse, explain and hashing allocate nothing", "[alloc][typeid]") {
    using user_id = ulid::typed_id<user_tag>;
    REQUIRE(allocations_during([] {
                for (int i = 0; i < 1000; ++i) keep(user_id::make());
            }) == 0);
    const user_id id = user_id::make();
    REQUIRE(allocations_during([&] { keep(id.encode()); }) == 0);
    user_id parsed;
    REQUIRE(allocations_during([&] { keep(ulid::parse("user_01h455vb4pex5vsknk084sn02q", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse("order_01h455vb4pex5vsknk084sn02q", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse("user_01H455VB4PEX5VSKNK084SN02Q", parsed)); }) == 0);
    REQUIRE(allocations_during([&] { keep(std::hash<user_id>{}(id)); }) == 0);
    ulid::type_id any;
    REQUIRE(allocations_during([&] { keep(ulid::make_type_id("order", any)); }) == 0);
    REQUIRE(allocations_during([&] { keep(any.encode()); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse_type_id("pre_fix_01h455vb4pex5vsknk084sn02q", any)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::parse_type_id("_01h455vb4pex5vsknk084sn02q", any)); }) == 0);
    ulid::ulid raw;
    REQUIRE(allocations_during([&] { keep(ulid::parse_type_id("user_01h455vb4pex5vsknk084sn02q", "user", raw)); }) ==
            0);
    REQUIRE(allocations_during([&] { keep(std::hash<ulid::type_id>{}(any)); }) == 0);
    std::array<char, 128> why{};
    REQUIRE(allocations_during([&] {
                keep(ulid::explain_type_id("order_01h455vb4pex5vsknk084sn02q", "user", why.data(), why.size()));
            }) == 0);
    REQUIRE(allocations_during([&] {
                keep(ulid::explain("Pre_01h455vb4pex5vsknk084sn02q", why.data(), why.size(), ulid::text_form::type_id));
            }) == 0);
}

TEST_CASE("private IDs (<ulid/facade.hpp>) allocate nothing, errors included", "[alloc]") {
    const ulid::ulid v7 = ulid::make_v7();
    ulid::facade_key key;
    REQUIRE(allocations_during([&] { keep(ulid::facade_key::generate(key)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::facade_key::parse("00112233445566778899aabbccddeeff", key)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::facade_key::parse("0011223344556677:8899aabbccddeef", key)); }) == 0);
    ulid::ulid facade;
    ulid::ulid back;
    for (int i = 0; i < 100; ++i) {
        REQUIRE(allocations_during([&] { keep(ulid::to_facade(v7, key, facade)); }) == 0);
        REQUIRE(allocations_during([&] { keep(ulid::from_facade(facade, key, back)); }) == 0);
    }
    REQUIRE(back == v7);
    // The wrong kind: the error paths.
    REQUIRE(allocations_during([&] { keep(ulid::to_facade(facade, key, back)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::from_facade(v7, key, back)); }) == 0);
    ulid::type_id typed;
    REQUIRE_FALSE(ulid::make_type_id("user", v7, typed));
    ulid::type_id shown;
    REQUIRE(allocations_during([&] { keep(ulid::to_facade(typed, key, shown)); }) == 0);
    REQUIRE(allocations_during([&] { keep(ulid::from_facade(shown, key, typed)); }) == 0);
    keep(back);
}
