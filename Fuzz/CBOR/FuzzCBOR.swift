// libFuzzer target: arbitrary bytes as an App Attest object. Built by Fuzz/run.sh with the CBOR
// reader and the authenticator data parser of Server/Sources/SwitchyardAttest (no dependencies);
// any crash, leak or timeout fails. A read must be deterministic, and an item's byte and text
// strings can never be longer than the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let first = try? CBORReader.read(bytes)
    let second = try? CBORReader.read(bytes)
    precondition(first == second, "reading is deterministic")
    if let first { precondition(largestString(first) <= size, "a string longer than the input") }
    do {
        _ = try CBORReader.read(bytes)
    } catch {
        precondition(error.offset >= 0 && error.offset <= size, "an error's offset is inside the input")
    }
    _ = try? AuthenticatorData(bytes, withCredential: false)
    if let data = try? AuthenticatorData(bytes, withCredential: true) {
        precondition(data.rpIDHash.count == 32)
        if let credential = data.credential { precondition(credential.aaguid.count == 16 && credential.credentialID.count <= size) }
    }
    if case .map = first, case .bytes(let authData)? = first?["authData"] { _ = try? AuthenticatorData(authData, withCredential: true) }
    return 0
}

private func largestString(_ value: CBORValue) -> Int {
    switch value {
    case .bytes(let bytes): bytes.count
    case .text(let text): text.utf8.count
    case .array(let items): items.map(largestString).max() ?? 0
    case .map(let pairs): pairs.map { max(largestString($0.key), largestString($0.value)) }.max() ?? 0
    default: 0
    }
}
