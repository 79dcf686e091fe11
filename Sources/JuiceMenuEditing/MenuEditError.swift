import JuiceCore
import JuiceRecipes

/// Why a menu edit was not made; one case per failure. Nothing was written whenever one is thrown.
package enum MenuEditError: Error, Sendable, Hashable {
    /// No juice has this id.
    case unknownJuice(JuiceID)
    /// No fruit has this id.
    case unknownFruit(FruitID)
    /// A juice with this id exists already (in `file`).
    case juiceExists(JuiceID, file: String)
    /// A fruit with this id exists already (in `file`).
    case fruitExists(FruitID, file: String)
    /// The file named is not a recipe file inside the directory (a relative `*.yaml` or `*.yml` path, no `..`, no
    /// hidden parts, in a directory that exists).
    case invalidFile(String)
    /// The directory a new file would go into does not exist (directories are not created).
    case noSuchDirectory(String)
    /// A value the recipe format refuses whatever the files hold (`MenuChange.checkValues()`): the request field
    /// (`id`, `name.ko`, `aliases[2]`, `recipe`, `emoji`) and why.
    case invalidValue(field: String, problem: MenuValueProblem)
    /// The value to change is written in a way that cannot be changed in place (escapes, a folded or multi-line
    /// scalar, an anchor): it is left for a person to edit at `file:line`.
    case notEditableInPlace(field: String, file: String, line: Int)
    /// The store's capacity is one number for every fruit, in the file that defines this fruit; a capacity of its
    /// own needs the map form there.
    case capacityShared(FruitID, file: String, line: Int)
    /// The edited set would have these errors, as `juice lint` reports them: nothing was written.
    case refused([Diagnostic])
    /// `If-Match` named another version of the menu than the one on disk (`current`).
    case stale(current: String)
    /// A file changed on disk while the edit was being written; the set on disk is now `current`.
    case changedOnDisk(file: String, current: String)
    /// The recipe directory cannot be written.
    case notWritable(RecipeDirectoryAccess.Problem)
    /// Writing `file` failed for `reason` (the file is as it was).
    case writeFailed(file: String, reason: SystemReason)
    /// The recipes could not be read.
    case unreadable(RecipeSourceError)
    /// There is no menu edit to undo.
    case nothingToUndo
    /// The last edit's file has changed since (by hand or by another edit): undoing it would lose that change.
    case undoBlocked(file: String)

    /// A stable kebab-case name (the API's `error.code`; listed in docs/errors.md).
    package var kind: String {
        switch self {
        case .unknownJuice: return "unknown-juice"
        case .unknownFruit: return "unknown-fruit"
        case .juiceExists: return "juice-exists"
        case .fruitExists: return "fruit-exists"
        case .invalidFile: return "invalid-recipe-file"
        case .noSuchDirectory: return "no-such-recipe-directory"
        case .invalidValue: return "invalid-menu-value"
        case .notEditableInPlace: return "not-editable-in-place"
        case .capacityShared: return "capacity-shared"
        case .refused: return "menu-edit-refused"
        case .stale: return "menu-version-stale"
        case .changedOnDisk: return "menu-changed-on-disk"
        case .notWritable: return "recipes-not-writable"
        case .writeFailed: return "recipes-write-failed"
        case .unreadable: return "menu-unreadable"
        case .nothingToUndo: return "no-menu-edit"
        case .undoBlocked: return "menu-undo-blocked"
        }
    }

    /// What went wrong and what to do, in `language`, built from the error's values.
    package func message(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .unknownJuice(let id):
            return ko ? "'\(id.rawValue)' 주스가 메뉴에 없어요" : "there is no juice '\(id.rawValue)' on the menu"
        case .unknownFruit(let id):
            return ko ? "'\(id.rawValue)' 과일이 없어요" : "there is no fruit '\(id.rawValue)'"
        case .juiceExists(let id, let file):
            return ko ? "'\(id.rawValue)' 주스는 이미 \(file)에 있어요. 다른 id를 쓰세요" : "juice '\(id.rawValue)' exists already in \(file); choose another id"
        case .fruitExists(let id, let file):
            return ko ? "'\(id.rawValue)' 과일은 이미 \(file)에 있어요. 다른 id를 쓰세요" : "fruit '\(id.rawValue)' exists already in \(file); choose another id"
        case .invalidFile(let name):
            return ko
                ? "'\(name)'에는 쓸 수 없어요. 레시피 디렉터리 안의 상대 경로 *.yaml 파일을 주세요 (예: juices/seasonal.yaml)"
                : "'\(name)' cannot be written; give a relative *.yaml path inside the recipe directory (like juices/seasonal.yaml)"
        case .noSuchDirectory(let name):
            return ko
                ? "레시피 디렉터리에 '\(name)' 디렉터리가 없어요. 있는 디렉터리에 파일을 만드세요"
                : "the recipe directory has no directory '\(name)'; put the new file in one that exists"
        case .invalidValue(let field, .onlyDots(let id)):
            return ko
                ? "'\(field)'의 '\(id)'은(는) 점으로만 되어 있어서 주소(URL)로 가리킬 수 없어요. 글자나 숫자를 넣은 id를 쓰세요"
                : "'\(field)' is '\(id)', only dots, which a URL cannot name; use an id with a letter or a digit"
        case .invalidValue(let field, .tooLong(let length, let maximum)):
            return ko
                ? "'\(field)'이(가) \(length)자예요. \(maximum)자까지 쓸 수 있으니 줄여서 다시 보내 주세요"
                : "'\(field)' is \(length) characters long; it may have at most \(maximum): shorten it and send it again"
        case .notEditableInPlace(let field, let file, let line):
            return ko
                ? "\(file):\(line)의 '\(field)'는 이스케이프나 여러 줄로 써 있어 여기서 바꿀 수 없어요. 파일에서 직접 고치세요"
                : "'\(field)' at \(file):\(line) is written with escapes or over several lines; edit it in the file"
        case .capacityShared(let id, let file, let line):
            return ko
                ? "\(file):\(line)의 capacity는 모든 과일에 같은 숫자예요. '\(id.rawValue)'만 바꾸려면 그 파일에서 capacity를 과일별로 써 주세요"
                : "the capacity at \(file):\(line) is one number for every fruit; to give '\(id.rawValue)' its own, write capacity per fruit in that file"
        case .refused(let diagnostics):
            let count = diagnostics.count
            return ko
                ? "이렇게 바꾸면 레시피에 오류가 \(count)개 생겨서 아무것도 쓰지 않았어요"
                : "the change would give the recipes \(count) error\(count == 1 ? "" : "s"); nothing was written"
        case .stale(let current):
            return ko
                ? "그 사이에 메뉴가 바뀌었어요 (지금 버전 \(current.prefix(12))). 새 메뉴를 보고 다시 해 보세요"
                : "the menu changed meanwhile (now version \(current.prefix(12))); look at the new menu and try again"
        case .changedOnDisk(let file, let current):
            return ko
                ? "쓰는 동안 \(KoreanParticle.subject.after(file)) 바뀌어서 아무것도 쓰지 않았어요 (지금 버전 \(current.prefix(12))). 다시 해 보세요"
                : "\(file) changed on disk during the edit, so nothing was written (now version \(current.prefix(12))); try again"
        case .notWritable(let problem):
            return problem.message(in: language)
        case .writeFailed(let file, let reason):
            return ko
                ? "\(KoreanParticle.object.after(file)) 쓰지 못했어요: \(reason.text(in: language)). 파일은 그대로예요"
                : "\(file) could not be written: \(reason); the file is as it was"
        case .unreadable(let error):
            return error.description(in: language)
        case .nothingToUndo:
            return ko ? "되돌릴 메뉴 수정이 없어요" : "there is no menu edit to undo"
        case .undoBlocked(let file):
            return ko
                ? "그 수정 뒤에 \(KoreanParticle.subject.after(file)) 또 바뀌어서 되돌리지 않았어요"
                : "\(file) has changed since that edit, so it was not undone"
        }
    }
}
