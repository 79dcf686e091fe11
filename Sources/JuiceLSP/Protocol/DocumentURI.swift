/// `file://` URIs and the absolute paths the recipe set names files by, percent-encoded in UTF-8 (Hangul in paths).
package enum DocumentURI {
    /// The absolute path a `file://` URI names (percent-decoded, `.` and `..` resolved; `file:/path` accepted too), or
    /// nil for another scheme, a remote host or a relative path.
    package static func path(of uri: String) -> String? {
        let bytes = Array(uri.utf8)
        let scheme = Array("file:".utf8)
        guard bytes.count > scheme.count else { return nil }
        for (index, byte) in scheme.enumerated() {
            guard (bytes[index] >= 0x41 && bytes[index] <= 0x5A ? bytes[index] + 0x20 : bytes[index]) == byte else { return nil }
        }
        var rest = bytes[scheme.count...]
        if rest.starts(with: Array("//".utf8)) {
            // The authority: empty or localhost.
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let authority = String(decoding: rest[rest.startIndex..<slash], as: UTF8.self).lowercased()
            guard authority.isEmpty || authority == "localhost" else { return nil }
            rest = rest[slash...]
        }
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<end] }
        guard rest.first == UInt8(ascii: "/") else { return nil }
        return normalized(String(decoding: percentDecoded(rest), as: UTF8.self))
    }

    /// The `file://` URI of the absolute `path`: every byte but unreserved characters and `/` percent-encoded.
    package static func uri(ofPath path: String) -> String {
        var out = "file://"
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        out += String(decoding: bytes, as: UTF8.self)
        return out
    }

    /// `path` with `.`, `..`, repeated and trailing slashes resolved (lexically; symbolic links are left alone).
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The bytes with `%XX` sequences decoded (a `%` not followed by two hex digits stays as it is).
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
