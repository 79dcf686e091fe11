import JuiceCore
import JuiceYAML

/// Whether a recipe entry is a fruit or a juice.
public enum RecipeKind: String, Hashable, Sendable {
    /// A fruit.
    case fruit
    /// A juice.
    case juice
    /// A supplier.
    case supplier

    /// "fruit" / "juice" / "supplier", or "과일" / "쥬스" / "거래처".
    public func text(in language: Language) -> String {
        switch (self, language) {
        case (.fruit, .english): return "fruit"
        case (.juice, .english): return "juice"
        case (.supplier, .english): return "supplier"
        case (.fruit, .korean): return "과일"
        case (.juice, .korean): return "쥬스"
        case (.supplier, .korean): return "거래처"
        }
    }
}

/// A fruit or juice named by its id.
public struct RecipeEntry: Hashable, Sendable {
    /// Fruit or juice.
    public var kind: RecipeKind
    /// Its id as written.
    public var id: String

    /// The fruit or juice `id`.
    public init(_ kind: RecipeKind, _ id: String) {
        self.kind = kind
        self.id = id
    }

    /// "fruit 'kiwi'" / "과일 'kiwi'".
    public func text(in language: Language) -> String { "\(kind.text(in: language)) '\(id)'" }
}

/// A field a recipe file gives a value to.
public enum RecipeField: Hashable, Sendable {
    /// `version`.
    case version
    /// A fruit's `emoji`.
    case emoji(fruit: String)
    /// A fruit's `cost` (per unit).
    case cost(fruit: String)
    /// A fruit's `shelf-life` (days).
    case shelfLife(fruit: String)
    /// The Korean name (`ko`) of a fruit or juice.
    case koreanName(RecipeEntry)
    /// The English name (`en`) of a fruit or juice.
    case englishName(RecipeEntry)
    /// A juice's `aliases`.
    case aliases(juice: String)
    /// One of a juice's aliases.
    case alias(juice: String)
    /// A juice's `price`.
    case price(juice: String)
    /// The amount of a fruit in a juice's recipe.
    case amount(fruit: String, juice: String)
    /// The store's `capacity` for every fruit.
    case capacity
    /// The store's capacity of one fruit.
    case capacityOf(fruit: String)
    /// The store's initial stock of one fruit.
    case stockOf(fruit: String)
    /// A supplier's `lead-time` (days).
    case leadTime(supplier: String)
    /// A supplier's `minimum` (won per order).
    case minimum(supplier: String)
    /// A supplier's `cut-off` (time of day).
    case cutOff(supplier: String)
    /// A supplier's `order-days`.
    case orderDays(supplier: String)
    /// One of a supplier's order days.
    case orderDay(supplier: String)
    /// The `supplier` a fruit is bought from.
    case buySupplier(fruit: String)
    /// The units in a pack a fruit is bought in.
    case pack(fruit: String)
    /// What a pack of a fruit costs.
    case packPrice(fruit: String)
    /// One entry of the calendar's `closed` list.
    case closedDay
    /// An event's `date`.
    case eventDate
    /// An event's `factor`.
    case eventFactor(date: String)
    /// An event's `note`.
    case eventNote(date: String)

    /// "price of juice 'x'", "amount of 'banana' in juice 'x'"… (without an article).
    public func text(in language: Language) -> String {
        switch language {
        case .english:
            switch self {
            case .version: return "version"
            case .emoji(let fruit): return "emoji of fruit '\(fruit)'"
            case .cost(let fruit): return "cost of fruit '\(fruit)'"
            case .shelfLife(let fruit): return "shelf life of fruit '\(fruit)'"
            case .koreanName(let owner): return "Korean name of \(owner.text(in: .english))"
            case .englishName(let owner): return "English name of \(owner.text(in: .english))"
            case .aliases(let juice): return "aliases of juice '\(juice)'"
            case .alias(let juice): return "alias of juice '\(juice)'"
            case .price(let juice): return "price of juice '\(juice)'"
            case .amount(let fruit, let juice): return "amount of '\(fruit)' in juice '\(juice)'"
            case .capacity: return "capacity"
            case .capacityOf(let fruit): return "capacity of '\(fruit)'"
            case .stockOf(let fruit): return "stock of '\(fruit)'"
            case .leadTime(let supplier): return "lead time of supplier '\(supplier)'"
            case .minimum(let supplier): return "minimum order of supplier '\(supplier)'"
            case .cutOff(let supplier): return "cut-off of supplier '\(supplier)'"
            case .orderDays(let supplier): return "order days of supplier '\(supplier)'"
            case .orderDay(let supplier): return "order day of supplier '\(supplier)'"
            case .buySupplier(let fruit): return "supplier of fruit '\(fruit)'"
            case .pack(let fruit): return "pack of fruit '\(fruit)'"
            case .packPrice(let fruit): return "pack price of fruit '\(fruit)'"
            case .closedDay: return "closed day"
            case .eventDate: return "date of an event"
            case .eventFactor(let date): return "factor of the event on \(date)"
            case .eventNote(let date): return "note of the event on \(date)"
            }
        case .korean:
            switch self {
            case .version: return "version"
            case .emoji(let fruit): return "과일 '\(fruit)'의 emoji"
            case .cost(let fruit): return "과일 '\(fruit)'의 원가"
            case .shelfLife(let fruit): return "과일 '\(fruit)'의 보관 기간"
            case .koreanName(let owner): return "\(owner.text(in: .korean))의 한국어 이름"
            case .englishName(let owner): return "\(owner.text(in: .korean))의 영어 이름"
            case .aliases(let juice): return "쥬스 '\(juice)'의 aliases"
            case .alias(let juice): return "쥬스 '\(juice)'의 별칭"
            case .price(let juice): return "쥬스 '\(juice)'의 가격"
            case .amount(let fruit, let juice): return "쥬스 '\(juice)'에 든 '\(fruit)'의 양"
            case .capacity: return "용량"
            case .capacityOf(let fruit): return "'\(fruit)'의 용량"
            case .stockOf(let fruit): return "'\(fruit)'의 재고"
            case .leadTime(let supplier): return "거래처 '\(supplier)'의 배송 기간"
            case .minimum(let supplier): return "거래처 '\(supplier)'의 최소 주문 금액"
            case .cutOff(let supplier): return "거래처 '\(supplier)'의 주문 마감 시각"
            case .orderDays(let supplier): return "거래처 '\(supplier)'의 주문 요일"
            case .orderDay(let supplier): return "거래처 '\(supplier)'의 주문 요일"
            case .buySupplier(let fruit): return "과일 '\(fruit)'의 거래처"
            case .pack(let fruit): return "과일 '\(fruit)'의 묶음 개수"
            case .packPrice(let fruit): return "과일 '\(fruit)'의 묶음 가격"
            case .closedDay: return "쉬는 날"
            case .eventDate: return "행사 날짜"
            case .eventFactor(let date): return "\(date) 행사의 배율"
            case .eventNote(let date): return "\(date) 행사의 메모"
            }
        }
    }
}

/// A part of a recipe file that must be a mapping, with what it should hold.
public enum RecipeSection: Hashable, Sendable {
    /// The whole file.
    case file
    /// `fruits`.
    case fruits
    /// `juices`.
    case juices
    /// One fruit or juice.
    case entry(RecipeEntry)
    /// The `name` of a fruit or juice.
    case name(RecipeEntry)
    /// A juice's `recipe`.
    case recipe(juice: String)
    /// `store`.
    case store
    /// `store: stock`.
    case stock
    /// `suppliers`.
    case suppliers
    /// A fruit's `buy`.
    case buy(fruit: String)
    /// `calendar`.
    case calendar
    /// One of the calendar's `events`.
    case event

    /// What the section is ("the file", "'fruits'", "the name of fruit 'kiwi'").
    public func text(in language: Language) -> String {
        switch language {
        case .english:
            switch self {
            case .file: return "the file"
            case .fruits: return "'fruits'"
            case .juices: return "'juices'"
            case .entry(let entry): return entry.text(in: .english)
            case .name(let owner): return "the name of \(owner.text(in: .english))"
            case .recipe(let juice): return "the recipe of juice '\(juice)'"
            case .store: return "'store'"
            case .stock: return "'stock'"
            case .suppliers: return "'suppliers'"
            case .buy(let fruit): return "'buy' of fruit '\(fruit)'"
            case .calendar: return "'calendar'"
            case .event: return "an event"
            }
        case .korean:
            switch self {
            case .file: return "파일"
            case .fruits: return "'fruits'"
            case .juices: return "'juices'"
            case .entry(let entry): return entry.text(in: .korean)
            case .name(let owner): return "\(owner.text(in: .korean))의 이름"
            case .recipe(let juice): return "쥬스 '\(juice)'의 레시피"
            case .store: return "'store'"
            case .stock: return "'stock'"
            case .suppliers: return "'suppliers'"
            case .buy(let fruit): return "과일 '\(fruit)'의 'buy'"
            case .calendar: return "'calendar'"
            case .event: return "행사"
            }
        }
    }

    /// The mapping the section should be ("a mapping from fruit id to amount, like {banana: 2}").
    public func expected(in language: Language) -> String {
        switch language {
        case .english:
            switch self {
            case .file: return "a mapping with 'version: 1' and sections 'fruits', 'juices', 'store', 'suppliers'"
            case .fruits: return "a mapping from fruit id to fruit"
            case .juices: return "a mapping from juice id to juice"
            case .entry(let entry) where entry.kind == .fruit:
                return "a mapping with 'name' (and optionally 'emoji', 'cost', 'shelf-life', 'buy')"
            case .entry(let entry) where entry.kind == .supplier: return "a mapping with 'name' and 'lead-time'"
            case .entry: return "a mapping with 'name' and 'recipe'"
            case .name: return "a mapping like {ko: 딸기, en: Strawberry}"
            case .recipe: return "a mapping from fruit id to amount, like {banana: 2}"
            case .store: return "a mapping with 'capacity' and 'stock'"
            case .stock: return "a mapping from fruit id to count, like {banana: 10}"
            case .suppliers: return "a mapping from supplier id to supplier"
            case .buy: return "a mapping like {supplier: garak-market, pack: 40, price: 18000}"
            case .calendar: return "a mapping with 'closed' and 'events'"
            case .event: return "a mapping like {date: 2026-05-05, factor: 1.5, note: 어린이날}"
            }
        case .korean:
            switch self {
            case .file: return "'version: 1'과 'fruits', 'juices', 'store', 'suppliers' 부분을 담은 매핑"
            case .fruits: return "과일 id에서 과일로 가는 매핑"
            case .juices: return "쥬스 id에서 쥬스로 가는 매핑"
            case .entry(let entry) where entry.kind == .fruit: return "'name'(과 원하면 'emoji', 'cost', 'shelf-life', 'buy')을 담은 매핑"
            case .entry(let entry) where entry.kind == .supplier: return "'name'과 'lead-time'을 담은 매핑"
            case .entry: return "'name'과 'recipe'를 담은 매핑"
            case .name: return "{ko: 딸기, en: Strawberry} 같은 매핑"
            case .recipe: return "{banana: 2}처럼 과일 id에서 양으로 가는 매핑"
            case .store: return "'capacity'와 'stock'을 담은 매핑"
            case .stock: return "{banana: 10}처럼 과일 id에서 개수로 가는 매핑"
            case .suppliers: return "거래처 id에서 거래처로 가는 매핑"
            case .buy: return "{supplier: garak-market, pack: 40, price: 18000} 같은 매핑"
            case .calendar: return "'closed'와 'events'를 담은 매핑"
            case .event: return "{date: 2026-05-05, factor: 1.5, note: 어린이날} 같은 매핑"
            }
        }
    }
}

/// Where a key was written that the format does not define there; its allowed keys follow from it.
public enum KeyPlace: Hashable, Sendable {
    /// The top of a recipe file.
    case topLevel
    /// A fruit or juice.
    case entry(RecipeEntry)
    /// The name of a fruit or juice.
    case name(RecipeEntry)
    /// `store`.
    case store
    /// A fruit's `buy`.
    case buy(fruit: String)
    /// `calendar`.
    case calendar
    /// One of the calendar's events.
    case event

    /// The keys allowed here.
    public var allowed: [String] {
        switch self {
        case .topLevel: return RecipeFileReader.topLevelKeys
        case .entry(let entry):
            switch entry.kind {
            case .fruit: return RecipeFileReader.fruitKeys
            case .juice: return RecipeFileReader.juiceKeys
            case .supplier: return RecipeFileReader.supplierKeys
            }
        case .name: return RecipeFileReader.nameKeys
        case .store: return RecipeFileReader.storeKeys
        case .buy: return RecipeFileReader.buyKeys
        case .calendar: return RecipeFileReader.calendarKeys
        case .event: return RecipeFileReader.eventKeys
        }
    }

    /// "at the top level", "in fruit 'kiwi'"… / "맨 위", "과일 'kiwi'"…
    public func text(in language: Language) -> String {
        switch language {
        case .english:
            switch self {
            case .topLevel: return "at the top level"
            case .entry(let entry): return "in \(entry.text(in: .english))"
            case .name(let owner): return "in the name of \(owner.text(in: .english))"
            case .store: return "in 'store'"
            case .buy(let fruit): return "in 'buy' of fruit '\(fruit)'"
            case .calendar: return "in 'calendar'"
            case .event: return "in an event"
            }
        case .korean:
            switch self {
            case .topLevel: return "파일 맨 위"
            case .entry(let entry): return entry.text(in: .korean)
            case .name(let owner): return "\(owner.text(in: .korean))의 이름"
            case .store: return "'store'"
            case .buy(let fruit): return "과일 '\(fruit)'의 'buy'"
            case .calendar: return "'calendar'"
            case .event: return "행사"
            }
        }
    }
}

/// The type a value should have had.
public enum ExpectedValue: Hashable, Sendable {
    /// Text.
    case text
    /// A whole number.
    case wholeNumber
    /// A list of names (a juice's aliases).
    case listOfNames
    /// A list of days (`[mon, wed, fri]`).
    case listOfDays
    /// A time of day (`"14:00"`).
    case timeOfDay
    /// A day of the week or a date (`sun`, `2026-02-16`).
    case dayOrDate
    /// A date (`2026-05-05`).
    case date
    /// A list (of days and dates, or of events).
    case list
    /// A number above 0 (`1.5`).
    case positiveNumber

    /// "text", "a whole number", "a list of names, like [딸기바나나쥬스]" / Korean.
    public func text(in language: Language) -> String {
        switch (self, language) {
        case (.text, .english): return "text"
        case (.wholeNumber, .english): return "a whole number"
        case (.listOfNames, .english): return "a list of names, like [딸기바나나쥬스]"
        case (.listOfDays, .english): return "a list of days, like [mon, wed, fri]"
        case (.timeOfDay, .english): return "a time of day such as \"14:00\""
        case (.dayOrDate, .english): return "a day such as sun or a date such as 2026-02-16"
        case (.date, .english): return "a date such as 2026-05-05"
        case (.list, .english): return "a list"
        case (.positiveNumber, .english): return "a number above 0, such as 1.5"
        case (.dayOrDate, .korean): return "sun 같은 요일이나 2026-02-16 같은 날짜"
        case (.date, .korean): return "2026-05-05 같은 날짜"
        case (.list, .korean): return "목록"
        case (.positiveNumber, .korean): return "1.5처럼 0보다 큰 수"
        case (.listOfDays, .korean): return "[mon, wed, fri] 같은 요일 목록"
        case (.timeOfDay, .korean): return "\"14:00\" 같은 시각"
        case (.text, .korean): return "글자"
        case (.wholeNumber, .korean): return "정수"
        case (.listOfNames, .korean): return "[딸기바나나쥬스] 같은 이름 목록"
        }
    }
}

/// What a YAML 1.1 tool would read differently: an id or a field's value.
public enum YAML11Subject: Hashable, Sendable {
    /// A fruit or juice id.
    case id(RecipeKind)
    /// A field's value.
    case field(RecipeField)

    /// "a fruit id", "the price of juice 'x'" / Korean.
    public func text(in language: Language) -> String {
        switch (self, language) {
        case (.id(let kind), .english): return "a \(kind.text(in: .english)) id"
        case (.field(let field), .english): return "the \(field.text(in: .english))"
        case (.id(let kind), .korean): return "\(kind.text(in: .korean)) id"
        case (.field(let field), .korean): return field.text(in: .korean)
        }
    }
}

/// What was defined twice across a recipe set.
public enum RecipeDefinition: Hashable, Sendable {
    /// A fruit or juice.
    case entry(RecipeEntry)
    /// The store's capacity for every fruit.
    case storeCapacity
    /// The store's capacity of one fruit.
    case capacity(fruit: String)
    /// The store's stock of one fruit.
    case stock(fruit: String)
    /// An event on a date.
    case event(date: String)

    /// "fruit 'kiwi'", "the store's capacity", "the capacity of 'kiwi'" / Korean.
    public func text(in language: Language) -> String {
        switch (self, language) {
        case (.entry(let entry), _): return entry.text(in: language)
        case (.storeCapacity, .english): return "the store's capacity"
        case (.capacity(let fruit), .english): return "the capacity of '\(fruit)'"
        case (.stock(let fruit), .english): return "the stock of '\(fruit)'"
        case (.event(let date), .english): return "the event on \(date)"
        case (.event(let date), .korean): return "\(date) 행사"
        case (.storeCapacity, .korean): return "가게의 용량"
        case (.capacity(let fruit), .korean): return "'\(fruit)'의 용량"
        case (.stock(let fruit), .korean): return "'\(fruit)'의 재고"
        }
    }
}

/// Another fruit's or juice's id, name or alias that a name is the same as.
public struct NameClaim: Hashable, Sendable {
    /// What the text is to its owner.
    public enum Role: Hashable, Sendable {
        /// Its id.
        case id
        /// Its Korean or English name.
        case name
        /// One of its aliases.
        case alias
    }

    /// What the text is to its owner.
    public var role: Role
    /// The owner.
    public var owner: RecipeEntry
    /// The text as written, shown when it differs from the name it clashes with (for a name or an alias).
    public var shownText: String?

    /// The claim of `owner`'s `role`, showing `shownText`.
    public init(_ role: Role, of owner: RecipeEntry, shownText: String?) {
        self.role = role
        self.owner = owner
        self.shownText = shownText
    }

    /// "the id of fruit 'kiwi'", "a name of juice 'x' ('Kiwi Juice')" / Korean.
    public func text(in language: Language) -> String {
        switch language {
        case .english:
            let role = self.role == .id ? "the id" : self.role == .name ? "a name" : "an alias"
            return "\(role) of \(owner.text(in: .english))" + (shownText.map { " ('\($0)')" } ?? "")
        case .korean:
            let role = self.role == .id ? "id" : self.role == .name ? "이름" : "별칭"
            return "\(owner.text(in: .korean))의 \(role)" + (shownText.map { " ('\($0)')" } ?? "")
        }
    }
}
