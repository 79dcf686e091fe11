#if canImport(Glibc)
import Glibc
#endif
import JuiceCore
import Testing

/// The operating system's reasons, in either language.
@Suite struct SystemReasonTests {
    @Test func knownNumbersInBothLanguages() {
        #expect(SystemReason(code: ENOENT).text(in: .english) == "No such file or directory")
        #expect(SystemReason(code: ENOENT).text(in: .korean) == "그런 파일이나 디렉터리가 없어요")
        #expect(SystemReason(code: EACCES).text(in: .korean) == "읽을 권한이 없어요")
        #expect(SystemReason(code: EACCES).description == "Permission denied")
        #expect(SystemReason(code: EISDIR).code == EISDIR)
    }

    @Test func anUnlistedNumberKeepsTheSystemsWordsAndNumber() {
        let reason = SystemReason(code: EXDEV)
        #expect(reason.text(in: .korean) == "시스템 오류 \(EXDEV) (Invalid cross-device link)")
    }

    @Test func aReasonOfOursHasNoNumber() {
        let reason = SystemReason(english: "is a directory", korean: "디렉터리예요")
        #expect(reason.code == nil)
        #expect(reason.text(in: .english) == "is a directory")
        #expect(reason.text(in: .korean) == "디렉터리예요")
    }
}
