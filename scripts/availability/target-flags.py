#!/usr/bin/env python3
"""Prints the swiftc flags a target's swiftSettings ask for, from `swift package dump-package` JSON.

Usage: target-flags.py MANIFEST.json TARGET
Covers what the SDK manifest uses (upcoming and experimental features, defines, unsafe flags);
fails on a setting it does not know, so a new kind of setting is noticed rather than dropped.
"""
import json
import sys

manifest_path, target_name = sys.argv[1], sys.argv[2]
with open(manifest_path) as handle:
    manifest = json.load(handle)
targets = [t for t in manifest["targets"] if t["name"] == target_name]
if not targets:
    sys.exit(f"target-flags: no target named {target_name} in the manifest")
flags = []
for setting in targets[0].get("settings", []):
    if setting.get("tool") != "swift":
        continue
    kind = setting.get("kind", {})
    if "enableUpcomingFeature" in kind:
        flags += ["-enable-upcoming-feature", kind["enableUpcomingFeature"]["_0"]]
    elif "enableExperimentalFeature" in kind:
        flags += ["-enable-experimental-feature", kind["enableExperimentalFeature"]["_0"]]
    elif "define" in kind:
        flags += ["-D", kind["define"]["_0"]]
    elif "unsafeFlags" in kind:
        flags += kind["unsafeFlags"]["_0"]
    else:
        sys.exit(f"target-flags: {target_name} has a Swift setting this script does not know: {json.dumps(setting)}")
print("\n".join(flags))
