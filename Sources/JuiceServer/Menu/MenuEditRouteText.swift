import JuiceCore

/// What the menu editor's routes themselves say, in both languages.
enum MenuEditRouteText {
    /// An edit was made.
    case changed
    /// The edit changed nothing.
    case nothingChanged
    /// An edit was undone.
    case undone

    /// The words in `language`.
    func text(in language: Language) -> String {
        switch self {
        case .changed: return language == .korean ? "메뉴를 바꿨어요" : "The menu was changed."
        case .nothingChanged: return language == .korean ? "바뀐 것이 없어요" : "Nothing changed."
        case .undone: return language == .korean ? "메뉴 수정을 되돌렸어요" : "The menu edit was undone."
        }
    }
}
