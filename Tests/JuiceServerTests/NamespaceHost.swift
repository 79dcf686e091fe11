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
}

/// A test host: a network namespace with two links to the root namespace, one for its clients and one to the
/// database (through a proxy listening on the database link's root side), each a veth pair; taking the database
/// link down cuts the host off from the database while its clients still reach it.
struct NamespaceHost: Sendable {
    /// The namespace's name.
    var name: String
    /// The address the host's server listens on (the client link, inside the namespace).
    var address: String
    /// The root side of the database link, where its proxy to the database listens.
    var databaseGateway: String
    /// The root side of the database link (taken down to cut the host off).
    var databaseLink: String

    /// Makes host `index` (0…9) of this test process; throws when any `ip` command fails.
    static func make(_ index: Int) throws -> NamespaceHost {
        let tag = "\(getpid() % 10_000)\(index)"
        let octet = 100 + Int(getpid() % 100)
        let net = "10.\(octet).\(index * 2)"
        let dbNet = "10.\(octet).\(index * 2 + 1)"
        let host = NamespaceHost(name: "juice\(tag)", address: "\(net).2", databaseGateway: "\(dbNet).1", databaseLink: "jd\(tag)")
        let commands: [[String]] = [
            ["netns", "add", host.name],
            ["-n", host.name, "link", "set", "lo", "up"],
            ["link", "add", "jc\(tag)", "type", "veth", "peer", "name", "c\(tag)", "netns", host.name],
            ["link", "add", host.databaseLink, "type", "veth", "peer", "name", "d\(tag)", "netns", host.name],
            ["addr", "add", "\(net).1/24", "dev", "jc\(tag)"],
            ["addr", "add", "\(dbNet).1/24", "dev", host.databaseLink],
            ["-n", host.name, "addr", "add", "\(net).2/24", "dev", "c\(tag)"],
            ["-n", host.name, "addr", "add", "\(dbNet).2/24", "dev", "d\(tag)"],
            ["link", "set", "jc\(tag)", "up"], ["link", "set", host.databaseLink, "up"],
            ["-n", host.name, "link", "set", "c\(tag)", "up"], ["-n", host.name, "link", "set", "d\(tag)", "up"],
        ]
        for command in commands where NetworkNamespaces.ip(command) != 0 {
            host.remove()
            throw FleetError(description: "ip \(command.joined(separator: " ")) failed")
        }
        return host
    }

    /// Takes the database link down (the cut) or up again (the heal).
    func setDatabaseLink(up: Bool) throws {
        guard NetworkNamespaces.ip(["link", "set", databaseLink, up ? "up" : "down"]) == 0 else {
            throw FleetError(description: "ip link set \(databaseLink) failed")
        }
    }

    /// Removes the namespace (and with it both veth pairs).
    func remove() {
        NetworkNamespaces.ip(["netns", "del", name])
    }
}
#endif
