package org.kibitz.core.tree;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.formats.pgn.PgnFormat;
import org.kibitz.formats.pgn.PgnImportCuts;

/**
 * Imports game files into an {@link OpeningTree}: each game read as it streams by (constant memory),
 * on a reading thread that also takes out what the import keeps of it ({@link ImportGame}; a plain PGN
 * game is replayed without building its tree, any other read in full, decision 0038); its main
 * line's (position, move) pairs counted in memory, and every {@value #BATCH_GAMES} games (or
 * {@value #BATCH_PAIRS} pairs) the counts added to the file in one transaction of sorted upserts, with
 * the batch's references to its games as a run of their own (decision 0019) and how far the file was
 * read; a killed import so resumes where its last batch ended. A file imported before (same SHA-256) is
 * skipped; a game already held (same identity, see {@link #identity}) is counted once; a game with
 * errors is reported and skipped.
 */
public final class TreeImporter {

    static final int BATCH_GAMES = 20_000;
    static final int BATCH_PAIRS = 1 << 20;
    /** Rows per multi-row statement. */
    static final int ROWS = 64;
    /** The statement that adds {@code rows} games rows (into a tree that held no games: plain inserts). */
    private static String gamesSql(int rows) {
        return "INSERT INTO games(id, file_digest, game_number, white, black, result, year, event, white_elo, black_elo, hash) VALUES "
                + String.join(", ", java.util.Collections.nCopies(rows, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    }

    /** Game identities read in one import: an open-addressing set of longs. */
    static final class IdentitySet {
        private long[] keys = new long[1 << 12];
        private boolean hasZero;
        private int size;

        /** Adds {@code k}; whether it was not there before. */
        boolean add(long k) {
            if (k == 0) {
                boolean added = !hasZero;
                hasZero = true;
                return added;
            }
            if ((size + 1) * 2 > keys.length) {
                long[] old = keys;
                keys = new long[old.length * 2];
                size = 0;
                for (long o : old) {
                    if (o != 0) {
                        put(o);
                    }
                }
            }
            return put(k);
        }

        private boolean put(long k) {
            int mask = keys.length - 1;
            long h = k * 0x9E3779B97F4A7C15L;
            int i = (int) (h ^ h >>> 32) & mask;
            for (; keys[i] != 0; i = (i + 1) & mask) {
                if (keys[i] == k) {
                    return false;
                }
            }
            keys[i] = k;
            size++;
            return true;
        }
    }

    /** The statement that adds {@code rows} rows to a moves table that holds none of their keys: plain inserts. */
    private static String insertSql(int rows) {
        return "INSERT INTO moves VALUES " + String.join(", ", java.util.Collections.nCopies(rows, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    }

    private static String upsertSql(int rows) {
        return insertSql(rows)
                + """
                 ON CONFLICT(position_hash, move) DO UPDATE SET
                    games = games + excluded.games, white_wins = white_wins + excluded.white_wins,
                    draws = draws + excluded.draws, black_wins = black_wins + excluded.black_wins,
                    rating_sum = rating_sum + excluded.rating_sum,
                    rating_count = rating_count + excluded.rating_count,
                    first_year = CASE WHEN excluded.first_year = 0 THEN first_year
                                      WHEN first_year = 0 THEN excluded.first_year
                                      ELSE min(first_year, excluded.first_year) END,
                    last_year = max(last_year, excluded.last_year)""";
    }

    /**
     * @param game   the game to assume when a file does not say ({@code chess}, {@code xiangqi})
     * @param maxPly how many plies of each game to count, 0 for the whole main line
     */
    public record Options(Optional<String> game, int maxPly) {
        public Options {
            Objects.requireNonNull(game, "game");
            if (maxPly < 0) {
                throw new IllegalArgumentException("maxPly < 0");
            }
        }

        public static Options defaults() {
            return new Options(Optional.empty(), 0);
        }
    }

    /**
     * What an import did.
     *
     * @param files      files read (in whole or from where an earlier import stopped)
     * @param filesKnown files skipped because they were imported before
     * @param games      games added to the tree
     * @param duplicates games read that the tree already held
     * @param broken     games skipped for errors (or for being of another game than the tree's)
     * @param plies      (position, move) pairs counted
     * @param bytes      bytes of the files read
     */
    public record Summary(int files, int filesKnown, long games, long duplicates, long broken, long plies, long bytes) {
        /** Games read, whatever became of them. */
        public long read() {
            return games + duplicates + broken;
        }
    }

    /** Hears what an import does, on the importing thread. */
    public interface Listener {
        /** A problem in a game (an error skips the game). */
        default void problem(FormatProblem problem) {
        }

        /** A game of another game than the tree's, skipped. */
        default void otherGame(String source, int gameNumber, String gameId, String treeGame) {
        }

        /** A file imported before, skipped. */
        default void known(String source) {
        }

        /** A file that cannot be read at all (no such file, unknown format). */
        default void unreadable(String source, String reason) {
        }

        /** How far the import is: bytes read of all the files', games read so far. */
        default void progress(long bytesDone, long bytesTotal, long gamesRead) {
        }
    }

    private final Games games;
    private final Formats formats;
    private final int batchGames;
    private final int maxRuns;
    /** Whether PGN files take the light path (decision 0038); off only to compare it with the full read. */
    private boolean lightReads = true;
    /** Threads that prepare a PGN file's games (decision 0038, third round). */
    private int workers = ParallelRead.defaultWorkers();
    private int chunk = ParallelRead.CHUNK;

    public TreeImporter(Games games, Formats formats) {
        this(games, formats, BATCH_GAMES, OpeningTree.MAX_RUNS);
    }

    /**
     * With batches of {@code batchGames} games, and runs of references merged beyond {@code maxRuns}:
     * small numbers for tests.
     */
    TreeImporter(Games games, Formats formats, int batchGames, int maxRuns) {
        this.games = games;
        this.formats = formats;
        this.batchGames = batchGames;
        this.maxRuns = maxRuns;
    }

    /** Games prepared, in the file's order, by one of the reading set-ups. */
    private interface GameSource extends java.io.Closeable {
        ImportGame next() throws IOException;
    }

    /**
     * Prepares a PGN file's games on {@code n} threads (by default one a core), {@code chunk} games
     * handed on at a time: for tests that hold an import on many threads equal to one on a single thread.
     */
    TreeImporter workers(int n, int chunk) {
        if (n < 1 || chunk < 1) {
            throw new IllegalArgumentException("workers or chunk < 1");
        }
        workers = n;
        this.chunk = chunk;
        return this;
    }

    /** Reads every game in full, as before decision 0038: for tests that compare the two paths. */
    TreeImporter fullReadsOnly() {
        lightReads = false;
        return this;
    }

    /** The files to read: files as given, folders walked for files of a readable extension, by name. */
    public List<Path> expand(List<Path> inputs) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(Files::isRegularFile)
                            .filter(f -> formats.forName(f.getFileName().toString()).filter(FormatPlugin::canRead).isPresent())
                            .sorted().forEach(out::add);
                }
            } else {
                out.add(p);
            }
        }
        return out;
    }

    /** Imports {@code inputs} (files and folders) into {@code tree}. */
    public Summary run(OpeningTree tree, List<Path> inputs, Options options, Listener listener) throws IOException {
        List<Path> files = expand(inputs);
        long total = 0;
        for (Path f : files) {
            if (Files.isRegularFile(f)) {
                total += Files.size(f);
            }
        }
        Run run = new Run(tree, options, listener, total);
        try {
            try {
                run.start();
                for (Path f : files) {
                    run.file(f);
                }
                run.drain();
            } finally {
                run.finish();
            }
            // Every batch wrote a run of references; many imports into one file would make many.
            tree.mergeRuns(maxRuns);
            return run.summary();
        } catch (SQLException e) {
            throw new IOException("opening tree " + tree.file() + ": " + e.getMessage(), e);
        }
    }

    /** The SHA-256 of a file's bytes, in hex. */
    static String digest(Path file) throws IOException {
        MessageDigest md = sha256();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A game's identity: 64 bits of the SHA-256 of its game, main tags (White, or Red for a xiangqi
     * game that has no White when {@code withRed}; Black, Date, Round, Result), start position and
     * the main line's moves. The same game in two files, however its
     * comments, variations and other tags differ, is one game.
     */
    public static long identity(MessageDigest md, GameTree g, boolean withRed) {
        int plies = 0;
        for (GameNode n = g.root().firstChild(); n != null; n = n.firstChild()) {
            plies++;
        }
        int[] packed = new int[plies];
        int at = 0;
        for (GameNode n = g.root().firstChild(); n != null; n = n.firstChild()) {
            packed[at++] = TreeMove.pack(n.move().orElse(Move.NULL));
        }
        return identity(md, g.gameId(), name -> g.tags().get(name).orElse(null), g.startPosition().fen(), packed, plies, withRed);
    }

    /**
     * {@link #identity(MessageDigest, GameTree, boolean)} from its parts: the game's tags by name (null
     * for a tag it has not), its start position's FEN and its main line's first {@code plies} packed
     * moves ({@link TreeMove#pack}).
     */
    static long identity(MessageDigest md, String gameId, java.util.function.Function<String, String> tags, String startFen,
                         int[] packed, int plies, boolean withRed) {
        md.reset();
        StringBuilder head = new StringBuilder(128).append(gameId);
        for (String tag : new String[]{"White", "Black", "Date", "Round", "Result"}) {
            String v = tags.apply(tag);
            if (withRed && tag.equals("White") && v == null) {
                v = tags.apply("Red");
            }
            head.append('\n').append(v == null ? "" : v.strip());
        }
        head.append('\n').append(startFen).append('\n');
        md.update(head.toString().getBytes(StandardCharsets.UTF_8));
        // The moves, four bytes each (little-endian), handed to the digest at once: one update a move
        // cost more than the hashing itself.
        byte[] m = new byte[4 * plies];
        for (int i = 0, at = 0; i < plies; i++, at += 4) {
            int v = packed[i];
            m[at] = (byte) v;
            m[at + 1] = (byte) (v >> 8);
            m[at + 2] = (byte) (v >> 16);
            m[at + 3] = (byte) (v >> 24);
        }
        md.update(m);
        byte[] d = md.digest();
        long h = 0;
        for (int i = 0; i < 8; i++) {
            h = h << 8 | (d[i] & 0xFF);
        }
        return h;
    }

    /**
     * The year of a game's date, 0 when it gives none. PGN says {@code 1921.??.??}, but the files
     * players own write dates every way: {@code 19860502}, {@code 1986-5-2}, {@code 2/5/1986},
     * {@code 86-5-2}, {@code 860502}. A four-digit run that is a plausible year wins; an
     * eight-digit run starts with its year; a six-digit run starts with its year when its first
     * four digits are a plausible year (1986 5 2) and with a two-digit year otherwise (99 05 16);
     * of two-digit groups the year is the one that cannot be a day (over 31), else the first, as
     * xiangqi archives write them ({@code 97-11-19}).
     */
    static int year(String date) {
        if (date == null) {
            return 0;
        }
        int[] runs = new int[8];
        int[] lengths = new int[8];
        int n = 0;
        for (int i = 0; i < date.length() && n < runs.length; ) {
            char c = date.charAt(i);
            if (c < '0' || c > '9') {
                i++;
                continue;
            }
            int v = 0;
            int len = 0;
            while (i < date.length() && date.charAt(i) >= '0' && date.charAt(i) <= '9') {
                if (len < 9) {
                    v = v * 10 + (date.charAt(i) - '0');
                }
                len++;
                i++;
            }
            runs[n] = v;
            lengths[n] = len;
            n++;
        }
        for (int k = 0; k < n; k++) {
            if (lengths[k] == 4 && plausibleYear(runs[k])) {
                return runs[k];
            }
            if (lengths[k] == 8 && plausibleYear(runs[k] / 10_000)) {
                return runs[k] / 10_000;
            }
        }
        if (n == 1 && lengths[0] == 6) {
            int first4 = runs[0] / 100;
            return plausibleYear(first4) ? first4 : twoDigitYear(runs[0] / 10_000);
        }
        boolean allShort = n >= 2;
        for (int k = 0; k < n; k++) {
            allShort &= lengths[k] <= 2;
        }
        if (!allShort) {
            return 0;
        }
        for (int k = 0; k < n; k++) {
            if (runs[k] > 31) {
                return twoDigitYear(runs[k]);
            }
        }
        return n == 3 ? twoDigitYear(runs[0]) : 0;
    }

    private static boolean plausibleYear(int y) {
        return y >= 1000 && y <= 2999;
    }

    /** A two-digit year: this century up to this year, the last century after it. */
    private static int twoDigitYear(int yy) {
        int now = java.time.Year.now().getValue();
        int century = now / 100 * 100;
        return yy <= now % 100 ? century + yy : century - 100 + yy;
    }

    static int rating(String elo) {
        if (elo == null) {
            return 0;
        }
        // Plain digits, the common case, without a NumberFormatException for every empty tag
        // (files write [WhiteElo ""] in every game, and each exception took a stack trace).
        int n = elo.length();
        if (n == 0) {
            return 0;
        }
        if (n <= 4) {
            int r = 0;
            boolean digits = true;
            for (int i = 0; i < n && digits; i++) {
                char c = elo.charAt(i);
                digits = c >= '0' && c <= '9';
                r = r * 10 + (c - '0');
            }
            if (digits) {
                return r > 0 && r < 5000 ? r : 0;
            }
        }
        if (elo.isBlank() || elo.strip().equals("?") || elo.strip().equals("-")) {
            return 0;
        }
        try {
            int r = Integer.parseInt(elo.strip());
            return r > 0 && r < 5000 ? r : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The index of the result's column in {@link MoveCounts}, -1 for an unfinished game. */
    static int resultColumn(GameResult r) {
        return switch (r) {
            case WHITE_WINS -> MoveCounts.WHITE_WINS;
            case DRAW -> MoveCounts.DRAWS;
            case BLACK_WINS -> MoveCounts.BLACK_WINS;
            case UNDECIDED -> -1;
        };
    }

    /** Counts bytes taken from a stream (the progress of a file). */
    private static final class Counting extends FilterInputStream {
        /** Written by the reading thread, read for progress by the importing one. */
        volatile long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = super.skip(n);
            count += s;
            return s;
        }
    }

    /**
     * One batch: the games rows, counts and references that go into the file in one transaction. The
     * importing thread fills one while the writing thread writes the other (decision 0038, third round).
     */
    private static final class Batch {
        /** The batch's positions, numbered: its references are grouped by them (decision 0038). */
        final PositionIndex positions = new PositionIndex(1 << 16);
        final MoveCounts counts = new MoveCounts(1 << 16, positions);
        /** The batch's references in game order, as (position number, game id). */
        int[] refPositions = new int[1 << 12];
        long[] refGames = new long[1 << 12];
        int refs;
        /** Games added to the batch. */
        int games;
        /** Games rows not yet handed to the writing thread ({@link Run#gamesInMemory}). */
        List<Object[]> pendingGames = new ArrayList<>();

        void addRef(int position, long gameId) {
            if (refs == refPositions.length) {
                refPositions = java.util.Arrays.copyOf(refPositions, refs * 2);
                refGames = java.util.Arrays.copyOf(refGames, refs * 2);
            }
            refPositions[refs] = position;
            refGames[refs] = gameId;
            refs++;
        }

        /** The counts' slots in key order ({@link MoveCounts#sorted}), once the batch is full. */
        int[] order;
        /** The references in position order, as (position hash, game id), for {@link RefBlocks#write}. */
        long[] groupedHashes = new long[0];
        long[] groupedGames = new long[0];

        /**
         * Sorts the full batch's counts and groups its references by position: on the importing
         * thread, while the writing thread still writes the batch before (decision 0038, third round).
         */
        void sort() {
            order = counts.sorted();
            // In key order (game order within a key, as the ids were handed out): the B-tree is walked
            // once; in game order each row touched a page of its own and this was most of an import.
            // Grouped by position through the batch's position numbers: a sort of the distinct positions
            // and one counting pass, not a radix sort of every reference (decision 0038).
            if (refs > 0) {
                if (groupedHashes.length < refs) {
                    groupedHashes = new long[refPositions.length];
                    groupedGames = new long[refPositions.length];
                }
                positions.group(refPositions, refGames, refs, groupedHashes, groupedGames);
            }
        }

        void clear() {
            order = null;
            counts.clear();
            positions.clear();
            refs = 0;
            games = 0;
            pendingGames.clear();
        }
    }

    /** Work for the writing thread. */
    private interface Write {
        void run() throws SQLException;
    }

    /** One import: the statements, the batch and the counts. */
    private final class Run {
        final OpeningTree tree;
        final Connection db;
        final Options options;
        final Listener listener;
        final long bytesTotal;
        /** The batch being counted, and the other one (being written, or free). */
        Batch batch = new Batch();
        Batch other = new Batch();
        /**
         * The thread that writes the file, in the order work was handed to it: games rows as they come
         * and each batch's counts and references, while the importing thread counts the next games.
         * Only when the tree held no games ({@link #gamesInMemory}); otherwise each game's row is
         * written as it is read (its result says whether the game is new) and batches on this thread.
         */
        java.util.concurrent.ExecutorService writer;
        /** The last work handed to the writer, and the last batch. */
        java.util.concurrent.Future<?> lastWrite;
        java.util.concurrent.Future<?> lastFlush;
        /** What the writer failed with: work after it is not done, and the importing thread throws it. */
        volatile Throwable writeFailure;
        PreparedStatement insertGame;
        PreparedStatement upsertMove;
        PreparedStatement upsertMoves;
        /**
         * Whether the moves table is still empty in this import (a new tree, before its first batch):
         * then the batch's rows, distinct and in key order, go in as plain inserts, without the
         * upsert's conflict handling (decision 0038).
         */
        boolean movesEmpty;
        PreparedStatement fileDone;
        String treeGame;
        long nextId;
        /** The number of the last run of references written (see {@link OpeningTree}). */
        long lastRun;
        int filesRead;
        int filesKnown;
        long added;
        long duplicates;
        long broken;
        long plies;
        long bytesBefore;
        long gamesRead;
        /**
         * Whether the tree held no games when the import began: then a game already read is known from
         * {@link #identities} alone, and the batch's games rows are written together at its end, many
         * to a statement, instead of one statement a game whose result says whether it was new.
         */
        boolean gamesInMemory;
        final IdentitySet identities = new IdentitySet();
        PreparedStatement insertGames;
        /** Whether this import switched a new tree's file from the write-ahead log to a rollback journal. */
        boolean rollbackJournal;
        /** Whether identities take Red as the first player ({@link OpeningTree#identityWithRed()}). */
        boolean identityWithRed;

        Run(OpeningTree tree, Options options, Listener listener, long bytesTotal) {
            this.tree = tree;
            this.db = tree.db;
            this.options = options;
            this.listener = listener;
            this.bytesTotal = bytesTotal;
        }

        void start() throws SQLException, IOException {
            treeGame = tree.gameId().orElse(null);
            identityWithRed = tree.identityWithRed();
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT NOT EXISTS (SELECT 1 FROM games)")) {
                gamesInMemory = rs.next() && rs.getInt(1) != 0;
            }
            rollbackJournal = freshJournal();
            db.setAutoCommit(false);
            if (gamesInMemory) {
                writer = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "kibitz-tree-write");
                    t.setDaemon(true);
                    return t;
                });
            }
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT coalesce(max(id), 0) FROM games")) {
                nextId = rs.next() ? rs.getLong(1) + 1 : 1;
            }
            insertGame = db.prepareStatement("""
                    INSERT INTO games(id, file_digest, game_number, white, black, result, year, event, white_elo,
                                      black_elo, hash)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(hash) DO NOTHING""");
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT NOT EXISTS (SELECT 1 FROM moves)")) {
                movesEmpty = rs.next() && rs.getInt(1) != 0;
            }
            upsertMove = db.prepareStatement(upsertSql(1));
            upsertMoves = db.prepareStatement(upsertSql(ROWS));
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT coalesce(max(run), 0) FROM ref_runs")) {
                lastRun = rs.next() ? rs.getLong(1) : 0;
            }
            fileDone = db.prepareStatement("UPDATE files SET games_done = ?, complete = ? WHERE digest = ?");
        }

        /**
         * Into a tree that holds nothing yet, the import writes with a rollback journal instead of the
         * write-ahead log: the log writes every page twice (once in the log, once when it is folded into
         * the file), while a rollback journal saves only pages that held data before a transaction, so a
         * new file's pages are written once (decision 0037). A batch is still one transaction: a killed
         * import leaves a hot journal that SQLite rolls back on the next open. The log is back when the
         * import ends. When another connection has the file open, the mode cannot change and the import
         * keeps the log.
         */
        private boolean freshJournal() {
            try (Statement st = db.createStatement()) {
                try (ResultSet rs = st.executeQuery(
                        "SELECT NOT EXISTS (SELECT 1 FROM games) AND NOT EXISTS (SELECT 1 FROM ref_runs)")) {
                    if (!rs.next() || rs.getInt(1) == 0) {
                        return false;
                    }
                }
                try (ResultSet rs = st.executeQuery("PRAGMA journal_mode = DELETE")) {
                    return rs.next() && "delete".equalsIgnoreCase(rs.getString(1));
                }
            } catch (SQLException e) {
                return false; // another connection holds the file: the log stays
            }
        }

        void file(Path f) throws IOException, SQLException {
            drain(); // the file's row is read and written here, after every batch of the last file
            String source = f.toString();
            if (!Files.isRegularFile(f)) {
                listener.unreadable(source, "no such file");
                return;
            }
            Optional<FormatPlugin> format = formats.forFile(f).filter(FormatPlugin::canRead);
            if (format.isEmpty()) {
                listener.unreadable(source, "not a game file this Kibitz reads");
                bytesBefore += Files.size(f);
                return;
            }
            long size = Files.size(f);
            String digest = digest(f);
            int done = 0;
            try (PreparedStatement ps = db.prepareStatement("SELECT games_done, complete FROM files WHERE digest = ?")) {
                ps.setString(1, digest);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        if (rs.getInt(2) != 0) {
                            filesKnown++;
                            listener.known(source);
                            bytesBefore += size;
                            listener.progress(bytesBefore, bytesTotal, gamesRead);
                            return;
                        }
                        done = rs.getInt(1);
                    }
                }
            }
            if (done == 0) {
                try (PreparedStatement ps = db.prepareStatement(
                        "INSERT OR REPLACE INTO files(digest, path, size, games_done, complete) VALUES (?, ?, ?, 0, 0)")) {
                    ps.setString(1, digest);
                    ps.setString(2, f.toAbsolutePath().normalize().toString());
                    ps.setLong(3, size);
                    ps.executeUpdate();
                }
            }
            filesRead++;
            Counting counting = new Counting(Files.newInputStream(f));
            int index = 0;
            ReadContext context = new ReadContext(source, games, options.game(), Optional.empty());
            boolean light = lightReads && format.get() instanceof PgnFormat;
            try (java.io.Closeable reader = light
                    ? new PgnImportCuts(new BufferedInputStream(counting, 1 << 16), context)
                    : format.get().reader(new BufferedInputStream(counting, 1 << 16), context)) {
                GameSource ahead;
                if (reader instanceof PgnImportCuts cuts) {
                    // Games an earlier, interrupted import already counted: passed over by their headers.
                    while (index < done && cuts.skip()) {
                        index++;
                    }
                    // Cut in order on one thread, prepared on every core, taken here in the file's order.
                    ParallelRead<PgnImportCuts.Cut, ImportGame> read = new ParallelRead<>(cuts::next, workers, chunk, () -> {
                        ImportGame.Maker maker = new ImportGame.Maker(options.maxPly(), identityWithRed);
                        return maker::make;
                    }, f.getFileName().toString());
                    ahead = new GameSource() {
                        public ImportGame next() throws IOException {
                            return read.next();
                        }

                        public void close() throws IOException {
                            read.close();
                        }
                    };
                } else {
                    GameReader gameReader = (GameReader) reader;
                    while (index < done && gameReader.skip()) {
                        index++;
                    }
                    ImportGame.Maker maker = new ImportGame.Maker(options.maxPly(), identityWithRed);
                    ReadAhead<ImportGame> read = new ReadAhead<>(gameReader, f.getFileName().toString(), maker::make);
                    ahead = new GameSource() {
                        public ImportGame next() throws IOException {
                            return read.next();
                        }

                        public void close() throws IOException {
                            read.close();
                        }
                    };
                }
                try (ahead) {
                    for (ImportGame g; (g = ahead.next()) != null; ) {
                        index++;
                        gamesRead++;
                        game(g, digest, source);
                        if (batch.games >= TreeImporter.this.batchGames || batch.counts.size() >= BATCH_PAIRS) {
                            flush(digest, index, false);
                        }
                        if ((gamesRead & 255) == 0) {
                            listener.progress(bytesBefore + counting.count, bytesTotal, gamesRead);
                        }
                    }
                }
            }
            flush(digest, index, true);
            bytesBefore += size;
            listener.progress(bytesBefore, bytesTotal, gamesRead);
        }

        void game(ImportGame g, String digest, String source) throws SQLException {
            for (FormatProblem p : g.problems()) {
                listener.problem(p);
            }
            if (g.errors()) {
                broken++;
                return;
            }
            if (treeGame == null) {
                drain();
                treeGame = g.gameId();
                try (PreparedStatement ps = db.prepareStatement("INSERT OR REPLACE INTO meta VALUES ('game', ?)")) {
                    ps.setString(1, treeGame);
                    ps.executeUpdate();
                }
            } else if (!treeGame.equals(g.gameId())) {
                broken++;
                listener.otherGame(source, g.gameNumber(), g.gameId(), treeGame);
                return;
            }
            GameResult result = g.result();
            long id = nextId;
            if (gamesInMemory) {
                if (!identities.add(g.identity())) {
                    duplicates++;
                    return;
                }
                batch.pendingGames.add(new Object[]{id, digest, g.gameNumber(), g.white(), g.black(), result.pgn(), g.year(), g.event(),
                        g.whiteElo(), g.blackElo(), g.identity()});
                if (batch.pendingGames.size() == ROWS) {
                    // Written by the writing thread into the batch's open transaction while this one counts.
                    List<Object[]> rows = batch.pendingGames;
                    batch.pendingGames = new ArrayList<>(ROWS);
                    write(() -> writeGames(rows));
                }
            } else {
                if (!insertOne(g, id, digest)) {
                    duplicates++;
                    return;
                }
            }
            nextId++;
            added++;
            Batch b = batch;
            b.games++;
            int column = resultColumn(result);
            int year = g.year();
            long[] hashes = g.hashes();
            int[] moves = g.moves();
            int[] ratings = g.ratings();
            MoveCounts counts = b.counts;
            for (int i = 0, n = g.pairs(); i < n; i++) {
                b.addRef(counts.add(hashes[i], moves[i], column, ratings[i], year), id);
            }
            plies += g.pairs();
            // The position the counted moves end in is reached too: the games list shows the games
            // that ended there, and filtered counts find the games that played the last move.
            b.addRef(b.positions.number(g.endHash()), id);
        }

        /** Inserts one game's row; false when the tree holds the game already (its identity). */
        private boolean insertOne(ImportGame g, long id, String digest) throws SQLException {
            insertGame.setLong(1, id);
            insertGame.setString(2, digest);
            insertGame.setInt(3, g.gameNumber());
            insertGame.setString(4, g.white());
            insertGame.setString(5, g.black());
            insertGame.setString(6, g.result().pgn());
            insertGame.setInt(7, g.year());
            insertGame.setString(8, g.event());
            insertGame.setInt(9, g.whiteElo());
            insertGame.setInt(10, g.blackElo());
            insertGame.setLong(11, g.identity());
            return insertGame.executeUpdate() != 0;
        }

        /** Writes games rows held in memory ({@link #gamesInMemory}), {@value #ROWS} to a statement. */
        private void writeGames(List<Object[]> pendingGames) throws SQLException {
            if (pendingGames.isEmpty()) {
                return;
            }
            if (insertGames == null) {
                insertGames = db.prepareStatement(gamesSql(ROWS));
            }
            int k = 0;
            for (; k + ROWS <= pendingGames.size(); k += ROWS) {
                for (int j = 0; j < ROWS; j++) {
                    bindGame(insertGames, j * 11, pendingGames.get(k + j));
                }
                insertGames.executeUpdate();
            }
            if (k < pendingGames.size()) {
                try (PreparedStatement rest = db.prepareStatement(gamesSql(pendingGames.size() - k))) {
                    for (int j = 0; k + j < pendingGames.size(); j++) {
                        bindGame(rest, j * 11, pendingGames.get(k + j));
                    }
                    rest.executeUpdate();
                }
            }
        }

        private static void bindGame(PreparedStatement ps, int at, Object[] row) throws SQLException {
            for (int i = 0; i < row.length; i++) {
                ps.setObject(at + i + 1, row[i]);
            }
        }

        /**
         * Hands the batch to the writing thread (after the one before it is written: two batches at
         * most are in memory) and goes on with the other; without a writing thread, writes it here.
         */
        void flush(String digest, int gamesDone, boolean complete) throws SQLException {
            Batch full = batch;
            full.sort();
            if (lastFlush != null) {
                await(lastFlush);
            }
            batch = other;
            other = full;
            lastFlush = write(() -> writeBatch(full, digest, gamesDone, complete));
        }

        /** Runs {@code w} on the writing thread after the work handed before it, or here when there is none. */
        java.util.concurrent.Future<?> write(Write w) throws SQLException {
            if (writer == null) {
                w.run();
                return null;
            }
            lastWrite = writer.submit(() -> {
                if (writeFailure != null) {
                    return null; // the transaction is broken: nothing after the failure is written
                }
                try {
                    w.run();
                } catch (SQLException | RuntimeException | Error e) {
                    writeFailure = e;
                }
                return null;
            });
            failed();
            return lastWrite;
        }

        /** Waits until everything handed to the writing thread is written; throws what it failed with. */
        void drain() throws SQLException {
            if (lastWrite != null) {
                await(lastWrite);
            }
            failed();
        }

        private void await(java.util.concurrent.Future<?> f) throws SQLException {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while writing the tree", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new SQLException(e.getCause());
            }
            failed();
        }

        /** Throws what the writing thread failed with, if it did. */
        private void failed() throws SQLException {
            Throwable t = writeFailure;
            if (t instanceof SQLException e) {
                throw e;
            }
            if (t instanceof RuntimeException e) {
                throw e;
            }
            if (t instanceof Error e) {
                throw e;
            }
        }

        /** Writes a batch and how far the file was read, and commits (on the writing thread if there is one). */
        private void writeBatch(Batch b, String digest, int gamesDone, boolean complete) throws SQLException {
            writeGames(b.pendingGames);
            MoveCounts counts = b.counts;
            // Rows go ROWS to a statement: one call into SQLite per ROWS rows rather than per row.
            int[] order = b.order;
            // Asked again inside the batch's transaction, which holds the write lock: another
            // connection may have written moves since the import began.
            boolean plain = movesEmpty && order.length > 0 && movesTableEmpty();
            PreparedStatement many = plain ? db.prepareStatement(insertSql(ROWS)) : upsertMoves;
            PreparedStatement one = plain ? db.prepareStatement(insertSql(1)) : upsertMove;
            try {
                int k = 0;
                for (; k + ROWS <= order.length; k += ROWS) {
                    for (int j = 0; j < ROWS; j++) {
                        bindMove(many, j * (2 + MoveCounts.STRIDE), counts, order[k + j]);
                    }
                    many.executeUpdate();
                }
                for (; k < order.length; k++) {
                    bindMove(one, 0, counts, order[k]);
                    one.executeUpdate();
                }
            } finally {
                if (plain) {
                    many.close();
                    one.close();
                }
            }
            movesEmpty &= order.length == 0;
            if (b.refs > 0) {
                // This batch's references, grouped by position (sort()), a run of their own, cut into
                // compressed blocks (decision 0037).
                RefBlocks.write(db, ++lastRun, b.groupedHashes, b.groupedGames, b.refs);
            }
            fileDone.setInt(1, gamesDone);
            fileDone.setInt(2, complete ? 1 : 0);
            fileDone.setString(3, digest);
            fileDone.executeUpdate();
            db.commit();
            b.clear();
        }

        private boolean movesTableEmpty() throws SQLException {
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT NOT EXISTS (SELECT 1 FROM moves)")) {
                return rs.next() && rs.getInt(1) != 0;
            }
        }

        /** Binds the row of the batch's pair in {@code slot} at parameter offset {@code at} of an upsert. */
        private void bindMove(PreparedStatement ps, int at, MoveCounts counts, int slot) throws SQLException {
            ps.setLong(at + 1, counts.hash(slot));
            ps.setInt(at + 2, counts.move(slot));
            for (int i = 0; i < MoveCounts.STRIDE; i++) {
                ps.setLong(at + 3 + i, counts.count(slot, i));
            }
        }

        Summary summary() {
            return new Summary(filesRead, filesKnown, added, duplicates, broken, plies, bytesBefore);
        }

        void finish() {
            if (writer != null) {
                // Work handed over is finished (a batch handed over commits, as it did when batches were
                // written on the importing thread) before the rest of the transaction is rolled back.
                // An interrupted import waits too: the connection is not this thread's until the writer is done.
                writer.shutdown();
                boolean interrupted = false;
                while (true) {
                    try {
                        if (writer.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
                            break;
                        }
                        System.getLogger(TreeImporter.class.getName()).log(System.Logger.Level.WARNING, "still writing the tree");
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            try {
                for (PreparedStatement ps : new PreparedStatement[]{insertGame, insertGames, upsertMove, upsertMoves, fileDone}) {
                    if (ps != null) {
                        ps.close();
                    }
                }
                if (!db.getAutoCommit()) {
                    db.rollback();
                    db.setAutoCommit(true);
                }
                if (rollbackJournal) {
                    try (Statement st = db.createStatement()) {
                        st.execute("PRAGMA journal_mode = WAL");
                    }
                }
            } catch (SQLException e) {
                System.getLogger(TreeImporter.class.getName()).log(System.Logger.Level.WARNING,
                        "closing the import: " + e.getMessage());
            }
        }
    }
}
