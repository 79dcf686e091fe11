import Foundation
import JuiceCore

/// The staff token, kept only as its SHA-256 digest and checked in constant time.
package struct StaffCredential: Sendable {
    private let digest: [UInt8]

    /// A credential for `token` (the token itself is not kept).
    package init(token: String) {
        digest = Self.digest(of: token)
    }

    /// The token's SHA-256 digest (as hex bytes).
    private static func digest(of token: String) -> [UInt8] {
        var hash = SHA256()
        hash.update(Array(token.utf8))
        return Array(hash.hexDigest().utf8)
    }

    /// Whether `token` is the staff token; takes the same time wherever the two differ.
    package func accepts(_ token: String) -> Bool {
        let presented = Self.digest(of: token)
        var difference: UInt8 = 0
        for (a, b) in zip(digest, presented) { difference |= a ^ b }
        return difference == 0
    }

    /// The token in an `Authorization: Bearer <token>` header value, if it is one.
    static func bearerToken(in header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
