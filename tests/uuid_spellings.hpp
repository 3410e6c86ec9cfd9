// Reads tests/uuid_spellings.txt, the one table of UUID spellings that the
// library, the tool, SQLite and PostgreSQL are each tested with.
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace test {

/// One case: the input, and the canonical UUID it reads as or "reject".
struct uuid_spelling {
    std::string input;
    std::string expected;
};

/// The cases of the table at `path`; throws when it cannot be read, so that
/// a missing table fails the test rather than testing nothing.
inline std::vector<uuid_spelling> read_uuid_spellings(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<uuid_spelling> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const std::size_t space = line.find(' ');
        if (space == std::string::npos) throw std::runtime_error("no expected value in: " + line);
        cases.push_back({line.substr(0, space), line.substr(space + 1)});
    }
    return cases;
}

}  // namespace test
