#!/usr/bin/env bash
# Builds each libFuzzer target with the SDK's sources and runs it for a bounded time.
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; targets: resolve pattern tablefile)
# Exits non-zero on any crash, leak or timeout; artifacts land in Fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(resolve pattern tablefile)
mkdir -p .build-fuzz Fuzz/artifacts
export SWIFT_BACKTRACE=enable=no
sources=$(find Sources/Switchyard -name '*.swift' | sort)
for target in "${targets[@]}"; do
  case $target in
    resolve) file=Fuzz/Targets/FuzzResolve.swift; corpus=Fuzz/corpus/resolve ;;
    pattern) file=Fuzz/Targets/FuzzPattern.swift; corpus=Fuzz/corpus/pattern ;;
    tablefile) file=Fuzz/Targets/FuzzTableFile.swift; corpus=Fuzz/corpus/table ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
  esac
  binary=.build-fuzz/fuzz-$target
  echo "== building $target"
  # shellcheck disable=SC2086
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name Switchyard \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -use-ld=lld $sources "$file" -o "$binary"
  work=$(mktemp -d)
  cp -R "$corpus"/. "$work"/ 2>/dev/null || true
  echo "== fuzzing $target for ${seconds}s"
  log=.build-fuzz/$target.log
  if ! "$binary" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
       -artifact_prefix=Fuzz/artifacts/"$target"- -print_final_stats=1 >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz target $target FAILED (see Fuzz/artifacts/)" >&2
    exit 1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$log" | tail -2
  rm -rf "$work"
done
echo "fuzzing passed: ${targets[*]}"
