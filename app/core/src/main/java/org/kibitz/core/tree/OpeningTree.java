package org.kibitz.core.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.Position;
import org.sqlite.SQLiteConfig;

/**
 * An opening database: one SQLite file per collection of games, holding per position (keyed by its
 * 64-bit {@code Position.hash()}, so transpositions meet) and move the games that played it, their
 * results, the mover's average rating and the years, plus the games themselves (tags and where they
 * came from) and which games reached which position. See {@code docs/decisions/0014-opening-tree-db.md}.
 *
 * <p>Written by {@link TreeImporter} in large transactions; read by {@link #moves(long)}. Not for
 * several threads at once.
 */
public final class OpeningTree implements AutoCloseable {

    /** The schema this code writes ({@code PRAGMA user_version}). */
    public static final int SCHEMA_VERSION = 3;

    /**
     * The games list: the games whose ids are in the JSON array bound to the statement's first
     * parameter (the games of a position, from {@link RefBlocks}), in the columns {@link #treeGames}
     * reads; a filter's conditions and the order follow.
     */
    private static final String GAMES_OF_POSITION = """
            SELECT g.id, f.path, g.game_number, g.white, g.black, g.result, g.year, g.event
            FROM games g LEFT JOIN files f ON f.digest = g.file_digest
            WHERE g.id IN (SELECT value FROM json_each(?))""";
    private static final String LATEST_FIRST = " ORDER BY g.year DESC, g.id DESC LIMIT ?";

    /** A game the tree holds. */
    public record TreeGame(long id, String file, int gameNumber, String white, String black, String result,
                           int year, String event) {
    }

    /** The player's side a {@link GameFilter} asks for. */
    public enum PlayerSide { ANY, WHITE, BLACK }

    /**
     * Which games a list shows: those of a player (name containing {@code player}, any case) on a
     * side, played within years (0 = no bound; a game of unknown year is left out once a bound is
     * set), at an event whose name contains {@code event}. Blank texts ask for nothing.
     *
     * <p>It filters the games that reached a position only: the move counts are kept per position
     * and move over all games, so they cannot be narrowed without replaying the games.
     */
    public record GameFilter(String player, PlayerSide side, int fromYear, int toYear, String event) {
        public static final GameFilter NONE = new GameFilter("", PlayerSide.ANY, 0, 0, "");

        public GameFilter {
            player = player == null ? "" : player.strip();
            side = side == null ? PlayerSide.ANY : side;
            event = event == null ? "" : event.strip();
        }

        public boolean isEmpty() {
            return player.isEmpty() && fromYear == 0 && toYear == 0 && event.isEmpty();
        }
    }

    /** An imported (or partly imported) file. */
    public record TreeFile(String path, String digest, long size, int gamesDone, boolean complete) {
    }

    private final Path file;
    final Connection db;
    private PreparedStatement readMoves;
    private PreparedStatement readRefs;
    private PreparedStatement readBlocks;

    /** Most played first, then by packed move: the order of every list of moves this gives. */
    private static final java.util.Comparator<TreeMove> MOST_PLAYED = (a, b) -> a.games() != b.games()
            ? Long.compare(b.games(), a.games()) : Integer.compare(TreeMove.pack(a.move()), TreeMove.pack(b.move()));

    private OpeningTree(Path file, Connection db) {
        this.file = file;
        this.db = db;
    }

    /**
     * Opens (or creates) the tree in {@code file}, checked first as the analysis store is: a damaged file
     * (bad pages, no database) is set aside as {@code <name>.corrupt-<time>} with its log, and a new, empty
     * tree started; {@link #problem()} then says so.
     */
    public static OpeningTree open(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (Files.exists(file)) {
            String damage = null;
            try {
                OpeningTree t = connect(file, true);
                if (t != null) {
                    return t;
                }
            } catch (Damaged d) {
                damage = d.getMessage();
            }
            Path aside = org.kibitz.core.store.AnalysisStore.setAsideWithCompanions(file);
            OpeningTree fresh = connect(file, false);
            fresh.problem = Optional.of(org.kibitz.api.i18n.Text.of(OpeningTree.class, "tree.corrupt", file.toString(),
                    damage, aside.toString()));
            return fresh;
        }
        return connect(file, false);
    }

    /** SQLite found the file damaged. */
    private static final class Damaged extends IOException {
        Damaged(String why) {
            super(why);
        }
    }

    /** What opening the tree found wrong (a damaged file set aside), to tell the user; empty mostly. */
    public Optional<org.kibitz.api.i18n.Text> problem() {
        return problem;
    }

    private Optional<org.kibitz.api.i18n.Text> problem = Optional.empty();

    private static OpeningTree connect(Path file, boolean check) throws IOException {
        Connection c = null;
        try {
            SQLiteConfig config = new SQLiteConfig();
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
            config.setBusyTimeout(10_000);
            config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
            // Batches update rows all over the moves' B-tree: a large cache keeps its inner pages in memory.
            config.setCacheSize(-256 * 1024);
            config.setTempStore(SQLiteConfig.TempStore.MEMORY);
            c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
            if (check) {
                Optional<String> damage = org.kibitz.core.store.AnalysisStore.damage(c, file);
                if (damage.isPresent()) {
                    throw new Damaged(damage.get());
                }
            }
            try (Statement st = c.createStatement()) {
                st.execute("PRAGMA mmap_size = 1073741824");
                st.execute("PRAGMA wal_autocheckpoint = 16384");
            }
            createOrCheck(c);
            return new OpeningTree(file, c);
        } catch (SQLException | Damaged e) {
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // already failing
                }
            }
            if (e instanceof Damaged d) {
                throw d;
            }
            SQLException q = (SQLException) e;
            if (check && org.kibitz.core.store.AnalysisStore.isCorruption(q)) {
                throw new Damaged(q.getMessage());
            }
            throw new IOException("cannot open the opening tree " + file + ": " + e.getMessage(), e);
        }
    }

    private static void createOrCheck(Connection c) throws SQLException, IOException {
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            int version;
            try (ResultSet rs = st.executeQuery("PRAGMA user_version")) {
                version = rs.next() ? rs.getInt(1) : 0;
            }
            if (version > SCHEMA_VERSION) {
                c.rollback();
                throw new IOException("written by a newer Kibitz (schema " + version + ")");
            }
            if (version == 0) {
                st.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID");
                st.execute("""
                        CREATE TABLE files(digest TEXT PRIMARY KEY, path TEXT NOT NULL, size INTEGER NOT NULL,
                                           games_done INTEGER NOT NULL, complete INTEGER NOT NULL) WITHOUT ROWID""");
                st.execute("""
                        CREATE TABLE games(id INTEGER PRIMARY KEY, file_digest TEXT NOT NULL, game_number INTEGER NOT NULL,
                                           white TEXT, black TEXT, result TEXT, year INTEGER, event TEXT,
                                           white_elo INTEGER, black_elo INTEGER, hash INTEGER NOT NULL UNIQUE)""");
                st.execute("""
                        CREATE TABLE moves(position_hash INTEGER NOT NULL, move INTEGER NOT NULL,
                                           games INTEGER NOT NULL, white_wins INTEGER NOT NULL, draws INTEGER NOT NULL,
                                           black_wins INTEGER NOT NULL, rating_sum INTEGER NOT NULL,
                                           rating_count INTEGER NOT NULL, first_year INTEGER NOT NULL,
                                           last_year INTEGER NOT NULL,
                                           PRIMARY KEY(position_hash, move)) WITHOUT ROWID""");
                RefBlocks.create(st);
                st.execute("INSERT INTO meta VALUES ('" + IDENTITY_KEY + "', '" + IDENTITY_WITH_RED + "')");
                st.execute("PRAGMA user_version = " + SCHEMA_VERSION);
            } else if (version < SCHEMA_VERSION) {
                // Schema 1 (one (position, game) index) and schema 2 (a row per reference, in runs)
                // become runs of compressed blocks (decision 0037), in this one transaction.
                st.execute("ALTER TABLE refs RENAME TO refs_old");
                st.execute("DROP TABLE IF EXISTS ref_runs");
                RefBlocks.create(st);
                moveReferences(c, version == 1
                        ? "SELECT 1, position_hash, game_id FROM refs_old ORDER BY position_hash, game_id"
                        : "SELECT run, position_hash, game_id FROM refs_old ORDER BY run, position_hash, game_id");
                st.execute("DROP TABLE refs_old");
                st.execute("PRAGMA user_version = " + SCHEMA_VERSION);
            }
            c.commit();
            // Reads run on their own; the importer takes one transaction per batch.
            c.setAutoCommit(true);
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        }
    }

    /** Writes the rows of {@code sql} (run, position hash, game id; in that order) as runs of blocks. */
    private static void moveReferences(Connection c, String sql) throws SQLException {
        long[] hashes = new long[1 << 12];
        long[] games = new long[1 << 12];
        int n = 0;
        long run = 0;
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                long r = rs.getLong(1);
                if (n > 0 && r != run) {
                    RefBlocks.write(c, run, hashes, games, n);
                    n = 0;
                }
                run = r;
                if (n == hashes.length) {
                    hashes = java.util.Arrays.copyOf(hashes, n * 2);
                    games = java.util.Arrays.copyOf(games, n * 2);
                }
                hashes[n] = rs.getLong(2);
                games[n] = rs.getLong(3);
                n++;
            }
        }
        RefBlocks.write(c, run, hashes, games, n);
    }

    /**
     * Runs of references beyond which an import merges them (see {@link #mergeRuns}): a lookup seeks
     * once per run, so their number must stay small however many imports add to the file.
     */
    static final int MAX_RUNS = 64;

    /**
     * Merges runs of references when there are more than {@code maxRuns}: every run but the largest
     * becomes one new run, in one transaction. Its rows are rewritten in key order; the largest run,
     * most of the references once a file has grown, is left as it is, so merging costs what the newer
     * imports wrote, not the whole file. Nothing happens at {@code maxRuns} runs or fewer.
     *
     * @return the runs merged (0 when none were)
     */
    int mergeRuns(int maxRuns) throws SQLException {
        List<long[]> runs = RefBlocks.runSizes(db);
        if (runs.size() <= maxRuns) {
            return 0;
        }
        long[] largest = runs.get(0);
        for (long[] r : runs) {
            if (r[1] > largest[1]) {
                largest = r;
            }
        }
        List<Long> merged = new ArrayList<>();
        StringBuilder list = new StringBuilder();
        for (long[] r : runs) {
            if (r != largest) {
                merged.add(r[0]);
                list.append(list.length() == 0 ? "" : ", ").append(r[0]);
            }
        }
        long next = runs.get(runs.size() - 1)[0] + 1;
        boolean auto = db.getAutoCommit();
        db.setAutoCommit(false);
        try (Statement st = db.createStatement()) {
            long[][] pairs = RefBlocks.pairsOf(db, merged);
            st.execute("DELETE FROM ref_blocks WHERE run IN (" + list + ")");
            st.execute("DELETE FROM ref_runs WHERE run IN (" + list + ")");
            RefBlocks.write(db, next, pairs[0], pairs[1], pairs[0].length);
            db.commit();
        } catch (SQLException | RuntimeException e) {
            db.rollback();
            throw e;
        } finally {
            db.setAutoCommit(auto);
        }
        return runs.size() - 1;
    }

    /** The games that reached the position of this hash, ascending (from the runs of references). */
    long[] gamesOf(long positionHash) throws SQLException {
        if (readBlocks == null) {
            readBlocks = db.prepareStatement(RefBlocks.BLOCKS_OF_POSITION);
        }
        return RefBlocks.gamesOf(db, readBlocks, positionHash);
    }

    /** Game ids as a JSON array, for {@code json_each}. */
    private static String json(long[] ids) {
        StringBuilder b = new StringBuilder(ids.length * 7 + 2).append('[');
        for (int i = 0; i < ids.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(ids[i]);
        }
        return b.append(']').toString();
    }

    public Path file() {
        return file;
    }

    /** The game the tree holds ({@code chess}, {@code xiangqi}), once a game was imported. */
    public Optional<String> gameId() throws IOException {
        return meta("game");
    }

    /** The meta key naming how game identities are made, and its value since they include {@code Red}. */
    static final String IDENTITY_KEY = "identity";
    static final String IDENTITY_WITH_RED = "red-or-white";

    /**
     * Whether this tree's game identities take a xiangqi game's {@code Red} tag as its first player
     * (trees made since issue 42). Older trees hashed only {@code White}, so two xiangqi games with
     * different Red players were one game there; they keep that identity, so that a file imported
     * again is still known as the same games.
     */
    boolean identityWithRed() throws IOException {
        return meta(IDENTITY_KEY).filter(IDENTITY_WITH_RED::equals).isPresent();
    }

    Optional<String> meta(String key) throws IOException {
        try (PreparedStatement ps = db.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The moves played from the position of this hash, most played first (then by packed move). */
    public List<TreeMove> moves(long positionHash) throws IOException {
        try {
            if (readMoves == null) {
                readMoves = db.prepareStatement("""
                        SELECT move, games, white_wins, draws, black_wins, rating_sum, rating_count, first_year, last_year
                        FROM moves WHERE position_hash = ?""");
            }
            readMoves.setLong(1, positionHash);
            List<TreeMove> out = new ArrayList<>();
            try (ResultSet rs = readMoves.executeQuery()) {
                while (rs.next()) {
                    out.add(new TreeMove(TreeMove.unpack(rs.getInt(1)), rs.getLong(2), rs.getLong(3), rs.getLong(4),
                            rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getInt(8), rs.getInt(9)));
                }
            }
            out.sort(MOST_PLAYED);
            return out;
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Up to {@code limit} games that reached the position of this hash, latest first. */
    public List<TreeGame> games(long positionHash, int limit) throws IOException {
        try {
            if (readRefs == null) {
                readRefs = db.prepareStatement(GAMES_OF_POSITION + LATEST_FIRST);
            }
            long[] ids = gamesOf(positionHash);
            if (ids.length == 0) {
                return List.of();
            }
            readRefs.setString(1, json(ids));
            readRefs.setInt(2, limit);
            return treeGames(readRefs);
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Up to {@code limit} games that reached the position of this hash and pass {@code filter}, latest first. */
    public List<TreeGame> games(long positionHash, int limit, GameFilter filter) throws IOException {
        if (filter == null || filter.isEmpty()) {
            return games(positionHash, limit);
        }
        StringBuilder sql = new StringBuilder(GAMES_OF_POSITION);
        List<Object> args = new ArrayList<>();
        where(filter, sql, args);
        sql.append(LATEST_FIRST);
        args.add(limit);
        try {
            long[] ids = gamesOf(positionHash);
            if (ids.length == 0) {
                return List.of();
            }
            args.add(0, json(ids));
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
        try (PreparedStatement ps = db.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                ps.setObject(i + 1, args.get(i));
            }
            return treeGames(ps);
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The games a statement of the games list selects (id, path, number, white, black, result, year, event). */
    private static List<TreeGame> treeGames(PreparedStatement ps) throws SQLException {
        List<TreeGame> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new TreeGame(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4), rs.getString(5),
                        rs.getString(6), rs.getInt(7), rs.getString(8)));
            }
        }
        return out;
    }

    /** The filter's conditions on {@code g} (the games table), appended to a WHERE clause. */
    private static void where(GameFilter filter, StringBuilder sql, List<Object> args) {
        if (!filter.player().isEmpty()) {
            String like = "%" + escapeLike(filter.player()) + "%";
            switch (filter.side()) {
                case WHITE -> sql.append(" AND g.white LIKE ? ESCAPE '\\'");
                case BLACK -> sql.append(" AND g.black LIKE ? ESCAPE '\\'");
                case ANY -> {
                    sql.append(" AND (g.white LIKE ? ESCAPE '\\' OR g.black LIKE ? ESCAPE '\\')");
                    args.add(like);
                }
            }
            args.add(like);
        }
        if (filter.fromYear() != 0) {
            sql.append(" AND g.year >= ?");
            args.add(filter.fromYear());
        }
        if (filter.toYear() != 0) {
            sql.append(" AND g.year <= ? AND g.year > 0");
            args.add(filter.toYear());
        }
        if (!filter.event().isEmpty()) {
            sql.append(" AND g.event LIKE ? ESCAPE '\\'");
            args.add("%" + escapeLike(filter.event()) + "%");
        }
    }

    /**
     * The moves played from {@code position} in the games that pass {@code filter}, counted from the
     * games themselves: the games that reached the position and pass the filter (from the references),
     * and for each move stored there, those of them that also reached the position after it. The
     * stored counts are over all games; this is what ChessBase and Scid show with a filter on, at the
     * cost of reading the references of the position and of each position after it (a game that
     * reaches both by transposition, not by the move, would be counted for it: rare, and said here).
     * Without a filter it is {@link #moves(long)}.
     */
    public List<TreeMove> moves(Position position, GameFilter filter) throws IOException {
        long hash = position.hash();
        if (filter == null || filter.isEmpty()) {
            return moves(hash);
        }
        StringBuilder sql = new StringBuilder("""
                SELECT g.id, g.result, g.year, g.white_elo, g.black_elo
                FROM games g WHERE g.id IN (SELECT value FROM json_each(?))""");
        List<Object> args = new ArrayList<>();
        where(filter, sql, args);
        sql.append(" ORDER BY g.id");
        boolean whiteMoves = position.sideToMove() == org.kibitz.api.game.Side.WHITE;
        try {
            java.util.HashMap<Long, int[]> passed = new java.util.HashMap<>();
            long[] reached = gamesOf(hash);
            if (reached.length == 0) {
                return new ArrayList<>();
            }
            args.add(0, json(reached));
            try (PreparedStatement ps = db.prepareStatement(sql.toString())) {
                for (int i = 0; i < args.size(); i++) {
                    ps.setObject(i + 1, args.get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String result = rs.getString(2);
                        int column = "1-0".equals(result) ? 0 : "1/2-1/2".equals(result) ? 1 : "0-1".equals(result) ? 2 : -1;
                        passed.put(rs.getLong(1), new int[]{column, rs.getInt(3), whiteMoves ? rs.getInt(4) : rs.getInt(5)});
                    }
                }
            }
            List<TreeMove> out = new ArrayList<>();
            if (passed.isEmpty()) {
                return out;
            }
            for (TreeMove stored : moves(hash)) {
                if (!position.isLegal(stored.move())) {
                    continue;
                }
                long games = 0;
                long[] wdl = new long[3];
                long ratingSum = 0;
                long ratingCount = 0;
                int first = 0;
                int last = 0;
                for (long child : gamesOf(position.play(stored.move()).hash())) {
                    int[] g = passed.get(child);
                    if (g == null) {
                        continue;
                    }
                    games++;
                    if (g[0] >= 0) {
                        wdl[g[0]]++;
                    }
                    if (g[2] > 0) {
                        ratingSum += g[2];
                        ratingCount++;
                    }
                    if (g[1] > 0) {
                        first = first == 0 ? g[1] : Math.min(first, g[1]);
                        last = Math.max(last, g[1]);
                    }
                }
                if (games > 0) {
                    out.add(new TreeMove(stored.move(), games, wdl[0], wdl[1], wdl[2], ratingSum, ratingCount, first, last));
                }
            }
            out.sort(MOST_PLAYED);
            return out;
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** Games held (each once). */
    public long gameCount() throws IOException {
        return count("SELECT count(*) FROM games");
    }

    /** Rows of the moves table: distinct (position, move) pairs. */
    public long moveCount() throws IOException {
        return count("SELECT count(*) FROM moves");
    }

    /** The files imported, complete or not. */
    public List<TreeFile> files() throws IOException {
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery("SELECT path, digest, size, games_done, complete FROM files ORDER BY path")) {
            List<TreeFile> out = new ArrayList<>();
            while (rs.next()) {
                out.add(new TreeFile(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getInt(4), rs.getInt(5) != 0));
            }
            return out;
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private long count(String sql) throws IOException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Folds the write-ahead log into the database file (after an import, so its size is the file's). */
    public void checkpoint() throws IOException {
        try (Statement st = db.createStatement()) {
            st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (readMoves != null) {
                readMoves.close();
            }
            if (readRefs != null) {
                readRefs.close();
            }
            if (readBlocks != null) {
                readBlocks.close();
            }
            if (!db.getAutoCommit()) {
                db.rollback();
            }
            db.close();
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
