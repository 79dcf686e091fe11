import Foundation
import JuiceServer
import Logging

/// `juice-bench echo-server [--port N]`: the order benchmark's baseline server (`OrderEchoServer`), on 127.0.0.1;
/// prints "serving on http://127.0.0.1:PORT/" as `juice serve` does, and stops on SIGTERM or SIGINT.
enum EchoServer {
    static func serve(port: Int) -> Never {
        Task {
            var logger = Logger(label: "juice-bench-echo")
            logger.logLevel = .error
            do {
                try await OrderEchoServer(port: port).run(logger: logger) { port in
                    FileHandle.standardOutput.write(Data("juice-bench: serving on http://127.0.0.1:\(port)/\n".utf8))
                }
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("juice-bench: echo-server: \(error)\n".utf8))
                exit(1)
            }
        }
        dispatchMain()
    }
}
