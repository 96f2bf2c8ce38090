// The one libFuzzer entry point; FUZZ_TARGET (resolve, pattern, tablefile) picks the target, so a
// single build serves all three.
import Foundation
@testable import Switchyard

nonisolated(unsafe) private var selectedTarget: (UnsafePointer<UInt8>, Int) -> CInt = fuzzResolve

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    switch ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "resolve" {
    case "pattern": selectedTarget = fuzzPattern
    case "tablefile": selectedTarget = fuzzTableFile
    default:
        // Build the table before the first input, so its one-time allocations are not taken for a leak.
        _ = fuzzTable.routes.count
        selectedTarget = fuzzResolve
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selectedTarget(data, size)
}
