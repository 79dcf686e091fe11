import Foundation

/// The id of a process that has ended (`/bin/true`, run and waited for): what a killed process leaves in the files
/// it wrote, for tests of what is done with them afterwards.
public func endedProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}
