// SPDX-License-Identifier: MIT
// Translation units of both modes in one program share one generator:
// make() and make_v7() from this header-only file and from
// mixed_compiled.cpp (ULID_COMPILED), called in turn, give one strictly
// increasing sequence each, and both see the same process-wide generator.
// The process-wide state is in inline variables in both modes, so the
// linker merges it; the cold functions, defined in both, are one code.
#include <ulid/ulid.hpp>

#include <cstdio>

#if defined(ULID_COMPILED)
#error "this file is the header-only half"
#endif

namespace mixed {
ulid::ulid make_compiled() noexcept;
ulid::ulid make_v7_compiled() noexcept;
const void* generator_compiled() noexcept;
}  // namespace mixed

int main() {
    if (mixed::generator_compiled() != static_cast<const void*>(&ulid::default_entropy())) {
        std::fputs("two process-wide generators: the modes do not share one\n", stderr);
        return 1;
    }
    ulid::ulid last = ulid::make();
    ulid::ulid last_v7 = ulid::make_v7();
    for (int i = 0; i < 100000; ++i) {
        const ulid::ulid a = (i % 2 == 0) ? mixed::make_compiled() : ulid::make();
        const ulid::ulid b = (i % 3 == 0) ? mixed::make_v7_compiled() : ulid::make_v7();
        if (!(last < a) || !(last_v7 < b)) {
            std::fprintf(stderr, "not increasing at %d: %s then %s, %s then %s\n", i, last.encode().c_str(),
                         a.encode().c_str(), last_v7.encode().c_str(), b.encode().c_str());
            return 1;
        }
        last = a;
        last_v7 = b;
    }
    std::puts("one generator across both modes: 200000 IDs in order");
    return 0;
}
