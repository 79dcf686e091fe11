import JuiceCore
import JuiceYAML

/// The one place a YAML layer problem is worded in a language: English is the YAML layer's own (`message`,
/// `suggestion`), Korean is written here from the typed parts (libyaml's problem and context, the hint, what was
/// found). Lint diagnostics and order-file errors both word YAML problems through these.
extension YAMLError {
    /// The problem in `language`.
    public func message(in language: Language) -> String {
        language == .english ? message : koreanMessage
    }

    /// How to fix the problem in `language`, where there is a general answer.
    public func suggestion(in language: Language) -> String? {
        language == .english ? suggestion : koreanSuggestion
    }

    /// The problem and how to fix it in one sentence (as an order-file error says it).
    public func explanation(in language: Language) -> String {
        switch language {
        case .english:
            return message + (suggestion.map { "; \($0)" } ?? "")
        case .korean:
            // libyaml's words stand behind a plain hint where its cause is clear.
            if case .syntax(let error, _) = self, let hint = error.hint { return "YAML 문법 오류: \(hint.korean)" }
            let message = koreanMessage
            guard let suggestion = koreanSuggestion else { return message }
            return message + (message.hasSuffix("?") ? " " : ". ") + suggestion
        }
    }

    private var koreanMessage: String {
        switch self {
        case .syntax(let error, _):
            return error.korean
        case .tabIndentation:
            return "들여쓰기에 탭 문자가 있어요. YAML은 공백만 써요"
        case .invalidUTF8(let at):
            return "\(at.byteOffset ?? 0)번째 바이트가 UTF-8이 아니에요"
        case .nulByte(let at):
            return "\(at.byteOffset ?? 0)번째 바이트가 NUL이에요"
        case .controlCharacter(let value, _):
            let hex = String(value, radix: 16, uppercase: true)
            return "YAML에 쓸 수 없는 제어 문자가 있어요: U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)"
        case .unsupportedEncoding(let name, _):
            return "파일의 인코딩이 \(name)이에요"
        case .byteOrderMarkInside:
            return "파일 중간에 바이트 순서 표시(U+FEFF)가 있어요. 파일 두 개를 이어 붙였나요?"
        case .emptyFile:
            return "파일이 비었거나 주석만 있어요"
        case .multipleDocuments:
            return "파일에 YAML 문서가 둘 이상 있어요. 문서마다 파일을 따로 쓰세요"
        case .alias(let name, _):
            return "별칭 '*\(name)'은(는) 쓸 수 없어요. 값을 그대로 다 쓰세요"
        case .anchor(let name, _):
            return "앵커 '&\(name)'은(는) 쓸 수 없어요 (별칭을 받지 않아요). 지우세요"
        case .mergeKey:
            return "병합 키 '<<'는 쓸 수 없어요. 항목을 그대로 다 쓰세요"
        case .duplicateKey(let key, _, _):
            return "키 '\(key)'이(가) 두 번 있어요"
        case .nonStringKey(let found, _):
            return "매핑의 키는 문자열이어야 해요 (지금: \(found.text(in: .korean)))"
        case .unsupportedTag(let tag, _):
            return "태그 '\(tag)'은(는) 쓸 수 없어요. 평범한 YAML 값만 읽어요"
        case .tooDeep(let limit, _):
            return "중첩이 \(limit)단계보다 깊어요"
        case .fileTooLarge(let bytes, let limit, _):
            return "파일이 \(bytes)바이트예요. 한도는 \(limit)바이트예요"
        case .tooManyNodes(let limit, _):
            return "파일 하나에 YAML 노드가 \(limit)개보다 많아요"
        case .scalarTooLong(let bytes, let limit, _):
            return "값 하나가 \(bytes)바이트예요. 한도는 \(limit)바이트예요"
        case .notAList(let found, _):
            return "목록('- '로 시작하는 줄)이어야 해요. 찾은 것: \(found.text(in: .korean))"
        case .itemTooLarge(let limit, _):
            return "목록 항목 하나에 YAML 노드가 \(limit)개보다 많아요"
        }
    }

    private var koreanSuggestion: String? {
        switch self {
        case .syntax(let error, _): return error.hint?.korean
        case .tabIndentation: return "탭을 공백으로 바꾸세요"
        case .duplicateKey: return "하나를 지우거나 이름을 바꾸세요"
        case .nonStringKey: return "이름을 쓰고, 숫자처럼 보이면 따옴표로 감싸세요"
        case .invalidUTF8, .nulByte: return "파일을 UTF-8 텍스트로 다시 저장하세요"
        case .unsupportedEncoding: return "UTF-8로 저장하세요"
        case .byteOrderMarkInside: return "보이지 않는 U+FEFF 문자를 지우세요"
        case .tooDeep, .fileTooLarge, .tooManyNodes, .scalarTooLong: return "파일을 나누거나 단순하게 하세요"
        case .itemTooLarge: return "항목을 나누거나 단순하게 하세요"
        default: return nil
        }
    }
}

extension YAMLValueDescription {
    /// What was found, in `language` ("a mapping" / "매핑", "the number 3" / "숫자 3"; text stays as written, quoted).
    public func text(in language: Language) -> String {
        guard language == .korean else { return description }
        switch self {
        case .mapping: return "매핑"
        case .list: return "목록"
        case .alias: return "별칭"
        case .empty: return "빈 값"
        case .null: return "null"
        case .boolean(let text): return "참거짓 값 \(text)"
        case .number(let text): return "숫자 \(text)"
        case .text(let text): return "'\(text)'"
        }
    }
}

extension YAMLSyntaxError {
    /// `YAML 문법 오류: PROBLEM (CONTEXT, L번째 줄 C번째 칸에서 시작)`; words libyaml may add later (`.other`) keep
    /// the whole of libyaml's message, marked.
    var korean: String {
        guard let problem = problem.korean else { return "YAML 문법 오류 (libyaml: \(libyamlText))" }
        guard let context else { return "YAML 문법 오류: \(problem)" }
        guard let what = context.what.korean else { return "YAML 문법 오류 (libyaml: \(libyamlText))" }
        return "YAML 문법 오류: \(problem) (\(what), \(context.start.line)번째 줄 \(context.start.column)번째 칸에서 시작)"
    }
}

extension YAMLSyntaxHint {
    /// The hint in `language`.
    public func text(in language: Language) -> String {
        language == .english ? english : korean
    }

    var korean: String {
        switch self {
        case .colonInValue: return "': '가 든 값은 따옴표로 감싸고, 윗줄의 키 뒤에는 ':'를 쓰고, 중첩 매핑은 더 들여 쓴 새 줄에서 시작하세요"
        case .keyTooLong: return "이 키는 YAML이 키로 읽을 수 있는 1,024자보다 길어요 (id는 100자까지). 줄이세요"
        case .missingColon: return "키마다 뒤에 콜론과 공백을 쓰거나 ('key: value'), 이 줄의 들여쓰기를 확인하세요"
        case .keyIndentation: return "들여쓰기(한 매핑의 키는 같은 칸에서 시작)와 키마다 ':'가 있는지 확인하세요"
        case .itemIndentation: return "들여쓰기를 확인하세요: 한 목록의 항목은 같은 칸에서 시작해요"
        case .listOnKeyLine: return "목록은 키 다음 줄에서, 항목마다 '- '를 들여 써서 시작하세요"
        case .unclosedBracket: return "'['를 ']'로 닫고, 항목 사이에 ', '를 쓰세요"
        case .unclosedBrace: return "'{'를 '}'로 닫고, 항목 사이에 ', '를 쓰세요"
        case .unclosedQuote: return "따옴표를 닫으세요: 따옴표로 연 값은 같은 따옴표로 끝나야 해요"
        case .valueNeedsQuotes: return "값을 따옴표로 감싸세요: 따옴표 없는 값은 '@', '`', 탭으로 시작할 수 없어요"
        }
    }
}

extension LibYAMLProblem {
    /// The problem in Korean, or nil for words libyaml may add later.
    public var korean: String? {
        switch self {
        // The scanner's.
        case .indentationIndicatorZero: return "블록 값의 들여쓰기 표시가 0이에요. 1부터 9까지 쓰세요"
        case .expectedWhitespaceOrLineBreak: return "공백이나 줄바꿈이 있어야 할 자리에 다른 문자가 있어요"
        case .expectedCommentOrLineBreak: return "값 뒤에는 주석('#')이나 줄바꿈만 올 수 있어요"
        case .expectedTagHandleEnd: return "태그를 닫는 '!'가 없어요"
        case .expectedColon: return "키 뒤에 ':'가 없어요"
        case .mappingValuesNotAllowed: return "여기에는 값(': ')을 쓸 수 없어요"
        case .mappingKeysNotAllowed: return "여기에는 키('? ')를 쓸 수 없어요"
        case .unknownEscape: return "큰따옴표 안의 '\\' 뒤에 알 수 없는 문자가 있어요. '\\'를 쓰려면 '\\\\'로 쓰세요"
        case .unknownDirective: return "알 수 없는 지시어('%'로 시작하는 줄)예요"
        case .unexpectedNonAlphabetical: return "영문자나 숫자만 쓸 수 있는 자리에 다른 문자가 있어요"
        case .unexpectedEndOfStream: return "값이 끝나기 전에 파일이 끝났어요"
        case .unexpectedDocumentIndicator: return "값 안에 문서 구분선('---'이나 '...')이 있어요"
        case .unexpectedColon: return "있을 수 없는 자리에 ':'가 있어요. 값이면 따옴표로 감싸세요"
        case .invalidUnicodeEscape: return "'\\u'나 '\\U' 뒤의 유니코드 코드가 잘못됐어요"
        case .versionNumberTooLong: return "%YAML 지시어의 버전 번호가 너무 길어요"
        case .cannotStartToken: return "어떤 값도 시작할 수 없는 문자가 있어요"
        case .incorrectTrailingOctet, .incorrectLeadingOctet: return "'%' 뒤의 UTF-8 바이트가 잘못됐어요"
        case .tabWhereIndentationSpaceExpected, .tabViolatesIndentation: return "들여쓰기에 탭 문자가 있어요. 공백으로 바꾸세요"
        case .expectedVerbatimTagEnd: return "'!<'로 연 태그를 닫는 '>'가 없어요"
        case .expectedWhitespace: return "공백이 있어야 할 자리에 다른 문자가 있어요"
        case .expectedVersionNumber: return "%YAML 지시어에 버전 번호가 없어요"
        case .expectedTagURI: return "태그 URI가 없어요"
        case .expectedHexadecimal: return "16진수가 있어야 할 자리에 다른 문자가 있어요"
        case .expectedDigitOrDot: return "버전 번호에 숫자와 '.'만 쓸 수 있어요"
        case .expectedAlphanumeric: return "영문자나 숫자가 있어야 할 자리에 다른 문자가 있어요"
        case .expectedURIEscapedOctet: return "'%' 뒤에 16진수 두 자리가 있어야 해요"
        case .expectedDirectiveName: return "'%' 뒤에 지시어 이름이 없어요"
        case .blockSequenceEntriesNotAllowed: return "여기에는 목록 항목('- ')을 쓸 수 없어요"
        // The parser's.
        case .undefinedTagHandle: return "정의되지 않은 태그 핸들이에요"
        case .incompatibleDocument: return "읽을 수 없는 YAML 버전이에요. %YAML 줄을 지우세요"
        case .duplicateYAMLDirective: return "%YAML 지시어가 두 번 있어요"
        case .duplicateTagDirective: return "%TAG 지시어가 두 번 있어요"
        case .expectedNodeContent: return "값이 있어야 할 자리에 값이 없어요"
        case .expectedKey: return "키가 있어야 할 자리에 키가 없어요"
        case .expectedStreamStart: return "파일의 시작을 읽지 못했어요"
        case .expectedDocumentStart: return "문서 시작('---')이 있어야 해요"
        case .expectedSequenceIndicator: return "목록 항목('- ')이 있어야 할 자리에 다른 것이 있어요"
        case .expectedFlowMappingEnd: return "','나 '}'가 있어야 할 자리에 다른 것이 있어요"
        case .expectedFlowSequenceEnd: return "','나 ']'가 있어야 할 자리에 다른 것이 있어요"
        case .nestingLimit: return "중첩이 너무 깊어요"
        case .outOfMemory: return "YAML을 읽다가 메모리가 모자랐어요"
        case .other: return nil
        }
    }
}

extension LibYAMLContext {
    /// What libyaml was reading, in Korean ("…을 읽다가"), or nil for words libyaml may add later.
    public var korean: String? {
        switch self {
        case .scanningDirective: return "지시어를 읽다가"
        case .scanningBlockScalar: return "블록 값('|'나 '>')을 읽다가"
        case .parsingTag, .scanningTag: return "태그를 읽다가"
        case .parsingPercentTagDirective, .scanningPercentTagDirective: return "%TAG 지시어를 읽다가"
        case .scanningYAMLDirective: return "%YAML 지시어를 읽다가"
        case .parsingQuotedScalar, .scanningQuotedScalar: return "따옴표로 감싼 값을 읽다가"
        case .scanningSimpleKey: return "키를 읽다가"
        case .scanningPlainScalar: return "따옴표 없는 값을 읽다가"
        case .scanningForNextToken: return "다음 항목을 찾다가"
        case .scanningAnchor: return "앵커를 읽다가"
        case .scanningAlias: return "별칭을 읽다가"
        case .scanningTagDirective, .parsingTagDirective: return "태그 지시어를 읽다가"
        case .parsing: return "읽다가"
        case .parsingNode, .parsingBlockNode: return "값을 읽다가"
        case .parsingFlowSequence: return "'[ ]' 목록을 읽다가"
        case .parsingFlowNode: return "'[ ]'나 '{ }' 안의 값을 읽다가"
        case .parsingFlowMapping: return "'{ }' 매핑을 읽다가"
        case .parsingBlockMapping: return "매핑을 읽다가"
        case .parsingBlockCollection: return "목록이나 매핑을 읽다가"
        case .other: return nil
        }
    }
}
