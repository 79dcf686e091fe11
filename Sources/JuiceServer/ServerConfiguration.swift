import Foundation
import JuiceCore
import JuiceShop

/// Why the server will not start.
package enum ServerStartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Bound to an address other than loopback with no staff token: anyone on the network could change stock.
    case staffTokenRequired(host: String)
    /// The staff token file could not be read.
    case unreadableTokenFile(path: String, reason: String)
    /// The staff token (from the environment or the file) is empty.
    case emptyStaffToken(source: String)
    /// The staff token from `source` is too weak: `length` characters where its alphabet needs `required`, or too few
    /// different characters (`StaffTokenRule`).
    case weakStaffToken(source: String, length: Int, required: Int)

    /// A readable explanation with the fix.
    package var description: String {
        switch self {
        case .staffTokenRequired(let host):
            return "refusing to listen on \(host) without a staff token: anyone who can reach it could change stock. "
                + "Set JUICE_STAFF_TOKEN or pass --staff-token-file FILE, or listen on 127.0.0.1"
        case .unreadableTokenFile(let path, let reason):
            return "cannot read the staff token file \(path): \(reason)"
        case .emptyStaffToken(let source):
            return "the staff token from \(source) is empty; put a long random token there"
        case .weakStaffToken(let source, let length, let required):
            return "the staff token from \(source) is too weak (\(length) characters; at least \(required) random ones, 128 bits, "
                + "are needed): make one with openssl rand -hex 16"
        }
    }
}

/// How the shop's server runs.
package struct ServerConfiguration: Sendable {
    /// The address to listen on.
    package var host: String
    /// The port (0: any free port; the server reports the one it got).
    package var port: Int
    /// The language of messages when a request's `Accept-Language` names neither Korean nor English.
    package var language: Language
    /// The staff credential; nil lets anyone reach staff actions, which only a loopback address allows.
    package var staff: StaffCredential?
    /// The largest request body accepted (413 beyond it).
    package var bodyLimit: Int
    /// The largest count one order may ask for.
    package var maxOrderCount: Int
    /// How often a store that cannot push its changes (SQLite) is asked for them, and how often a store that can
    /// (PostgreSQL's LISTEN/NOTIFY) tries to listen again after losing its connection; also how often the stock for a
    /// `stock` event is read again while the database is away.
    package var eventPollInterval: Duration
    /// The shortest time between two log lines giving why the shop's state cannot be used (clients get a generic
    /// 503; a line says how many failures went unlogged since the one before).
    package var stateFailureLogInterval: Duration
    /// The caps on open event streams, in all and per client address.
    package var streamLimits: StreamLimits
    /// The deadlines for a request's header and body, and for an idle connection.
    package var deadlines: ConnectionDeadlines
    /// How wrong staff tokens are throttled per client address.
    package var staffThrottle: StaffThrottleSettings
    /// The chance, from 0.5 to 0.999, that every order of a day is served, which the staff panel's purchase list
    /// (`GET /api/plan`) aims for (`juice serve --service-level`).
    package var serviceLevel: Double
    /// The scenarios the staff panel's plan draws: enough for a steady estimate, few enough to answer at once.
    package var planScenarios: Int
    /// How long `GET /api/plan` waits for a plan being made before it answers that it is still being made.
    package var planPatience: Duration
    /// The variance, as a share of the expected stock, above which a count needs `"confirm": true`
    /// (`juice serve --max-variance`).
    package var maxCountVariance: Double
    /// The shop's clock: what today is for deliveries, waste, purchase orders and the staff panel.
    package var clock: ShopClock

    /// A configuration; the defaults are the command's.
    package init(
        host: String = "127.0.0.1", port: Int = 8080, language: Language = .korean, staff: StaffCredential? = nil,
        bodyLimit: Int = 16 * 1024, maxOrderCount: Int = 1000, eventPollInterval: Duration = .milliseconds(200),
        stateFailureLogInterval: Duration = .seconds(10), streamLimits: StreamLimits = StreamLimits(),
        deadlines: ConnectionDeadlines = ConnectionDeadlines(), staffThrottle: StaffThrottleSettings = StaffThrottleSettings(),
        serviceLevel: Double = 0.95, planScenarios: Int = 4_000, planPatience: Duration = .seconds(2),
        maxCountVariance: Double = CountLine.defaultLargeVariance, clock: ShopClock = .system()
    ) {
        self.host = host
        self.port = port
        self.language = language
        self.staff = staff
        self.bodyLimit = bodyLimit
        self.maxOrderCount = maxOrderCount
        self.eventPollInterval = eventPollInterval
        self.stateFailureLogInterval = stateFailureLogInterval
        self.streamLimits = streamLimits
        self.deadlines = deadlines
        self.staffThrottle = staffThrottle
        self.serviceLevel = serviceLevel
        self.planScenarios = planScenarios
        self.planPatience = planPatience
        self.maxCountVariance = maxCountVariance
        self.clock = clock
    }

    /// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost).
    package static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Throws when the configuration would expose staff actions to the network.
    package func validate() throws(ServerStartError) {
        if staff == nil && !Self.isLoopback(host) { throw .staffTokenRequired(host: host) }
    }
}

extension StaffCredential {
    /// The staff credential from `--staff-token-file` (first line, trimmed) or else `JUICE_STAFF_TOKEN`; nil when neither is set.
    package static func load(file: String?, environment: [String: String]) throws(ServerStartError) -> StaffCredential? {
        if let file {
            let text: String
            do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
                throw .unreadableTokenFile(path: file, reason: (error as NSError).localizedDescription)
            }
            let token = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !token.isEmpty else { throw .emptyStaffToken(source: file) }
            return try checked(token, source: file)
        }
        guard let token = environment["JUICE_STAFF_TOKEN"] else { return nil }
        guard !token.trimmingCharacters(in: .whitespaces).isEmpty else { throw .emptyStaffToken(source: "JUICE_STAFF_TOKEN") }
        return try checked(token, source: "JUICE_STAFF_TOKEN")
    }

    /// A credential for `token` from `source` when it meets `StaffTokenRule`; else why not.
    private static func checked(_ token: String, source: String) throws(ServerStartError) -> StaffCredential {
        if let weakness = StaffTokenRule.weakness(of: token) {
            throw .weakStaffToken(source: source, length: weakness.length, required: weakness.required)
        }
        return StaffCredential(token: token)
    }
}
