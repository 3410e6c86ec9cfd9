// SPDX-License-Identifier: MIT
// The reference of the surface walk (docs/surfaces.md, issue 49): reads the
// walk's inputs and prints what the C++ library makes of each, so that
// walk.sh can hold every other surface to the same outputs and the same
// explain() words without a word of them written down twice.
//
//   ulid_surfaces_reference INPUTS   one line per case on stdout:
//     FORM <tab> INPUT <tab> ok <tab> ULID <tab> MS     (the canonical ULID, its Unix ms)
//     FORM <tab> INPUT <tab> error <tab> WORDS          (explain()'s sentence)
//
// FORM is how a surface is asked to read INPUT:
//   any        an ID pasted with no other context: a TypeID (any prefix) when it
//              holds '_', else parse_any() (ULID or any UUID spelling)
//   typeid:P   a TypeID that must carry prefix P (P empty: no prefix)
#include <ulid/ulid.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

namespace {

/// What the library makes of `input` read as `form`; false for an unknown form.
bool reference(std::string_view form, std::string_view input, std::string& line) {
    ulid::ulid id;
    std::error_code ec;
    std::string words;
    if (form == "any") {
        if (input.find('_') != std::string_view::npos) {
            ulid::type_id t;
            ec = ulid::parse_type_id(input, t);
            if (!ec) id = t.id();
            words = ulid::explain(input, ulid::text_form::type_id);
        } else {
            ec = ulid::parse_any(input, id);
            words = ulid::explain(input, ulid::text_form::any);
        }
    } else if (form.substr(0, 7) == "typeid:") {
        const std::string_view prefix = form.substr(7);
        ec = ulid::parse_type_id(input, prefix, id);
        words = ulid::explain_type_id(input, prefix);
    } else {
        return false;
    }
    line.assign(form).append("\t").append(input).append("\t");
    if (ec) {
        // The two must agree: an error explain() cannot put into words would
        // make every surface "agree" on an empty string.
        if (words.empty()) words = "(explain() is silent on an input that fails: " + ec.message() + ")";
        line.append("error\t").append(words);
    } else {
        line.append("ok\t").append(id.encode().view()).append("\t").append(std::to_string(id.time()));
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fputs("usage: ulid_surfaces_reference INPUTS\n", stderr);
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "ulid_surfaces_reference: cannot read %s\n", argv[1]);
        return 2;
    }
    std::string raw;
    std::string line;
    int cases = 0;
    while (std::getline(in, raw)) {
        if (raw.empty() || raw[0] == '#') continue;
        const std::size_t tab = raw.find('\t');
        if (tab == std::string::npos ||
            !reference(std::string_view(raw).substr(0, tab), std::string_view(raw).substr(tab + 1), line)) {
            std::fprintf(stderr, "ulid_surfaces_reference: %s: not 'FORM<tab>INPUT' with a known form: %s\n", argv[1],
                         raw.c_str());
            return 2;
        }
        std::puts(line.c_str());
        ++cases;
    }
    return cases > 0 ? 0 : 2;
}
