#!/usr/bin/env python3
"""Checks that every delegate callback in the glue and the examples is one UIKit would call.

On iOS the requirements of UIApplicationDelegate, UISceneDelegate, UIWindowSceneDelegate and
UNUserNotificationCenterDelegate are `optional` Objective-C requirements: a method whose name, a
label, a parameter type or its async-ness differs from the SDK's is still accepted by the
compiler, and never called. The stand-ins (scripts/apple-stand-ins) declare those requirements with
the SDK's Swift signatures; this script compares them, as the compiler saw them, with the methods
of the checked code.

Input: typed ASTs from `swiftc -dump-ast -dump-ast-format json` of the stand-in modules (--stand-ins)
and of each checked module (--checked NAME=FILE).

A method is a *callback* when its base name starts with a delegate requirement's prefix (`scene`,
`windowScene`, `application`, `userNotificationCenter`: the first word of a requirement's base
name), or is within two edits of a requirement's base name (`aplication`, `userNotificationCentre`). Every callback of a type that conforms to a delegate protocol must match one requirement of
the protocols it conforms to (inherited protocols included) exactly: the full name with its argument
labels, each parameter's type, `async` and `throws`, and the result type. A callback that has the
full name of a requirement of a delegate protocol its type does not conform to is an error too (the
method is never called). Only closure-parameter attributes that the compiler accepts either way for
an Objective-C requirement (`@Sendable`, `@MainActor`) are ignored; internal parameter names, default
arguments and isolation (`nonisolated`) do not change which method Objective-C calls, and are not
compared.

Exit status 1 when a callback matches no requirement; each problem names the file, the line, the
method, and the nearest requirements.
"""
import argparse
import json
import re
import subprocess
import sys

DELEGATE_SUFFIX = "Delegate"


def read_asts(path):
    """The concatenated source_file objects that -dump-ast -dump-ast-format json writes."""
    return split_dump(path)[0]


def split_dump(path):
    """The source_file objects of a -dump-ast -dump-ast-format json output, and the diagnostics
    between them (the compiler writes both to standard error)."""
    with open(path) as handle:
        text = handle.read()
    decoder = json.JSONDecoder()
    index, files, diagnostics = 0, [], []
    while True:
        start = text.find('{"_kind":"source_file"', index)
        diagnostics.append(text[index:] if start < 0 else text[index:start])
        if start < 0:
            return files, "".join(diagnostics)
        value, index = decoder.raw_decode(text, start)
        files.append(value)


def walk(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


class Demangler:
    """Demangles type manglings in one `swift demangle` run."""

    def __init__(self):
        self.cache = {}

    def load(self, names):
        names = sorted({name for name in names if name and name not in self.cache})
        if not names:
            return
        out = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(names) + "\n",
                             capture_output=True, text=True, check=True).stdout.splitlines()
        for name, line in zip(names, out):
            self.cache[name] = line

    def __call__(self, name):
        return self.cache.get(name, name)


def split_top(text, separator):
    """Splits at `separator` where no bracket is open."""
    depth, parts, start, index = 0, [], 0, 0
    while index < len(text):
        char = text[index]
        if char in "([<":
            depth += 1
        elif char in ")]>" and not (char == ">" and text[index - 1] == "-"):
            depth -= 1
        elif depth == 0 and text.startswith(separator, index):
            parts.append(text[start:index])
            index += len(separator)
            start = index
            continue
        index += 1
    parts.append(text[start:])
    return parts


def effects(method_type):
    """`async`, `throws`, `async throws` or '' for a method's curried interface type, demangled:
    `<A where ...> (Self) -> (P1, P2) async -> R`."""
    text = method_type
    if text.startswith("<"):
        depth = 0
        for index, char in enumerate(text):
            depth += char == "<"
            depth -= char == ">" and text[index - 1] != "-"
            if depth == 0:
                text = text[index + 1:].lstrip()
                break
    parts = split_top(text, " -> ")
    if len(parts) < 3:
        return ""
    inner = parts[1]  # "(P1, P2) async"
    depth = 0
    for index, char in enumerate(inner):
        depth += char == "("
        depth -= char == ")"
        if depth == 0:
            return inner[index + 1:].strip()
    return ""


IGNORED_ATTRIBUTES = re.compile(r"@Sendable |@(?:Swift\.)?MainActor ")


def comparable(type_text):
    return IGNORED_ATTRIBUTES.sub("", type_text)


MODULES = ("Swift", "Foundation", "FoundationEssentials", "UIKit", "UserNotifications", "SwiftUI", "CoreSpotlight",
           "_Concurrency")


def readable(type_text):
    """A type without the Apple and standard modules' qualifiers, for messages."""
    return re.sub(r"\b(?:" + "|".join(MODULES) + r")\.", "", type_text)


class Signature:
    def __init__(self, func, demangle, filename=None, source=None):
        name = func["name"]
        self.base = name["base_name"]["name"]
        self.labels = tuple(name.get("args", []))
        params = func.get("params", {}).get("params", [])
        self.params = tuple(demangle(p.get("interface_type", "")) for p in params)
        self.result = demangle(func.get("result", ""))
        self.effects = effects(demangle(func.get("interface_type", "")))
        self.filename = filename
        self.line = None
        if source is not None and "range" in func:
            self.filename, self.line = source_location(filename, source, func["range"]["start"])

    @property
    def full_name(self):
        return f"{self.base}({''.join(label + ':' if label else '_:' for label in self.labels)})"

    def key(self):
        return (self.base, self.labels, tuple(map(comparable, self.params)), self.effects, comparable(self.result))

    def __str__(self):
        args = ", ".join(f"{label or '_'}: {readable(t)}" for label, t in zip(self.labels, self.params))
        text = f"{self.base}({args})"
        if self.effects:
            text += " " + self.effects
        if self.result not in ("()", "Swift.Void", "Void"):
            text += " -> " + readable(self.result)
        return text


SOURCE_LOCATION = re.compile(rb'^\s*#sourceLocation\((?:file:\s*"([^"]*)",\s*line:\s*(\d+))?\)\s*$')


def source_location(filename, source, offset):
    """The file and line of a byte offset, as the `#sourceLocation` directives above it say (the
    documentation check generates files that point at the Markdown documents)."""
    physical = source.count(b"\n", 0, offset) + 1
    lines = source.split(b"\n")
    for index in range(physical - 2, -1, -1):
        match = SOURCE_LOCATION.match(lines[index])
        if match:
            if match.group(1) is None:
                break
            return match.group(1).decode(), int(match.group(2)) + (physical - index - 2)
    return filename, physical


def distance(a, b):
    """Levenshtein distance, for base names misspelt beyond their first word (`aplication`)."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def is_callback(base_name, prefixes, bases):
    """Whether a method looks like a delegate callback: its first word is a requirement's
    (`sceneDidBecomActive`), or its base name is within two edits of one (`aplication`)."""
    return prefix(base_name) in prefixes or any(distance(base_name, base) <= 2 for base in bases if len(base) >= 5)


def prefix(base_name):
    """The first word of a camel-case base name: `scene` for `sceneDidBecomeActive`."""
    match = re.match(r"[a-z0-9_]+", base_name)
    return match.group(0) if match else base_name


def load_protocols(paths, demangle):
    """Delegate protocols of the stand-ins: USR -> (name, [Signature], [inherited USRs])."""
    protocols = {}
    funcs = []
    for path in paths:
        for source_file in read_asts(path):
            for node in walk(source_file):
                if node.get("_kind") in ("protocol", "protocol_decl") and node["name"]["base_name"]["name"].endswith(DELEGATE_SUFFIX):
                    members = [m for m in node.get("members", []) if m.get("_kind") == "func_decl"]
                    inherited = list(node.get("inherits", {}).get("protocols", []))
                    inherited += re.findall(r"s:[A-Za-z0-9_]+P", json.dumps(node.get("requirement_signature", "")))
                    protocols[node["usr"]] = (node["name"]["base_name"]["name"], members, inherited)
                    funcs += members
    demangle.load(name for f in funcs for name in [f.get("result"), f.get("interface_type")]
                  + [p.get("interface_type") for p in f.get("params", {}).get("params", [])])
    return {usr: (name, [Signature(f, demangle) for f in members], inherited)
            for usr, (name, members, inherited) in protocols.items()}


def closure(usrs, protocols):
    seen, stack = set(), [u for u in usrs if u in protocols]
    while stack:
        usr = stack.pop()
        if usr in seen:
            continue
        seen.add(usr)
        stack += [u for u in protocols[usr][2] if u in protocols and u not in seen]
    return seen


def check_module(module, path, protocols, demangle, prefixes, bases, requirement_names):
    """Problems in one checked module, and the number of callbacks checked."""
    types = {}  # type key -> {"name", "conforms": set, "methods": [(func, filename, source)]}
    sources = {}
    files = read_asts(path)
    for source_file in files:
        filename = source_file.get("filename", "?")
        try:
            sources[filename] = open(filename, "rb").read()
        except OSError:
            sources[filename] = None
        for node in walk(source_file):
            kind = node.get("_kind")
            if kind == "class_decl" or kind == "extension_decl":
                key = node["usr"][2:] if kind == "class_decl" else node.get("extended_type", "")[2:-1]
                entry = types.setdefault(key, {"name": None, "conforms": set(), "methods": []})
                if kind == "class_decl":
                    entry["name"] = node["name"]["base_name"]["name"]
                entry["conforms"].update(c["protocol"] for c in node.get("inherits", {}).get("conformances", []))
                for member in node.get("members", []):
                    if member.get("_kind") == "func_decl" and not member.get("static") \
                            and is_callback(member["name"]["base_name"]["name"], prefixes, bases):
                        entry["methods"].append((member, filename))
    funcs = [f for entry in types.values() for f, _ in entry["methods"]]
    demangle.load(name for f in funcs for name in [f.get("result"), f.get("interface_type")]
                  + [p.get("interface_type") for p in f.get("params", {}).get("params", [])])
    problems, checked = [], 0
    for key, entry in sorted(types.items(), key=lambda item: item[1]["name"] or item[0]):
        conforms = closure(entry["conforms"], protocols)
        requirements = [(protocols[usr][0], sig) for usr in sorted(conforms) for sig in protocols[usr][1]]
        type_name = entry["name"] or demangle(key)
        for func, filename in entry["methods"]:
            method = Signature(func, demangle, filename, sources.get(filename))
            where = f"{method.filename}:{method.line}" if method.line else filename
            if not conforms:
                if method.full_name in requirement_names:
                    protocol_names = ", ".join(sorted(requirement_names[method.full_name]))
                    problems.append(f"{where}: error: {type_name}.{method.full_name} is a requirement of "
                                    f"{protocol_names}, which {type_name} does not conform to; UIKit would never call it")
                continue
            checked += 1
            if any(method.key() == sig.key() for _, sig in requirements):
                continue
            same_name = [(p, sig) for p, sig in requirements if sig.full_name == method.full_name]
            same_base = [(p, sig) for p, sig in requirements if sig.base == method.base]
            if same_name:
                reason = "its signature differs from the SDK's"
                near = same_name
            else:
                reason = f"no requirement of {', '.join(sorted(protocols[u][0] for u in conforms))} is named {method.full_name}"
                # The nearest: same base name and arity, most labels in common.
                common = lambda item: sum(a == b for a, b in zip(item[1].labels, method.labels))
                near = sorted((item for item in same_base if len(item[1].labels) == len(method.labels)),
                              key=lambda item: -common(item))
                near = [item for item in near if common(item) >= len(method.labels) - 1] or near[:1] or same_base[:3]
            lines = [f"{where}: error: {type_name}.{method}: {reason}; UIKit would never call it"]
            for protocol_name, sig in near:
                lines.append(f"    {protocol_name} declares: {sig}")
            problems.append("\n".join(lines))
    return problems, checked


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stand-ins", action="append", default=[], help="AST of a stand-in module")
    parser.add_argument("--checked", action="append", default=[], help="NAME=AST of a checked module")
    parser.add_argument("--diagnostics", help="print the diagnostics of a -dump-ast output, and nothing else")
    args = parser.parse_args()
    if args.diagnostics:
        sys.stdout.write(split_dump(args.diagnostics)[1])
        return 0
    demangle = Demangler()
    protocols = load_protocols(args.stand_ins, demangle)
    if not protocols:
        print("delegate-signatures: no delegate protocol in the stand-ins", file=sys.stderr)
        return 1
    prefixes = {prefix(sig.base) for _, sigs, _ in protocols.values() for sig in sigs}
    bases = {sig.base for _, sigs, _ in protocols.values() for sig in sigs}
    requirement_names = {}
    for name, sigs, _ in protocols.values():
        for sig in sigs:
            requirement_names.setdefault(sig.full_name, set()).add(name)
    status = 0
    for item in args.checked:
        module, path = item.split("=", 1)
        problems, checked = check_module(module, path, protocols, demangle, prefixes, bases, requirement_names)
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            status = 1
            print(f"delegate-signatures: {module}: {len(problems)} of {checked} delegate callbacks match no "
                  f"requirement", file=sys.stderr)
        else:
            print(f"delegate-signatures: {module}: {checked} delegate callbacks match the SDK's requirements exactly")
    return status


if __name__ == "__main__":
    sys.exit(main())
