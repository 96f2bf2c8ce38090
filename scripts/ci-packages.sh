#!/bin/sh
# Installs the system packages the Server package builds against: libsqlite3-dev (GRDB links the
# system SQLite) and libmaxminddb-dev (the --geoip country reader, a system-library target). The
# tests' country databases are written with PyPI's mmdb-writer (scripts/geoip-fixture installs it
# when missing). Idempotent; as root.
set -eu
missing=""
for package in libsqlite3-dev libmaxminddb-dev; do
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
