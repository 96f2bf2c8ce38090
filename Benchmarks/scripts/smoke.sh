#!/bin/sh
# CI smoke: generates the tables, then runs every benchmark for 3 iterations with its correctness
# check (setup fails the run when any URL resolves wrongly). No timing thresholds are checked.
set -eu
cd "$(dirname "$0")/.."
export SWIFT_DETERMINISTIC_HASHING=1
scripts/generate.sh
SWITCHYARD_BENCH_SMOKE=1 swift package --disable-sandbox benchmark --no-progress --quiet
echo "benchmark smoke passed"
