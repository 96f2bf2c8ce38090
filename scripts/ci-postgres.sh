#!/bin/sh
# Installs PostgreSQL from Debian's packages and starts it on 127.0.0.1:5432 (as root, no systemd).
# Idempotent: a second run finds the package, the cluster and the database already there.
# Prints the URL for SWITCHYARD_POSTGRES_URL; exports nothing.
set -eu
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
V=$(ls /usr/lib/postgresql | sort -V | tail -1)
pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$V main" || pg_createcluster "$V" main --port 5432 >&2
pg_ctlcluster "$V" main start >&2 2>/dev/null || true
# Waits up to a minute for the server to accept connections.
wait_ready() {
    tries=0
    until pg_isready -q -h 127.0.0.1 -p 5432; do
        tries=$((tries + 1))
        if [ "$tries" -ge 60 ]; then echo "PostgreSQL did not $1 on 127.0.0.1:5432" >&2; exit 1; fi
        sleep 1
    done
}
wait_ready start
cd /
runuser -u postgres -- psql -qc "ALTER USER postgres PASSWORD 'postgres';" >&2
# The test run opens a few connections per test and runs every suite at once (and a developer may
# run two at once): Debian's default of 100 connections is refused with "too many clients", and 400
# was, once the link-domain and click-limit suites added instances of their own.
# A throwaway test cluster needs no durability: every test migrates a schema of its own (tables and
# indexes created at once by many suites), and with fsync each of those waits on the disk
# ("DataFileImmediateSync") long enough, on a loaded two-core machine, to overrun the store's
# deadlines. fsync off spares that; a crash of this cluster loses nothing a test needs (the
# crash tests kill the service, not PostgreSQL).
if [ "$(runuser -u postgres -- psql -tAc 'SHOW max_connections')" -lt 800 ] \
    || [ "$(runuser -u postgres -- psql -tAc 'SHOW fsync')" != off ]; then
    runuser -u postgres -- psql -qc "ALTER SYSTEM SET max_connections = 800" >&2
    runuser -u postgres -- psql -qc "ALTER SYSTEM SET fsync = off" >&2
    runuser -u postgres -- psql -qc "ALTER SYSTEM SET synchronous_commit = off" >&2
    runuser -u postgres -- psql -qc "ALTER SYSTEM SET full_page_writes = off" >&2
    pg_ctlcluster "$V" main restart >&2
    wait_ready restart
fi
runuser -u postgres -- psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'switchyard_test'" | grep -q 1 \
    || runuser -u postgres -- createdb switchyard_test >&2
echo "postgres://postgres:postgres@127.0.0.1:5432/switchyard_test"
