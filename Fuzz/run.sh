#!/usr/bin/env bash
# Builds the libFuzzer binaries, then runs each target for a bounded time from its committed seed
# corpus.
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; targets: resolve pattern tablefile cbor)
# `.ci/run` runs every target for 15 s from its corpus, so that a target that stops building or
# crashes on its seeds fails CI; `scripts/ci-long` runs each for five minutes.
# Exits non-zero when a build fails, and on any crash, leak or timeout; the failing input lands in
# Fuzz/artifacts/. FUZZ_REUSE_BUILD=1 runs the binaries already in .build-fuzz without compiling
# (`.ci/run` sets it for scripts/ci-long, after its own run built them from the same tree).
#
# Three compiles, all with the fuzzer's and AddressSanitizer's instrumentation:
# 1. The SDK (Sources/Switchyard) as the module `Switchyard`, a static library and its
#    .swiftmodule, the way SwiftPM builds it for the service: the harnesses and the service's
#    sources import it as they import it there. `-enable-testing` lets the harnesses reach the
#    SDK's internal API (`@testable import`); `-package-name` its package declarations.
# 2. switchyard-fuzz: Fuzz/Targets (module SwitchyardFuzz) against it; one binary for the
#    resolver, pattern and table-file targets, FUZZ_TARGET picks one.
# 3. switchyard-fuzz-cbor: the service's App Attest CBOR reader, authenticator data and Apple's
#    extension map (Server/Sources/SwitchyardAttest) with Fuzz/CBOR, as the module
#    SwitchyardAttest, against the same SDK module. The attest sources import the SDK (CodedError,
#    ErrorCode) and are compiled as they are, with no copy or stand-in to drift from them. The
#    files taken are those of SwitchyardAttest that import nothing but the SDK and the toolchain's
#    own modules (Foundation, Synchronization...): the certificate-chain and signature code, which
#    needs swift-certificates and swift-crypto, stays out, and a new dependency-free file
#    (AppleExtensions.swift, say) comes in without an edit here. A taken file that starts using
#    one left out, or importing a package, fails this build and CI with it: move what needs the
#    package into a file of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(resolve pattern tablefile cbor)
build=.build-fuzz
mkdir -p "$build/modules" Fuzz/artifacts
export SWIFT_BACKTRACE=enable=no
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name switchyard
       -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault)

binary=$build/switchyard-fuzz
cbor_binary=$build/switchyard-fuzz-cbor
if [ "${FUZZ_REUSE_BUILD:-0}" = 1 ] && [ -x "$binary" ] && [ -x "$cbor_binary" ]; then
  echo "== reusing $binary and $cbor_binary (FUZZ_REUSE_BUILD=1)"
else
  rm -f "$binary" "$cbor_binary" # a failed build leaves no binary of an older tree
  echo "== building the SDK module ($build/libSwitchyard.a)"
  mapfile -t sdk < <(find Sources/Switchyard -name '*.swift' | sort)
  swiftc "${flags[@]}" -module-name Switchyard -wmo -enable-testing -emit-library -static \
    -emit-module -emit-module-path "$build/modules/Switchyard.swiftmodule" "${sdk[@]}" -o "$build/libSwitchyard.a"
  link=(-I "$build/modules" "$build/libSwitchyard.a" -use-ld=lld)

  echo "== building $binary"
  swiftc "${flags[@]}" -module-name SwitchyardFuzz Fuzz/Targets/*.swift "${link[@]}" -o "$binary"

  echo "== building $cbor_binary"
  attest=()
  while IFS= read -r file; do
    # The modules of its import declarations (`import X`, `public import X`, `@_spi(Y) import X`,
    # `import struct X.Y`): one that is neither the SDK nor the toolchain's leaves the file out.
    others=$(grep -E '^[^/"]*\bimport\b' "$file" |
      sed -E 's/.*\bimport\s+((struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_0-9]+).*/\3/' |
      grep -vxE 'Switchyard|Foundation|FoundationEssentials|Dispatch|Synchronization|Glibc|Musl' || true)
    [ -n "$others" ] || attest+=("$file")
  done < <(find Server/Sources/SwitchyardAttest -name '*.swift' | sort)
  echo "   SwitchyardAttest files: ${attest[*]#Server/Sources/SwitchyardAttest/}"
  swiftc "${flags[@]}" -module-name SwitchyardAttest "${attest[@]}" Fuzz/CBOR/FuzzCBOR.swift "${link[@]}" -o "$cbor_binary"
fi

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
  log=$build/$target.log
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
