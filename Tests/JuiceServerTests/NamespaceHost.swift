#if PostgreSQL
import Foundation
import Testing

/// Network namespaces as test hosts (`ip netns`, veth pairs): root and `ip netns add` needed.
enum NetworkNamespaces {
    /// Whether CI demands them (`JUICE_REQUIRE_NETNS=1`, which `.ci/run` sets): then their absence fails the test.
    static let required = ProcessInfo.processInfo.environment["JUICE_REQUIRE_NETNS"] == "1"

    /// Whether a namespace can be made here (tried once, and removed).
    static let available: Bool = {
        guard getuid() == 0 else { return false }
        let name = "juiceprobe\(getpid() % 100_000)"
        guard ip(["netns", "add", name]) == 0 else { return false }
        _ = ip(["netns", "del", name])
        return true
    }()

    /// Why the namespace test is not run.
    static let skipReason: Comment = """
        NETWORK NAMESPACES ARE UNAVAILABLE (not root, or `ip netns add` fails), so the partition test that takes a \
        counter's link down is SKIPPED; run as root (.ci/run sets JUICE_REQUIRE_NETNS=1 and fails instead)
        """

    /// Runs `ip arguments…` to its end; its exit status.
    @discardableResult
    static func ip(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs each of `commands` (`ip` arguments) in turn; throws naming the first that fails.
    static func run(_ commands: [[String]]) throws {
        for command in commands where ip(command) != 0 {
            throw FleetError(description: "ip \(command.joined(separator: " ")) failed")
        }
    }

    /// The first three octets of this test process's /24 number `third` ("10.1xx.third", the middle from the pid).
    static func subnet(_ third: Int) -> String {
        "10.\(100 + Int(getpid() % 100)).\(third)"
    }
}

/// A test host: a network namespace with two links, each a veth pair: one to the root namespace for its clients, one
/// onto the database host's bridge (`DatabaseHost`); taking the database link down cuts the host off from the
/// database while its clients still reach it.
struct NamespaceHost: Sendable {
    /// The namespace's name.
    var name: String
    /// The address the host's server listens on (the client link, inside the namespace).
    var address: String
    /// The root side of the database link, on the database host's bridge (taken down to cut the host off).
    var databaseLink: String

    /// Makes host `index` (0…7) of this test process, its database link on `database`'s bridge (removing leftovers of
    /// the same name first); throws when any `ip` command fails, having removed what it made.
    static func make(_ index: Int, database: DatabaseHost) throws -> NamespaceHost {
        let tag = "\(getpid() % 10_000)\(index)"
        let net = NetworkNamespaces.subnet(index * 2)
        let host = NamespaceHost(name: "juice\(tag)", address: "\(net).2", databaseLink: "jd\(tag)")
        host.remove()
        do {
            try NetworkNamespaces.run([
                ["netns", "add", host.name],
                ["-n", host.name, "link", "set", "lo", "up"],
                ["link", "add", "jc\(tag)", "type", "veth", "peer", "name", "c\(tag)", "netns", host.name],
                ["link", "add", host.databaseLink, "type", "veth", "peer", "name", "d\(tag)", "netns", host.name],
                ["link", "set", host.databaseLink, "master", database.bridge],
                ["addr", "add", "\(net).1/24", "dev", "jc\(tag)"],
                ["-n", host.name, "addr", "add", "\(net).2/24", "dev", "c\(tag)"],
                ["-n", host.name, "addr", "add", "\(database.address(ofHost: index))/24", "dev", "d\(tag)"],
                ["link", "set", "jc\(tag)", "up"], ["link", "set", host.databaseLink, "up"],
                ["-n", host.name, "link", "set", "c\(tag)", "up"], ["-n", host.name, "link", "set", "d\(tag)", "up"],
            ])
        } catch {
            host.remove()
            throw error
        }
        return host
    }

    /// Takes the database link down (the cut) or up again (the heal).
    func setDatabaseLink(up: Bool) throws {
        try NetworkNamespaces.run([["link", "set", databaseLink, up ? "up" : "down"]])
    }

    /// Removes the namespace (and with it both veth pairs).
    func remove() {
        NetworkNamespaces.ip(["netns", "del", name])
    }
}
#endif
