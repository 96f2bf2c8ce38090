// libFuzzer target: arbitrary bytes as an App Attest object. Built by Fuzz/run.sh with the CBOR
// reader, the authenticator data parser and Apple's extension map of Server/Sources/SwitchyardAttest
// (against the SDK module, for CodedError: see Fuzz/run.sh); any crash, leak or timeout fails. A read must be
// deterministic, and an item's byte and text strings can never be longer than the input. The bytes
// are also read as authenticator data (with and without an attested credential), and so are an
// attestation object's authData and an assertion's authenticatorData, with any extension map after
// them (the corpus has seeds with Apple's validation category and bundle version).

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
    checkAuthenticatorData(bytes, withCredential: false)
    checkAuthenticatorData(bytes, withCredential: true)
    if case .map = first {
        if case .bytes(let authData)? = first?["authData"] { checkAuthenticatorData(authData, withCredential: true) }
        if case .bytes(let authData)? = first?["authenticatorData"] { checkAuthenticatorData(authData, withCredential: false) }
    }
    return 0
}

/// Reads `bytes` as authenticator data; what it accepts must hold what it promises.
private func checkAuthenticatorData(_ bytes: [UInt8], withCredential: Bool) {
    let first: AuthenticatorData?
    do {
        first = try AuthenticatorData(bytes, withCredential: withCredential)
    } catch {
        precondition(error.step == .format, "authenticator data is refused at the format step only")
        first = nil
    }
    precondition(first == (try? AuthenticatorData(bytes, withCredential: withCredential)), "reading is deterministic")
    guard let data = first else { return }
    precondition(data.rpIDHash.count == 32)
    precondition(withCredential == (data.credential != nil), "a credential exactly where one is expected")
    if let credential = data.credential { precondition(credential.aaguid.count == 16 && credential.credentialID.count <= bytes.count) }
    if let extensions = data.extensions {
        precondition(bytes.count > 37, "extensions follow the fixed bytes")
        if let version = extensions.bundleVersion {
            precondition(!version.isEmpty && version.utf8.count <= AppleExtensions.maximumBundleVersionBytes)
        }
        if let category = extensions.validationCategory {
            precondition(ValidationCategory(name: category.description) == category, "a category's name reads back")
        }
    } else {
        precondition(data.flags & AuthenticatorData.extensionDataFlag == 0, "the extension-data flag with no extensions")
    }
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
