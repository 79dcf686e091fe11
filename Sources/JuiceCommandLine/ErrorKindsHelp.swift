import JuiceCore

/// `juice help errors`: the kinds of error the command line gives (`error.kind` with `--json`), by exit status, in the
/// help's language. docs/errors.md has the whole table, with the API's own kinds and HTTP statuses; a test checks that
/// the two agree.
package enum ErrorKindsHelp {
    /// The kinds with each exit status, in the order shown.
    package static let kinds: [(status: Int32, kinds: [String])] = [
        (
            2,
            [
                "usage", "unknown-juice", "unknown-fruit", "invalid-count", "negative-amount", "too-large", "duplicate-fruit",
                "fruit-in-recipes", "fruit-not-in-recipes", "state-directory-missing", "recipes-unreadable", "staff-token-required",
                "staff-token-unreadable", "staff-token-empty", "staff-token-weak", "backup-exists", "backup-invalid-destination",
                "backup-postgres", "state-invalid-location", "state-postgres-not-built-in", "state-unreachable", "invalid-quantity",
                "invalid-date", "expires-before-delivery", "unknown-count-session", "unknown-purchase-order", "empty-purchase-order",
                "unknown-supplier", "arrives-before-order-by",
            ]
        ),
        (
            1,
            [
                "insufficient-stock", "below-zero", "above-capacity", "nothing-to-undo", "undo-refused", "count-session-applied",
                "purchase-order-received", "large-variance", "recipes-invalid",
                "backup-write-failed", "state-cannot-open", "state-not-a-database", "state-read-only", "state-disk-full",
                "state-io-error", "state-busy", "state-newer-schema", "state-inconsistent", "state-failed",
                "state-authentication-failed", "state-no-such-database", "state-permission-denied", "state-connection-lost",
                "state-conflict",
            ]
        ),
        (3, ["state-outcome-unknown"]),
    ]

    /// Whether `arguments` ask for this topic: `juice help errors`, with any `--lang` anywhere.
    package static func isRequested(by arguments: [String]) -> Bool {
        HelpRequest.withoutLanguage(arguments) == ["help", "errors"]
    }

    /// The topic in `language`, wrapped to `width` display columns.
    package static func text(in language: Language, width: Int) -> String {
        let ko = language == .korean
        var lines = [
            ko
                ? "오류 종류: 실패하면 --json 출력의 error.kind에 나와요 (API의 error.code도 같은 이름이에요). 메시지는 언어를 따르지만 종류는 번역하지 않아요. 표 전체와 API만의 종류는 docs/errors.md에 있어요."
                : "Error kinds: a failure's error.kind with --json (the API's error.code uses the same names). Messages follow the language; kinds are never translated. docs/errors.md has the whole table, with the API's own kinds.",
            "",
        ]
        for (status, kinds) in kinds {
            lines.append(heading(status, ko: ko))
            lines.append("  " + kinds.joined(separator: ", "))
            lines.append("")
        }
        lines.append(ko ? "사용법: juice help errors [--lang ko|en]" : "Usage: juice help errors [--lang ko|en]")
        return lines.map { KoreanHelp.wrap($0, width: max(width, 40)) }.joined(separator: "\n") + "\n"
    }

    /// The line above the kinds with exit status `status`.
    static func heading(_ status: Int32, ko: Bool) -> String {
        switch (status, ko) {
        case (2, true): return "종료 코드 2 (입력한 그대로는 절대 안 되는 요청):"
        case (2, false): return "Exit 2 (the request can never work as typed):"
        case (1, true): return "종료 코드 1 (문제를 찾았거나 재고나 상태 때문에 거절됨):"
        case (1, false): return "Exit 1 (problems found, or refused by the stock or the state):"
        case (_, true): return "종료 코드 \(status) (변경의 결과를 알 수 없음: 확정하는 중에 PostgreSQL 연결이 끊겼어요):"
        case (_, false): return "Exit \(status) (a change's outcome is unknown: the connection to PostgreSQL was lost while it was committed):"
        }
    }
}
