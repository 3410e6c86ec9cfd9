// The library's side of the differential test against the npm package
// typeid-js (differential.js): `oracle make N` prints N new TypeIDs, one per
// line as "<typeid> <prefix or -> <uuid>", from typed_id<Tag>::make() and
// make_type_id() under assorted prefixes; `oracle read` reads one TypeID
// text per line and prints "ok <prefix or -> <uuid>" or "error <why>".
#include <ulid/ulid.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

namespace {

struct user {
    static constexpr std::string_view prefix = "user";
};

void print(const ulid::type_id& t) {
    const ulid::type_id_text text = t.encode();
    const std::string prefix = t.prefix().empty() ? "-" : std::string(t.prefix());
    std::printf("%s %s %s\n", text.c_str(), prefix.c_str(), t.id().encode_uuid().c_str());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::strcmp(argv[1], "make") == 0) {
        const long n = std::strtol(argv[2], nullptr, 10);
        const char* prefixes[] = {"", "a", "pre_fix", "a_b_c",
                                  "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk"};
        for (long i = 0; i < n; ++i) {
            ulid::type_id t;
            if (i % 2 == 0) {
                const ulid::typed_id<user> id = ulid::typed_id<user>::make();
                if (ulid::make_type_id(user::prefix, id.id(), t)) return 1;
                if (t.encode() != id.encode().view()) return 1;
            } else if (ulid::make_type_id(prefixes[(i / 2) % 5], t)) {
                return 1;
            }
            print(t);
        }
        return 0;
    }
    if (argc == 2 && std::strcmp(argv[1], "read") == 0) {
        std::string line;
        while (std::getline(std::cin, line)) {
            ulid::type_id t;
            if (ulid::parse_type_id(line, t)) {
                std::printf("error %s\n", ulid::explain(line, ulid::text_form::type_id).c_str());
                continue;
            }
            // The typed parse agrees with the run-time one.
            ulid::typed_id<user> typed;
            const bool typed_ok = !ulid::parse(line, typed);
            if (typed_ok != (t.prefix() == "user") || (typed_ok && typed.id() != t.id())) {
                std::printf("error typed_id<user> disagrees with parse_type_id\n");
                continue;
            }
            std::printf("ok ");
            print(t);
        }
        return 0;
    }
    std::fprintf(stderr, "usage: %s make N | read\n", argv[0]);
    return 2;
}
