import NIOCore

/// Whom a limit counts a request against: the peer's IPv4 address, or the /64 network of an IPv6 address (one host
/// usually holds a whole /64, so counting single IPv6 addresses would let it take as many slots as it likes). An
/// IPv4 address mapped into IPv6 counts as the IPv4 address. Behind a reverse proxy every client is the proxy: the
/// server trusts no `X-Forwarded-For` (docs/deployment.md).
struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address as limits key it and logs show it (`192.0.2.7`, `2001:db8:1:2::/64`).
    let description: String

    /// The client behind `address` (nil, or a Unix socket: one shared `local` client).
    init(_ address: SocketAddress?) {
        switch address {
        case .v4(let v4)?:
            description = Self.dotted(withUnsafeBytes(of: v4.address.sin_addr.s_addr) { Array($0) })
        case .v6(let v6)?:
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                description = Self.dotted(Array(bytes.suffix(4)))
            } else {
                let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                description = groups.joined(separator: ":") + "::/64"
            }
        case .unixDomainSocket?, nil:
            description = "local"
        }
    }

    /// A client named by `text` (tests).
    init(named text: String) {
        description = text
    }

    private static func dotted(_ bytes: [UInt8]) -> String {
        bytes.map(String.init).joined(separator: ".")
    }
}
