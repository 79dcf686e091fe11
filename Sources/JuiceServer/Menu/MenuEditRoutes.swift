import HTTPTypes
import Hummingbird
import JuiceCore
import JuiceMenuEditing

extension ShopServer {
    /// The menu editor's routes, all for staff: the editable menu, changes of juices and fruits, the edit record, undo.
    func addMenuEditRoutes(staff: RouterGroup<ShopRequestContext>) {
        staff.get("/api/menu/editable") { _, context in try await editableMenuBody(context: context) }
        staff.patch("/api/menu/juices/:id") { request, context in try await changeJuice(request, context: context) }
        staff.delete("/api/menu/juices/:id") { request, context in
            try await edit(.removeJuice(JuiceID(try Self.pathParameter("id", context))), request, context)
        }
        staff.post("/api/menu/juices") { request, context in
            let body = try await decodeBody(NewJuiceRequest.self, from: request, limit: configuration.bodyLimit)
            return try await edit(.addJuice(body.juice), request, context, status: .created)
        }
        staff.post("/api/menu/fruits") { request, context in
            let body = try await decodeBody(NewFruitRequest.self, from: request, limit: configuration.bodyLimit)
            return try await edit(.addFruit(body.fruit), request, context, status: .created)
        }
        staff.patch("/api/menu/fruits/:id") { request, context in try await changeFruit(request, context: context) }
        staff.get("/api/menu/edits") { request, _ in try await menuEdits(request) }
        staff.post("/api/menu/edits/undo") { request, context in try await undoMenuEdit(request, context: context) }
    }

    /// `GET /api/menu/editable`: the menu as staff edit it; the `ETag` is its version.
    private func editableMenuBody(context: ShopRequestContext) async throws -> Response {
        let current = try await editableMenu()
        return Self.tagged(JSONResponse.make(EditableMenuBody(current, language: context.language)), version: current.version)
    }

    /// `PATCH /api/menu/juices/{id}`.
    private func changeJuice(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let id = try Self.pathParameter("id", context)
        let body = try await decodeBody(JuicePatchRequest.self, from: request, limit: configuration.bodyLimit)
        return try await edit(.changeJuice(JuiceID(id), body.change), request, context)
    }

    /// `PATCH /api/menu/fruits/{id}`.
    private func changeFruit(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let id = try Self.pathParameter("id", context)
        let body = try await decodeBody(FruitPatchRequest.self, from: request, limit: configuration.bodyLimit)
        return try await edit(.changeFruit(FruitID(id), body.change), request, context)
    }

    /// `GET /api/menu/edits`: the newest edits first.
    private func menuEdits(_ request: Request) async throws -> Response {
        let limit = try integerQuery(request, name: "limit", default: 50, range: 1...200)
        return JSONResponse.make(MenuEditsBody(edits: await editor.edits(limit: limit).map(MenuEditBody.init)))
    }

    /// `POST /api/menu/edits/undo`: the newest edit taken back.
    private func undoMenuEdit(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let outcome: MenuEditOutcome
        do throws(MenuEditError) {
            outcome = try await editor.undo(ifMatch: Self.entityTags(request), session: Self.session(request, context))
        } catch {
            throw await menuEditError(error)
        }
        return await answer(outcome, context: context, status: .ok, done: MenuEditRouteText.undone.text(in: context.language))
    }

    /// The editable menu, or the error that kept it from being read.
    func editableMenu() async throws(APIError) -> EditableMenu {
        do { return try await editor.menu() } catch { throw .menuEdit(error, menu: nil) }
    }

    /// Makes `change`, with the request's `If-Match` and staff session; answers `status` with the result.
    private func edit(
        _ change: MenuChange, _ request: Request, _ context: ShopRequestContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let outcome: MenuEditOutcome
        do throws(MenuEditError) {
            outcome = try await editor.apply(change, ifMatch: Self.entityTags(request), session: Self.session(request, context))
        } catch {
            throw await menuEditError(error)
        }
        return await answer(
            outcome, context: context, status: outcome.record == nil ? .ok : status,
            done: MenuEditRouteText.changed.text(in: context.language))
    }

    /// The answer to an accepted edit: the live menu reloaded first (as the watcher would, without waiting for it), so
    /// that every page's event stream has the new menu by the time staff see this.
    private func answer(_ outcome: MenuEditOutcome, context: ShopRequestContext, status: HTTPResponse.Status, done: String) async -> Response {
        if outcome.record != nil { await menu.reload() }
        if let reason = outcome.recordNotKept, let file = await editor.logFile {
            context.logger.warning("menu edit #\(outcome.record?.id ?? 0) is recorded in memory only: \(file) could not be written: \(reason)")
        }
        let unchanged = MenuEditRouteText.nothingChanged.text(in: context.language)
        let after = try? await editor.menu()
        let body = MenuEditResultBody(
            message: outcome.record == nil ? unchanged : done, version: outcome.version, edit: outcome.record.map(MenuEditBody.init),
            warnings: outcome.warnings.map { DiagnosticBody($0, language: context.language) },
            menu: after.map { EditableMenuBody($0, language: context.language) })
        return Self.tagged(JSONResponse.make(body, status: status), version: outcome.version)
    }

    /// A refused edit as the API answers it: a stale version, or a file changed on disk, with the current menu.
    func menuEditError(_ error: MenuEditError) async -> APIError {
        switch error {
        case .stale, .changedOnDisk: return .menuEdit(error, menu: try? await editor.menu())
        default: return .menuEdit(error, menu: nil)
        }
    }

    /// `response` with `ETag: "version"`.
    static func tagged(_ response: Response, version: String) -> Response {
        var response = response
        response.headers[.eTag] = "\"\(version)\""
        return response
    }

    /// The versions `If-Match` names (quotes and a weak `W/` taken off); nil when it is absent or `*`.
    static func entityTags(_ request: Request) -> [String]? {
        let values = request.headers[values: .ifMatch]
        guard !values.isEmpty else { return nil }
        var tags: [String] = []
        for value in values {
            for item in value.split(separator: ",") {
                var tag = item.trimmingCharacters(in: .whitespaces)
                if tag == "*" { return nil }
                if tag.isEmpty { continue }
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = String(tag.dropFirst().dropLast()) }
                tags.append(tag)
            }
        }
        // An empty If-Match names no version: as if it were not sent.
        return tags.isEmpty ? nil : tags
    }

    /// Which staff session asks: the page's `X-Staff-Session` (printable, at most 64 characters), else the client's address.
    static func session(_ request: Request, _ context: ShopRequestContext) -> String {
        if let name = HTTPField.Name("X-Staff-Session"), let value = request.headers[name],
            (1...64).contains(value.count), value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        {
            return value
        }
        return context.remoteAddress.map { "client \($0.ipAddress ?? "?")" } ?? "client"
    }

    /// A path parameter (the router only matches a non-empty one).
    static func pathParameter(_ name: String, _ context: ShopRequestContext) throws(APIError) -> String {
        guard let value = context.parameters.get(name) else { throw .missingField(name) }
        return value
    }
}
