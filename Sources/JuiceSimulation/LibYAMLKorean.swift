/// libyaml's syntax messages in Korean: each problem and each context libyaml names (its scanner's and parser's
/// vocabulary, from `scanner.c` and `parser.c`) but those `OrderFileProblem`'s plain hints explain, which come first.
///
/// The YAML layer words a syntax error as libyaml does, `PROBLEM (CONTEXT at line L, column C)`; this gives
/// `PROBLEM in Korean (CONTEXT in Korean, L번째 줄 C번째 칸에서 시작)`, or nil for words libyaml may add later.
enum LibYAMLKorean {
    /// `message` in Korean, or nil when its problem or context is not one libyaml is known to write.
    static func text(_ message: String) -> String? {
        guard let match = message.wholeMatch(of: /(.+) \((.+) at line (\d+), column (\d+)\)/) else {
            return problems[message]
        }
        guard let problem = problems[String(match.1)], let context = contexts[String(match.2)] else { return nil }
        return "\(problem) (\(context), \(match.3)번째 줄 \(match.4)번째 칸에서 시작)"
    }

    /// What libyaml found wrong.
    static let problems: [String: String] = [
        // The scanner's.
        "found an indentation indicator equal to 0": "블록 값의 들여쓰기 표시가 0이에요. 1부터 9까지 쓰세요",
        "did not find expected whitespace or line break": "공백이나 줄바꿈이 있어야 할 자리에 다른 문자가 있어요",
        "did not find expected comment or line break": "값 뒤에는 주석('#')이나 줄바꿈만 올 수 있어요",
        "did not find expected '!'": "태그를 닫는 '!'가 없어요",
        "mapping keys are not allowed in this context": "여기에는 키('? ')를 쓸 수 없어요",
        "found unknown escape character": "큰따옴표 안의 '\\' 뒤에 알 수 없는 문자가 있어요. '\\'를 쓰려면 '\\\\'로 쓰세요",
        "found unknown directive name": "알 수 없는 지시어('%'로 시작하는 줄)예요",
        "found unexpected non-alphabetical character": "영문자나 숫자만 쓸 수 있는 자리에 다른 문자가 있어요",
        "found unexpected end of stream": "값이 끝나기 전에 파일이 끝났어요",
        "found unexpected document indicator": "값 안에 문서 구분선('---'이나 '...')이 있어요",
        "found unexpected ':'": "있을 수 없는 자리에 ':'가 있어요. 값이면 따옴표로 감싸세요",
        "found invalid Unicode character escape code": "'\\u'나 '\\U' 뒤의 유니코드 코드가 잘못됐어요",
        "found extremely long version number": "%YAML 지시어의 버전 번호가 너무 길어요",
        "found an incorrect leading UTF-8 octet": "'%' 뒤의 UTF-8 바이트가 잘못됐어요",
        "found an incorrect trailing UTF-8 octet": "'%' 뒤의 UTF-8 바이트가 잘못됐어요",
        "found a tab character where an indentation space is expected": "들여쓰기에 탭 문자가 있어요. 공백으로 바꾸세요",
        "found a tab character that violates indentation": "들여쓰기에 탭 문자가 있어요. 공백으로 바꾸세요",
        "did not find the expected '>'": "'!<'로 연 태그를 닫는 '>'가 없어요",
        "did not find expected whitespace": "공백이 있어야 할 자리에 다른 문자가 있어요",
        "did not find expected version number": "%YAML 지시어에 버전 번호가 없어요",
        "did not find expected tag URI": "태그 URI가 없어요",
        "did not find expected hexdecimal number": "16진수가 있어야 할 자리에 다른 문자가 있어요",
        "did not find expected digit or '.' character": "버전 번호에 숫자와 '.'만 쓸 수 있어요",
        "did not find expected alphabetic or numeric character": "영문자나 숫자가 있어야 할 자리에 다른 문자가 있어요",
        "did not find URI escaped octet": "'%' 뒤에 16진수 두 자리가 있어야 해요",
        "could not find expected directive name": "'%' 뒤에 지시어 이름이 없어요",
        // The parser's.
        "found undefined tag handle": "정의되지 않은 태그 핸들이에요",
        "found incompatible YAML document": "읽을 수 없는 YAML 버전이에요. %YAML 줄을 지우세요",
        "found duplicate %YAML directive": "%YAML 지시어가 두 번 있어요",
        "found duplicate %TAG directive": "%TAG 지시어가 두 번 있어요",
        "did not find expected node content": "값이 있어야 할 자리에 값이 없어요",
        "did not find expected <stream-start>": "파일의 시작을 읽지 못했어요",
        "did not find expected <document start>": "문서 시작('---')이 있어야 해요",
        "Maximum nesting level reached, set with yaml_set_max_nest_level())": "중첩이 너무 깊어요",
    ]

    /// What libyaml was reading when it found the problem.
    static let contexts: [String: String] = [
        "while scanning a directive": "지시어를 읽다가",
        "while scanning a block scalar": "블록 값('|'나 '>')을 읽다가",
        "while parsing a tag": "태그를 읽다가",
        "while scanning a tag": "태그를 읽다가",
        "while parsing a %TAG directive": "%TAG 지시어를 읽다가",
        "while scanning a %TAG directive": "%TAG 지시어를 읽다가",
        "while scanning a %YAML directive": "%YAML 지시어를 읽다가",
        "while parsing a quoted scalar": "따옴표로 감싼 값을 읽다가",
        "while scanning a simple key": "키를 읽다가",
        "while scanning a plain scalar": "따옴표 없는 값을 읽다가",
        "while scanning for the next token": "다음 항목을 찾다가",
        "while scanning an anchor": "앵커를 읽다가",
        "while scanning an alias": "별칭을 읽다가",
        "while scanning a tag directive": "태그 지시어를 읽다가",
        "while parsing a tag directive": "태그 지시어를 읽다가",
        "while parsing": "읽다가",
        "while parsing a node": "값을 읽다가",
        "while parsing a flow sequence": "'[ ]' 목록을 읽다가",
        "while parsing a flow node": "'[ ]'나 '{ }' 안의 값을 읽다가",
        "while parsing a flow mapping": "'{ }' 매핑을 읽다가",
        "while parsing a block node": "값을 읽다가",
        "while parsing a block mapping": "매핑을 읽다가",
        "while parsing a block collection": "목록이나 매핑을 읽다가",
    ]
}
