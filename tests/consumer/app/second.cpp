// A translation unit that includes nothing but the library header: it must
// compile on its own, and link with main.cpp without duplicate definitions.
#include <ulid/ulid.hpp>

// The entities the header defines inline must be one object per program,
// whichever translation unit asks for them.
const void* second_default_entropy() { return &ulid::default_entropy(); }
const void* second_category() { return &ulid::ulid_category(); }
const void* second_alphabet() { return &ulid::alphabet; }

ulid::ulid second_make() { return ulid::make(); }

std::size_t second_hash(const ulid::ulid& id) { return std::hash<ulid::ulid>{}(id); }

bool second_parse(std::string_view text, ulid::ulid& out) { return !ulid::parse(text, out); }
