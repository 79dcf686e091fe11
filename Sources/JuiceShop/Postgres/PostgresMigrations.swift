#if PostgreSQL
import Logging
import PostgresNIO

/// The PostgreSQL schema as numbered migrations, applied in order by `juice` itself.
///
/// Each migration runs in one transaction together with its row in `schema_migrations`. Every run first takes a
/// transaction-scoped advisory lock, so two processes migrating the same database at once are serialised: the
/// second finds the work done. Migrations are never edited once released; a change is a new migration.
enum PostgresMigrations {
    /// The key of the advisory lock held while migrating ("JUICE" in ASCII).
    static let lockKey: Int64 = 0x4A_55_49_43_45

    /// Every migration (its statements, run in order), oldest first; the version is the position plus one.
    static let all: [[String]] = [
        // 1: stock, the journal with its per-fruit deltas, the change counter, and the change function.
        [
            """
            CREATE TABLE stock (
                fruit text PRIMARY KEY,
                count bigint NOT NULL,
                initial bigint NOT NULL CHECK (initial >= 0),
                -- The sum of the fruit's journaled deltas, kept by juice_apply: count = initial + journaled unless the
                -- stock was edited behind JuiceMaker's back (then every change is refused until repaired).
                journaled bigint NOT NULL DEFAULT 0,
                capacity bigint NOT NULL,
                CONSTRAINT stock_count_within_capacity CHECK (count BETWEEN 0 AND capacity)
            )
            """,
            """
            CREATE TABLE journal (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                time timestamptz NOT NULL DEFAULT clock_timestamp(),
                kind text NOT NULL CHECK (kind IN ('order', 'add', 'remove', 'set', 'reset', 'retire', 'undo')),
                command text NOT NULL,
                juice text,
                count bigint,
                undoes bigint REFERENCES journal (id),
                undone_by bigint REFERENCES journal (id)
            )
            """,
            "CREATE INDEX journal_undoable ON journal (id DESC) WHERE kind <> 'undo' AND undone_by IS NULL",
            """
            CREATE TABLE journal_delta (
                entry bigint NOT NULL REFERENCES journal (id),
                fruit text NOT NULL,
                delta bigint NOT NULL,
                PRIMARY KEY (entry, fruit)
            )
            """,
            // Committed changes, counted in 16 slots (by backend) so that counting does not serialise all changes.
            "CREATE TABLE change_count (slot int PRIMARY KEY, changes bigint NOT NULL)",
            "INSERT INTO change_count SELECT slot, 0 FROM generate_series(0, 15) AS slot",
            // One change, all or nothing, in one statement. First, stock edited behind JuiceMaker's back (count no
            // longer initial + journaled) refuses every change with SQLSTATE JM003 naming the fruits. Then each fruit (in the caller's order, which is sorted) gets
            // its delta only if its count is within [low, high] at that moment; otherwise SQLSTATE JM001 rolls back
            // everything. Under READ COMMITTED, an UPDATE that waited for another transaction's row re-checks its
            // WHERE against the committed row, so no shortage can be missed. Returns the entry and the whole stock.
            """
            CREATE FUNCTION juice_apply(
                p_kind text, p_command text, p_juice text, p_count bigint, p_undoes bigint,
                p_fruits text[], p_deltas bigint[], p_low bigint[], p_high bigint[]
            ) RETURNS TABLE (r_entry bigint, r_time text, r_fruit text, r_count bigint)
            LANGUAGE plpgsql AS $$
            DECLARE
                v_id bigint;
                v_time timestamptz;
                v_broken text;
            BEGIN
                SELECT string_agg(stock.fruit, ',' ORDER BY stock.fruit) INTO v_broken FROM stock
                    WHERE stock.count <> stock.initial + stock.journaled;
                IF v_broken IS NOT NULL THEN
                    RAISE EXCEPTION '%', v_broken USING ERRCODE = 'JM003';
                END IF;
                FOR i IN 1 .. coalesce(array_length(p_fruits, 1), 0) LOOP
                    UPDATE stock SET count = stock.count + p_deltas[i], journaled = stock.journaled + p_deltas[i]
                        WHERE stock.fruit = p_fruits[i] AND stock.count BETWEEN p_low[i] AND p_high[i];
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'refused: %', p_fruits[i] USING ERRCODE = 'JM001';
                    END IF;
                END LOOP;
                INSERT INTO journal (kind, command, juice, count, undoes)
                    VALUES (p_kind, p_command, p_juice, p_count, p_undoes)
                    RETURNING journal.id, journal.time INTO v_id, v_time;
                INSERT INTO journal_delta (entry, fruit, delta)
                    SELECT v_id, u.f, u.d FROM unnest(p_fruits, p_deltas) AS u (f, d);
                IF p_undoes IS NOT NULL THEN
                    UPDATE journal SET undone_by = v_id WHERE journal.id = p_undoes AND journal.undone_by IS NULL;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'entry % was undone meanwhile', p_undoes USING ERRCODE = 'JM002';
                    END IF;
                END IF;
                UPDATE change_count SET changes = changes + 1 WHERE slot = pg_backend_pid() % 16;
                PERFORM pg_notify('juice_changes', v_id::text);
                RETURN QUERY SELECT v_id, to_char(v_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), s.fruit, s.count
                    FROM stock s;
            END
            $$
            """,
        ],
    ]

    /// Brings the database on `connection` up to the newest schema; a database from a newer JuiceMaker is an error.
    static func migrate(_ connection: PostgresConnection, logger: Logger, location: String) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = 0
            for try await version in try await connection.query(
                "SELECT coalesce(max(version), 0) FROM schema_migrations", logger: logger
            ).decode(Int.self) {
                applied = version
            }
            if applied > all.count { throw StateError.newerSchema(path: location, version: applied) }
            for (index, statements) in all.enumerated().dropFirst(applied) {
                for sql in statements { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
                try await connection.query("INSERT INTO schema_migrations (version) VALUES (\(index + 1))", logger: logger)
            }
        }
    }
}
#endif
