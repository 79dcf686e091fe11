#if PostgreSQL
import JuiceCore
import Logging
import PostgresNIO

extension PostgresStore {
    /// The key of the advisory lock held while the kept recipe set is replaced ("MENU" in ASCII), so that servers
    /// starting together replace it one after the other.
    static let recipeLockKey: Int64 = 0x4D_45_4E_55

    /// The last recipe set a server accepted, read in one statement (one snapshot); never writes.
    public func lastGoodRecipes() async throws(ShopError) -> KeptRecipeSet? {
        try await withDatabase { [self] in
            let rows = try await client.query(
                """
                SELECT s.version, to_char(s.kept_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), f.name, f.bytes
                FROM recipe_set s LEFT JOIN recipe_file f ON true
                WHERE s.id = 1
                ORDER BY f.position
                """, logger: logger)
            var kept: KeptRecipeSet?
            for try await (version, keptAt, name, bytes) in rows.decode((String, String, String?, ByteBuffer?).self) {
                if kept == nil { kept = KeptRecipeSet(version: version, files: [], keptAt: keptAt) }
                if let name, let bytes { kept?.files.append(KeptRecipeFile(name: name, bytes: Array(buffer: bytes))) }
            }
            return kept
        }
    }

    /// Keeps `set` unless the database keeps one of the same version: compared first with a plain read, then again
    /// under an advisory lock inside the transaction that replaces it.
    public func keepLastGoodRecipes(_ set: KeptRecipeSet) async throws(ShopError) -> Bool {
        let kept = try await withDatabase { [self] in
            var version: String?
            for try await stored in try await client.query("SELECT version FROM recipe_set WHERE id = 1", logger: logger).decode(String.self) {
                version = stored
            }
            return version
        }
        guard kept != set.version else { return false }
        return try await withDatabase { [self] in
            try await client.withTransaction(logger: logger) { [self] connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.recipeLockKey))", logger: logger)
                for try await stored in try await connection.query("SELECT version FROM recipe_set WHERE id = 1", logger: logger)
                    .decode(String.self) where stored == set.version
                {
                    return false
                }
                try await connection.query("DELETE FROM recipe_file", logger: logger)
                try await connection.query("DELETE FROM recipe_set", logger: logger)
                try await connection.query("INSERT INTO recipe_set (id, version) VALUES (1, \(set.version))", logger: logger)
                let positions = Array(set.files.indices)
                let names = set.files.map(\.name)
                let contents = set.files.map { ByteBuffer(bytes: $0.bytes) }
                try await connection.query(
                    """
                    INSERT INTO recipe_file (position, name, bytes)
                    SELECT * FROM unnest(\(positions)::int[], \(names)::text[], \(contents)::bytea[])
                    """, logger: logger)
                return true
            }
        }
    }
}
#endif
