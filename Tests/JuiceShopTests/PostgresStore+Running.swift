#if PostgreSQL
import JuiceShop
import Logging

extension PostgresStore {
    /// A store for the database at `url`, running and prepared (connected and migrated): its `run()` goes on in a task
    /// of the test's own, as a service group or a command's task group runs it; `close()` ends it.
    static func open(
        url: String, operationTimeout: Duration = .milliseconds(4500), changeCheckInterval: Duration = .seconds(5),
        logger: Logger = defaultStoreLogger
    ) async throws(ShopError) -> PostgresStore {
        let store: PostgresStore
        do throws(StateError) {
            store = try PostgresStore(
                url: url, operationTimeout: operationTimeout, changeCheckInterval: changeCheckInterval, logger: logger)
        } catch { throw .state(error) }
        store.startRunning()
        do { try await store.prepare() } catch {
            await store.close()
            throw error
        }
        return store
    }

    /// Starts the store's `run()` in a task of its own, which ends with `close()`.
    func startRunning() {
        Task { try? await self.run() }
    }
}
#endif
