#!/usr/bin/env python3
"""Availability check for the SDK: fails when SDK code uses an API newer than the package's platforms.

Run through scripts/check-availability, which builds the inputs. Standard library only.

How it works
------------
* The package's platforms come from `swift package dump-package` (passed in as JSON).
* Every declaration the SDK references, with its position, comes from the compiler:
  `swiftc -dump-ast -dump-ast-format json` (one AST per source file). Referenced declarations
  (`decl_usr`), protocols in conformances, and every type the compiler wrote down (mangled types,
  demangled with `swift-demangle --tree-only`) are checked.
* The Apple availability of toolchain declarations (Swift, _Concurrency, _StringProcessing,
  Synchronization, Observation, Testing, ...) comes from `swift symbolgraph-extract`, which keeps
  the `@available` attributes of the toolchain's `.swiftinterface` files, inherited from the
  enclosing type. The stand-in SwiftUI and UIKit modules (scripts/apple-stand-ins) are read the
  same way, so the Apple-only targets are checked against the availability written there.
* The SDK's own declarations are checked too: a declaration marked `@available(iOS 17, *)` (say
  `NavigationState`) may only be used where iOS 17 is known.
* The context of a use is raised the way the compiler raises it: by `@available` on the enclosing
  declarations (an extension inherits the availability of the type it extends), by
  `if #available(...)` in its then-branch, `if #unavailable(...)` in its else-branch, and by
  `guard #available(...)` for the rest of the enclosing block. Uses in such contexts pass.

What is not covered
-------------------
* Foundation on Linux carries no Apple availability. Only the APIs listed in
  scripts/availability/foundation.txt are checked (with the versions written there); every other
  Foundation API is assumed to be available on every declared platform. `--foundation-report`
  lists every Foundation API the SDK references, to review the list against.
* Runtime features the compiler checks without a declaration (parameterized existential casts,
  typed throws in generic code, ...), and declarations the symbol graphs leave out (underscored
  and SPI symbols) are not checked.
* visionOS versions that a declaration or `#available` leaves out are derived from its iOS version
  (iOS 17 and earlier: visionOS 1.0, iOS 18 to 25: visionOS major minus 16, later: the same).
* Code in inactive `#if` branches is never compiled here, so it is not checked.

A use that is safe for a reason this check cannot see goes in scripts/availability/allowed.txt,
with the file, the API as this check names it, and the reason.
"""

import argparse
import json
import os
import re
import sys
import threading

from availability_sources import (
    FOUNDATION_MODULES,
    PLATFORM_DOMAINS,
    UNAVAILABLE,
    demangle_simplified,
    demangle_trees,
    foundation_match,
    foundation_name,
    load_foundation_list,
    load_symbol_graphs,
    nominals_in,
    parse_version,
    show_version,
    vision_from_ios,
)

# MARK: The AST walk


class Walker:
    """Walks one module's ASTs, raising the availability context the way the compiler does."""

    def __init__(self, checker, module, source):
        self.checker = checker
        self.module = module
        self.source = source  # bytes of the current file
        self.filename = None

    def decl_context(self, node, ctx):
        """The context inside a declaration: its @available attributes, or an extension's type."""
        attrs = node.get("attrs") or []
        raised = dict(ctx)
        given = set()
        for attr in attrs:
            if attr.get("_kind") != "available_attr":
                continue
            domain = attr.get("domain")
            if attr.get("unavailable"):
                if domain == "*":
                    return {d: UNAVAILABLE for d in raised}
                if domain in raised:
                    raised[domain] = UNAVAILABLE
                    given.add(domain)
                continue
            if domain in raised and attr.get("introduced"):
                raised[domain] = max(raised[domain], parse_version(attr["introduced"]))
                given.add(domain)
        if "iOS" in given and "visionOS" not in given and "visionOS" in raised:
            raised["visionOS"] = max(raised["visionOS"], vision_from_ios(raised["iOS"]))
        if node.get("_kind") == "extension_decl" and node.get("extended_type"):
            availability = self.checker.type_availability(node["extended_type"])
            for domain, version in availability.items():
                if domain in raised:
                    raised[domain] = max(raised[domain], version)
        return raised

    def query_context(self, conditions, ctx):
        """(raised context, is #unavailable) for a condition list with #available, or None."""
        for condition in conditions or []:
            if condition.get("_kind") != "#available":
                continue
            raised = dict(ctx)
            queries = condition.get("queries") or []
            wildcard = any(query.get("domain") == "*" for query in queries)
            given = set()
            for query in queries:
                domain = query.get("domain")
                if domain in raised and query.get("version"):
                    raised[domain] = max(raised[domain], parse_version(query["version"]))
                    given.add(domain)
            if "iOS" in given and "visionOS" not in given and "visionOS" in raised:
                raised["visionOS"] = max(raised["visionOS"], vision_from_ios(raised["iOS"]))
            return raised, not wildcard
        return None

    def walk(self, node, ctx, loc, path):
        if isinstance(node, list):
            for item in node:
                self.walk(item, ctx, loc, path)
            return
        if not isinstance(node, dict):
            return
        kind = node.get("_kind", "")
        span = node.get("range")
        if isinstance(span, dict) and "buffer_id" not in span and "start" in span:
            loc = span["start"]
        if kind.endswith("_decl"):
            ctx = self.decl_context(node, ctx)
            usr = node.get("usr")
            name = (node.get("name") or {}).get("base_name", {}).get("name")
            if kind in ("struct_decl", "class_decl", "enum_decl", "protocol_decl", "typealias_decl") and name:
                path = path + (name,)
                self.checker.note_type(self.module, path, ctx)
            elif kind == "extension_decl" and node.get("extended_type"):
                extended = self.checker.type_paths(node["extended_type"])
                if extended:
                    path = extended[0][1]
            if usr:
                self.checker.note_decl(usr, ctx, self.module)
        if kind == "if_stmt":
            query = self.query_context(node.get("conditions"), ctx)
            self.walk(node.get("conditions"), ctx, loc, path)
            if query:
                raised, inverted = query
                if not inverted and self.source is not None:
                    start = span.get("start", 0) if isinstance(span, dict) else 0
                    then_start = (node.get("then_stmt") or {}).get("range", {}).get("start", start)
                    inverted = b"#unavailable" in self.source[start:then_start]
                self.walk(node.get("then_stmt"), ctx if inverted else raised, loc, path)
                self.walk(node.get("else_stmt"), raised if inverted else ctx, loc, path)
            else:
                self.walk(node.get("then_stmt"), ctx, loc, path)
                self.walk(node.get("else_stmt"), ctx, loc, path)
            return
        if kind == "brace_stmt":
            for element in node.get("elements") or []:
                self.walk(element, ctx, loc, path)
                if isinstance(element, dict) and element.get("_kind") == "guard_stmt":
                    query = self.query_context(element.get("conditions"), ctx)
                    if query and not query[1]:
                        ctx = query[0]
            return
        for key, value in node.items():
            if key == "decl_usr":
                if value:
                    self.checker.reference(value, ctx, self.filename, loc)
            elif key == "protocol" and isinstance(value, str) and value.startswith("s:"):
                self.checker.reference(value, ctx, self.filename, loc)
            elif isinstance(value, str):
                if value.startswith("$s") and key != "buffer_id":
                    self.checker.type_reference(value, ctx, self.filename, loc)
            elif isinstance(value, (dict, list)):
                self.walk(value, ctx, loc, path)


class Checker:
    def __init__(self, platforms, by_usr, by_path, foundation, own_modules):
        self.platforms = platforms  # {domain: version}
        self.by_usr = by_usr
        self.by_path = by_path
        self.foundation = foundation
        self.own_modules = set(own_modules)
        self.own_decls = {}  # usr -> context inside the declaration
        self.own_decl_modules = {}  # usr -> module
        self.own_usrs = set()  # every declaration of the checked modules
        self.own_types = {}  # (module, path) -> context
        self.collecting = True
        self.decl_refs = {}  # (usr, ctx) -> set of (file, loc)
        self.type_refs = {}  # (mangled, ctx) -> set of (file, loc)
        self.trees = {}

    # Collection (first passes)

    def note_decl(self, usr, ctx, module):
        if self.collecting:
            self.own_usrs.add(usr)
        if self.collecting and any(ctx[d] > v for d, v in self.platforms.items()):
            self.own_decls[usr] = ctx
            self.own_decl_modules[usr] = module

    def note_type(self, module, path, ctx):
        if self.collecting and any(ctx[d] > v for d, v in self.platforms.items()):
            self.own_types[(module, path)] = ctx

    def type_paths(self, mangled):
        tree = self.trees.get(mangled)
        if tree is None:
            self.trees.update(demangle_trees([mangled]))
            tree = self.trees.get(mangled)
        return nominals_in(tree) if tree else []

    def path_availability(self, module, path):
        if (module, path) in self.own_types:
            return self.own_types[(module, path)]
        if (module, path) in self.by_path:
            return self.by_path[(module, path)]
        if module in self.own_modules:
            return {}
        # Standard substitutions (ScS, ScT, ...) demangle as module Swift; the graph says _Concurrency.
        for (graph_module, graph_path), availability in self.by_path.items():
            if graph_path == path and graph_module.startswith(("Swift", "_")):
                return availability
        return {}

    def type_availability(self, mangled):
        combined = {}
        for module, path in self.type_paths(mangled):
            for domain, version in self.path_availability(module, path).items():
                combined[domain] = max(combined.get(domain, (0, 0, 0)), version)
        return combined

    # References (last pass)

    def reference(self, usr, ctx, filename, loc):
        if self.collecting:
            return
        key = (usr, tuple(sorted(ctx.items())))
        self.decl_refs.setdefault(key, set()).add((filename, loc))

    def type_reference(self, mangled, ctx, filename, loc):
        if self.collecting:
            return
        key = (mangled, tuple(sorted(ctx.items())))
        self.type_refs.setdefault(key, set()).add((filename, loc))

    def violations(self, ctx, availability):
        """[(domain, needed, context)] where the availability is newer than the context."""
        found = []
        for domain in self.platforms:
            needed = availability.get(domain)
            if needed is None or ctx[domain] == UNAVAILABLE:
                continue
            if needed > ctx[domain]:
                found.append((domain, needed, ctx[domain]))
        return found

    def resolve(self):
        """[(file, loc, api, module, [(domain, needed, context)])] and the Foundation uses."""
        problems = []
        foundation_uses = {}
        unresolved = [
            usr for (usr, _) in self.decl_refs
            if usr not in self.own_usrs and usr not in self.by_usr
            and usr.startswith("s:") and "Foundation" in usr
        ]
        simplified = demangle_simplified(["$s" + usr[2:] for usr in unresolved])
        names_needed = set()
        for (usr, ctx_items), places in self.decl_refs.items():
            ctx = dict(ctx_items)
            if usr in self.own_decls:
                found = self.violations(ctx, self.own_decls[usr])
                if found:
                    names_needed.add(usr)
                    problems.append((places, ("usr", usr), self.own_decl_modules[usr], found))
            elif usr in self.by_usr:
                name, module, availability = self.by_usr[usr]
                found = self.violations(ctx, availability)
                if found:
                    problems.append((places, name, module, found))
            elif "$s" + usr[2:] in simplified:
                name = foundation_name(simplified["$s" + usr[2:]])
                match = foundation_match(self.foundation, name)
                foundation_uses.setdefault(name, set()).update(places)
                if match:
                    found = self.violations(ctx, match[1])
                    if found:
                        problems.append((places, name, "Foundation", found))
        self.trees.update(demangle_trees([m for (m, _) in self.type_refs if m not in self.trees]))
        for (mangled, ctx_items), places in self.type_refs.items():
            ctx = dict(ctx_items)
            tree = self.trees.get(mangled)
            if not tree:
                continue
            for module, path in nominals_in(tree):
                name = ".".join(path)
                if module in FOUNDATION_MODULES:
                    foundation_uses.setdefault(name, set()).update(places)
                    match = foundation_match(self.foundation, name)
                    availability = match[1] if match else {}
                    module = "Foundation"
                else:
                    availability = self.path_availability(module, path)
                found = self.violations(ctx, availability)
                if found:
                    problems.append((places, name, module, found))
        names = demangle_simplified(["$s" + usr[2:] for usr in names_needed])
        rows = []
        for places, name, module, found in problems:
            if isinstance(name, tuple):
                name = foundation_name(names.get("$s" + name[1][2:], name[1]))
            for filename, loc in places:
                rows.append((filename, loc, name, module, tuple(found)))
        return rows, foundation_uses


def file_context(source, platforms):
    """The starting context of a file: the platforms, less those its first `#if` rules out.

    Only a file wrapped in one `#if` is understood: `!os(watchOS)` leaves watchOS out, and a
    condition naming platforms with `os(...)` and no `!` keeps only those (`#if os(iOS) || os(visionOS)`).
    """
    ctx = dict(platforms)
    for raw in source.decode("utf-8", "replace").splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if not line.startswith("#if "):
            break
        line = line.split("//", 1)[0]
        excluded = set(re.findall(r"!\s*os\((\w+)\)", line))
        included = set(re.findall(r"(?<!!)os\((\w+)\)", line)) - excluded
        # Positive os(...) terms restrict the platforms only when every alternative names one.
        alternatives = line[len("#if "):].split("||")
        restricts = bool(included) and all(re.search(r"(?<!!)os\(", alt) for alt in alternatives)
        for domain in ctx:
            if domain in excluded or (restricts and domain not in included):
                ctx[domain] = UNAVAILABLE
        break
    return ctx


def line_col(source, offset):
    line = source.count(b"\n", 0, offset) + 1
    column = offset - (source.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def read_asts(path):
    """The concatenated source_file objects that -dump-ast -dump-ast-format json writes."""
    with open(path) as handle:
        text = handle.read()
    decoder = json.JSONDecoder()
    index = 0
    files = []
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index >= len(text):
            break
        if text[index] != "{":
            # A diagnostic line between the objects (the compiler writes both to stderr).
            newline = text.find("\n", index)
            index = len(text) if newline < 0 else newline + 1
            continue
        value, index = decoder.raw_decode(text, index)
        files.append(value)
    return files


def load_allow_list(path):
    entries = []
    with open(path) as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) != 3 or not fields[0] or not fields[1]:
                sys.exit(f"{path}:{number}: expected 'file | API | reason', got: {line}")
            if len(fields[2]) < 10:
                sys.exit(f"{path}:{number}: the reason for allowing {fields[1]} in {fields[0]} is missing or too short")
            entries.append((fields[0], fields[1], fields[2], number))
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--manifest", required=True, help="swift package dump-package output")
    parser.add_argument("--graphs", action="append", default=[], help="a folder of *.symbols.json")
    parser.add_argument("--ast", action="append", default=[], help="MODULE=FILE with the module's JSON ASTs")
    parser.add_argument("--root", required=True, help="paths are reported relative to this folder")
    parser.add_argument("--allow", required=True)
    parser.add_argument("--foundation", required=True)
    parser.add_argument("--foundation-report", action="store_true")
    args = parser.parse_args()

    with open(args.manifest) as handle:
        manifest = json.load(handle)
    platforms = {}
    for platform in manifest.get("platforms", []):
        domain = PLATFORM_DOMAINS.get(platform["platformName"])
        if domain:
            platforms[domain] = parse_version(platform["version"])
    if not platforms:
        sys.exit("check-availability: the manifest declares no Apple platforms; nothing to check against")

    by_usr, by_path = load_symbol_graphs(args.graphs, platforms)
    foundation = load_foundation_list(args.foundation, platforms)
    modules = [item.partition("=") for item in args.ast]
    checker = Checker(platforms, by_usr, by_path, foundation, [m for m, _, _ in modules])

    asts = [(module, read_asts(path)) for module, _, path in modules]
    # Extended types are needed while walking; demangle them in one batch.
    extended = set()
    for _, path in ((m, p) for m, _, p in modules):
        with open(path) as handle:
            extended.update(re.findall(r'"extended_type":"(\$s[^"]+)"', handle.read()))
    checker.trees.update(demangle_trees(extended))
    root = os.path.realpath(args.root)
    sources = {}

    def source_of(filename):
        if filename not in sources:
            with open(filename, "rb") as handle:
                sources[filename] = handle.read()
        return sources[filename]

    def run_pass():
        for module, files in asts:
            walker = Walker(checker, module, None)
            for file in files:
                walker.filename = file["filename"]
                walker.source = source_of(file["filename"])
                walker.walk(file.get("items"), file_context(walker.source, platforms), 0, ())

    # Two collecting passes (types, then declarations inside extensions of those types), then the check.
    run_pass()
    run_pass()
    checker.collecting = False
    run_pass()
    rows, foundation_uses = checker.resolve()

    def relative(filename):
        return os.path.relpath(os.path.realpath(filename), root)

    if args.foundation_report:
        print("Foundation APIs the checked code references (Foundation on Linux has no Apple availability;")
        print(f"only the entries of {os.path.relpath(args.foundation, root)} are checked):")
        for name in sorted(foundation_uses):
            places = sorted({relative(f) for f, _ in foundation_uses[name]})
            match = foundation_match(foundation, name)
            listed = f"listed as '{match[0]}'" if match else "not listed"
            print(f"  {name}  [{listed}]  {', '.join(places)}")

    allow = load_allow_list(args.allow)
    used_allow = set()
    failures = {}
    for filename, loc, name, module, found in rows:
        path = relative(filename)
        allowed = [entry for entry in allow if entry[0] == path and entry[1] == name]
        if allowed:
            used_allow.add(allowed[0][3])
            continue
        line, column = line_col(source_of(filename), loc)
        failures.setdefault((path, line, name), (column, module, found))

    status = 0
    if failures:
        status = 1
        supported = ", ".join(f"{d} {show_version(v)}" for d, v in platforms.items())
        print(f"check-availability: APIs newer than the package's platforms ({supported}):", file=sys.stderr)
        for (path, line, name), (column, module, found) in sorted(failures.items()):
            introduced = ", ".join(f"{d} {show_version(n)}" for d, n, _ in found if n != UNAVAILABLE)
            unavailable = ", ".join(d for d, n, _ in found if n == UNAVAILABLE)
            context = ", ".join(f"{d} {show_version(c)}" for d, _, c in found)
            what = "; ".join(part for part in (
                f"is introduced in {introduced}" if introduced else "",
                f"is unavailable on {unavailable}" if unavailable else "") if part)
            print(f"{path}:{line}:{column}: error: {name} ({module}) {what}; this code runs from {context}",
                  file=sys.stderr)
        print("Use an API the platforms have, guard the use with `if #available(...)` (and test the fallback),"
              " or, if the use is safe for a reason this check cannot see, add it to "
              f"{os.path.relpath(args.allow, root)} with that reason.", file=sys.stderr)
    for path, name, _, number in allow:
        if number not in used_allow:
            status = 1
            print(f"{os.path.relpath(args.allow, root)}:{number}: error: unused entry ({path} | {name}): remove it",
                  file=sys.stderr)
    checked = sum(len(files) for _, files in asts)
    if status == 0:
        print(f"check-availability: {checked} files in {', '.join(m for m, _, _ in modules)}: every API they use "
              f"is available from " + ", ".join(f"{d} {show_version(v)}" for d, v in platforms.items())
              + f" ({len(checker.decl_refs)} declaration and {len(checker.type_refs)} type uses checked)")
    return status


if __name__ == "__main__":
    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    outcome = []

    def run():
        try:
            outcome.append(main())
        except SystemExit as exit:
            if isinstance(exit.code, str):
                print(exit.code, file=sys.stderr)
                outcome.append(2)
            else:
                outcome.append(exit.code or 0)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    sys.exit(outcome[0] if outcome else 2)
