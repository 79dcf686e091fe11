import JuiceCore
import JuiceShop

/// `POST /api/deliveries`: `{"lines": [{"fruit", "quantity", "expires"?, "cost"?, "ordered"?}, …], "supplier"?}`.
struct DeliveryRequest: Decodable, Sendable {
    /// One fruit of the delivery, as sent.
    struct Line: Decodable, Sendable {
        /// The fruit's id or name, as the client wrote it.
        var fruit: String
        /// How many units came (the shop refuses one below 1).
        var quantity: Int
        /// Its use-by date as sent (`YYYY-MM-DD`; the shop refuses one that is not a date).
        var expires: String?
        /// What one unit cost, in won.
        var cost: Int?
        /// How many were ordered (or invoiced), if known.
        var ordered: Int?

        static let fields = ["fruit", "quantity", "expires", "cost", "ordered"]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.rejectUnknownKeys(allowed: Self.fields)
            fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
            quantity = try container.decodeInteger("quantity")
            expires = try container.decodeIfPresent(String.self, forKey: AnyKey("expires"))
            cost = try container.decodeOptionalInteger("cost")  // (below 0 is the shop's to refuse, naming the fruit)
            ordered = try container.decodeOptionalInteger("ordered")
            if let ordered, ordered < 0 {
                throw APIError.outOfRange(field: fieldPath(decoder.codingPath + [AnyKey("ordered")]), value: ordered, range: 0...Int.max)
            }
        }
    }

    /// The lines, in the order given.
    var lines: [Line]
    /// Who delivered, if given.
    var supplier: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["lines", "supplier"])
        lines = try container.decode([Line].self, forKey: AnyKey("lines"))
        supplier = try container.decodeIfPresent(String.self, forKey: AnyKey("supplier"))
    }
}

/// `POST /api/waste`: `{"fruit", "quantity", "reason", "note"?}`, or `{"expired": true, "note"?}` for every lot past its
/// use-by date.
struct WasteRequest: Decodable, Sendable {
    /// What to throw away.
    enum Waste: Sendable {
        /// `quantity` of the fruit named `fruit`, for `reason`.
        case fruit(String, quantity: Int, reason: WasteReason)
        /// Every lot past its use-by date.
        case expired
    }

    var waste: Waste
    /// What staff wrote about it.
    var note: String?

    static let fields = ["fruit", "quantity", "reason", "note", "expired"]
    /// The fields of `{"expired": true}`.
    static let expiredFields = ["expired", "note"]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: Self.fields)
        note = try container.decodeIfPresent(String.self, forKey: AnyKey("note"))
        if try container.decodeIfPresent(Bool.self, forKey: AnyKey("expired")) == true {
            // Every expired lot, with the reason `expired`: a fruit, quantity or reason beside it would be ignored.
            if let extra = container.allKeys.first(where: { !Self.expiredFields.contains($0.stringValue) }) {
                throw APIError.unknownField(fieldPath(container.codingPath + [extra]), allowed: Self.expiredFields)
            }
            waste = .expired
            return
        }
        let fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
        let quantity = try container.decodeInteger("quantity")
        let text = try container.decode(String.self, forKey: AnyKey("reason"))
        guard let reason = WasteReason(rawValue: text) else {
            throw APIError.unknownReason(text, allowed: WasteReason.allCases.map(\.rawValue))
        }
        waste = .fruit(fruit, quantity: quantity, reason: reason)
    }
}

/// `POST /api/counts/{id}`: `{"counts": [{"fruit", "counted"}, …], "confirm"?}`.
struct CountRequest: Decodable, Sendable {
    /// One fruit counted, as sent.
    struct Line: Decodable, Sendable {
        /// The fruit's id or name, as the client wrote it.
        var fruit: String
        /// What was counted (the shop refuses one below 0).
        var counted: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.rejectUnknownKeys(allowed: ["fruit", "counted"])
            fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
            counted = try container.decodeInteger("counted")
            if counted > CountRequest.maxCounted {
                throw APIError.outOfRange(
                    field: fieldPath(decoder.codingPath + [AnyKey("counted")]), value: counted, range: 0...CountRequest.maxCounted)
            }
        }
    }

    /// The most a count may say of one fruit.
    static let maxCounted = 1_000_000_000

    /// The fruits counted, in the order given.
    var counts: [Line]
    /// Whether a large variance is meant: without it such a count is answered 409 `large-variance` and not applied.
    var confirm: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["counts", "confirm"])
        counts = try container.decode([Line].self, forKey: AnyKey("counts"))
        confirm = try container.decodeIfPresent(Bool.self, forKey: AnyKey("confirm")) ?? false
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// The integer at `key`, nil when the key is absent or `null`.
    func decodeOptionalInteger(_ key: String) throws -> Int? {
        guard contains(AnyKey(key)), try !decodeNil(forKey: AnyKey(key)) else { return nil }
        return try decodeInteger(key)
    }
}
