import JuiceCore

/// What the server itself says to the client in error answers, in English and Korean.
enum ServerMessage: Hashable, Sendable {
    /// A request before `initialize`.
    case notInitialized
    /// `initialize` a second time.
    case alreadyInitialized
    /// A request after `shutdown`.
    case shuttingDown
    /// A method the server does not know.
    case unknownMethod(String)
    /// Params without the method's shape.
    case invalidParams(String)
    /// A request cancelled while it waited.
    case cancelled
    /// A message over the size limit.
    case messageTooLarge(Int)
    /// A body that is not a JSON-RPC message.
    case invalidMessage(MessageProblem)

    /// The text in `language`.
    func text(in language: Language) -> String {
        let korean = language == .korean
        switch self {
        case .notInitialized:
            return korean ? "서버가 아직 초기화되지 않았어요. 먼저 'initialize'를 보내세요" : "the server is not initialized: send 'initialize' first"
        case .alreadyInitialized:
            return korean ? "'initialize'는 한 번만 보낼 수 있어요" : "'initialize' may be sent only once"
        case .shuttingDown:
            return korean ? "서버가 종료하는 중이에요. 'exit'만 받아요" : "the server is shutting down; only 'exit' is accepted"
        case .unknownMethod(let method):
            return korean ? "모르는 메서드예요: '\(method)'" : "unknown method '\(method)'"
        case .invalidParams(let method):
            return korean ? "'\(method)'의 params 모양이 맞지 않아요" : "the params of '\(method)' do not have the expected shape"
        case .cancelled:
            return korean ? "요청이 취소됐어요" : "the request was cancelled"
        case .messageTooLarge(let bytes):
            return korean
                ? "메시지가 너무 커요 (\(bytes)바이트, 최대 \(MessageFraming.maxBodyBytes)바이트). 건너뛰었어요"
                : "a message of \(bytes) bytes is over the limit of \(MessageFraming.maxBodyBytes); skipped"
        case .invalidMessage(.notJSON):
            return korean ? "메시지가 올바른 JSON이 아니에요" : "the message is not valid JSON"
        case .invalidMessage(.notAnObject):
            return korean ? "메시지가 JSON-RPC 객체가 아니에요" : "the message is not a JSON-RPC object"
        case .invalidMessage(.badID):
            return korean ? "id는 숫자나 문자열이어야 해요" : "the id must be a number or a string"
        case .invalidMessage(.noMethod):
            return korean ? "메시지에 method가 없어요" : "the message has no method"
        }
    }
}
