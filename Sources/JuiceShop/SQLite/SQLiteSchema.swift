import GRDB

/// The state file's schema, built and upgraded by GRDB's `DatabaseMigrator`; `PRAGMA user_version` says which
/// version a file has, so that older JuiceMakers refuse files they would not keep consistent.
enum SQLiteSchema {
    /// The schema version this JuiceMaker writes.
    static let version = 7

    /// What a state file holds, as far as reading it goes.
    enum Status {
        /// Nothing yet (a new or empty file): every fruit at its initial stock, no journal.
        case empty
        /// Stock and journal, at a schema version this JuiceMaker reads (1 has no kept sums yet, 1 and 2 no refused
        /// orders, 1 to 3 no last good recipe set, 1 to 5 no details or count sessions, 1 to 6 no purchase orders).
        case ready(version: Int)
    }

    /// The versions, in order. Version 1 is the schema of state files made before migrations were recorded.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1 stock and journal", foreignKeyChecks: .immediate) { db in
            // A file from before the migrator already has these tables at user_version 1: it is adopted as it is.
            guard try userVersion(db) == 0 else { return }
            try db.execute(
                sql: """
                    CREATE TABLE stock (
                        fruit TEXT PRIMARY KEY NOT NULL,
                        count INTEGER NOT NULL CHECK (count >= 0),
                        initial INTEGER NOT NULL CHECK (initial >= 0)
                    );
                    CREATE TABLE journal (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        time TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        command TEXT NOT NULL,
                        juice TEXT,
                        count INTEGER,
                        undoes INTEGER REFERENCES journal(id),
                        undone_by INTEGER REFERENCES journal(id)
                    );
                    CREATE TABLE journal_delta (
                        entry INTEGER NOT NULL REFERENCES journal(id),
                        fruit TEXT NOT NULL,
                        delta INTEGER NOT NULL,
                        PRIMARY KEY (entry, fruit)
                    );
                    PRAGMA user_version = 1;
                    """)
        }
        migrator.registerMigration("2 kept sums of the journal", foreignKeyChecks: .immediate) { db in
            // Each fruit keeps the sum of its journaled deltas, maintained by triggers on journal_delta (so even a hand
            // edit of the journal keeps it right): checking stock = initial + journaled before each change costs one
            // row per fruit instead of a pass over the whole journal. Stock that already disagrees keeps disagreeing.
            try db.execute(
                sql: """
                    ALTER TABLE stock ADD COLUMN journaled INTEGER NOT NULL DEFAULT 0;
                    UPDATE stock SET journaled = COALESCE((SELECT SUM(delta) FROM journal_delta WHERE fruit = stock.fruit), 0);
                    CREATE TRIGGER journal_delta_inserted AFTER INSERT ON journal_delta BEGIN
                        UPDATE stock SET journaled = journaled + NEW.delta WHERE fruit = NEW.fruit;
                    END;
                    CREATE TRIGGER journal_delta_deleted AFTER DELETE ON journal_delta BEGIN
                        UPDATE stock SET journaled = journaled - OLD.delta WHERE fruit = OLD.fruit;
                    END;
                    CREATE TRIGGER journal_delta_updated AFTER UPDATE ON journal_delta BEGIN
                        UPDATE stock SET journaled = journaled - OLD.delta WHERE fruit = OLD.fruit;
                        UPDATE stock SET journaled = journaled + NEW.delta WHERE fruit = NEW.fruit;
                    END;
                    PRAGMA user_version = 2;
                    """)
        }
        migrator.registerMigration("3 refused orders", foreignKeyChecks: .immediate) { db in
            // Orders the stock refused (demand not served), with each short fruit: tables of their own, so that
            // stock, the journal, its kept sums and the change token (the journal's newest id) never see them.
            try db.execute(
                sql: """
                    CREATE TABLE refusal (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        time TEXT NOT NULL,
                        command TEXT NOT NULL,
                        juice TEXT NOT NULL,
                        count INTEGER NOT NULL
                    );
                    CREATE TABLE refusal_shortage (
                        refusal INTEGER NOT NULL REFERENCES refusal(id),
                        position INTEGER NOT NULL,
                        fruit TEXT NOT NULL,
                        needed INTEGER NOT NULL,
                        in_stock INTEGER NOT NULL,
                        PRIMARY KEY (refusal, position)
                    );
                    PRAGMA user_version = 3;
                    """)
        }
        migrator.registerMigration("4 last good recipe set", foreignKeyChecks: .immediate) { db in
            // The recipe set the server last accepted, file by file as it was read, so that a server starting on a
            // broken directory can serve it. One set at most (the row with id 1); its files in load order. Tables of
            // their own: stock, the journal and the change token never see them.
            try db.execute(
                sql: """
                    CREATE TABLE recipe_set (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        version TEXT NOT NULL,
                        kept_at TEXT NOT NULL
                    );
                    CREATE TABLE recipe_file (
                        position INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE,
                        bytes BLOB NOT NULL
                    );
                    PRAGMA user_version = 4;
                    """)
        }
        migrator.registerMigration("5 request ids", foreignKeyChecks: .immediate) { db in
            // The request id a change was made under (an order's receipt id), journaled in the same transaction, so
            // that a client whose answer was lost can look its order up. Unique: one request, one entry at most.
            try db.execute(
                sql: """
                    ALTER TABLE journal ADD COLUMN request TEXT;
                    CREATE UNIQUE INDEX journal_request ON journal (request) WHERE request IS NOT NULL;
                    PRAGMA user_version = 5;
                    """)
        }
        migrator.registerMigration("6 deliveries, waste and counts", foreignKeyChecks: .immediate) { db in
            // What a delivery, waste or count records beyond its deltas (lots, reason, counted values), as JSON beside
            // its entry; count sessions, each with where the journal stood when it started; and an index on the kinds
            // the lots are replayed from.
            try db.execute(
                sql: """
                    ALTER TABLE journal ADD COLUMN detail TEXT;
                    CREATE TABLE count_session (
                        id TEXT PRIMARY KEY NOT NULL,
                        start INTEGER NOT NULL,
                        started_at TEXT NOT NULL,
                        applied_by INTEGER REFERENCES journal(id)
                    );
                    CREATE INDEX journal_lot_kinds ON journal (id) WHERE kind IN ('delivery', 'count');
                    PRAGMA user_version = 6;
                    """)
        }
        migrator.registerMigration("7 purchase orders", foreignKeyChecks: .immediate) { db in
            // Purchase orders kept in the state (`juice purchase create`), each with its lines; received by one delivery,
            // whose journal entry it then names. Tables of their own: stock, the journal and the change token never see
            // them. The supplier is its id as text, so an order outlives the supplier's place in the recipe files.
            try db.execute(
                sql: """
                    CREATE TABLE purchase_order (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        supplier TEXT NOT NULL,
                        order_by TEXT,
                        arrives TEXT,
                        total INTEGER CHECK (total >= 0),
                        status TEXT NOT NULL CHECK (status IN ('open', 'received')),
                        created_at TEXT NOT NULL,
                        received_entry INTEGER REFERENCES journal(id),
                        received_at TEXT,
                        CHECK ((status = 'received') = (received_entry IS NOT NULL))
                    );
                    CREATE TABLE purchase_line (
                        purchase_order INTEGER NOT NULL REFERENCES purchase_order(id),
                        position INTEGER NOT NULL,
                        fruit TEXT NOT NULL,
                        packs INTEGER NOT NULL CHECK (packs >= 1),
                        units INTEGER NOT NULL CHECK (units >= 1),
                        cost INTEGER CHECK (cost >= 0),
                        PRIMARY KEY (purchase_order, position)
                    );
                    CREATE INDEX purchase_order_received_entry ON purchase_order (received_entry) WHERE received_entry IS NOT NULL;
                    PRAGMA user_version = 7;
                    """)
        }
        return migrator
    }()

    /// What the file holds; throws when it is not a state file of ours (left untouched) or is newer than this version.
    static func status(_ db: Database, path: String) throws -> Status {
        let version = try userVersion(db)
        if version > Self.version { throw StateError.newerSchema(path: path, version: version) }
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
        if version == 0 {
            // An SQLite file of some other program is not ours to add tables to.
            guard tables.isSubset(of: ["grdb_migrations"]) else { throw StateError.notADatabase(path: path) }
            return .empty
        }
        guard tables.isSuperset(of: ["stock", "journal", "journal_delta"]) else { throw StateError.notADatabase(path: path) }
        if version >= 3, !tables.isSuperset(of: ["refusal", "refusal_shortage"]) { throw StateError.notADatabase(path: path) }
        if version >= 4, !tables.isSuperset(of: ["recipe_set", "recipe_file"]) { throw StateError.notADatabase(path: path) }
        if version >= 6, !tables.contains("count_session") { throw StateError.notADatabase(path: path) }
        if version >= 7, !tables.isSuperset(of: ["purchase_order", "purchase_line"]) { throw StateError.notADatabase(path: path) }
        return .ready(version: version)
    }

    /// Brings the file opened by `writer` to this version: checks it is ours first, then WAL, then the migrations.
    static func migrate(_ writer: DatabaseQueue, path: String) async throws {
        try await writer.writeWithoutTransaction { db in
            _ = try status(db, path: path)
            // Set only when needed: the mode is kept in the file, and setting it takes an exclusive lock.
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw StateError.failed(path: path, message: "could not switch the file to write-ahead logging")
                }
            }
        }
        // Two processes opening a new file together both try the same migrations; the one that comes second fails to
        // record one, and runs again against what the other recorded.
        for attempt in 1...3 {
            let outcome: Result<Void, any Error> = await withCheckedContinuation { continuation in
                migrator.asyncMigrate(writer) { result in continuation.resume(returning: result.map { _ in }) }
            }
            guard case .failure(let error) = outcome else { return }
            if attempt == 3 { throw error }
        }
    }

    static func userVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    }
}
