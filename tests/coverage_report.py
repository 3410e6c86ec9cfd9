#!/usr/bin/env python3
"""Coverage of include/ulid/ from the .gcda files a --coverage test run left.

Runs gcov (JSON output) on every object that has coverage data, merges the
header's lines over all translation units and template instantiations, and
prints line coverage per header and in total. Then checks every branch of
ulid::parse() (with its scalar and AVX2 decoders) and of class
monotonic_entropy (read_monotonic, next, increment, reseed, ...): a branch
counts as covered when it was taken in at least one instantiation in at
least one test program. Branches that exist only for exception unwinding are
left out; a branch on the CPU's features is reported but cannot fail.

Exit status 1 when line coverage is below --min-line-percent or a branch of
those functions was never taken.

    python3 tests/coverage_report.py --build build/coverage --source .

Objects whose path matches --exclude (by default the -O2 allocation test)
are left out: gcov attributes lines and branches of optimised code
unreliably.
"""

import argparse
import collections
import functools
import json
import math
import os
import re
import subprocess
import sys

# The functions whose every branch must be covered: (name, first line
# pattern, end line, required). A region ends at the first line equal to
# `end`; a required one missing from the header is an error.
BRANCH_REGIONS = [
    ("parse()", re.compile(r"^inline std::error_code parse\(std::string_view text, ulid& out\) noexcept \{"), "}", True),
    ("parse()'s scalar decoder", re.compile(r"^\[\[nodiscard\]\] (inline|constexpr) errc decode_scalar\("), "}", False),
    ("parse()'s AVX2 decoder", re.compile(r"inline errc decode_avx2\("), "}", False),
    # monotonic_entropy's algorithm, detail::monotonic<Layout>.
    ("monotonic_entropy", re.compile(r"^struct monotonic \{"), "};", True),
]

# A branch on the CPU's features (`detail::host_cpu.avx2`) goes one way on any
# one machine; the other way is run by the ULID_NO_SIMD test programs, but
# as a different line set, so such a branch is reported, not failed.
HARDWARE_BRANCH = re.compile(r"\bhost_cpu\.(avx2|ssse3)\b")


def gcov_json(gcda_paths, gcov):
    """Yields gcov's JSON document for each .gcda file."""
    # Batches keep the command line short; gcov writes one JSON document a
    # line per input with --stdout.
    batch = 32
    for i in range(0, len(gcda_paths), batch):
        chunk = gcda_paths[i : i + batch]
        out = subprocess.run(
            [gcov, "--json-format", "--stdout", "--branch-probabilities", *chunk],
            check=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=os.path.dirname(chunk[0]),
        ).stdout
        for line in out.splitlines():
            line = line.strip()
            if line:
                yield json.loads(line)


def merge_instantiations(lists):
    """One line's branches, covered where taken in any instantiation.

    gcov gives a line's branches once per instantiation, or, where the code
    was inlined (always_inline), all instantiations in one list. Every
    instantiation has the same branches, so each list is cut into pieces of
    the greatest common divisor of the lengths seen, and the pieces are
    OR-ed. (Should the divisor span several instantiations, the check only
    gets stricter.)
    """
    size = functools.reduce(math.gcd, (len(t) for t in lists))
    merged = [False] * size
    for taken in lists:
        for i, ok in enumerate(taken):
            merged[i % size] = merged[i % size] or ok
    return merged


def find_regions(headers):
    """(name, header path, its lines, first, last) of each region, searched in
    every header of the set (the split put them in different files)."""
    regions = []
    for name, start, end, required in BRANCH_REGIONS:
        found = None
        for path, header_lines in headers:
            first = next((i for i, text in enumerate(header_lines, 1) if start.search(text)), None)
            if first is not None:
                last = next(i for i, text in enumerate(header_lines, 1) if i > first and text.rstrip() == end)
                found = (name, path, header_lines, first, last)
                break
        if found is None:
            if required:
                sys.exit(f"coverage: cannot find {name} in the headers")
            print(f"note: {name} is in no header; not checked")
            continue
        regions.append(found)
    return regions


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", required=True, help="the build tree of a --coverage build, after the tests ran")
    parser.add_argument("--source", required=True, help="the source tree (holding include/ulid/)")
    parser.add_argument("--gcov", default="gcov", help="gcov of the compiler that built the tree")
    parser.add_argument("--min-line-percent", type=float, default=95.0)
    parser.add_argument(
        "--exclude",
        default="ulid_alloc_tests_optimised",
        help="regex of object paths to leave out: -O2 objects attribute lines and branches unreliably",
    )
    args = parser.parse_args()

    include_dir = os.path.realpath(os.path.join(args.source, "include", "ulid"))
    gcda = sorted(
        os.path.abspath(os.path.join(root, name))
        for root, _, names in os.walk(args.build)
        for name in names
        if name.endswith(".gcda")
    )
    if args.exclude:
        gcda = [path for path in gcda if not re.search(args.exclude, path)]
    if not gcda:
        sys.exit(f"coverage: no .gcda files under {args.build}: build with --coverage and run the tests first")

    # header -> line -> executed at least once anywhere
    lines = collections.defaultdict(dict)
    # (header, line) -> one [taken?] list per gcov line entry, over all
    # objects; merged below.
    branch_lists = collections.defaultdict(list)
    for doc in gcov_json(gcda, args.gcov):
        cwd = doc.get("current_working_directory", "")
        for f in doc["files"]:
            path = os.path.realpath(os.path.join(cwd, f["file"]))
            if not path.startswith(include_dir + os.sep):
                continue
            for entry in f["lines"]:
                n = entry["line_number"]
                lines[path][n] = lines[path].get(n, False) or entry["count"] > 0
                taken = [b["count"] > 0 for b in entry["branches"] if not b.get("throw", False)]
                if not taken:
                    continue
                branch_lists[(path, n)].append(taken)

    if not lines:
        sys.exit(f"coverage: no coverage data for {include_dir}")
    total = covered = 0
    print(f"Line coverage of {include_dir} ({len(gcda)} object files):")
    for path in sorted(lines):
        n = len(lines[path])
        c = sum(lines[path].values())
        total += n
        covered += c
        print(f"  {os.path.relpath(path, include_dir):24} {100.0 * c / n:6.2f}%  ({c} of {n} lines)")
        missed = sorted(k for k, v in lines[path].items() if not v)
        if missed:
            print(f"    never run: {', '.join(map(str, missed))}")
    percent = 100.0 * covered / total
    print(f"  {'total':24} {percent:6.2f}%  ({covered} of {total} lines)")

    failed = False
    if percent < args.min_line_percent:
        print(f"FAIL: line coverage {percent:.2f}% is below {args.min_line_percent}%")
        failed = True

    headers = []
    for root, _, names in sorted(os.walk(include_dir)):
        for file_name in sorted(names):
            if file_name.endswith(".hpp"):
                path = os.path.join(root, file_name)
                with open(path, encoding="utf-8") as h:
                    headers.append((path, h.read().splitlines()))
    for name, header, header_lines, first, last in find_regions(headers):
        per_line = {
            n: merge_instantiations(lists)
            for (path, n), lists in branch_lists.items()
            if path == header and first <= n <= last
        }
        count = sum(len(t) for t in per_line.values())
        missing = [(n, i) for n, t in sorted(per_line.items()) for i, ok in enumerate(t) if not ok]
        where = os.path.relpath(header, include_dir)
        print(f"Branches of {name} ({where}, lines {first}-{last}): {count - len(missing)} of {count} taken")
        for n, i in missing:
            text = header_lines[n - 1].strip()
            if HARDWARE_BRANCH.search(text):
                print(f"  note: line {n} branch {i} depends on the CPU, taken one way here: {text}")
                continue
            print(f"  FAIL: line {n} branch {i} never taken: {text}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
