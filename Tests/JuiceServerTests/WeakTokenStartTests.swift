import Foundation
import JuiceTestSupport
import Testing

/// `juice serve` refuses a staff token under 128 bits at start, in the common error style, and says how to make one.
@Suite struct WeakTokenStartTests {
    @Test func aSixCharacterTokenIsRefusedAtStartWithExit2InKoreanEnglishAndJSON() async throws {
        let arguments = ["serve", "--port", "0", "--state", "state.sqlite"]
        let directory = try JuiceBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["JUICE_STAFF_TOKEN": "s3cret"]
        let korean = try await JuiceBinary.run(arguments + ["--lang", "ko"], in: directory, environment: environment, timeout: 60)
        #expect(korean.status == 2)
        #expect(korean.stderr.hasPrefix("juice: 오류: JUICE_STAFF_TOKEN의 직원 토큰이 너무 약해요 (6자)"), "\(korean.stderr)")
        #expect(korean.stderr.contains("openssl rand -hex 16"))
        let english = try await JuiceBinary.run(arguments + ["--lang", "en", "--json"], in: directory, environment: environment, timeout: 60)
        #expect(english.status == 2)
        #expect(
            english.stderr
                == "juice: error: the staff token from JUICE_STAFF_TOKEN is too weak (6 characters; at least 32 random ones, 128 bits, are needed). Make one with: openssl rand -hex 16\n"
        )
        let object = try JSONSerialization.jsonObject(with: Data(english.stdout.utf8)) as? [String: Any]
        #expect((object?["error"] as? [String: Any])?["kind"] as? String == "staff-token-weak")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.sqlite").path), "nothing was created")

        // The same rule for the token file.
        let file = directory.appendingPathComponent("token")
        try "short-token\n".write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try await JuiceBinary.run(arguments + ["--lang", "en", "--staff-token-file", file.path], in: directory, timeout: 60)
        #expect(fromFile.status == 2)
        #expect(fromFile.stderr.contains("the staff token from \(file.path) is too weak (11 characters"), "\(fromFile.stderr)")
    }
}
