// The library's side of the differential test against the npm uuid package
// (differential.js): `oracle make N` prints N make_v7() IDs, one per line as
// "<uuid> <ulid>"; `oracle read` reads lines "<uuid> <ms before> <ms after>"
// made by uuid's v7() and prints one verdict per line: "ok", or why not;
// `oracle facade N` prints N facades (<ulid/facade.hpp>) of make_v7() IDs
// under a fresh key, one per line as "<facade uuid> <v7 uuid>".
#include <ulid/facade.hpp>
#include <ulid/ulid.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
    if (argc == 3 && std::strcmp(argv[1], "make") == 0) {
        const long n = std::strtol(argv[2], nullptr, 10);
        for (long i = 0; i < n; ++i) {
            const ulid::ulid id = ulid::make_v7();
            std::printf("%s %s\n", id.encode_uuid().data(), id.encode().data());
        }
        return 0;
    }
    if (argc == 3 && std::strcmp(argv[1], "facade") == 0) {
        ulid::facade_key key;
        if (ulid::facade_key::generate(key)) return 1;
        const long n = std::strtol(argv[2], nullptr, 10);
        for (long i = 0; i < n; ++i) {
            const ulid::ulid id = ulid::make_v7();
            ulid::ulid facade;
            if (ulid::to_facade(id, key, facade)) return 1;
            std::printf("%s %s\n", facade.encode_uuid().data(), id.encode_uuid().data());
        }
        return 0;
    }
    if (argc == 2 && std::strcmp(argv[1], "read") == 0) {
        std::string line;
        while (std::getline(std::cin, line)) {
            std::istringstream fields(line);
            std::string text;
            std::uint64_t before = 0;
            std::uint64_t after = 0;
            fields >> text >> before >> after;
            ulid::ulid id;
            if (const std::error_code ec = ulid::parse_uuid(text, id)) {
                std::printf("%s: %s\n", text.c_str(), ec.message().c_str());
            } else if (id.time() < before || id.time() > after) {
                std::printf("%s: time %llu outside [%llu, %llu]\n", text.c_str(),
                            static_cast<unsigned long long>(id.time()), static_cast<unsigned long long>(before),
                            static_cast<unsigned long long>(after));
            } else if (!id.is_uuidv7()) {
                std::printf("%s: not read as a UUIDv7\n", text.c_str());
            } else if (ulid::must_parse(id.encode().view()) != id) {
                std::printf("%s: its ULID text does not read back\n", text.c_str());
            } else {
                std::printf("ok\n");
            }
        }
        return 0;
    }
    std::fprintf(stderr, "usage: %s make N | read | facade N\n", argv[0]);
    return 2;
}
