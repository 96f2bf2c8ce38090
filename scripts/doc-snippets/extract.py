#!/usr/bin/env python3
"""Turns the ```swift blocks of a Markdown document into Swift files that the compiler checks.

  extract.py DOCUMENT PRELUDE_DIR OUT_DIR

Writes OUT_DIR/snippets.swift (every block of the document, each in its own scope) and, when the
document has Package.swift fragments, OUT_DIR/manifest.swift; prints one summary line of JSON.
`#sourceLocation` directives make every diagnostic name the document and its line.

How a block is compiled:
- A fenced block whose info string is `swift` (```swift). Blocks in other languages (sh, json,
  text, none) are skipped and counted. A block whose info string also says `no-compile`
  (```swift no-compile) is skipped and counted: keep that for pseudo-code that shows no real API.
- `import` lines go to the top of the file (every file imports Foundation, Switchyard,
  SwitchyardCodegen, SwitchyardUIKit, SwitchyardSwiftUI, SwiftUI, UIKit and UserNotifications: the
  Apple ones are the stand-ins of scripts/apple-stand-ins).
- A delegate callback declared at the block's top level (`func scene(...)`, `func application(...)`,
  `func windowScene(...)`, `func userNotificationCenter(...)`) goes into a class of its own that
  conforms to UIApplicationDelegate, UIWindowSceneDelegate and UNUserNotificationCenterDelegate,
  so scripts/apple-glue/delegate_signatures.py checks it as it checks the examples.
- Other top-level declarations (types, extensions, functions) stay at file level.
- Everything else runs in order inside `@MainActor func snippetN() async throws`, so blocks do
  not see each other's names, and `try` and `await` work as in an app.
- A block that starts with `.target(`, `.executableTarget(`, `.testTarget(`, `.product(` or
  `.package(` is a Package.swift fragment: compiled against PackageDescription.
- The names a document's blocks use without declaring them (the app's `navigator`, `screens`,
  `url`...) come from its prelude, PRELUDE_DIR/<document name>.swift (for README.md,
  README.md.swift), compiled with the blocks. A block that starts using a new name fails with
  "cannot find 'name' in scope" until the prelude declares it.
"""
import json
import os
import re
import sys

IMPORTS = ["Foundation", "Switchyard", "SwitchyardCodegen", "SwitchyardUIKit", "SwitchyardSwiftUI", "SwiftUI", "UIKit",
           "UserNotifications"]
CALLBACK = re.compile(r"^(?:nonisolated\s+|@MainActor\s+)*func\s+(scene|windowScene|application|userNotificationCenter)\w*\s*\(")
DECLARATION = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|fileprivate|private|final|nonisolated|indirect)\s+)*"
                         r"(?:func|struct|class|enum|extension|protocol|actor|typealias)\s")
MANIFEST = re.compile(r"^\s*\.(target|executableTarget|testTarget|product|package)\(")
MANIFEST_TYPES = {"target": "Target", "executableTarget": "Target", "testTarget": "Target",
                  "product": "Target.Dependency", "package": "Package.Dependency"}
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([^\s`]*)\s*(.*)$")


def blocks(lines):
    """(first line number of the code, language, info rest, code lines) for each fenced block."""
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence, language, rest = match.groups()
        start = index + 1
        end = start
        while end < len(lines) and not re.match(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$", lines[end]):
            end += 1
        code = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[start:end]]
        yield start + 1, language.lower(), rest, code
        index = end + 1


def depth_change(line):
    """The change in brace depth over a line, ignoring string literals and comments."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    line = line.split("//", 1)[0]
    line = re.sub(r"/\*.*?\*/", "", line)
    return line.count("{") - line.count("}")


def split(code, first_line):
    """Imports, file-level declarations, delegate callbacks and statements of a block, each a list of
    (line number, text) runs."""
    imports, declarations, callbacks, statements = [], [], [], []
    index = 0
    while index < len(code):
        line = code[index]
        stripped = line.strip()
        number = first_line + index
        if stripped.startswith("import ") and not line.startswith((" ", "\t")):
            imports.append(stripped.split()[1])
            index += 1
            continue
        if not line.startswith((" ", "\t")) and (CALLBACK.match(stripped) or DECLARATION.match(stripped)):
            target = callbacks if CALLBACK.match(stripped) else declarations
            run, depth, opened = [], 0, False
            while index < len(code):
                run.append(code[index])
                change = depth_change(code[index])
                opened = opened or "{" in code[index]
                depth += change
                index += 1
                if opened and depth <= 0:
                    break
            target.append((number, run))
            continue
        statements.append((number, [line]))
        index += 1
    return imports, declarations, callbacks, statements


def located(runs, document):
    """The runs, each after the `#sourceLocation` of its first line; adjacent runs are one run (a
    directive cannot stand inside a statement that spans lines)."""
    merged = []
    for number, run in runs:
        if merged and merged[-1][0] + len(merged[-1][1]) == number:
            merged[-1] = (merged[-1][0], merged[-1][1] + run)
        else:
            merged.append((number, list(run)))
    out = []
    for number, run in merged:
        out.append(f'#sourceLocation(file: "{document}", line: {number})')
        out.extend(run)
    if runs:
        out.append("#sourceLocation()")
    return out


def main():
    document, prelude_dir, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out_dir, exist_ok=True)
    with open(document) as handle:
        lines = handle.read().split("\n")
    shown = os.path.relpath(document)
    summary = {"document": shown, "compiled": 0, "manifest": 0, "no_compile": [], "skipped": {}}
    imports = list(IMPORTS)
    body, manifest = [], []
    for number, language, rest, code in blocks(lines):
        if language != "swift":
            key = language or "none"
            summary["skipped"][key] = summary["skipped"].get(key, 0) + 1
            continue
        if "no-compile" in rest:
            summary["no_compile"].append(f"{shown}:{number - 1}")
            continue
        if code and MANIFEST.match(code[0]):
            summary["manifest"] += 1
            kind = MANIFEST_TYPES[MANIFEST.match(code[0]).group(1)]
            # A one-expression body, so the directive stands before the fragment's first line.
            manifest.append(f"func manifestFragment{summary['manifest']}() -> {kind} {{")
            manifest.extend(located([(number, code)], shown))
            manifest.append("}")
            continue
        summary["compiled"] += 1
        n = summary["compiled"]
        block_imports, declarations, callbacks, statements = split(code, number)
        imports += [name for name in block_imports if name not in imports]
        body.append(f"// {shown}:{number - 1}")
        body.extend(located(declarations, shown))
        if callbacks:
            body.append(f"final class Snippet{n}Delegate: UIResponder, UIApplicationDelegate, UIWindowSceneDelegate,"
                        f" UNUserNotificationCenterDelegate {{")
            body.extend(located(callbacks, shown))
            body.append("}")
        body.append(f"@MainActor func snippet{n}() async throws {{")
        body.extend(located(statements, shown))
        body.append("}")
    prelude_path = os.path.join(prelude_dir, os.path.basename(document) + ".swift")
    text = [f"// Generated by scripts/doc-snippets/extract.py from {shown}: edit the document, not this file."]
    text += [f"import {name}" for name in imports]
    if os.path.exists(prelude_path):
        with open(prelude_path) as handle:
            # Its imports are the files' (above); the lines stay, as comments, so that lines keep their numbers.
            prelude = ["// " + line if line.startswith("import ") else line for line in handle.read().split("\n")]
        text.append(f'#sourceLocation(file: "{os.path.relpath(prelude_path)}", line: 1)')
        text += prelude
        text.append("#sourceLocation()")
        summary["prelude"] = os.path.relpath(prelude_path)
    text += body
    with open(os.path.join(out_dir, "snippets.swift"), "w") as handle:
        handle.write("\n".join(text) + "\n")
    manifest_path = os.path.join(out_dir, "manifest.swift")
    if manifest:
        with open(manifest_path, "w") as handle:
            handle.write("\n".join(["import PackageDescription"] + manifest) + "\n")
    elif os.path.exists(manifest_path):
        os.remove(manifest_path)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
