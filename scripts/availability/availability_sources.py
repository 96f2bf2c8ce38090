"""What scripts/availability/check_availability.py knows about APIs: Apple availability from
symbol graphs, demangled names and types (swift-demangle), and the Foundation list.
Standard library only."""

import json
import os
import re
import subprocess
import sys

# dump-package platform names -> availability domains.
PLATFORM_DOMAINS = {
    "macos": "macOS",
    "ios": "iOS",
    "tvos": "tvOS",
    "watchos": "watchOS",
    "visionos": "visionOS",
}
UNAVAILABLE = (9999,)  # a context that never runs on the platform
FOUNDATION_MODULES = (
    "Foundation",
    "FoundationEssentials",
    "FoundationInternationalization",
    "FoundationNetworking",
    "FoundationXML",
)
NOMINAL_KINDS = {"Structure", "Class", "Enum", "Protocol", "TypeAlias", "OtherNominalType"}


def parse_version(text):
    parts = [int(p) for p in str(text).split(".") if p != ""]
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts[:3])


def show_version(version):
    if version == UNAVAILABLE:
        return "unavailable"
    major, minor, patch = version
    return f"{major}.{minor}" + (f".{patch}" if patch else "")


def vision_from_ios(version):
    """visionOS is derived from iOS where a declaration or a query leaves it out."""
    if version == UNAVAILABLE:
        return UNAVAILABLE
    major = version[0]
    if major <= 17:
        return (1, 0, 0)
    if major <= 25:
        return (major - 16, version[1], 0)
    return version


def with_vision(availability):
    """Adds the derived visionOS entry to {domain: version} when only iOS is given."""
    if "visionOS" not in availability and "iOS" in availability:
        availability = dict(availability)
        availability["visionOS"] = vision_from_ios(availability["iOS"])
    return availability


# MARK: Symbol graphs


def load_symbol_graphs(directories, domains):
    """{usr: (name, module, availability)} and {(module, path): availability} for the symbols that
    have an Apple availability on one of the domains."""
    by_usr = {}
    by_path = {}
    defaults = {}  # requirement usr -> [usr of a default implementation]
    for directory in directories:
        for filename in sorted(os.listdir(directory)):
            if not filename.endswith(".symbols.json"):
                continue
            with open(os.path.join(directory, filename)) as handle:
                graph = json.load(handle)
            module = graph["module"]["name"]
            for relationship in graph.get("relationships", []):
                if relationship.get("kind") == "defaultImplementationOf":
                    defaults.setdefault(relationship["target"], []).append(relationship["source"])
            for symbol in graph["symbols"]:
                availability = {}
                for entry in symbol.get("availability", []):
                    domain = entry.get("domain")
                    if domain not in domains:
                        continue
                    if entry.get("isUnconditionallyUnavailable") or entry.get("obsoleted"):
                        availability[domain] = UNAVAILABLE
                    elif "introduced" in entry:
                        introduced = entry["introduced"]
                        availability[domain] = (
                            introduced.get("major", 0),
                            introduced.get("minor", 0),
                            introduced.get("patch", 0),
                        )
                if not availability:
                    continue
                availability = with_vision(availability)
                name = ".".join(symbol["pathComponents"])
                by_usr[symbol["identifier"]["precise"]] = (name, module, availability)
                if symbol["kind"]["identifier"] in (
                    "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"
                ):
                    by_path[(module, tuple(symbol["pathComponents"]))] = availability
    # A protocol requirement added later with a default implementation (FixedWidthInteger.&* is a
    # requirement since iOS 18, implemented for every type since long before) is available where
    # one of its implementations is: the compiler checks the witness a concrete type uses.
    for requirement, implementations in defaults.items():
        if requirement not in by_usr:
            continue
        name, module, availability = by_usr[requirement]
        combined = dict(availability)
        for implementation in implementations:
            other = by_usr.get(implementation, (None, None, {}))[2]
            for domain in list(combined):
                if domain not in other:
                    del combined[domain]
                else:
                    combined[domain] = min(combined[domain], other[domain])
        if combined:
            by_usr[requirement] = (name, module, combined)
        else:
            del by_usr[requirement]
    return by_usr, by_path


# MARK: Demangling


def demangle_trees(names):
    """{mangled: tree} where a tree is (kind, text, [children]), via swift-demangle --tree-only."""
    trees = {}
    names = sorted(set(names))
    for start in range(0, len(names), 1500):
        chunk = names[start:start + 1500]
        output = subprocess.run(
            ["swift-demangle", "--tree-only"] + chunk, check=True, capture_output=True, text=True
        ).stdout
        current = None
        stack = []
        for line in output.splitlines():
            if line.startswith("Demangling for "):
                current = line[len("Demangling for "):].strip()
                stack = []
                continue
            if not line.strip() or current is None:
                continue
            indent = (len(line) - len(line.lstrip(" "))) // 2
            body = line.strip()
            match = re.match(r'kind=(\w+)(?:, text="(.*)")?(?:, index=\d+)?', body)
            if not match:
                continue
            node = (match.group(1), match.group(2), [])
            del stack[indent:]
            if stack:
                stack[-1][2].append(node)
            else:
                trees[current] = node
            stack.append(node)
    return trees


def demangle_simplified(names):
    """{mangled: simplified demangled name}."""
    result = {}
    names = sorted(set(names))
    for start in range(0, len(names), 1500):
        chunk = names[start:start + 1500]
        output = subprocess.run(
            ["swift-demangle", "--simplified"] + chunk, check=True, capture_output=True, text=True
        ).stdout
        for line in output.splitlines():
            if " ---> " in line:
                mangled, _, plain = line.partition(" ---> ")
                result[mangled.strip()] = plain.strip()
    return result


def nominal_path(node):
    """(module, path) of a nominal node, or None."""
    kind, _, children = node
    if kind in ("Type",) and children:
        return nominal_path(children[0])
    if kind.startswith("BoundGeneric") and children:
        return nominal_path(children[0])
    if kind not in NOMINAL_KINDS or len(children) < 2:
        return None
    context, name = children[0], children[1]
    identifier = name[1]
    if identifier is None and name[2]:
        # PrivateDeclName / LocalDeclName: the identifier is the last child.
        identifier = name[2][-1][1]
    if identifier is None:
        return None
    if context[0] == "Module":
        return (context[1], (identifier,))
    if context[0] == "Extension" and len(context[2]) >= 2:
        extended = nominal_path(context[2][1])
        if extended:
            return (context[2][0][1], extended[1] + (identifier,))
        return None
    parent = nominal_path(context)
    if parent:
        return (parent[0], parent[1] + (identifier,))
    return None


def nominals_in(tree):
    """Every (module, path) named anywhere in a demangled type."""
    found = []
    pending = [tree]
    while pending:
        node = pending.pop()
        path = nominal_path(node) if node[0] in NOMINAL_KINDS else None
        if path:
            found.append(path)
        pending.extend(node[2])
    return found


# MARK: Foundation list


def load_foundation_list(path, domains):
    """[(pattern, availability, note)] from foundation.txt."""
    entries = []
    with open(path) as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) != 3 or not fields[0] or not fields[1]:
                sys.exit(f"{path}:{number}: expected 'API | versions | note', got: {line}")
            availability = {}
            for item in fields[1].split(","):
                domain, _, version = item.strip().partition(" ")
                if domain not in PLATFORM_DOMAINS.values() or not version:
                    sys.exit(f"{path}:{number}: bad version '{item.strip()}' (write e.g. 'iOS 17.0')")
                if domain in domains:
                    availability[domain] = parse_version(version)
            entries.append((fields[0], with_vision(availability), fields[2]))
    return entries


def foundation_name(simplified):
    """'static JSONDecoder.decode<A>(_:from:)' -> 'JSONDecoder.decode(_:from:)'."""
    name = re.sub(r"^(static|class) ", "", simplified)
    depth = 0
    out = []
    for character in name:
        if character == "<":
            depth += 1
        elif character == ">" and depth:
            depth -= 1
        elif depth == 0:
            out.append(character)
    return "".join(out)


def foundation_match(entries, name):
    for pattern, availability, _ in entries:
        if name == pattern:
            return pattern, availability
        if name.startswith(pattern):
            following = name[len(pattern)]
            if pattern[-1] in ":(" or following in ".(":
                return pattern, availability
    return None
