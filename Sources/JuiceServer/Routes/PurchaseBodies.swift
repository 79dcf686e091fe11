import JuiceCore
import JuiceShop

/// `POST /api/purchases`: `{"supplier", "orderBy"?, "arrives"?, "lines": [{"fruit", "packs", "units"?, "unitCost"?}, …]}`.
struct PurchaseRequest: Decodable, Sendable {
    /// One fruit to order, as sent.
    struct Line: Decodable, Sendable {
        /// The fruit's id or name, as the client wrote it.
        var fruit: String
        /// Whole packs (the shop refuses fewer than 1).
        var packs: Int
        /// The units, when not packs × the fruit's pack.
        var units: Int?
        /// What a unit costs in won, when not the recipe files' price.
        var unitCost: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.rejectUnknownKeys(allowed: ["fruit", "packs", "units", "unitCost"])
            fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
            packs = try container.decodeInteger("packs")
            units = try container.decodeOptionalInteger("units")
            unitCost = try container.decodeOptionalInteger("unitCost")
            if let unitCost, unitCost < 0 {
                throw APIError.outOfRange(field: fieldPath(decoder.codingPath + [AnyKey("unitCost")]), value: unitCost, range: 0...Int.max)
            }
        }
    }

    var supplier: String
    var orderBy: String?
    var arrives: String?
    var lines: [Line]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["supplier", "orderBy", "arrives", "lines"])
        supplier = try container.decode(String.self, forKey: AnyKey("supplier"))
        orderBy = try container.decodeIfPresent(String.self, forKey: AnyKey("orderBy"))
        arrives = try container.decodeIfPresent(String.self, forKey: AnyKey("arrives"))
        lines = try container.decode([Line].self, forKey: AnyKey("lines"))
    }
}

/// `POST /api/purchases/{id}/receive`: `{"lines"?: [{"fruit", "quantity", "expires"?, "cost"?}, …]}`, what came (by
/// default what was ordered).
struct PurchaseReceiveRequest: Decodable, Sendable {
    /// One fruit that came, as sent.
    struct Line: Decodable, Sendable {
        var fruit: String
        /// How many came (0: none of an ordered fruit).
        var quantity: Int
        var expires: String?
        var cost: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.rejectUnknownKeys(allowed: ["fruit", "quantity", "expires", "cost"])
            fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
            quantity = try container.decodeInteger("quantity")
            expires = try container.decodeIfPresent(String.self, forKey: AnyKey("expires"))
            cost = try container.decodeOptionalInteger("cost")
            if let cost, cost < 0 {
                throw APIError.outOfRange(field: fieldPath(decoder.codingPath + [AnyKey("cost")]), value: cost, range: 0...Int.max)
            }
        }
    }

    /// What came, when it differs from the order.
    var lines: [Line]?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["lines"])
        lines = try container.decodeIfPresent([Line].self, forKey: AnyKey("lines"))
    }

    /// No lines: what was ordered came.
    init() {}
}

/// `GET /api/purchases`: the orders, newest first.
struct PurchaseListBody: Codable, Sendable, Hashable {
    var orders: [PurchaseOrderJSON]
}
