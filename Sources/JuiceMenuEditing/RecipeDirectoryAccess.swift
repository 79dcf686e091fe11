#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import JuiceCore

/// Whether menu edits can be written to the recipe directory, and why not.
package enum RecipeDirectoryAccess: Sendable, Hashable {
    /// Edits can be written.
    case writable
    /// They cannot, for `problem`.
    case notWritable(Problem)

    /// Why the recipe directory cannot be written.
    package enum Problem: Sendable, Hashable {
        /// The built-in recipe set is served: there is no directory.
        case builtInSet
        /// The recipes are one file or not a directory (`--recipes FILE`): new files have nowhere to go.
        case notADirectory(String)
        /// The directory is on a file system mounted read-only (a read-only volume, a Kubernetes ConfigMap).
        case readOnlyMount(String)
        /// The server's user may not write in the directory.
        case permissionDenied(String)
        /// The directory cannot be looked at, for `reason`.
        case unreadable(String, reason: SystemReason)

        /// A stable name for programs (`GET /api/menu/editable`'s `notWritable.reason`).
        package var kind: String {
            switch self {
            case .builtInSet: return "built-in-set"
            case .notADirectory: return "not-a-directory"
            case .readOnlyMount: return "read-only-mount"
            case .permissionDenied: return "permission-denied"
            case .unreadable: return "directory-unreadable"
            }
        }

        /// What is wrong and what to do, in `language`.
        package func message(in language: Language) -> String {
            let ko = language == .korean
            switch self {
            case .builtInSet:
                return ko
                    ? "내장 레시피로 운영 중이라 고칠 파일이 없어요. --recipes로 레시피 디렉터리를 주고 다시 시작하세요"
                    : "the built-in recipes are served, so there is no file to edit; restart with --recipes DIR"
            case .notADirectory(let path):
                return ko
                    ? "\(KoreanParticle.topic.after(path)) 디렉터리가 아니에요. 메뉴 수정은 레시피 디렉터리(--recipes DIR)에서만 돼요"
                    : "\(path) is not a directory; menu edits need a recipe directory (--recipes DIR)"
            case .readOnlyMount(let path):
                return ko
                    ? "\(KoreanParticle.topic.after(path)) 읽기 전용으로 마운트돼 있어요 (읽기 전용 볼륨이나 ConfigMap). 원본을 고쳐서 배포하세요"
                    : "\(path) is on a read-only mount (a read-only volume or a ConfigMap); edit the source and deploy it"
            case .permissionDenied(let path):
                return ko
                    ? "서버 사용자에게 \(path)에 쓸 권한이 없어요"
                    : "the server's user may not write in \(path)"
            case .unreadable(let path, let reason):
                return ko ? "\(KoreanParticle.object.after(path)) 볼 수 없어요: \(reason.text(in: language))" : "\(path) cannot be looked at: \(reason)"
            }
        }
    }

    /// Whether this allows edits.
    package var isWritable: Bool { self == .writable }

    /// What the system says of `directory`: a read-only mount (`statvfs`), then the permission to create files in it
    /// (`access(W_OK|X_OK)`, which also answers for root on a read-only mount).
    package static func check(_ directory: String?) -> RecipeDirectoryAccess {
        guard let directory else { return .notWritable(.builtInSet) }
        var info = stat()
        guard stat(directory, &info) == 0 else {
            return .notWritable(.unreadable(directory, reason: SystemReason(code: errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .notWritable(.notADirectory(directory)) }
        var volume = statvfs()
        if statvfs(directory, &volume) == 0, volume.f_flag & UInt(ST_RDONLY) != 0 {
            return .notWritable(.readOnlyMount(directory))
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            return errno == EROFS ? .notWritable(.readOnlyMount(directory)) : .notWritable(.permissionDenied(directory))
        }
        return .writable
    }
}
