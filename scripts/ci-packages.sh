#!/bin/sh
# Installs what the Server package builds and tests against: libsqlite3-dev (GRDB links the system
# SQLite), libmaxminddb-dev (the --geoip country reader, a system-library target), and python3 with
# pip, for PyPI's mmdb-writer, which writes the tests' country databases: scripts/geoip-fixture
# installs it into a cache folder (~/.cache/switchyard/python3.X) here, once, so that the tests do
# not reach PyPI. And gdb, which scripts/run-bounded uses to show every thread of a test run that
# passed its time limit. Idempotent; as root.
set -eu
missing=""
for package in libsqlite3-dev libmaxminddb-dev python3 python3-pip gdb; do
    # Installed, not merely known to dpkg (a removed package keeps a status: "deinstall ok config-files").
    if [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" != "install ok installed" ]; then
        missing="$missing $package"
    fi
done
if [ -n "$missing" ]; then
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
# Nothing to do when python3 already finds mmdb-writer, or the cache holds it.
"$(dirname "$0")/geoip-fixture" --install
