#!/usr/bin/env python3
"""Applies one mutation of scripts/apple-glue/mutations.txt to a copy of its unit's sources.

  mutate.py MUTATIONS count               the number of mutations
  mutate.py MUTATIONS unit N              the unit (target or example app) mutation N (from 1) changes
  mutate.py MUTATIONS apply N UNIT_DIR OUT copies UNIT_DIR's Swift files into OUT with mutation N
                                          (from 1) applied; prints "unit<TAB>expect<TAB>description<TAB>because"

A mutation's `from` text must occur exactly once in its file: when the code it mutates changes,
the self-test fails and says so, instead of silently testing nothing.
"""
import os
import shutil
import sys

FIELDS = ("mutation", "unit", "file", "from", "to", "expect")
OPTIONAL = ("because",)


def load(path):
    mutations, current = [], {}
    with open(path) as handle:
        for number, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            if not line.strip():
                if current:
                    mutations.append(current)
                    current = {}
                continue
            key, sep, value = line.partition(": ")
            if not sep or key not in FIELDS + OPTIONAL:
                sys.exit(f"{path}:{number}: expected one of {', '.join(FIELDS + OPTIONAL)} followed by ': '")
            current[key] = value.replace("\\n", "\n")
    if current:
        mutations.append(current)
    for index, mutation in enumerate(mutations, 1):
        missing = [field for field in FIELDS if field not in mutation]
        if missing:
            sys.exit(f"{path}: mutation {index} lacks {', '.join(missing)}")
        if mutation["expect"] not in ("fail", "pass"):
            sys.exit(f"{path}: mutation {index}: expect is fail or pass")
    return mutations


def main():
    mutations = load(sys.argv[1])
    if sys.argv[2] == "count":
        print(len(mutations))
        return
    index = int(sys.argv[3])
    mutation = mutations[index - 1]
    if sys.argv[2] == "unit":
        print(mutation["unit"])
        return
    unit_dir, out = sys.argv[4], sys.argv[5]
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(unit_dir, out, ignore=lambda folder, names: [n for n in names
                                                                 if not n.endswith(".swift")
                                                                 and not os.path.isdir(os.path.join(folder, n))])
    relative = os.path.relpath(mutation["file"], unit_dir)
    if relative.startswith(".."):
        sys.exit(f"mutation {index}: {mutation['file']} is not in {unit_dir}")
    target = os.path.join(out, relative)
    text = open(target).read()
    count = text.count(mutation["from"])
    if count != 1:
        sys.exit(f"mutation {index} ({mutation['mutation']}): {mutation['from']!r} occurs {count} times in "
                 f"{mutation['file']}, not once: update scripts/apple-glue/mutations.txt")
    open(target, "w").write(text.replace(mutation["from"], mutation["to"]))
    print(f"{mutation['unit']}\t{mutation['expect']}\t{mutation['mutation']}\t{mutation.get('because', '')}")


if __name__ == "__main__":
    main()
