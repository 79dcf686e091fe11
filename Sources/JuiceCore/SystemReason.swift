#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Why the operating system would not open or read a file: its error number (`errno`) in the system's own words
/// (English) or in Korean; or, where no number applies, a reason of ours in both languages.
public struct SystemReason: Hashable, Sendable, CustomStringConvertible {
    /// The error number, when the system gave one.
    public let code: Int32?
    private let english: String
    private let korean: String

    /// The reason the system gave as `code`.
    public init(code: Int32) {
        self.code = code
        english = String(cString: strerror(code))
        korean = Self.koreanText[code] ?? "시스템 오류 \(code) (\(english))"
    }

    /// A reason with no error number, in both languages.
    public init(english: String, korean: String) {
        code = nil
        self.english = english
        self.korean = korean
    }

    /// The reason in `language`.
    public func text(in language: Language) -> String {
        language == .korean ? korean : english
    }

    /// The reason in English.
    public var description: String { english }

    /// The error numbers a file read meets, in Korean.
    private static let koreanText: [Int32: String] = [
        ENOENT: "그런 파일이나 디렉터리가 없어요",
        EACCES: "읽을 권한이 없어요",
        EPERM: "허용되지 않은 작업이에요",
        EISDIR: "디렉터리예요",
        ENOTDIR: "경로 중간에 디렉터리가 아닌 것이 있어요",
        ELOOP: "심볼릭 링크가 너무 많이 이어져요",
        ENAMETOOLONG: "파일 이름이 너무 길어요",
        EMFILE: "열린 파일이 너무 많아요",
        ENFILE: "시스템에 열린 파일이 너무 많아요",
        EIO: "입출력 오류가 났어요",
        ENOSPC: "저장 공간이 없어요",
        EROFS: "읽기 전용 파일 시스템이에요",
        ENOMEM: "메모리가 모자라요",
        EFBIG: "파일이 너무 커요",
        ENODEV: "이런 종류의 파일은 읽을 수 없어요",
        ENXIO: "장치가 없어요",
        EAGAIN: "지금은 읽을 수 없어요. 잠시 후 다시 해 보세요",
    ]
}
