#!/bin/sh
# Installs the system packages the Server package builds against (GRDB links the system SQLite).
# Idempotent; as root.
set -eu
if ! dpkg -s libsqlite3-dev >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsqlite3-dev
fi
