import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import JuiceServer

/// The staff routes, walked from the OpenAPI document the server serves: whatever route is added, if the document marks
/// it for staff it must refuse a request without the token.
@Suite struct StaffRoutesTests {
    @Test func everyOperationTheServedDocumentMarksForStaffAnswers401WithoutAToken() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let text = try await client.execute(uri: "/openapi.yaml", method: .get) { Array($0.body.readableBytesView) }
            let staff = OpenAPIDocument(parsing: text).operations.filter(\.isStaff)
            #expect(staff.count >= 5)
            for operation in staff {
                let method = try #require(HTTPRequest.Method(operation.method))
                try await client.execute(uri: operation.path, method: method, headers: TestShop.jsonHeaders, body: json("{}")) { response throws in
                    #expect(response.status == .unauthorized, "\(operation.method) \(operation.path)")
                    #expect(try response.body.decoded(ErrorBody.self).error.code == "staff-only", "\(operation.method) \(operation.path)")
                }
                // With the token the same request gets past the check (it may still be refused for its body).
                try await client.execute(uri: operation.path, method: method, headers: TestShop.staffHeaders, body: json("{}")) { response throws in
                    #expect(response.status != .unauthorized, "\(operation.method) \(operation.path)")
                }
            }
        }
        #expect(try await shop.journalCount() == 0)
    }
}
