// The consumer program every packaging test builds: the header-alone checks,
// add_subdirectory, FetchContent, the installed package and pkg-config. It
// exits non-zero on any failure and prints "ulid consumer ok" on success.
#include <ulid/ulid.hpp>

#include <array>
#include <cstddef>
#include <cstdio>
#include <string_view>

// C++20 with <compare>: docs/api.md promises <=>, whatever the standard
// library says in __cpp_lib_three_way_comparison (libc++ 14 says nothing).
#if __cplusplus >= 202002L && defined(__cpp_impl_three_way_comparison) && __has_include(<compare>)
#include <compare>
#define CONSUMER_CHECKS_SPACESHIP 1
#endif

const void* second_default_entropy();
const void* second_category();
const void* second_alphabet();
ulid::ulid second_make();
std::size_t second_hash(const ulid::ulid& id);
bool second_parse(std::string_view text, ulid::ulid& out);

namespace {

int failures = 0;

void check(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "consumer: FAILED: %s\n", what);
    ++failures;
}

}  // namespace

int main() {
    // One definition per program (ODR): both translation units see the same
    // default source, error category and inline constexpr variables.
    check(&ulid::default_entropy() == second_default_entropy(), "one default_entropy() in the program");
    check(&ulid::ulid_category() == second_category(), "one ulid_category() in the program");
    check(&ulid::alphabet == second_alphabet(), "one ulid::alphabet in the program");

    // make() is strictly increasing across translation units, which holds
    // only if they share one monotonic state.
    const ulid::ulid a = ulid::make();
    const ulid::ulid b = second_make();
    const ulid::ulid c = ulid::make();
    check(a < b && b < c, "make() strictly increasing across translation units");
#ifdef CONSUMER_CHECKS_SPACESHIP
    check((a <=> b) == std::strong_ordering::less && (b <=> b) == std::strong_ordering::equal, "operator<=>");
#endif

    constexpr std::string_view text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    ulid::ulid parsed;
    check(!ulid::parse(text, parsed), "parse() accepts a valid ULID");
    ulid::ulid again;
    check(second_parse(text, again) && again == parsed, "both translation units parse alike");
    check(second_hash(parsed) == std::hash<ulid::ulid>{}(parsed), "both translation units hash alike");
    const ulid::ulid_text encoded = parsed.encode();
    check(encoded == text, "encode() round-trips parse()");
    check(parsed.to_uuid_string() == "01563e3a-b5d3-d676-4c61-efb99302bd5b", "to_uuid_string()");
    check(parsed.time() == 1469922850259U, "time()");

    if (failures != 0) return 1;
    std::printf("ulid consumer ok: %.*s, ulid %d.%d.%d\n", static_cast<int>(encoded.size()), encoded.data(),
                ULID_VERSION_MAJOR, ULID_VERSION_MINOR, ULID_VERSION_PATCH);
    return 0;
}
