// SPDX-License-Identifier: MIT
// tools/ulid/tests/doc_tables.cpp: docs/cli.md's tables of options and of
// refused combinations, written from the tool's own tables (options.hpp), so
// that the manual cannot drift from the parser.
//
//   ulid_cli_doc_tables                  print the tables
//   ulid_cli_doc_tables --check FILE     exit 1 unless FILE holds them, between the markers
//   ulid_cli_doc_tables --update FILE    rewrite them in FILE
//
// Also fails when subject_table calls a subject refused in a mode where no
// row of rule_table refuses it, or the other way round.

#include "../options.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

namespace {

constexpr std::string_view begin_marker =
    "<!-- generated from tools/ulid/options.hpp by ulid_cli_doc_tables (tools/ulid/tests/doc_tables.cpp): "
    "do not edit; `ulid_cli_doc_tables --update docs/cli.md` rewrites it, ctest's ulid_cli.doc_tables checks it -->\n";
constexpr std::string_view end_marker = "<!-- end of generated tables -->\n";

using ulid_cli::mode;
using ulid_cli::rule;
using ulid_cli::subject;

std::string_view name_of(subject s) { return ulid_cli::subject_table[static_cast<std::size_t>(s)].name; }

/// True when a row of rule_table refuses `s` alone, whatever else is given, in `m`.
bool refused_alone(subject s, mode m) {
    return std::any_of(std::begin(ulid_cli::rule_table), std::end(ulid_cli::rule_table), [&](const rule& r) {
        return r.a == s && r.b == subject::none && r.unless == 0 && (r.when == m || r.when == mode::always);
    });
}

/// The subjects of `set` by their names, joined by ", ".
std::string names_of(ulid_cli::subject_set set) {
    std::string s;
    for (const ulid_cli::subject_spec& spec : ulid_cli::subject_table) {
        if ((set & ulid_cli::bit(spec.id)) == 0) continue;
        if (!s.empty()) s += " or ";
        s += spec.name;
    }
    return s;
}

/// The table of options by mode; `error` gets a line per disagreement
/// between subject_table and rule_table.
std::string option_rows(std::string& error) {
    std::string s = "| option | generating | parsing |\n|---|---|---|\n";
    for (const ulid_cli::subject_spec& spec : ulid_cli::subject_table) {
        const std::array<std::string_view, 2> texts{spec.generating, spec.parsing};
        const std::array<mode, 2> modes{mode::generating, mode::parsing};
        s += "| " + std::string(spec.name) + " |";
        for (std::size_t i = 0; i < 2; ++i) {
            const bool refused = refused_alone(spec.id, modes[i]);
            if (refused != texts[i].empty()) {
                error += std::string(spec.name) + (i == 0 ? " while generating" : " while parsing") +
                         (refused ? ": rule_table refuses it, subject_table describes it\n"
                                  : ": subject_table says refused, no row of rule_table refuses it\n");
            }
            s += " " + std::string(refused ? std::string_view("refused") : texts[i]) + " |";
        }
        s += "\n";
    }
    return s;
}

/// The table of refused combinations, in rule_table's order.
std::string rule_rows() {
    std::string s = "| refused | while | unless given | message |\n|---|---|---|---|\n";
    for (const rule& r : ulid_cli::rule_table) {
        const std::string a(name_of(r.a));
        const bool pair = r.b != subject::none;
        s += "| " + a + (pair ? " with " + std::string(name_of(r.b)) : std::string()) + " | ";
        s += r.when == mode::always ? "both" : r.when == mode::generating ? "generating" : "parsing";
        s += " | " + names_of(r.unless) + " | ";
        s += pair ? "… cannot be combined: " + std::string(r.why) : a + " " + std::string(r.why);
        s += " |\n";
    }
    return s;
}

/// The tables between their markers, or "" with `error` set when the two
/// tables of options.hpp disagree.
std::string tables(std::string& error) {
    std::string s(begin_marker);
    s += option_rows(error);
    s += "\nRefused combinations, in the order the tool checks them (the first that applies is the message; "
         "`-v` and `-f json` are one option here):\n\n";
    s += rule_rows();
    s += end_marker;
    return error.empty() ? s : std::string();
}

bool read_file(const char* path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream text;
    text << in.rdbuf();
    out = text.str();
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::string error;
    const std::string generated = tables(error);
    if (!error.empty()) {
        std::fprintf(stderr, "ulid_cli_doc_tables: options.hpp's tables disagree:\n%s", error.c_str());
        return 1;
    }
    if (argc == 1) {
        std::fputs(generated.c_str(), stdout);
        return 0;
    }
    const std::string_view command = argc == 3 ? argv[1] : "";
    if (command != "--check" && command != "--update") {
        std::fputs("usage: ulid_cli_doc_tables [--check FILE | --update FILE]\n", stderr);
        return 2;
    }
    std::string doc;
    if (!read_file(argv[2], doc)) {
        std::fprintf(stderr, "ulid_cli_doc_tables: cannot read %s\n", argv[2]);
        return 1;
    }
    const std::size_t begin = doc.find(begin_marker);
    const std::size_t end = doc.find(end_marker);
    if (begin == std::string::npos || end == std::string::npos || end < begin) {
        std::fprintf(stderr, "ulid_cli_doc_tables: %s has no generated tables (the markers are missing)\n", argv[2]);
        return 1;
    }
    const std::string current = doc.substr(begin, end + end_marker.size() - begin);
    if (command == "--check") {
        if (current == generated) return 0;
        std::fprintf(stderr,
                     "ulid_cli_doc_tables: %s does not match tools/ulid/options.hpp; it should read:\n%s\n"
                     "(run ulid_cli_doc_tables --update on it)\n",
                     argv[2], generated.c_str());
        return 1;
    }
    doc.replace(begin, current.size(), generated);
    std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
    out << doc;
    return out ? 0 : 1;
}
