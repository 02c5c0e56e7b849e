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

/**
 * Imports game files into an {@link OpeningTree}: each game read as it streams by (constant memory),
 * on a reading thread that also takes out what the import keeps of it ({@link ImportGame}); its main
 * line's (position, move) pairs counted in memory, and every {@value #BATCH_GAMES} games (or
 * {@value #BATCH_PAIRS} distinct pairs) the batch added to the file in one transaction of sorted
 * upserts, with its games, its references to them as a run of their own (decision 0019) and how far
 * the file was read; a killed import so resumes where its last batch ended. A batch is written on a
 * writer thread while the next one is read and counted (two batches in memory at most, hence half
 * the pairs a batch held when it was written in turn). A file imported before (same SHA-256) is
 * skipped; a game already held (same identity, see {@link #identity}) is counted once, whether it is
 * in the file or in a batch not yet written; a game with errors is reported and skipped.
 */
public final class TreeImporter {

    static final int BATCH_GAMES = 20_000;
    static final int BATCH_PAIRS = 1 << 19;
    /** Rows per multi-row statement. */
    static final int ROWS = 64;

    private static String upsertSql(int rows) {
        return "INSERT INTO moves VALUES " + String.join(", ", java.util.Collections.nCopies(rows, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"))
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
                run.awaitWriter();
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

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A game's identity: 64 bits of the SHA-256 of its game, main tags (White, Black, Date, Round,
     * Result), start position and the main line's moves. The same game in two files, however its
     * comments, variations and other tags differ, is one game.
     */
    static long identity(MessageDigest md, GameTree g) {
        md.reset();
        StringBuilder head = new StringBuilder(128).append(g.gameId());
        for (String tag : new String[]{"White", "Black", "Date", "Round", "Result"}) {
            head.append('\n').append(g.tags().get(tag).orElse("").strip());
        }
        head.append('\n').append(g.startPosition().fen()).append('\n');
        md.update(head.toString().getBytes(StandardCharsets.UTF_8));
        // The moves, four bytes each (little-endian), handed to the digest at once: one update a move
        // cost more than the hashing itself.
        int plies = 0;
        for (GameNode n = g.root().firstChild(); n != null; n = n.firstChild()) {
            plies++;
        }
        byte[] m = new byte[4 * plies];
        int at = 0;
        for (GameNode n = g.root().firstChild(); n != null; n = n.firstChild()) {
            int v = TreeMove.pack(n.move().orElse(Move.NULL));
            m[at] = (byte) v;
            m[at + 1] = (byte) (v >> 8);
            m[at + 2] = (byte) (v >> 16);
            m[at + 3] = (byte) (v >> 24);
            at += 4;
        }
        md.update(m);
        byte[] d = md.digest();
        long h = 0;
        for (int i = 0; i < 8; i++) {
            h = h << 8 | (d[i] & 0xFF);
        }
        return h;
    }

    /** The year of a PGN date ({@code 1921.??.??}), 0 when it gives none. */
    static int year(String date) {
        if (date == null || date.length() < 4) {
            return 0;
        }
        int y = 0;
        for (int i = 0; i < 4; i++) {
            char c = date.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            y = y * 10 + (c - '0');
        }
        return y;
    }

    static int rating(String elo) {
        if (elo == null) {
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

    /** A game's row of the games table, kept with its batch until the batch is written. */
    private record GameRow(long id, String digest, int number, String white, String black, String result, int year,
                           String event, int whiteElo, int blackElo, long identity) {
    }

    /**
     * What one batch adds to the file: its games, the counts of their (position, move) pairs, their
     * references, and how far its file is then read. Filled on the importing thread, then written on
     * the writer's; two of them take turns.
     */
    private static final class Batch {
        final MoveCounts counts = new MoveCounts(1 << 16);
        long[] refHashes = new long[1 << 12];
        long[] refGames = new long[1 << 12];
        int refs;
        final List<GameRow> rows = new ArrayList<>();
        /** The identities of {@link #rows}: a game read twice before its batch is in the file is still one game. */
        final java.util.Set<Long> identities = new java.util.HashSet<>();
        /** The tree's game, to record with this batch (the first one), or null. */
        String treeGame;
        String digest;
        int gamesDone;
        boolean complete;

        void addRef(long positionHash, long gameId) {
            if (refs == refHashes.length) {
                refHashes = java.util.Arrays.copyOf(refHashes, refs * 2);
                refGames = java.util.Arrays.copyOf(refGames, refs * 2);
            }
            refHashes[refs] = positionHash;
            refGames[refs] = gameId;
            refs++;
        }

        Batch clear() {
            counts.clear();
            refs = 0;
            rows.clear();
            identities.clear();
            treeGame = null;
            return this;
        }
    }

    /** One import: the statements, the batch and the counts. */
    private final class Run {
        final OpeningTree tree;
        final Connection db;
        final Options options;
        final Listener listener;
        final long bytesTotal;
        /** The batch being filled by this thread, and the one the writer has (null before the first). */
        Batch filling = new Batch();
        Batch writing;
        /** The writer's work on {@link #writing}; null once waited for. */
        java.util.concurrent.Future<?> written;
        final java.util.concurrent.ExecutorService writer = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "kibitz-tree-writer");
            t.setDaemon(true);
            return t;
        });
        /** Reads which games the file holds while the writer writes (see {@link #known}). */
        Connection reader;
        PreparedStatement knownGame;
        PreparedStatement insertGame;
        PreparedStatement upsertMove;
        PreparedStatement upsertMoves;
        PreparedStatement insertRef;
        PreparedStatement insertRefs;
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
        int batchGames;

        Run(OpeningTree tree, Options options, Listener listener, long bytesTotal) {
            this.tree = tree;
            this.db = tree.db;
            this.options = options;
            this.listener = listener;
            this.bytesTotal = bytesTotal;
        }

        void start() throws SQLException, IOException {
            treeGame = tree.gameId().orElse(null);
            db.setAutoCommit(false);
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT coalesce(max(id), 0) FROM games")) {
                nextId = rs.next() ? rs.getLong(1) + 1 : 1;
            }
            insertGame = db.prepareStatement("""
                    INSERT INTO games(id, file_digest, game_number, white, black, result, year, event, white_elo,
                                      black_elo, hash)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(hash) DO NOTHING""");
            upsertMove = db.prepareStatement(upsertSql(1));
            upsertMoves = db.prepareStatement(upsertSql(ROWS));
            insertRefs = db.prepareStatement("INSERT OR IGNORE INTO refs VALUES " + String.join(", ",
                    java.util.Collections.nCopies(ROWS, "(?, ?, ?)")));
            insertRef = db.prepareStatement("INSERT OR IGNORE INTO refs VALUES (?, ?, ?)");
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT coalesce(max(run), 0) FROM ref_runs")) {
                lastRun = rs.next() ? rs.getLong(1) : 0;
            }
            fileDone = db.prepareStatement("UPDATE files SET games_done = ?, complete = ? WHERE digest = ?");
            // The games table as committed: before this import, and the batches written since.
            db.commit();
            reader = tree.openReader();
            knownGame = reader.prepareStatement("SELECT 1 FROM games WHERE hash = ?");
        }

        void file(Path f) throws IOException, SQLException {
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
            // The statements below share the connection with the writer: its batch first.
            awaitWriter();
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
            try (GameReader reader = format.get().reader(new BufferedInputStream(counting, 1 << 16),
                    new ReadContext(source, games, options.game(), Optional.empty()))) {
                // Games an earlier, interrupted import already counted: passed over by their headers.
                while (index < done && reader.skip()) {
                    index++;
                }
                ImportGame.Maker maker = new ImportGame.Maker(options.maxPly());
                ReadAhead<ImportGame> ahead = new ReadAhead<>(reader, f.getFileName().toString(), maker::make);
                try (ahead) {
                    for (ImportGame g; (g = ahead.next()) != null; ) {
                        index++;
                        gamesRead++;
                        game(g, digest, source);
                        if (batchGames >= TreeImporter.this.batchGames || filling.counts.size() >= BATCH_PAIRS) {
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
                treeGame = g.gameId();
                filling.treeGame = treeGame;
            } else if (!treeGame.equals(g.gameId())) {
                broken++;
                listener.otherGame(source, g.gameNumber(), g.gameId(), treeGame);
                return;
            }
            long identity = g.identity();
            if (known(identity)) {
                duplicates++;
                return;
            }
            GameResult result = g.result();
            long id = nextId++;
            filling.rows.add(new GameRow(id, digest, g.gameNumber(), g.white(), g.black(), result.pgn(), g.year(), g.event(),
                    g.whiteElo(), g.blackElo(), identity));
            filling.identities.add(identity);
            added++;
            batchGames++;
            int column = resultColumn(result);
            int year = g.year();
            long[] hashes = g.hashes();
            int[] moves = g.moves();
            int[] ratings = g.ratings();
            MoveCounts counts = filling.counts;
            for (int i = 0, n = g.pairs(); i < n; i++) {
                counts.add(hashes[i], moves[i], column, ratings[i], year);
                filling.addRef(hashes[i], id);
            }
            plies += g.pairs();
            // The position the counted moves end in is reached too: the games list shows the games
            // that ended there, and filtered counts find the games that played the last move.
            filling.addRef(g.endHash(), id);
        }

        /**
         * Whether the tree holds a game of this identity already: in the file as committed, or in a
         * batch not yet committed (the one being filled, or the one being written, whose identities
         * are let go only after its commit).
         */
        boolean known(long identity) throws SQLException {
            if (filling.identities.contains(identity) || (writing != null && writing.identities.contains(identity))) {
                return true;
            }
            knownGame.setLong(1, identity);
            try (ResultSet rs = knownGame.executeQuery()) {
                return rs.next();
            }
        }

        /**
         * Hands the batch to the writer thread and goes on with an empty one: the file is written
         * while the next games are read and counted (done one after the other, each was about half
         * of an import). The batch before is waited for first, so at most two are in memory and the
         * file receives them in order, each in a transaction of its own.
         */
        void flush(String digest, int gamesDone, boolean complete) throws SQLException {
            awaitWriter();
            Batch b = filling;
            b.digest = digest;
            b.gamesDone = gamesDone;
            b.complete = complete;
            Batch free = writing;
            writing = b;
            filling = free == null ? new Batch() : free.clear();
            batchGames = 0;
            written = writer.submit(() -> {
                write(b);
                return null;
            });
        }

        /** Waits until the writer's batch is committed; its failure becomes this thread's. */
        void awaitWriter() throws SQLException {
            java.util.concurrent.Future<?> w = written;
            if (w == null) {
                return;
            }
            try {
                w.get();
                written = null;
            } catch (InterruptedException e) {
                // The batch is still being written: finish() waits for it before it closes anything.
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while the opening tree was written", e);
            } catch (java.util.concurrent.ExecutionException e) {
                written = null;
                Throwable cause = e.getCause();
                if (cause instanceof SQLException se) {
                    throw se;
                }
                if (cause instanceof RuntimeException re) {
                    throw re;
                }
                throw new SQLException(cause);
            }
        }

        /** Adds a batch to the file in one transaction: on the writer thread, the connection's only user meanwhile. */
        void write(Batch b) throws SQLException {
            if (b.treeGame != null) {
                try (PreparedStatement ps = db.prepareStatement("INSERT OR REPLACE INTO meta VALUES ('game', ?)")) {
                    ps.setString(1, b.treeGame);
                    ps.executeUpdate();
                }
            }
            for (GameRow r : b.rows) {
                insertGame.setLong(1, r.id());
                insertGame.setString(2, r.digest());
                insertGame.setInt(3, r.number());
                insertGame.setString(4, r.white());
                insertGame.setString(5, r.black());
                insertGame.setString(6, r.result());
                insertGame.setInt(7, r.year());
                insertGame.setString(8, r.event());
                insertGame.setInt(9, r.whiteElo());
                insertGame.setInt(10, r.blackElo());
                insertGame.setLong(11, r.identity());
                if (insertGame.executeUpdate() == 0) {
                    // known() let a game through that the file holds: its counts would be added twice.
                    throw new SQLException("game " + r.number() + " of " + r.digest() + " is in the tree already");
                }
            }
            MoveCounts counts = b.counts;
            long[] refHashes = b.refHashes;
            long[] refGames = b.refGames;
            int refs = b.refs;
            // Rows go ROWS to a statement: one call into SQLite per ROWS rows rather than per row.
            int[] order = counts.sorted();

            int k = 0;
            for (; k + ROWS <= order.length; k += ROWS) {
                for (int j = 0; j < ROWS; j++) {
                    bindMove(upsertMoves, j * (2 + MoveCounts.STRIDE), counts, order[k + j]);
                }
                upsertMoves.executeUpdate();
            }
            for (; k < order.length; k++) {
                bindMove(upsertMove, 0, counts, order[k]);
                upsertMove.executeUpdate();
            }
            // In key order (game order within a key, as the ids were handed out): the B-tree is walked
            // once; in game order each row touched a page of its own and this was most of an import.
            PairSort.sort(refHashes, refGames, refs);
            if (refs > 0) {
                // This batch's references, a run of their own: appended at the end of the B-tree.
                long run = ++lastRun;
                try (PreparedStatement ps = db.prepareStatement("INSERT INTO ref_runs VALUES (?)")) {
                    ps.setLong(1, run);
                    ps.executeUpdate();
                }
                int i = 0;
                for (; i + ROWS <= refs; i += ROWS) {
                    for (int j = 0; j < ROWS; j++) {
                        insertRefs.setLong(3 * j + 1, run);
                        insertRefs.setLong(3 * j + 2, refHashes[i + j]);
                        insertRefs.setLong(3 * j + 3, refGames[i + j]);
                    }
                    insertRefs.executeUpdate();
                }
                for (; i < refs; i++) {
                    insertRef.setLong(1, run);
                    insertRef.setLong(2, refHashes[i]);
                    insertRef.setLong(3, refGames[i]);
                    insertRef.executeUpdate();
                }
            }
            fileDone.setInt(1, b.gamesDone);
            fileDone.setInt(2, b.complete ? 1 : 0);
            fileDone.setString(3, b.digest);
            fileDone.executeUpdate();
            db.commit();
        }

        /** Binds the row of the batch's pair in {@code slot} at parameter offset {@code at} of an upsert. */
        private static void bindMove(PreparedStatement ps, int at, MoveCounts counts, int slot) throws SQLException {
            ps.setLong(at + 1, counts.hash(slot));
            ps.setInt(at + 2, counts.move(slot));
            for (int i = 0; i < MoveCounts.STRIDE; i++) {
                ps.setLong(at + 3 + i, counts.count(slot, i));
            }
        }

        /**
         * Stopped, failed or interrupted while the writer had a batch: that batch is committed (or
         * fails) before anything else touches the connection, as a kill would find the file. Waits
         * through interrupts, which it passes on.
         */
        void settleWriter() {
            java.util.concurrent.Future<?> w = written;
            if (w == null) {
                return;
            }
            boolean interrupted = false;
            while (true) {
                try {
                    w.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (java.util.concurrent.ExecutionException e) {
                    System.getLogger(TreeImporter.class.getName()).log(System.Logger.Level.WARNING,
                            "writing a batch of the opening tree: " + e.getCause().getMessage());
                    break;
                }
            }
            written = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        Summary summary() {
            return new Summary(filesRead, filesKnown, added, duplicates, broken, plies, bytesBefore);
        }

        void finish() {
            settleWriter();
            writer.shutdown();
            try {
                if (reader != null) {
                    reader.close();
                }
                for (PreparedStatement ps : new PreparedStatement[]{insertGame, upsertMove, upsertMoves, insertRef, insertRefs,
                        fileDone}) {
                    if (ps != null) {
                        ps.close();
                    }
                }
                if (!db.getAutoCommit()) {
                    db.rollback();
                    db.setAutoCommit(true);
                }
            } catch (SQLException e) {
                System.getLogger(TreeImporter.class.getName()).log(System.Logger.Level.WARNING,
                        "closing the import: " + e.getMessage());
            }
        }
    }
}
