import JuiceCore
import Testing

/// The SHA-256 behind menu versions, staff tokens and menu-edit digests, against FIPS 180-4's vectors and Python's
/// hashlib at block boundaries.
@Suite struct ContentHashTests {
    private func digest(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    @Test func standardVectors() {
        #expect(digest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(digest([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding and block boundaries (bytes i % 251), digests from Python's hashlib.
    @Test(arguments: [
        (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
        (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
        (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
        (128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
    ])
    func blockBoundaries(length: Int, expected: String) {
        let bytes = (0..<length).map { UInt8($0 % 251) }
        #expect(digest(bytes) == expected)
        // Fed in uneven pieces, the digest is the same.
        var pieces = SHA256()
        var start = 0
        for size in [1, 7, 64, 3, 100] where start < length {
            let end = min(length, start + size)
            pieces.update(Array(bytes[start..<end]))
            start = end
        }
        pieces.update(Array(bytes[start...]))
        #expect(pieces.hexDigest() == expected)
    }
}
