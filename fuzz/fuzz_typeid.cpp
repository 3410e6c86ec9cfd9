// TypeIDs on any bytes: parse_type_id() never crashes and agrees with an
// independent model of the specification's grammar (v0.3.0) on the exact
// errc, in reading order; leaves the output alone on error; every accepted
// input re-encodes to itself; the typed parse agrees with it (another prefix:
// wrong_prefix); explain() is empty exactly when the input parses.
#include "fuzz_check.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace {

struct ab {
    static constexpr std::string_view prefix = "ab";
};

bool is_letter(char c) { return c >= 'a' && c <= 'z'; }

/// The specification, read literally: the last '_' separates; the prefix
/// matches ^([a-z]([a-z_]{0,61}[a-z])?)?$ and is absent without a '_'; the
/// suffix is 26 characters of "0123456789abcdefghjkmnpqrstvwxyz", the
/// first at most '7'.
std::error_code model(std::string_view text, std::string_view& prefix) {
    const std::size_t sep = text.rfind('_');
    prefix = sep == std::string_view::npos ? std::string_view() : text.substr(0, sep);
    const std::string_view suffix = sep == std::string_view::npos ? text : text.substr(sep + 1);
    if (sep != std::string_view::npos) {
        if (prefix.empty() || prefix.size() > 63 || !is_letter(prefix.front()) || !is_letter(prefix.back()))
            return ulid::errc::invalid_prefix;
        for (const char c : prefix) {
            if (!is_letter(c) && c != '_') return ulid::errc::invalid_prefix;
        }
    }
    if (suffix.size() != 26) return ulid::errc::data_size;
    constexpr std::string_view digits = "0123456789abcdefghjkmnpqrstvwxyz";
    for (const char c : suffix) {
        if (digits.find(c) == std::string_view::npos) return ulid::errc::invalid_characters;
    }
    if (suffix[0] > '7') return ulid::errc::overflow;
    return {};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string_view prefix;
    const std::error_code expected = model(text, prefix);

    ulid::type_id before;
    ULID_FUZZ_CHECK(!ulid::make_type_id("sentinel", fuzz::sentinel(), before));
    ulid::type_id out = before;
    const std::error_code ec = ulid::parse_type_id(text, out);
    ULID_FUZZ_CHECK(ec == expected);
    ULID_FUZZ_CHECK(ulid::explain(text, ulid::text_form::type_id).empty() == !ec);
    if (ec) {
        ULID_FUZZ_CHECK(out == before);
    } else {
        ULID_FUZZ_CHECK(out.prefix() == prefix);
        ULID_FUZZ_CHECK(out.encode() == text);
        // The suffix is exactly the lower-case ULID text of the ID.
        ULID_FUZZ_CHECK(text.substr(text.size() - 26) == out.id().encode_lower());
    }

    // The typed parse: the same verdict, except that a valid TypeID with
    // another prefix is the wrong type; the run-time form with an expected
    // prefix agrees with it.
    ulid::typed_id<ab> typed(fuzz::sentinel());
    const std::error_code typed_ec = ulid::parse(text, typed);
    ulid::ulid raw = fuzz::sentinel();
    ULID_FUZZ_CHECK(ulid::parse_type_id(text, "ab", raw) == typed_ec);
    if (expected == ulid::errc::invalid_prefix || (expected && prefix == "ab")) {
        ULID_FUZZ_CHECK(typed_ec == expected);
    } else if (prefix != "ab") {
        ULID_FUZZ_CHECK(typed_ec == ulid::errc::wrong_prefix);
    } else {
        ULID_FUZZ_CHECK(!typed_ec);
    }
    ULID_FUZZ_CHECK(ulid::explain_type_id(text, "ab").empty() == !typed_ec);
    if (typed_ec) {
        ULID_FUZZ_CHECK(typed.id() == fuzz::sentinel());
        ULID_FUZZ_CHECK(raw == fuzz::sentinel());
    } else {
        ULID_FUZZ_CHECK(typed.encode() == text);
        ULID_FUZZ_CHECK(raw == typed.id());
    }
    return 0;
}
