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
        // 1: stock, the journal with its per-fruit deltas, the change counter, and the change function (dropped by 3).
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
        // 2: orders in batches (group commit): one transaction, one flush and one NOTIFY for many orders (dropped by 3).
        [
            // Orders `p_juices[i]` × `p_counts[i]`, each all or nothing on its own, in the order given. Each order's
            // needs are the items whose `p_item_order` is i (items grouped by order, in order): `p_item_need` of the
            // fruit `p_fruits[p_item_fruit]`. First the same guard as juice_apply (JM003); then the batch's fruit rows
            // are locked in the caller's (sorted) order, as juice_apply locks them, and read; each order is decided
            // against the counts the orders before it left: served (journaled) when every fruit suffices, else
            // refused (nothing written for it). One update per fruit, one journal row per served order, their
            // deltas, the change counter and one NOTIFY. Returns one row per order (its entry, or none when refused)
            // and then the whole stock (r_order null).
            """
            CREATE FUNCTION juice_apply_orders(
                p_commands text[], p_juices text[], p_counts bigint[],
                p_fruits text[], p_item_order int[], p_item_fruit int[], p_item_need bigint[]
            ) RETURNS TABLE (r_order int, r_entry bigint, r_time text, r_fruit text, r_count bigint)
            LANGUAGE plpgsql AS $$
            DECLARE
                v_broken text;
                v_counts bigint[] := '{}';
                v_taken bigint[] := '{}';
                v_count bigint;
                v_items int := coalesce(array_length(p_item_order, 1), 0);
                v_first int := 1;
                v_last int;
                v_enough boolean;
                v_id bigint;
                v_time timestamptz;
                v_served int := 0;
                v_entry bigint[] := '{}';
                v_fruit text[] := '{}';
                v_delta bigint[] := '{}';
            BEGIN
                SELECT string_agg(stock.fruit, ',' ORDER BY stock.fruit) INTO v_broken FROM stock
                    WHERE stock.count <> stock.initial + stock.journaled;
                IF v_broken IS NOT NULL THEN
                    RAISE EXCEPTION '%', v_broken USING ERRCODE = 'JM003';
                END IF;
                FOR f IN 1 .. coalesce(array_length(p_fruits, 1), 0) LOOP
                    SELECT stock.count INTO v_count FROM stock WHERE stock.fruit = p_fruits[f] FOR UPDATE;
                    v_counts[f] := v_count;
                    v_taken[f] := 0;
                END LOOP;
                FOR i IN 1 .. coalesce(array_length(p_counts, 1), 0) LOOP
                    v_last := v_first;
                    v_enough := true;
                    WHILE v_last <= v_items AND p_item_order[v_last] = i LOOP
                        IF v_counts[p_item_fruit[v_last]] IS NULL OR v_counts[p_item_fruit[v_last]] < p_item_need[v_last] THEN
                            v_enough := false;
                        END IF;
                        v_last := v_last + 1;
                    END LOOP;
                    r_order := i;
                    r_entry := NULL;
                    r_time := NULL;
                    IF v_enough THEN
                        INSERT INTO journal (kind, command, juice, count) VALUES ('order', p_commands[i], p_juices[i], p_counts[i])
                            RETURNING journal.id, journal.time INTO v_id, v_time;
                        FOR k IN v_first .. v_last - 1 LOOP
                            v_counts[p_item_fruit[k]] := v_counts[p_item_fruit[k]] - p_item_need[k];
                            v_taken[p_item_fruit[k]] := v_taken[p_item_fruit[k]] + p_item_need[k];
                            v_entry := v_entry || v_id;
                            v_fruit := v_fruit || p_fruits[p_item_fruit[k]];
                            v_delta := v_delta || -p_item_need[k];
                        END LOOP;
                        v_served := v_served + 1;
                        r_entry := v_id;
                        r_time := to_char(v_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
                    END IF;
                    RETURN NEXT;
                    v_first := v_last;
                END LOOP;
                IF v_served > 0 THEN
                    INSERT INTO journal_delta (entry, fruit, delta) SELECT * FROM unnest(v_entry, v_fruit, v_delta);
                    UPDATE stock SET count = stock.count - u.t, journaled = stock.journaled - u.t
                        FROM unnest(p_fruits, v_taken) AS u (f, t) WHERE stock.fruit = u.f AND u.t <> 0;
                    UPDATE change_count SET changes = changes + v_served WHERE slot = pg_backend_pid() % 16;
                    PERFORM pg_notify('juice_changes', v_id::text);
                END IF;
                RETURN QUERY SELECT NULL::int, NULL::bigint, NULL::text, s.fruit, s.count FROM stock s;
            END
            $$
            """
        ],
        // 3: migrations hold the schema, not the shop's rules. Whether a change is allowed is decided by the Swift
        // rules every store shares (`StockLedger`), on rows locked in fruit order, and applied with plain statements
        // (see PostgresStore+Writes.swift); the CHECK constraints stay as the backstop. The two decision functions
        // go: nothing calls them any more.
        [
            "DROP FUNCTION IF EXISTS juice_apply(text, text, text, bigint, bigint, text[], bigint[], bigint[], bigint[])",
            "DROP FUNCTION IF EXISTS juice_apply_orders(text[], text[], bigint[], text[], int[], int[], bigint[])",
        ],
        // 4: orders the stock refused (demand not served), with each short fruit in the order the refusal listed
        // them. Tables of their own: stock, the journal, its kept sums and the change counter never see them. Written
        // by the statement that journals the batch which refused them (see PostgresStore+Writes.swift).
        [
            """
            CREATE TABLE refusal (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                time timestamptz NOT NULL DEFAULT clock_timestamp(),
                command text NOT NULL,
                juice text NOT NULL,
                count bigint NOT NULL
            )
            """,
            """
            CREATE TABLE refusal_shortage (
                refusal bigint NOT NULL REFERENCES refusal (id),
                position int NOT NULL,
                fruit text NOT NULL,
                needed bigint NOT NULL,
                in_stock bigint NOT NULL,
                PRIMARY KEY (refusal, position)
            )
            """,
        ],
        // 5: the recipe set a server last accepted, file by file as it was read, so that a server starting on a broken
        // recipe directory can serve it. One set at most (the row with id 1); its files in load order. Tables of
        // their own: stock, the journal and the change counter never see them (see PostgresStore+Recipes.swift).
        [
            """
            CREATE TABLE recipe_set (
                id int PRIMARY KEY CHECK (id = 1),
                version text NOT NULL,
                kept_at timestamptz NOT NULL DEFAULT clock_timestamp()
            )
            """,
            """
            CREATE TABLE recipe_file (
                position int PRIMARY KEY,
                name text NOT NULL UNIQUE,
                bytes bytea NOT NULL
            )
            """,
        ],
        // 6: the request id a change was made under (an order's receipt id), journaled in the same transaction, so
        // that a client whose answer was lost (the connection cut while the COMMIT was on its way) can look its order
        // up. Unique: one request, one entry at most (NULLs, the changes without one, are distinct).
        [
            "ALTER TABLE journal ADD COLUMN request text",
            "CREATE UNIQUE INDEX journal_request ON journal (request)",
        ],
        // 7: the kinds delivery, waste and count; what a delivery, waste or count records beyond its deltas (lots, reason, counted values), as JSON beside
        // its entry; count sessions, each with where the journal stood when it started (see PostgresStore+Counts.swift);
        // and an index on the kinds the lots are replayed from.
        [
            "ALTER TABLE journal ADD COLUMN detail text",
            "ALTER TABLE journal DROP CONSTRAINT journal_kind_check",
            """
            ALTER TABLE journal ADD CONSTRAINT journal_kind_check
                CHECK (kind IN ('order', 'add', 'remove', 'set', 'reset', 'retire', 'undo', 'delivery', 'waste', 'count'))
            """,
            """
            CREATE TABLE count_session (
                id text PRIMARY KEY,
                start bigint NOT NULL,
                started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
                applied_by bigint REFERENCES journal (id)
            )
            """,
            "CREATE INDEX journal_lot_kinds ON journal (id) WHERE kind IN ('delivery', 'count')",
        ],
        // 8: purchase orders kept in the state (`juice purchase create`), each with its lines; received by one delivery,
        // whose journal entry it then names (see PostgresStore+Purchases.swift). Tables of their own: stock, the journal
        // and the change counter never see them. The supplier is its id as text, so an order outlives the supplier's
        // place in the recipe files.
        [
            """
            CREATE TABLE purchase_order (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                supplier text NOT NULL,
                order_by text,
                arrives text,
                total bigint CHECK (total >= 0),
                status text NOT NULL CHECK (status IN ('open', 'received')),
                created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
                received_entry bigint REFERENCES journal (id),
                received_at timestamptz,
                CHECK ((status = 'received') = (received_entry IS NOT NULL))
            )
            """,
            """
            CREATE TABLE purchase_line (
                purchase_order bigint NOT NULL REFERENCES purchase_order (id),
                position int NOT NULL,
                fruit text NOT NULL,
                packs bigint NOT NULL CHECK (packs >= 1),
                units bigint NOT NULL CHECK (units >= 1),
                cost bigint CHECK (cost >= 0),
                PRIMARY KEY (purchase_order, position)
            )
            """,
            "CREATE INDEX purchase_order_received_entry ON purchase_order (received_entry) WHERE received_entry IS NOT NULL",
        ],
    ]

    /// Brings the database on `connection` up to the newest schema (or to version `target`, for tests of databases
    /// made by older JuiceMakers); a database from a newer JuiceMaker is an error.
    static func migrate(_ connection: PostgresConnection, logger: Logger, location: String, to target: Int = all.count) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                """
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
            for (index, statements) in all.prefix(target).enumerated().dropFirst(applied) {
                for sql in statements { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
                try await connection.query("INSERT INTO schema_migrations (version) VALUES (\(index + 1))", logger: logger)
            }
        }
    }
}
#endif
