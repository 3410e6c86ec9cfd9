// Built with exceptions disabled (-fno-exceptions, or /EHs-c- with
// _HAS_EXCEPTIONS=0). Without arguments it exercises the library and exits 0
// when all is well. With the name of a must_ helper it makes that helper
// fail, which must print "ulid: fatal error: <reason>" and abort: the
// expect_abort.cmake driver checks both.
#include <ulid/ulid.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <system_error>

#if defined(_MSC_VER)
#include <crtdbg.h>
#include <stdlib.h>
#endif

static_assert(ULID_EXCEPTIONS == 0, "this program must be compiled with exceptions disabled");

namespace {

struct failing_reader {
    static std::error_code read(std::uint8_t* /*dst*/, std::size_t /*n*/) noexcept {
        return std::make_error_code(std::errc::io_error);
    }
};

int failures = 0;

void check(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "noexceptions: FAILED: %s\n", what);
    ++failures;
}

int exercise() {
    constexpr std::string_view text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    ulid::ulid id;
    check(!ulid::parse(text, id), "parse");
    const ulid::ulid_text encoded = id.encode();
    check(encoded == text, "encode");
    check(id.to_string() == text, "to_string");
    check(ulid::must_parse(text) == id, "must_parse on valid text returns normally");
    check(ulid::parse("not a ulid", id) == ulid::errc::data_size, "parse reports errors as error codes");

    ulid::ulid uuid;
    check(!ulid::parse_uuid(id.to_uuid_string(), uuid) && uuid == id, "UUID round trip");

    const ulid::ulid a = ulid::make();
    const ulid::ulid b = ulid::make();
    check(a < b, "make() increases");
    check(ulid::must_make(1469922850259U).time() == 1469922850259U, "must_make(ms) with a valid time");

    ulid::zero_entropy zero;
    check(ulid::must_generate(42, zero).time() == 42, "must_generate with a working source");
    failing_reader failing;
    ulid::ulid untouched = id;
    check(ulid::generate(1, failing, untouched) == ulid::errc::entropy_failure && untouched == id,
          "generate reports a failing source as an error code");

    ulid::monotonic_entropy<ulid::secure_entropy> monotonic{ulid::secure_entropy{}};
    ulid::ulid first;
    ulid::ulid second;
    check(!ulid::generate(7, monotonic, first) && !ulid::generate(7, monotonic, second) && first < second,
          "monotonic entropy");

    if (failures != 0) return 1;
    std::printf("noexceptions: ok\n");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
#if defined(_MSC_VER)
    // Report abort() on stderr instead of in a dialog box that would hang CI.
    _set_abort_behavior(0, _WRITE_ABORT_MSG | _CALL_REPORTFAULT);
    _CrtSetReportMode(_CRT_ERROR, _CRTDBG_MODE_FILE);
    _CrtSetReportFile(_CRT_ERROR, _CRTDBG_FILE_STDERR);
#endif
    if (argc < 2) return exercise();

    const std::string_view what = argv[1];
    ulid::ulid id;
    if (what == "must_parse") {
        id = ulid::must_parse("not a ulid");
    } else if (what == "must_generate") {
        failing_reader failing;
        id = ulid::must_generate(1, failing);
    } else if (what == "make_big_time") {
        id = ulid::must_make(ulid::max_time + 1);
    } else {
        std::fprintf(stderr, "noexceptions: unknown helper %s\n", argv[1]);
        return 2;
    }
    // Reaching this line means the helper returned instead of aborting.
    std::printf("noexceptions: %s returned %s instead of aborting\n", argv[1], id.to_string().c_str());
    return 0;
}
