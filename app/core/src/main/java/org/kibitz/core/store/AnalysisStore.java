package org.kibitz.core.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.AtomicFiles;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteException;

/**
 * What engines found, kept across runs: one SQLite file ({@value #FILE_NAME} in the data folder),
 * one row per position, engine fingerprint and MultiPV rank, the deepest line found. See
 * {@code docs/decisions/0002-analysis-store.md} for the schema and the rules.
 *
 * <p>Writes do not block: {@link #put} queues a line and one writer thread commits the queue in
 * batches, one transaction every {@value #BATCH_MILLIS} ms or {@value #BATCH_ROWS} rows; a process
 * killed loses at most the lines still queued. {@link #flush()} waits for everything queued before it.
 * Lookups read a connection of their own (in WAL mode readers do not wait for the writer).
 *
 * <p>Opening never fails: a file that is not a sound SQLite database is moved aside
 * ({@code analysis.sqlite.corrupt-<time>}) and a new one started; a file that cannot be used at all
 * is replaced for the session by a temporary one. Either way {@link #problem()} says what happened,
 * for the caller to show. Several processes may write to one file at once (WAL, a busy timeout, and
 * retries of a batch that still met a lock).
 */
public final class AnalysisStore implements AutoCloseable {

    public static final String FILE_NAME = "analysis.sqlite";
    /** The schema this code writes ({@code PRAGMA user_version}). */
    public static final int SCHEMA_VERSION = 1;
    static final int BATCH_ROWS = 500;
    static final long BATCH_MILLIS = 50;
    static final int BUSY_TIMEOUT_MS = 10_000;
    /** Tries of one batch that met a lock held longer than the busy timeout. */
    static final int BATCH_TRIES = 6;

    private static final System.Logger LOG = System.getLogger(AnalysisStore.class.getName());
    private static final Object STOP = new Object();

    private final Path file;
    private final boolean temporary;
    private final ToIntFunction<String> rankBase;
    private final Connection writer;
    private final Connection reader;
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Thread writerThread;
    private final Map<EngineFingerprint, EngineRow> engines = new HashMap<>();
    private final Map<Long, EngineRow> enginesById = new HashMap<>();
    private final Object readLock = new Object();
    private volatile Text problem;
    private volatile Path setAside;
    private volatile boolean closed;
    private PreparedStatement readByPosition;
    private long written;

    private record EngineRow(long id, EngineFingerprint fingerprint, String label) {
    }

    private record Flush(CompletableFuture<Void> done) {
    }

    private AnalysisStore(Path file, boolean temporary, ToIntFunction<String> rankBase, Connection writer,
                          Connection reader, Text problem, Path setAside) {
        this.file = file;
        this.temporary = temporary;
        this.rankBase = rankBase;
        this.writer = writer;
        this.reader = reader;
        this.problem = problem;
        this.setAside = setAside;
        this.writerThread = new Thread(this::writeLoop, "kibitz-analysis-store");
        writerThread.setDaemon(true);
        writerThread.start();
    }

    // ------------------------------------------------------------------ opening

    /** Opens (or creates) the store at {@code file}; moves versions by the games' own coordinates. */
    public static AnalysisStore open(Path file, Games games) {
        return open(file, id -> games.byId(id).map(GamePlugin::coordinateRankBase).orElse(0));
    }

    /**
     * Opens (or creates) the store at {@code file}, checking it first ({@code PRAGMA quick_check}).
     *
     * @param rankBase the rank base of a game's coordinates, by game id, for writing the moves of lines
     */
    public static AnalysisStore open(Path file, ToIntFunction<String> rankBase) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(rankBase, "rankBase");
        Text problem = null;
        Path aside = null;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try {
                return openChecked(file, rankBase, null, null, false);
            } catch (Newer n) {
                throw n;
            } catch (Corrupt c) {
                aside = setAsideWithCompanions(file);
                problem = Text.of(AnalysisStore.class, "store.corrupt", file, c.getMessage(), aside);
                LOG.log(System.Logger.Level.WARNING, "analysis store " + file + " set aside as " + aside + ": "
                        + c.getMessage());
                return openChecked(file, rankBase, problem, aside, false);
            }
        } catch (Corrupt | SQLException | IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "analysis store " + file + " cannot be used", e);
            Text why = e instanceof Newer ? Text.of(AnalysisStore.class, "store.newer", file, e.getMessage())
                    : Text.of(AnalysisStore.class, "store.unusable", file, String.valueOf(e.getMessage()));
            return temporary(rankBase, problem != null ? problem : why, aside);
        }
    }

    /** A store in a temporary file deleted at close (the fallback, and tests). */
    public static AnalysisStore temporary(ToIntFunction<String> rankBase, Text problem, Path setAside) {
        try {
            Path dir = Files.createTempDirectory("kibitz-store");
            Path f = dir.resolve(FILE_NAME);
            return openChecked(f, rankBase, problem, setAside, true);
        } catch (IOException | SQLException | Corrupt e) {
            throw new IllegalStateException("no temporary analysis store: " + e, e);
        }
    }

    /** Thrown inside opening when the file is not a sound database. */
    private static class Corrupt extends Exception {
        Corrupt(String why) {
            super(why);
        }
    }

    /** The file was written by a newer Kibitz: left alone. */
    private static final class Newer extends Corrupt {
        Newer(String why) {
            super(why);
        }
    }

    private static AnalysisStore openChecked(Path file, ToIntFunction<String> rankBase, Text problem, Path aside,
                                             boolean temporary) throws SQLException, Corrupt {
        boolean existed = Files.exists(file);
        Connection w = null;
        Connection r = null;
        try {
            w = connect(file, true);
            if (existed) {
                Optional<String> damage = damage(w, file);
                if (damage.isPresent()) {
                    throw new Corrupt(damage.get());
                }
            }
            createOrMigrate(w);
            r = connect(file, false);
            return new AnalysisStore(file, temporary, rankBase, w, r, problem, aside);
        } catch (SQLException e) {
            closeQuietly(w);
            closeQuietly(r);
            if (corruption(e)) {
                throw new Corrupt(e.getMessage());
            }
            throw e;
        } catch (Corrupt | RuntimeException e) {
            closeQuietly(w);
            closeQuietly(r);
            throw e;
        }
    }

    /**
     * What is wrong with the SQLite database {@code file} open on {@code c}, if anything: every page read
     * ({@code PRAGMA quick_check}) when {@link #fullCheckWanted} says so, else its header and schema. The
     * analysis store and the opening tree both check themselves with this when they open.
     *
     * @throws SQLException what SQLite throws for a file that is no database at all
     */
    public static Optional<String> damage(Connection c, Path file) throws SQLException {
        boolean full = fullCheckWanted(file);
        // The cheap check reads the header and the schema: a file that is no database fails it.
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(full ? "PRAGMA quick_check" : "SELECT 'ok' FROM sqlite_master LIMIT 1")) {
            String first = rs.next() ? rs.getString(1) : full ? "no answer" : "ok";
            return "ok".equalsIgnoreCase(first) ? Optional.empty() : Optional.of(first);
        }
    }

    /** Whether SQLite said the file is damaged or no database ({@code SQLITE_CORRUPT}, {@code SQLITE_NOTADB}). */
    public static boolean isCorruption(SQLException e) {
        return corruption(e);
    }

    /** Up to this size a store is checked page by page at every open (a few tenths of a second at most). */
    static final long FULL_CHECK_MAX_BYTES = 64L << 20;

    /**
     * Whether opening reads every page ({@code quick_check}, linear in the file's size) rather than the
     * header and schema only: for a small file always; for a big one only when the last process did not
     * close it cleanly. A clean close checkpoints the write-ahead log and deletes it, so a log with
     * content at open means a crash, a kill, or another process writing now; the full check then runs.
     * A store of millions of lines thus opens in milliseconds after a normal exit, not seconds.
     */
    static boolean fullCheckWanted(Path file) {
        try {
            if (Files.size(file) <= FULL_CHECK_MAX_BYTES) {
                return true;
            }
            Path wal = file.resolveSibling(file.getFileName() + "-wal");
            return Files.exists(wal) && Files.size(wal) > 0;
        } catch (IOException e) {
            return true;
        }
    }

    private static Connection connect(Path file, boolean writer) throws SQLException {
        SQLiteConfig c = new SQLiteConfig();
        c.setJournalMode(SQLiteConfig.JournalMode.WAL);
        c.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        c.setBusyTimeout(BUSY_TIMEOUT_MS);
        // The writer takes the write lock when its transaction begins: in WAL mode a transaction that
        // reads first and then wants to write can fail at once with SQLITE_BUSY_SNAPSHOT.
        c.setTransactionMode(writer ? SQLiteConfig.TransactionMode.IMMEDIATE : SQLiteConfig.TransactionMode.DEFERRED);
        // A page cache of 64 MiB per connection: lines land at random places of the key's B-tree, and
        // with SQLite's default 2 MiB a store of a few hundred thousand positions thrashes.
        c.setCacheSize(-64 * 1024);
        c.setTempStore(SQLiteConfig.TempStore.MEMORY);
        // Checkpoints every 16 MiB of WAL rather than 4: a page written again and again between two
        // checkpoints is copied into the database once.
        Connection conn = c.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement st = conn.createStatement()) {
            if (writer) {
                st.execute("PRAGMA wal_autocheckpoint = 4096");
            } else {
                // Lookups read pages through a memory map (no read() per page, no copy into the cache).
                st.execute("PRAGMA mmap_size = 268435456");
            }
        } catch (SQLException e) {
            conn.close();
            throw e;
        }
        return conn;
    }

    private static void createOrMigrate(Connection c) throws SQLException, Corrupt {
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            int version;
            try (ResultSet rs = st.executeQuery("PRAGMA user_version")) {
                version = rs.next() ? rs.getInt(1) : 0;
            }
            if (version > SCHEMA_VERSION) {
                c.rollback();
                throw new Newer(Integer.toString(version));
            }
            if (version < SCHEMA_VERSION) {
                migrate(st, version);
                st.execute("PRAGMA user_version = " + SCHEMA_VERSION);
            }
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** Brings the schema from {@code from} to {@link #SCHEMA_VERSION}, one step at a time (inside one transaction). */
    private static void migrate(Statement st, int from) throws SQLException {
        if (from < 1) {
            st.execute("""
                    CREATE TABLE IF NOT EXISTS engine (
                      id INTEGER PRIMARY KEY,
                      name TEXT NOT NULL,
                      options TEXT NOT NULL,
                      limit_kind TEXT NOT NULL,
                      limit_value INTEGER NOT NULL,
                      label TEXT NOT NULL,
                      UNIQUE (name, options, limit_kind, limit_value))""");
            st.execute("""
                    CREATE TABLE IF NOT EXISTS line (
                      hash INTEGER NOT NULL,
                      game TEXT NOT NULL,
                      fen TEXT NOT NULL,
                      engine INTEGER NOT NULL REFERENCES engine(id),
                      multipv INTEGER NOT NULL,
                      depth INTEGER NOT NULL,
                      seldepth INTEGER,
                      mate INTEGER NOT NULL,
                      score INTEGER NOT NULL,
                      bound INTEGER NOT NULL,
                      win INTEGER,
                      draw INTEGER,
                      loss INTEGER,
                      nodes INTEGER NOT NULL,
                      time_ms INTEGER NOT NULL,
                      pv TEXT NOT NULL,
                      written_at INTEGER NOT NULL,
                      PRIMARY KEY (hash, game, fen, engine, multipv)) WITHOUT ROWID""");
        }
        // if (from < 2) { ... the next schema's changes ... }
    }

    /** Moves a damaged database aside with its write-ahead log and shared memory, as {@link AtomicFiles#setAside} does. */
    public static Path setAsideWithCompanions(Path file) throws IOException {
        Path aside = AtomicFiles.setAside(file);
        for (String suffix : List.of("-wal", "-shm")) {
            Path companion = file.resolveSibling(file.getFileName() + suffix);
            if (Files.exists(companion)) {
                Files.move(companion, aside.resolveSibling(aside.getFileName() + suffix));
            }
        }
        return aside;
    }

    private static boolean corruption(SQLException e) {
        int code = resultCode(e) & 0xff;
        return code == 11 || code == 26;
    }

    private static boolean busy(SQLException e) {
        int code = resultCode(e) & 0xff;
        return code == 5 || code == 6;
    }

    private static int resultCode(SQLException e) {
        if (e instanceof SQLiteException se && se.getResultCode() != null) {
            return se.getResultCode().code;
        }
        return e.getErrorCode();
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // already broken
            }
        }
    }

    // ------------------------------------------------------------------ what the caller sees

    /** The file in use (a temporary one when the real one could not be used). */
    public Path file() {
        return file;
    }

    /** Whether the store is a temporary stand-in, lost at close. */
    public boolean temporary() {
        return temporary;
    }

    /** What went wrong opening or writing the store, for the user; empty when nothing did. */
    public Optional<Text> problem() {
        return Optional.ofNullable(problem);
    }

    /** Where an unreadable file was moved, when one was. */
    public Optional<Path> setAside() {
        return Optional.ofNullable(setAside);
    }

    // ------------------------------------------------------------------ writing

    /** Queues a line for the writer; returns at once. Ignored once the store is closed. */
    public void put(StoredLine line) {
        Objects.requireNonNull(line, "line");
        if (!closed) {
            queue.add(line);
        }
    }

    public void putAll(Collection<StoredLine> lines) {
        lines.forEach(this::put);
    }

    /** Waits until every line queued before this call is committed (or failed). */
    public void flush() {
        if (closed) {
            return;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        queue.add(new Flush(done));
        try {
            done.get(BUSY_TIMEOUT_MS * (long) BATCH_TRIES + 30_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            LOG.log(System.Logger.Level.WARNING, "analysis store flush", e);
        }
    }

    /** Lines written by this process so far (committed). */
    public synchronized long written() {
        return written;
    }

    private void writeLoop() {
        List<StoredLine> batch = new ArrayList<>(BATCH_ROWS);
        List<CompletableFuture<Void>> flushes = new ArrayList<>();
        boolean stop = false;
        while (!stop) {
            batch.clear();
            flushes.clear();
            try {
                Object first = queue.take();
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BATCH_MILLIS);
                Object o = first;
                while (true) {
                    if (o == STOP) {
                        stop = true;
                        break;
                    } else if (o instanceof Flush f) {
                        flushes.add(f.done());
                        break;
                    } else {
                        batch.add((StoredLine) o);
                    }
                    if (batch.size() >= BATCH_ROWS) {
                        break;
                    }
                    long left = deadline - System.nanoTime();
                    o = queue.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
                    if (o == null) {
                        break;
                    }
                }
            } catch (InterruptedException e) {
                stop = true;
            }
            if (!batch.isEmpty()) {
                commit(batch);
            }
            flushes.forEach(f -> f.complete(null));
        }
        // Anything queued after the stop is still written: close() drains.
        List<Object> rest = new ArrayList<>();
        queue.drainTo(rest);
        batch.clear();
        for (Object o : rest) {
            if (o instanceof StoredLine l) {
                batch.add(l);
            } else if (o instanceof Flush f) {
                f.done().complete(null);
            }
        }
        if (!batch.isEmpty()) {
            commit(batch);
        }
    }

    private void commit(List<StoredLine> batch) {
        for (int attempt = 1; ; attempt++) {
            Map<EngineFingerprint, EngineRow> added = new HashMap<>();
            try {
                writer.setAutoCommit(false);
                try (PreparedStatement up = writer.prepareStatement(UPSERT)) {
                    for (StoredLine l : batch) {
                        EngineRow e = engineRow(l.engine(), l.label(), added);
                        bind(up, l, e.id());
                        up.addBatch();
                    }
                    up.executeBatch();
                }
                writer.commit();
                synchronized (this) {
                    engines.putAll(added);
                    written += batch.size();
                }
                return;
            } catch (SQLException e) {
                try {
                    writer.rollback();
                } catch (SQLException ignored) {
                    // the transaction is gone either way
                }
                if (busy(e) && attempt < BATCH_TRIES) {
                    sleep(200L * attempt);
                    continue;
                }
                LOG.log(System.Logger.Level.WARNING, "analysis store: " + batch.size() + " lines not written", e);
                problem = Text.of(AnalysisStore.class, "store.writeFailed", file, String.valueOf(e.getMessage()));
                return;
            } finally {
                try {
                    writer.setAutoCommit(true);
                } catch (SQLException ignored) {
                    // next batch will tell
                }
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final String UPSERT = """
            INSERT INTO line (hash, game, fen, engine, multipv, depth, seldepth, mate, score, bound, win, draw, loss,
                              nodes, time_ms, pv, written_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (hash, game, fen, engine, multipv) DO UPDATE SET
              depth = excluded.depth, seldepth = excluded.seldepth, mate = excluded.mate, score = excluded.score,
              bound = excluded.bound, win = excluded.win, draw = excluded.draw, loss = excluded.loss,
              nodes = excluded.nodes, time_ms = excluded.time_ms, pv = excluded.pv, written_at = excluded.written_at
            WHERE (excluded.bound = 0 OR line.bound <> 0)
              AND (excluded.depth > line.depth OR (excluded.depth = line.depth AND excluded.written_at >= line.written_at))
            """;

    private void bind(PreparedStatement up, StoredLine l, long engineId) throws SQLException {
        PositionKey p = l.position();
        up.setLong(1, p.hash());
        up.setString(2, p.game());
        up.setString(3, p.fen());
        up.setLong(4, engineId);
        up.setInt(5, l.rank());
        up.setInt(6, l.depth());
        if (l.seldepth().isPresent()) {
            up.setInt(7, l.seldepth().getAsInt());
        } else {
            up.setNull(7, java.sql.Types.INTEGER);
        }
        switch (l.score()) {
            case Score.Centipawns c -> {
                up.setInt(8, 0);
                up.setInt(9, c.cp());
            }
            case Score.Mate m -> {
                up.setInt(8, 1);
                up.setInt(9, m.moves());
            }
        }
        up.setInt(10, l.score().bound().ordinal());
        if (l.wdl().isPresent()) {
            up.setInt(11, l.wdl().get().win());
            up.setInt(12, l.wdl().get().draw());
            up.setInt(13, l.wdl().get().loss());
        } else {
            up.setNull(11, java.sql.Types.INTEGER);
            up.setNull(12, java.sql.Types.INTEGER);
            up.setNull(13, java.sql.Types.INTEGER);
        }
        up.setLong(14, l.nodes());
        up.setLong(15, l.timeMs());
        up.setString(16, pvText(l.pv(), rankBase.applyAsInt(p.game())));
        up.setLong(17, l.at().toEpochMilli());
    }

    /** The id of a fingerprint's row (inserted when new), with its label brought up to date; in the writer's transaction. */
    private EngineRow engineRow(EngineFingerprint f, String label, Map<EngineFingerprint, EngineRow> added)
            throws SQLException {
        EngineRow known = added.get(f);
        if (known == null) {
            synchronized (this) {
                known = engines.get(f);
            }
        }
        if (known != null && known.label().equals(label)) {
            return known;
        }
        try (PreparedStatement ins = writer.prepareStatement("""
                INSERT INTO engine (name, options, limit_kind, limit_value, label) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (name, options, limit_kind, limit_value) DO UPDATE SET label = excluded.label
                WHERE label <> excluded.label""")) {
            ins.setString(1, f.engine());
            ins.setString(2, f.options());
            ins.setString(3, f.limitKind().name());
            ins.setLong(4, f.limitValue());
            ins.setString(5, label);
            ins.executeUpdate();
        }
        try (PreparedStatement sel = writer.prepareStatement(
                "SELECT id FROM engine WHERE name = ? AND options = ? AND limit_kind = ? AND limit_value = ?")) {
            sel.setString(1, f.engine());
            sel.setString(2, f.options());
            sel.setString(3, f.limitKind().name());
            sel.setLong(4, f.limitValue());
            try (ResultSet rs = sel.executeQuery()) {
                rs.next();
                EngineRow row = new EngineRow(rs.getLong(1), f, label);
                added.put(f, row);
                return row;
            }
        }
    }

    static String pvText(List<Move> pv, int rankBase) {
        StringBuilder b = new StringBuilder(pv.size() * 5);
        for (Move m : pv) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(m.coordinates(rankBase));
        }
        return b.toString();
    }

    static List<Move> pvMoves(String text, int rankBase) {
        if (text.isEmpty()) {
            return List.of();
        }
        List<Move> out = new ArrayList<>();
        for (String t : text.split(" ")) {
            if (t.equals("0000")) {
                out.add(Move.NULL);
                continue;
            }
            try {
                out.add(Move.parseCoordinates(t, rankBase));
            } catch (IllegalArgumentException e) {
                break;
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ reading

    /** Every stored line of {@code p}, of every engine: by engine name, fingerprint, then rank. */
    public List<StoredLine> lines(Position p) {
        return lines(PositionKey.of(p));
    }

    /** Every stored line of a position, of every engine: by engine name, fingerprint, then rank. */
    public List<StoredLine> lines(PositionKey key) {
        synchronized (readLock) {
            try {
                if (readByPosition == null) {
                    readByPosition = reader.prepareStatement("""
                            SELECT engine, multipv, depth, seldepth, mate, score, bound, win, draw, loss, nodes,
                                   time_ms, pv, written_at
                            FROM line WHERE hash = ? AND game = ? AND fen = ?""");
                }
                readByPosition.setLong(1, key.hash());
                readByPosition.setString(2, key.game());
                readByPosition.setString(3, key.fen());
                List<StoredLine> out = new ArrayList<>();
                try (ResultSet rs = readByPosition.executeQuery()) {
                    while (rs.next()) {
                        out.add(row(key, rs));
                    }
                }
                // The key's order gives engine rows by id, ranks in order: sort only when engines are mixed.
                if (out.size() > 1 && out.stream().anyMatch(l -> l.engine() != out.get(0).engine())) {
                    out.sort(ORDER);
                }
                return out;
            } catch (SQLException e) {
                LOG.log(System.Logger.Level.WARNING, "analysis store lookup", e);
                return List.of();
            }
        }
    }

    private static final java.util.Comparator<StoredLine> ORDER = java.util.Comparator
            .comparing((StoredLine l) -> l.engine().engine()).thenComparing(l -> l.engine().options())
            .thenComparing(l -> l.engine().limitKind()).thenComparingLong(l -> l.engine().limitValue())
            .thenComparingInt(StoredLine::rank);

    /** The stored lines of a position found by one engine fingerprint, by rank. */
    public List<StoredLine> lines(PositionKey key, EngineFingerprint engine) {
        return lines(key).stream().filter(l -> l.engine().equals(engine)).toList();
    }

    /** The stored lines of a position found by engines of this name (any options and limits). */
    public List<StoredLine> lines(PositionKey key, String engineName) {
        return lines(key).stream().filter(l -> l.engine().engine().equals(engineName)).toList();
    }

    /** The stored lines of many positions at once (a game's line for the curve), keyed as asked. */
    public Map<PositionKey, List<StoredLine>> lines(Collection<PositionKey> keys) {
        Map<PositionKey, List<StoredLine>> out = new LinkedHashMap<>();
        for (PositionKey k : keys) {
            if (!out.containsKey(k)) {
                out.put(k, lines(k));
            }
        }
        return out;
    }

    private StoredLine row(PositionKey key, ResultSet rs) throws SQLException {
        EngineRow e = engineById(rs.getLong(1));
        int bound = rs.getInt(7);
        Score.Bound b = Score.Bound.values()[Math.max(0, Math.min(2, bound))];
        Score score = rs.getInt(5) == 1 ? new Score.Mate(rs.getInt(6), b) : new Score.Centipawns(rs.getInt(6), b);
        int sel = rs.getInt(4);
        OptionalInt seldepth = rs.wasNull() ? OptionalInt.empty() : OptionalInt.of(sel);
        int win = rs.getInt(8);
        Optional<Wdl> wdl = rs.wasNull() ? Optional.empty() : Optional.of(new Wdl(win, rs.getInt(9), rs.getInt(10)));
        return new StoredLine(key, e.fingerprint(), e.label(), rs.getInt(2), rs.getInt(3), seldepth, score, wdl,
                rs.getLong(11), rs.getLong(12), pvMoves(rs.getString(13), rankBase.applyAsInt(key.game())),
                Instant.ofEpochMilli(rs.getLong(14)));
    }

    /** A fingerprint by its row id (under the read lock); read from the file when not known yet. */
    private EngineRow engineById(long id) throws SQLException {
        EngineRow e = enginesById.get(id);
        if (e != null) {
            return e;
        }
        try (PreparedStatement st = reader.prepareStatement(
                "SELECT name, options, limit_kind, limit_value, label FROM engine WHERE id = ?")) {
            st.setLong(1, id);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("no engine row " + id);
                }
                EngineFingerprint.LimitKind kind;
                try {
                    kind = EngineFingerprint.LimitKind.valueOf(rs.getString(3));
                } catch (IllegalArgumentException ex) {
                    kind = EngineFingerprint.LimitKind.OTHER;
                }
                e = new EngineRow(id, new EngineFingerprint(rs.getString(1), rs.getString(2), kind, rs.getLong(4)),
                        rs.getString(5));
            }
        }
        // Labels change (the user renames an engine): the cache is only for the fingerprint.
        enginesById.put(id, e);
        return e;
    }

    /** Rows in the store. */
    public long count() {
        synchronized (readLock) {
            try (Statement st = reader.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM line")) {
                return rs.next() ? rs.getLong(1) : 0;
            } catch (SQLException e) {
                LOG.log(System.Logger.Level.WARNING, "analysis store count", e);
                return -1;
            }
        }
    }

    /** {@code PRAGMA integrity_check}'s answer: {@code ok} for a sound file. */
    public String integrityCheck() {
        synchronized (readLock) {
            try (Statement st = reader.createStatement(); ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
                List<String> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
                return String.join("\n", out);
            } catch (SQLException e) {
                return String.valueOf(e.getMessage());
            }
        }
    }

    // ------------------------------------------------------------------ the end

    /** Writes what is queued, then closes the file. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        queue.add(STOP);
        try {
            writerThread.join(BUSY_TIMEOUT_MS * (long) BATCH_TRIES + 30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (readLock) {
            try {
                if (readByPosition != null) {
                    readByPosition.close();
                }
            } catch (SQLException ignored) {
                // closing anyway
            }
            closeQuietly(reader);
        }
        closeQuietly(writer);
        if (temporary) {
            try {
                for (String suffix : List.of("", "-wal", "-shm")) {
                    Files.deleteIfExists(file.resolveSibling(file.getFileName() + suffix));
                }
                Files.deleteIfExists(file.getParent());
            } catch (IOException e) {
                // a temporary folder left behind
            }
        }
    }
}
