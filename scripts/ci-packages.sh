#!/bin/sh
# Installs the system packages the Server package builds against (GRDB links the system SQLite).
# Idempotent; as root.
set -eu
# Installed, not merely known to dpkg (a removed package keeps a status: "deinstall ok config-files").
if [ "$(dpkg-query -W -f='${Status}' libsqlite3-dev 2>/dev/null)" != "install ok installed" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsqlite3-dev
fi
