#!/usr/bin/env bash
# Builds the libFuzzer binary (the SDK's sources plus Fuzz/Targets) once, then runs each target for a
# bounded time from its committed seed corpus.
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; targets: resolve pattern tablefile cbor)
# The cbor target is a binary of its own: the service's App Attest CBOR reader and authenticator
# data parser (Server/Sources/SwitchyardAttest, which have no dependencies) with Fuzz/CBOR.
# Exits non-zero on any crash, leak or timeout; the failing input lands in Fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(resolve pattern tablefile cbor)
mkdir -p .build-fuzz Fuzz/artifacts
export SWIFT_BACKTRACE=enable=no
binary=.build-fuzz/switchyard-fuzz
echo "== building $binary"
mapfile -t sources < <(find Sources/Switchyard Fuzz/Targets -name '*.swift' | sort)
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name Switchyard -package-name switchyard \
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
  -use-ld=lld "${sources[@]}" -o "$binary"
cbor_binary=.build-fuzz/switchyard-fuzz-cbor
echo "== building $cbor_binary"
attest=Server/Sources/SwitchyardAttest
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name SwitchyardAttest \
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
  -use-ld=lld "$attest"/CBOR/*.swift "$attest/AuthenticatorData.swift" "$attest/AttestFailure.swift" Fuzz/CBOR/FuzzCBOR.swift \
  -o "$cbor_binary"
for target in "${targets[@]}"; do
  case $target in
    resolve) corpus=Fuzz/corpus/resolve ;;
    pattern) corpus=Fuzz/corpus/pattern ;;
    tablefile) corpus=Fuzz/corpus/table ;;
    cbor) corpus=Fuzz/corpus/cbor ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
  esac
  work=$(mktemp -d)
  cp -R "$corpus"/. "$work"/
  echo "== fuzzing $target for ${seconds}s"
  log=.build-fuzz/$target.log
  run_binary=$binary; [ "$target" = cbor ] && run_binary=$cbor_binary
  if ! FUZZ_TARGET=$target "$run_binary" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len=16384 -artifact_prefix=Fuzz/artifacts/"$target"- -print_final_stats=1 >"$log" 2>&1; then
    tail -60 "$log"
    echo "fuzz target $target FAILED: the input is in Fuzz/artifacts/" >&2
    exit 1
  fi
  runs=$(grep -Eo "stat::number_of_executed_units: [0-9]+" "$log" | awk '{print $2}')
  echo "$target: $runs executions in ${seconds}s, no crash, leak or timeout"
  rm -rf "$work"
done
echo "fuzzing passed: ${targets[*]}"
