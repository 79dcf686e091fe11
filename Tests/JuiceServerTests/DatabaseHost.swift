#if PostgreSQL
import Foundation
import Synchronization

/// The database host of the namespace test: a network namespace running a PostgreSQL cluster of its own, on a Linux
/// bridge in the root namespace that the counters' database links join too (one /24: the bridge `.1`, so that the
/// test process reaches the database as well, the counters `.2` on, the database `.10`). Taking a counter's link to
/// the bridge down cuts that counter off while the others, and the test, still reach the database.
final class DatabaseHost: Sendable {
    /// The port PostgreSQL listens on (the namespace is the cluster's own, so the usual one).
    static let port = 5432
    /// The user the cluster is made with (its superuser, trusted from the /24).
    static let user = "juice"

    /// The /24's first three octets ("10.142.20").
    let network: String
    /// The bridge in the root namespace.
    let bridge: String
    /// The database host's namespace.
    let namespace: String
    /// The root side of the database host's veth pair (on the bridge).
    let link: String
    /// The cluster's directory (its data, socket and log), removed with the host.
    let directory: URL
    /// The running `postgres` (the postmaster itself: `ip netns exec` and `setpriv` exec it), once started.
    private let server = Mutex<Process?>(nil)

    /// The database's address on the /24.
    var address: String { "\(network).10" }
    /// The address of host `index` (0…7) on the /24.
    func address(ofHost index: Int) -> String { "\(network).\(2 + index)" }
    /// The URL of database `name` on the cluster, reachable from every namespace on the bridge and from the test.
    func url(of name: String) -> String { "postgres://\(Self.user)@\(address):\(Self.port)/\(name)" }

    private init(tag: String) {
        network = NetworkNamespaces.subnet(20)
        bridge = "jbr\(tag)"
        namespace = "juicedb\(tag)"
        link = "jv\(tag)"
        directory = URL(fileURLWithPath: "/tmp/juice-dbhost-\(tag)")
    }

    /// Makes the bridge and the database host's namespace (removing leftovers of the same names first), starts a
    /// fresh PostgreSQL cluster in it and makes the database `database`; throws when any step fails, having removed
    /// what it made.
    static func start(database: String) async throws -> DatabaseHost {
        let host = DatabaseHost(tag: "\(getpid() % 10_000)")
        host.remove()
        do {
            try host.makeNetwork()
            try await host.startCluster(database: database)
        } catch {
            host.remove()
            throw error
        }
        return host
    }

    private func makeNetwork() throws {
        try NetworkNamespaces.run([
            ["link", "add", bridge, "type", "bridge"],
            ["addr", "add", "\(network).1/24", "dev", bridge],
            ["link", "set", bridge, "up"],
            ["netns", "add", namespace],
            ["-n", namespace, "link", "set", "lo", "up"],
            ["link", "add", link, "type", "veth", "peer", "name", "db0", "netns", namespace],
            ["link", "set", link, "master", bridge],
            ["-n", namespace, "addr", "add", "\(address)/24", "dev", "db0"],
            ["link", "set", link, "up"],
            ["-n", namespace, "link", "set", "db0", "up"],
        ])
    }

    /// `initdb` (trust for the superuser from the /24), `postgres` in the namespace, then `CREATE DATABASE` once it
    /// accepts connections (through the bridge, as the counters will).
    private func startCluster(database: String) async throws {
        let bin = try Self.binaries()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.ownerAccountName: "postgres", .groupOwnerAccountName: "postgres"], ofItemAtPath: directory.path)
        let data = directory.appendingPathComponent("data").path
        let initdb = try await runChild(
            URL(fileURLWithPath: "/usr/sbin/runuser"),
            ["-u", "postgres", "--", "\(bin)/initdb", "-D", data, "-U", Self.user, "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"])
        guard initdb.status == 0 else { throw FleetError(description: "initdb failed: \(initdb.stdout)\(initdb.stderr)") }
        let access = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(data)/pg_hba.conf"))
        try access.seekToEnd()
        try access.write(contentsOf: Data("host all \(Self.user) \(network).0/24 trust\n".utf8))
        try access.close()
        let log = directory.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
        process.arguments = [
            "netns", "exec", namespace, "/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups",
            "\(bin)/postgres", "-D", data, "-k", directory.path, "-h", address, "-p", "\(Self.port)",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        server.withLock { $0 = process }
        var lastError = ""
        let accepted = try await eventually(within: 30) {
            guard process.isRunning else { return false }
            let created = try await runChild(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url(of: "postgres"), "-c", "CREATE DATABASE \(database)"], timeout: 10)
            lastError = created.stderr
            if created.status != 0 { try await Task.sleep(for: .milliseconds(200)) }
            return created.status == 0
        }
        guard accepted else {
            let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw FleetError(description: "PostgreSQL in \(namespace) did not accept (\(lastError)); its log: \(logged)")
        }
    }

    /// The directory of PostgreSQL's programs: `POSTGRES_BIN`, or Debian's newest, as scripts/postgres.sh finds it.
    private static func binaries() throws -> String {
        if let bin = ProcessInfo.processInfo.environment["POSTGRES_BIN"], !bin.isEmpty { return bin }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let found = versions.sorted { $0.compare($1, options: .numeric) == .orderedAscending }.map { "\(root)/\($0)/bin" }
            .last { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
        guard let found else { throw FleetError(description: "PostgreSQL's initdb was not found under \(root) (or POSTGRES_BIN)") }
        return found
    }

    /// Takes down the cluster (an immediate shutdown; SIGKILL after 10 s), then its directory, the namespace (and
    /// with it the veth pair) and the bridge. Safe to call on what was never made.
    func remove() {
        if let process = server.withLock({ $0 }), process.isRunning {
            kill(process.processIdentifier, SIGQUIT)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        try? FileManager.default.removeItem(at: directory)
        NetworkNamespaces.ip(["netns", "del", namespace])
        NetworkNamespaces.ip(["link", "del", link])
        NetworkNamespaces.ip(["link", "del", bridge])
    }
}
#endif
