#!/bin/sh
# A second PostgreSQL cluster ("faults", port 5433) that the database-fault tests stop and start
# while the service runs, so that stopping it does not break the suites using the main cluster
# (scripts/ci-postgres.sh, which installs PostgreSQL: run it first). Idempotent; as root.
# Prints two `export` lines for `eval`:
#   SWITCHYARD_POSTGRES_FAULT_URL  the database on that cluster
#   SWITCHYARD_POSTGRES_FAULT_CTL  the command prefix that stops and starts it ("... stop", "... start")
set -eu
PORT=5433
V=$(ls /usr/lib/postgresql | sort -V | tail -1)
pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$V faults" || pg_createcluster "$V" faults --port "$PORT" >&2
pg_ctlcluster "$V" faults start >&2 2>/dev/null || true
tries=0
until pg_isready -q -h 127.0.0.1 -p "$PORT"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 60 ]; then echo "PostgreSQL (faults) did not start on 127.0.0.1:$PORT" >&2; exit 1; fi
    sleep 1
done
cd /
runuser -u postgres -- psql -p "$PORT" -qc "ALTER USER postgres PASSWORD 'postgres';" >&2
runuser -u postgres -- psql -p "$PORT" -tAc "SELECT 1 FROM pg_database WHERE datname = 'switchyard_faults'" | grep -q 1 \
    || runuser -u postgres -- createdb -p "$PORT" switchyard_faults >&2
echo "export SWITCHYARD_POSTGRES_FAULT_URL='postgres://postgres:postgres@127.0.0.1:$PORT/switchyard_faults'"
echo "export SWITCHYARD_POSTGRES_FAULT_CTL='pg_ctlcluster $V faults'"
