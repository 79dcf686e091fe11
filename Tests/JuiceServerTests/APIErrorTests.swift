import Hummingbird
import JuiceCore
import JuiceRecipes
import JuiceShop
import Testing
@testable import JuiceServer

@Suite struct APIErrorTests {
    static let book = RecipeLoader().load(files: DefaultRecipes.files).book

    /// A refusal of every kind the shop has, with its category.
    static let shopErrors: [ShopError] = [
        .unknownJuice(.unknown("x", suggestion: nil)), .orderRefused(.invalidCount(0)), .orderRefused(.countTooLarge(5000)),
        .orderRefused(.insufficientStock("banana-juice", count: 1, shortages: [])),
        .stockRefused(.unknownFruit("x", suggestion: nil)), .stockRefused(.negativeAmount("kiwi", -1)),
        .stockRefused(.overflow("kiwi")), .stockRefused(.belowZero("kiwi", stock: 0, result: -1)),
        .stockRefused(.aboveCapacity("kiwi", result: 101, capacity: 100)), .duplicateFruit("kiwi"),
        .fruitStillInRecipes("kiwi"), .fruitNotInRecipes("grape", kept: 3), .nothingToUndo,
        .undoRefused(entry: 1, kind: .add, reason: .belowZero("kiwi", stock: 0, result: -1)),
        .state(.busy(path: "/x")), .state(.unreachable(location: "postgres://h/db", host: "h", port: 5432, reason: "refused")),
        .invalidQuantity("kiwi", 0), .invalidDate("next week"), .expiresBeforeDelivery("kiwi", expires: "2026-01-01", received: "2026-11-28"),
        .unknownCountSession("s-1"), .countSessionApplied("s-1", entry: 4),
        .arrivesBeforeOrderBy(arrives: CivilDate(dayNumber: 20_788), orderBy: CivilDate(dayNumber: 20_792)),
    ]

    /// An error of every case the server has besides the shop's.
    static let serverErrors: [APIError] = [
        .malformedJSON(detail: "x"), .unknownField("x", allowed: ["juice"]), .missingField("juice"), .duplicateField("changes[0].add"),
        .wrongType(field: "juice", expected: .string), .notAnInteger(field: "count"), .outOfRange(field: "count", value: 0, range: 1...9),
        .ambiguousChange(field: "changes[0]"), .bodyTooLarge(limit: 16), .badQuery(name: "limit", value: "0", range: 1...1000),
        .missingCredential, .wrongCredential, .notReady(.state(.busy(path: "/x")), book: book), .notFound(path: "/x"),
        .methodNotAllowed("DELETE", allowed: ["POST"]), .tooManyAttempts(failures: 10, window: .seconds(60), retryAfter: 42),
        .tooManyStreams(limit: 8, perClient: true), .tooManyStreams(limit: 256, perClient: false),
        .noSuchOrder(request: "r-1"), .unknownReason("eaten", allowed: ["spoiled", "other"]),
        .largeVariance([CountLine(fruit: "kiwi", expected: 10, counted: 5)], threshold: 20),
        .atField("lines[0].quantity", .shop(.invalidQuantity("kiwi", 0), book: book)),
    ]

    @Test(arguments: shopErrors)
    func aShopRefusalIsAnsweredWithTheKindTheCommandLinePrintsAndTheStatusOfItsCategory(error: ShopError) {
        let api = APIError.shop(error, book: Self.book)
        #expect(api.kind == error.kind)
        switch (error, error.category) {
        case (.state, _): #expect(api.status == .serviceUnavailable)
        case (_, .request): #expect([.badRequest, .notFound].contains(api.status))
        case (_, .refused): #expect(api.status == .conflict)
        case (_, .state): #expect(api.status == .serviceUnavailable)
        }
    }

    @Test func everyKindIsKebabCaseAndTheBodyCarriesItsStatusInBothLanguages() {
        for error in Self.serverErrors + Self.shopErrors.map({ APIError.shop($0, book: Self.book) }) {
            #expect(error.kind.allSatisfy { $0.isLowercase || $0 == "-" }, "\(error.kind)")
            for language in [Language.korean, .english] {
                let detail = error.detail(in: language)
                #expect(detail.code == error.kind)
                #expect(detail.status == error.status.code)
                #expect(!detail.message.isEmpty)
            }
        }
    }

    @Test func messagesAreBuiltInTheRequestsLanguage() {
        let wrongType = APIError.wrongType(field: "count", expected: .integer)
        #expect(wrongType.message(in: .english) == "the field 'count' must be an integer")
        #expect(wrongType.message(in: .korean) == "'count' 필드는 정수여야 해요")
        let twice = APIError.duplicateField("changes[0].add")
        #expect(twice.message(in: .english) == "the field 'changes[0].add' is given twice; send it once")
        #expect(twice.message(in: .korean) == "'changes[0].add' 필드가 두 번 있어요. 한 번만 보내 주세요")
        #expect(twice.field == "changes[0].add" && twice.status == .badRequest)
        let query = APIError.badQuery(name: "limit", value: "0", range: 1...1000)
        #expect(query.message(in: .korean).contains("1부터 1000까지의 정수"))
        #expect(query.message(in: .english).contains("an integer from 1 to 1000"))
    }
}
