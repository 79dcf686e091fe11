import JuiceCore

/// What happened to an order: made, or refused for want of fruit.
package enum SaleResult: String, Sendable, Hashable, CaseIterable, Codable {
    /// The order was made.
    case served
    /// The order was refused: some fruit was short (demand that was not sold).
    case refused
}

/// One order in a sales history: when, which juice (as written: an id, name or alias), how many, and its result.
package struct SaleRecord: Sendable, Hashable {
    /// When it was ordered.
    package var time: SaleTime
    /// The juice as the history names it.
    package var juice: String
    /// How many.
    package var count: Int
    /// Served or refused.
    package var result: SaleResult
    /// The 1-based line of the history it was read from (0 when it was not read from a file).
    package var line: Int

    /// A record.
    package init(time: SaleTime, juice: String, count: Int, result: SaleResult = .served, line: Int = 0) {
        self.time = time
        self.juice = juice
        self.count = count
        self.result = result
        self.line = line
    }
}

/// What is wrong at one place of a sales history, one case per problem, in Korean or English.
package enum HistoryProblem: Hashable, Sendable {
    /// A CSV history whose first line is not the header.
    case missingHeader(found: String)
    /// A header column that is not one of time, juice, count, result.
    case unknownColumn(String, suggestion: String?)
    /// A header without a required column.
    case missingColumn(String)
    /// A column named twice in the header.
    case duplicateColumn(String)
    /// A row with another number of fields than the header has.
    case wrongFieldCount(expected: Int, found: Int)
    /// A time that is not an ISO 8601 date and time.
    case badTime(String)
    /// A count that is not a whole number from 1 to the limit.
    case badCount(String, limit: Int)
    /// A result other than served or refused.
    case badResult(String)
    /// A quoted CSV field without its closing quote.
    case unclosedQuote
    /// A JSON Lines line that is not a flat JSON object.
    case notAJSONObject
    /// A JSON Lines record without a required key.
    case missingKey(String)
    /// A JSON Lines key that is not one of time, juice, count, result.
    case unknownKey(String, suggestion: String?)
    /// A key given twice in one record.
    case duplicateKey(String)
    /// An empty juice.
    case emptyJuice
    /// A juice the recipes do not know, with the closest one.
    case unknownJuice(String, suggestion: String?)

    /// The explanation with what to do, in `language`.
    package func text(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .missingHeader(let found):
            return ko
                ? "첫 줄은 머리글 'time,juice,count[,result]'이어야 해요. '\(found)'이(가) 있어요"
                : "the first line must be the header 'time,juice,count[,result]', not '\(found)'"
        case .unknownColumn(let name, let suggestion):
            let hint =
                suggestion.map { ko ? "; '\($0)'을(를) 뜻했나요?" : "; did you mean '\($0)'?" }
                ?? (ko ? "; 열은 time, juice, count, result예요" : "; the columns are time, juice, count and result")
            return (ko ? "알 수 없는 열 '\(name)'" : "unknown column '\(name)'") + hint
        case .missingColumn(let name):
            return ko ? "머리글에 '\(name)' 열이 없어요. 'time,juice,count'처럼 쓰세요" : "the header has no '\(name)' column; write it like 'time,juice,count'"
        case .duplicateColumn(let name):
            return ko ? "'\(name)' 열이 두 번 있어요. 하나를 지우세요" : "column '\(name)' appears twice; remove one"
        case .wrongFieldCount(let expected, let found):
            return ko
                ? "칸이 \(expected)개여야 하는데 \(found)개예요. 쉼표가 든 값은 따옴표로 감싸세요"
                : "expected \(expected) fields, found \(found); quote a value that holds a comma"
        case .badTime(let text):
            return ko
                ? "시간 '\(text)'을(를) 읽을 수 없어요. 2026-11-20T09:15:00처럼 ISO 8601 날짜와 시간으로 쓰세요"
                : "cannot read the time '\(text)'; write an ISO 8601 date and time like 2026-11-20T09:15:00"
        case .badCount(let text, let limit):
            return ko ? "개수는 1부터 \(limit)까지의 정수여야 해요. '\(text)'이(가) 있어요" : "the count must be a whole number from 1 to \(limit), not '\(text)'"
        case .badResult(let text):
            return ko ? "result는 served나 refused여야 해요. '\(text)'이(가) 있어요" : "the result must be served or refused, not '\(text)'"
        case .unclosedQuote:
            return ko ? "따옴표로 시작한 칸이 줄 안에서 닫히지 않아요. '\"'로 닫으세요" : "the quoted field has no closing quote on its line; end it with '\"'"
        case .notAJSONObject:
            return ko
                ? "{\"time\": \"2026-11-20T09:15:00\", \"juice\": \"banana-juice\", \"count\": 2} 같은 JSON 객체여야 해요"
                : "expected a JSON object like {\"time\": \"2026-11-20T09:15:00\", \"juice\": \"banana-juice\", \"count\": 2}"
        case .missingKey(let key):
            return ko ? "'\(key)' 키가 없어요" : "the record has no '\(key)'"
        case .unknownKey(let key, let suggestion):
            let hint =
                suggestion.map { ko ? "; '\($0)'을(를) 뜻했나요?" : "; did you mean '\($0)'?" }
                ?? (ko ? "; 키는 time, juice, count, result예요" : "; the keys are time, juice, count and result")
            return (ko ? "알 수 없는 키 '\(key)'" : "unknown key '\(key)'") + hint
        case .duplicateKey(let key):
            return ko ? "'\(key)' 키가 두 번 있어요. 하나를 지우세요" : "key '\(key)' appears twice; remove one"
        case .emptyJuice:
            return ko ? "쥬스 이름이 비어 있어요" : "the juice is empty"
        case .unknownJuice(let name, let suggestion):
            let hint =
                suggestion.map { ko ? "; '\($0)'을(를) 뜻했나요?" : "; did you mean '\($0)'?" }
                ?? (ko ? "; 'juice menu'가 쥬스를 보여 줘요" : "; 'juice menu' lists the juices")
            return (ko ? "메뉴에 없는 쥬스 '\(name)'" : "no juice '\(name)' on the menu") + hint
        }
    }
}

/// A problem at a place in a history file.
package struct HistoryError: Error, Hashable, Sendable {
    /// The file.
    package var file: String
    /// The 1-based line.
    package var line: Int
    /// The 1-based column (in Unicode scalars).
    package var column: Int
    /// What is wrong.
    package var problem: HistoryProblem

    /// `file:line:column: problem`, in `language`.
    package func description(in language: Language) -> String {
        "\(file):\(line):\(column): \(problem.text(in: language))"
    }
}
