public import X509
import SwiftASN1
import Crypto

/// Apple's App Attestation Root CA, pinned in source
/// (https://www.apple.com/certificateauthority/Apple_App_Attestation_Root_CA.pem): every
/// attestation's chain must end here.
public enum AppAttestRoot {
    /// The root's SHA-256 fingerprint, checked whenever the pinned certificate is read.
    public static let sha256Fingerprint =
        "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932"

    static let pem = """
        -----BEGIN CERTIFICATE-----
        MIICITCCAaegAwIBAgIQC/O+DvHN0uD7jG5yH2IXmDAKBggqhkjOPQQDAzBSMSYw
        JAYDVQQDDB1BcHBsZSBBcHAgQXR0ZXN0YXRpb24gUm9vdCBDQTETMBEGA1UECgwK
        QXBwbGUgSW5jLjETMBEGA1UECAwKQ2FsaWZvcm5pYTAeFw0yMDAzMTgxODMyNTNa
        Fw00NTAzMTUwMDAwMDBaMFIxJjAkBgNVBAMMHUFwcGxlIEFwcCBBdHRlc3RhdGlv
        biBSb290IENBMRMwEQYDVQQKDApBcHBsZSBJbmMuMRMwEQYDVQQIDApDYWxpZm9y
        bmlhMHYwEAYHKoZIzj0CAQYFK4EEACIDYgAERTHhmLW07ATaFQIEVwTtT4dyctdh
        NbJhFs/Ii2FdCgAHGbpphY3+d8qjuDngIN3WVhQUBHAoMeQ/cLiP1sOUtgjqK9au
        Yen1mMEvRq9Sk3Jm5X8U62H+xTD3FE9TgS41o0IwQDAPBgNVHRMBAf8EBTADAQH/
        MB0GA1UdDgQWBBSskRBTM72+aEH/pwyp5frq5eWKoTAOBgNVHQ8BAf8EBAMCAQYw
        CgYIKoZIzj0EAwMDaAAwZQIwQgFGnByvsiVbpTKwSga0kP0e8EeDS4+sQmTvb7vn
        53O5+FRXgeLhpJ06ysC5PrOyAjEAp5U4xDgEgllF7En3VcE3iexZZtKeYnpqtijV
        oyFraWVIyd/dganmrduC1bmTBGwD
        -----END CERTIFICATE-----
        """

    /// The pinned root, read once; reading fails (a programming error) if the PEM above no longer
    /// has the fingerprint ``sha256Fingerprint``.
    public static let certificate: Certificate = {
        let document: PEMDocument
        do { document = try PEMDocument(pemString: pem) } catch { fatalError("the pinned root is not PEM: \(error)") }
        let fingerprint = SHA256.hash(data: document.derBytes).map { hex($0) }.joined()
        precondition(fingerprint == sha256Fingerprint, "the pinned App Attestation root's fingerprint changed")
        do { return try Certificate(derEncoded: document.derBytes) } catch { fatalError("the pinned root: \(error)") }
    }()

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }
}
