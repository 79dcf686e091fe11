import JuiceCore
import JuiceRecipeText

/// A fix a diagnostic suggests, as edits that make it go away.
package struct QuickFix: Hashable, Sendable {
    /// What it does, in the workspace's language (the lint suggestion's wording).
    package var title: String
    /// The edits, in any file of the set.
    package var edits: [TextEdit]
    /// Whether it is the fix to apply when the editor asks for the preferred one.
    package var isPreferred: Bool

    /// A fix titled `title` made of `edits`.
    package init(title: String, edits: [TextEdit], isPreferred: Bool = true) {
        self.title = title
        self.edits = edits
        self.isPreferred = isPreferred
    }
}

/// What a completion offers.
package enum CompletionKind: String, Hashable, Sendable {
    /// A fruit id.
    case fruit
    /// A juice id.
    case juice
    /// A key the format allows here.
    case key
    /// A supplier id.
    case supplier
    /// A day of the week.
    case day
}

/// One completion: the text inserted and what the editor shows beside it.
package struct CompletionCandidate: Hashable, Sendable {
    /// What is offered (also what is inserted unless `insertText` says otherwise).
    package var label: String
    /// What it is.
    package var kind: CompletionKind
    /// One line beside the label (names, emoji, live stock).
    package var detail: String
    /// Longer text, Markdown, where there is more to say.
    package var documentation: String?
    /// The text inserted, when it is not the label (a key with its colon).
    package var insertText: String?
    /// The bytes the completion replaces (the word typed so far).
    package var replacing: TextSpan

    /// A candidate.
    package init(
        label: String, kind: CompletionKind, detail: String, documentation: String? = nil, insertText: String? = nil,
        replacing: TextSpan
    ) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.insertText = insertText
        self.replacing = replacing
    }
}

/// What hovering over a fruit or juice id shows.
package struct HoverAnswer: Hashable, Sendable {
    /// The text, Markdown.
    package var markdown: String
    /// The id hovered.
    package var span: TextSpan

    /// An answer saying `markdown` about `span`.
    package init(markdown: String, span: TextSpan) {
        self.markdown = markdown
        self.span = span
    }
}

/// Why a rename cannot be done.
package enum RenameRefusal: Error, Hashable, Sendable {
    /// Nothing that can be renamed is at the position.
    case nothingToRename
    /// The new id is not a valid id.
    case invalidID(String)
    /// The new id would collide with another fruit's or juice's id or name under the name rule.
    case collides(String, with: String)
    /// The renamed set would have a problem it does not have now (said in the workspace's language).
    case wouldBreak(String, problem: String)

    /// What is wrong and what to do, in `language`.
    package func message(in language: Language) -> String {
        let korean = language == .korean
        switch self {
        case .nothingToRename:
            return korean ? "여기에는 이름을 바꿀 과일이나 주스 id가 없어요" : "there is no fruit or juice id here to rename"
        case .invalidID(let id):
            return korean
                ? "'\(id)'은(는) id로 쓸 수 없어요. 글자, 숫자, '-', '_', '.'로 쓰세요 (예: green-grape)"
                : "'\(id)' is not a valid id; use letters, digits, '-', '_' and '.' (like green-grape)"
        case .collides(let id, let other):
            return korean ? "'\(id)'은(는) '\(other)'과(와) 이름이 겹쳐요. 다른 id를 고르세요" : "'\(id)' collides with '\(other)'; choose another id"
        case .wouldBreak(let id, let problem):
            return korean ? "'\(id)'(으)로 바꾸면 문제가 생겨요: \(problem)" : "renaming to '\(id)' would cause a problem: \(problem)"
        }
    }
}
