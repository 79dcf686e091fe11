#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `juice lsp`: the Language Server Protocol 3.17 over a pair of file descriptors (standard input and output).
///
/// Serves one client until `exit`, the end of the input, or an output that can no longer be written (the client went
/// away). Logs go to the configuration's log, never to the output.
package struct LanguageServer: Sendable {
    /// How the server runs.
    package var configuration: ServerConfiguration

    /// A server configured by `configuration`.
    package init(configuration: ServerConfiguration = ServerConfiguration()) {
        self.configuration = configuration
    }

    /// Serves the client on `input` and `output`; the exit status: 0 after `shutdown`, 1 when the session ended
    /// without one. SIGPIPE is ignored for the whole process, so a vanished client is a failed write, not a signal.
    package func run(input: Int32 = 0, output: Int32 = 1) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let inbox = MessageInbox()
        InputReader.start(descriptor: input, inbox: inbox)
        var session = ServerSession(configuration: configuration, output: OutputChannel(descriptor: output))
        while true {
            let items = await inbox.takeAll()
            if case .exit(let status) = await session.handle(items) { return status }
        }
    }
}
