package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.TestGames;

class TreeImportTest {

    private static final Formats FORMATS = TestGames.formats();

    @TempDir
    Path dir;

    /** Counts computed here, independently of the importer: per position hash, per move, {games, w, d, b}. */
    private record Expected(Map<Long, Map<Move, long[]>> counts, int games, long pairs) {
    }

    private static Expected expected(List<Path> files, GamePlugin rules, int maxPly) throws IOException {
        return expected(files, rules, maxPly, g -> true);
    }

    private static Expected expected(List<Path> files, GamePlugin rules, int maxPly,
                                     java.util.function.Predicate<GameTree> passes) throws IOException {
        Map<Long, Map<Move, long[]>> counts = new HashMap<>();
        Set<String> identities = new HashSet<>();
        int games = 0;
        long pairs = 0;
        for (Path f : files) {
            FormatPlugin format = FORMATS.forFile(f).orElseThrow();
            try (InputStream in = Files.newInputStream(f);
                 GameReader reader = format.reader(in, new ReadContext(f.toString(), TestGames.GAMES,
                         Optional.of(rules.id()), Optional.empty()))) {
                for (ReadResult r; (r = reader.next()) != null; ) {
                    if (!r.clean() || r.game().isEmpty()) {
                        continue;
                    }
                    GameTree g = r.game().get();
                    List<Move> line = new ArrayList<>();
                    for (GameNode n = g.root(); !n.children().isEmpty(); ) {
                        n = n.children().get(0);
                        line.add(n.move().orElseThrow());
                    }
                    Position start = rules.parseFen(g.startPosition().fen());
                    StringBuilder id = new StringBuilder(start.fen());
                    for (String tag : List.of("White", "Black", "Date", "Round", "Result")) {
                        id.append('|').append(g.tags().get(tag).orElse("").strip());
                    }
                    line.forEach(m -> id.append(' ').append(m.coordinates(0)).append(m.promotion()));
                    if (!identities.add(id.toString()) || !passes.test(g)) {
                        continue;
                    }
                    games++;
                    GameResult result = g.result();
                    Set<String> once = new HashSet<>();
                    Position p = start;
                    for (int i = 0; i < line.size() && (maxPly == 0 || i < maxPly); i++) {
                        Move m = line.get(i);
                        assertTrue(p.isLegal(m), "replayed move legal");
                        if (once.add(p.hash() + " " + m)) {
                            long[] c = counts.computeIfAbsent(p.hash(), k -> new HashMap<>())
                                    .computeIfAbsent(m, k -> new long[4]);
                            c[0]++;
                            switch (result) {
                                case WHITE_WINS -> c[1]++;
                                case DRAW -> c[2]++;
                                case BLACK_WINS -> c[3]++;
                                default -> { }
                            }
                            pairs++;
                        }
                        p = p.play(m);
                    }
                }
            } catch (org.kibitz.api.game.FenException e) {
                throw new IllegalStateException(e);
            }
        }
        long distinct = counts.values().stream().mapToLong(Map::size).sum();
        return new Expected(counts, games, distinct);
    }

    private static void assertSame(Expected e, OpeningTree tree, long positionHash) throws IOException {
        Map<Move, long[]> want = e.counts().getOrDefault(positionHash, Map.of());
        List<TreeMove> got = tree.moves(positionHash);
        assertEquals(want.size(), got.size(), "moves of position " + Long.toHexString(positionHash));
        for (TreeMove t : got) {
            long[] c = want.get(t.move());
            assertTrue(c != null, "unexpected move " + t.move());
            assertEquals(c[0], t.games(), "games of " + t.move());
            assertEquals(c[1], t.whiteWins(), "white wins of " + t.move());
            assertEquals(c[2], t.draws(), "draws of " + t.move());
            assertEquals(c[3], t.blackWins(), "black wins of " + t.move());
        }
        for (int i = 1; i < got.size(); i++) {
            assertTrue(got.get(i - 1).games() >= got.get(i).games(), "most played first");
        }
    }

    private static void assertWhole(Expected e, OpeningTree tree) throws IOException {
        assertEquals(e.games(), tree.gameCount(), "games");
        assertEquals(e.pairs(), tree.moveCount(), "distinct (position, move) pairs");
        for (long h : e.counts().keySet()) {
            assertSame(e, tree, h);
        }
    }

    private TreeImporter importer() {
        return new TreeImporter(TestGames.GAMES, FORMATS);
    }

    /**
     * A game's identity, which databases keep: the first 64 bits of SHA-256 over the game, the five
     * tags and the start FEN (a line each), then each main-line move's packed int in four
     * little-endian bytes, computed here plainly, move by move. Databases made by earlier versions
     * must find the same games the same.
     */
    @Test
    void aGamesIdentityIsTheDigestOfItsHeadAndMoves() throws Exception {
        java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
        java.security.MessageDigest plain = java.security.MessageDigest.getInstance("SHA-256");
        int checked = 0;
        for (String file : List.of("chess/pgn/Capablanca.pgn", "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn")) {
            Path f = TestGames.shared(file);
            try (InputStream in = Files.newInputStream(f);
                 GameReader reader = FORMATS.forFile(f).orElseThrow().reader(in,
                         new ReadContext(f.toString(), TestGames.GAMES, Optional.empty(), Optional.empty()))) {
                ReadResult r;
                for (int read = 0; read < 400 && (r = reader.next()) != null; read++) {
                    GameTree g = r.game().orElseThrow();
                    for (boolean withRed : new boolean[]{false, true}) {
                        StringBuilder head = new StringBuilder(g.gameId());
                        for (String tag : List.of("White", "Black", "Date", "Round", "Result")) {
                            String v = g.tags().get(tag).orElse("");
                            if (withRed && tag.equals("White") && g.tags().get("White").isEmpty()) {
                                v = g.tags().get("Red").orElse("");
                            }
                            head.append('\n').append(v.strip());
                        }
                        head.append('\n').append(g.startPosition().fen()).append('\n');
                        plain.reset();
                        plain.update(head.toString().getBytes(StandardCharsets.UTF_8));
                        for (GameNode n = g.root(); !n.children().isEmpty(); ) {
                            n = n.children().get(0);
                            int v = TreeMove.pack(n.move().orElseThrow());
                            plain.update(new byte[]{(byte) v, (byte) (v >> 8), (byte) (v >> 16), (byte) (v >> 24)});
                        }
                        long expected = java.nio.ByteBuffer.wrap(plain.digest()).getLong();
                        assertEquals(expected, TreeImporter.identity(md, g, withRed), file + " game " + r.gameNumber());
                    }
                    checked++;
                }
            }
        }
        assertEquals(800, checked);
    }

    @Test
    void chessCollectionCountsEqualAReplayOfTheGames() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Expected e = expected(List.of(pgn), TestGames.CHESS, 0);
        try (OpeningTree tree = OpeningTree.open(dir.resolve("capa.sqlite"))) {
            TreeImporter.Summary s = importer().run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
            });
            assertEquals(e.games(), s.games());
            assertEquals(Optional.of("chess"), tree.gameId());
            Position start = TestGames.CHESS.startPosition();
            // The start position and positions deeper: every position the games reach, the start among them.
            assertSame(e, tree, start.hash());
            long startGames = tree.moves(start.hash()).stream().mapToLong(TreeMove::games).sum();
            assertEquals(e.games(), startGames, "every game leaves the start position");
            Position afterE4 = start.play(Move.parseCoordinates("e2e4", 1));
            assertFalse(tree.moves(afterE4.hash()).isEmpty());
            assertWhole(e, tree);
            // Games reaching a position can be listed.
            assertFalse(tree.games(afterE4.hash(), 5).isEmpty());
        }
    }

    @Test
    void theGamesListFiltersByPlayerSideYearsAndEvent() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        try (OpeningTree tree = OpeningTree.open(dir.resolve("capa.sqlite"))) {
            importer().run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
            });
            long start = TestGames.CHESS.startPosition().hash();
            List<OpeningTree.TreeGame> all = tree.games(start, 10_000);
            assertEquals(tree.gameCount(), all.size(), "every game reaches the start position");
            var white = tree.games(start, 10_000, new OpeningTree.GameFilter("capablanca", OpeningTree.PlayerSide.WHITE, 0, 0, ""));
            var black = tree.games(start, 10_000, new OpeningTree.GameFilter("capablanca", OpeningTree.PlayerSide.BLACK, 0, 0, ""));
            var any = tree.games(start, 10_000, new OpeningTree.GameFilter("Capablanca", OpeningTree.PlayerSide.ANY, 0, 0, ""));
            assertTrue(white.stream().allMatch(g -> g.white().toLowerCase().contains("capablanca")));
            assertTrue(black.stream().allMatch(g -> g.black().toLowerCase().contains("capablanca")));
            assertFalse(white.isEmpty());
            assertFalse(black.isEmpty());
            assertEquals(all.stream().filter(g -> (g.white() + "|" + g.black()).toLowerCase().contains("capablanca")).count(), any.size());
            var years = tree.games(start, 10_000, new OpeningTree.GameFilter("", OpeningTree.PlayerSide.ANY, 1920, 1925, ""));
            assertEquals(all.stream().filter(g -> g.year() >= 1920 && g.year() <= 1925).count(), years.size());
            assertFalse(years.isEmpty());
            String event = all.get(0).event();
            var ofEvent = tree.games(start, 10_000, new OpeningTree.GameFilter("", OpeningTree.PlayerSide.ANY, 0, 0, event));
            assertEquals(all.stream().filter(g -> g.event() != null && g.event().toLowerCase().contains(event.toLowerCase())).count(),
                    ofEvent.size());
            assertEquals(List.of(), tree.games(start, 10, new OpeningTree.GameFilter("100%_nobody", OpeningTree.PlayerSide.ANY, 0, 0, "")));
        }
    }

    @Test
    void filteredCountsEqualAReplayOfTheGamesThatPassTheFilter() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        var filters = List.of(
                new OpeningTree.GameFilter("capablanca", OpeningTree.PlayerSide.WHITE, 0, 0, ""),
                new OpeningTree.GameFilter("", OpeningTree.PlayerSide.ANY, 1920, 1925, ""),
                new OpeningTree.GameFilter("Capablanca", OpeningTree.PlayerSide.BLACK, 1900, 1930, ""));
        List<java.util.function.Predicate<GameTree>> predicates = List.of(
                g -> g.tags().get("White").orElse("").toLowerCase().contains("capablanca"),
                g -> TreeImporter.year(g.tags().get("Date").orElse(null)) >= 1920
                        && TreeImporter.year(g.tags().get("Date").orElse(null)) <= 1925,
                g -> g.tags().get("Black").orElse("").toLowerCase().contains("capablanca")
                        && TreeImporter.year(g.tags().get("Date").orElse(null)) >= 1900
                        && TreeImporter.year(g.tags().get("Date").orElse(null)) <= 1930);
        try (OpeningTree tree = OpeningTree.open(dir.resolve("capa.sqlite"))) {
            importer().run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
            });
            for (int f = 0; f < filters.size(); f++) {
                Expected e = expected(List.of(pgn), TestGames.CHESS, 0, predicates.get(f));
                assertTrue(e.games() > 10 && e.games() < tree.gameCount(), "a filter that narrows: " + e.games());
                // The start, and every position the filtered games reach: their moves and results, counted
                // from the references, equal the replay of just those games.
                Position start = TestGames.CHESS.startPosition();
                Map<Long, Position> positions = new HashMap<>();
                collect(start, tree, filters.get(f), positions, 0);
                assertTrue(positions.size() > 100, "positions walked: " + positions.size());
                for (Position p : positions.values()) {
                    Map<Move, long[]> want = e.counts().getOrDefault(p.hash(), Map.of());
                    List<TreeMove> got = tree.moves(p, filters.get(f));
                    assertEquals(want.size(), got.size(), "moves of " + p.fen() + " under " + filters.get(f));
                    for (TreeMove t : got) {
                        long[] c = want.get(t.move());
                        assertTrue(c != null, "unexpected move " + t.move());
                        assertEquals(c[0], t.games(), "games of " + t.move() + " in " + p.fen());
                        assertEquals(c[1], t.whiteWins());
                        assertEquals(c[2], t.draws());
                        assertEquals(c[3], t.blackWins());
                    }
                }
                long fromStart = tree.moves(start, filters.get(f)).stream().mapToLong(TreeMove::games).sum();
                assertEquals(e.games(), fromStart, "every game that passes leaves the start position");
            }
            // No filter: the stored counts.
            Position start = TestGames.CHESS.startPosition();
            assertEquals(tree.moves(start.hash()), tree.moves(start, OpeningTree.GameFilter.NONE));
        }
    }

    /** The positions the filtered tree reaches from {@code p}, walked through its moves (the first 12 plies). */
    private static void collect(Position p, OpeningTree tree, OpeningTree.GameFilter filter, Map<Long, Position> out, int ply)
            throws IOException {
        if (ply > 12 || out.putIfAbsent(p.hash(), p) != null) {
            return;
        }
        for (TreeMove m : tree.moves(p, filter)) {
            collect(p.play(m.move()), tree, filter, out, ply + 1);
        }
    }

    @Test
    void xiangqiPgnAndXqfFolderCountsEqualAReplay() throws Exception {
        Path pgn = TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        Path xqf = TestGames.shared("xiangqi/xqf");
        List<Path> folder;
        try (Stream<Path> s = Files.list(xqf)) {
            // The folder's XQF files and the PGN files and move lists (.txt, read since #41) beside them: what a walk finds.
            folder = s.filter(f -> f.getFileName().toString().toLowerCase().matches(".*\\.(xqf|pgn|txt)")).sorted().toList();
        }
        List<Path> all = new ArrayList<>(List.of(pgn));
        all.addAll(folder);
        Expected e = expected(all, TestGames.XIANGQI, 0);
        List<FormatProblem> problems = new ArrayList<>();
        try (OpeningTree tree = OpeningTree.open(dir.resolve("xq.sqlite"))) {
            TreeImporter.Summary s = importer().run(tree, List.of(pgn, xqf),
                    new TreeImporter.Options(Optional.of("xiangqi"), 0), new TreeImporter.Listener() {
                        @Override
                        public void problem(FormatProblem p) {
                            problems.add(p);
                        }
                    });
            assertTrue(s.games() > 1000, "games imported: " + s.games());
            assertEquals(Optional.of("xiangqi"), tree.gameId());
            assertSame(e, tree, TestGames.XIANGQI.startPosition().hash());
            assertWhole(e, tree);
        }
    }

    /**
     * An import stopped in the middle (here by its listener throwing, as a kill would stop it: the
     * batch in progress is not committed) and run again: it passes over the games its committed
     * batches hold and reads on, so every game counts once, and the file is then known as done.
     */
    @Test
    void aStoppedImportResumesAndCountsEveryGameOnce() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Expected e = expected(List.of(pgn), TestGames.CHESS, 0);
        Path db = dir.resolve("stopped.sqlite");
        TreeImporter small = new TreeImporter(TestGames.GAMES, FORMATS, 100, OpeningTree.MAX_RUNS);
        class Stop extends RuntimeException {
        }
        try (OpeningTree tree = OpeningTree.open(db)) {
            org.junit.jupiter.api.Assertions.assertThrows(Stop.class, () -> small.run(tree, List.of(pgn),
                    TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                        @Override
                        public void progress(long bytesDone, long bytesTotal, long gamesRead) {
                            if (gamesRead >= 256) {
                                throw new Stop();
                            }
                        }
                    }));
            // Two batches of 100 committed; the third, in progress, rolled back.
            assertEquals(200, tree.gameCount());
        }
        try (OpeningTree tree = OpeningTree.open(db)) {
            TreeImporter.Summary s = small.run(tree, List.of(pgn), TreeImporter.Options.defaults(),
                    new TreeImporter.Listener() {
                    });
            assertEquals(e.games() - 200, s.games(), "the games after the committed batches");
            assertEquals(0, s.duplicates(), "the committed games are passed over, not read again");
            assertWhole(e, tree);
            assertSame(e, tree, TestGames.CHESS.startPosition().hash());
            assertEquals(e.games(), tree.games(TestGames.CHESS.startPosition().hash(), 1000).size());
            TreeImporter.Summary again = small.run(tree, List.of(pgn), TreeImporter.Options.defaults(),
                    new TreeImporter.Listener() {
                    });
            assertEquals(1, again.filesKnown());
            assertEquals(0, again.games());
        }
    }

    /**
     * An import into a new tree writes with a rollback journal, not the write-ahead log (decision
     * 0037); killed in its third batch of 100 games, it leaves a tree that opens whole with the two
     * committed batches, and an import again resumes after them and counts every game once.
     */
    @Test
    void aKilledImportIntoANewTreeLeavesItsCommittedBatchesAndResumes() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Path db = dir.resolve("killed.sqlite");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                TreeImportKillChild.class.getName(), db.toString(), pgn.toString()).redirectErrorStream(true).start();
        boolean walDuringImport;
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            StringBuilder seen = new StringBuilder();
            for (String line; !"waiting".equals(line = out.readLine()); ) {
                if (line == null) {
                    throw new AssertionError("the child ended before its third batch: " + seen);
                }
                seen.append(line).append('\n');
            }
            walDuringImport = Files.exists(db.resolveSibling(db.getFileName() + "-wal"));
        } finally {
            child.destroyForcibly();
            child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
        }
        org.junit.jupiter.api.Assertions.assertFalse(walDuringImport, "a new tree is imported without the write-ahead log");
        Expected e = expected(List.of(pgn), TestGames.CHESS, 0);
        try (OpeningTree tree = OpeningTree.open(db)) {
            assertEquals(Optional.empty(), tree.problem(), "the killed import's file opens as it is");
            // The child stops in its third batch; the second was handed to the writing thread at game 200
            // and is committed or, killed in its transaction, rolled back whole.
            long committed = tree.gameCount();
            assertTrue(committed == 100 || committed == 200, "whole batches committed, the one being written rolled back: " + committed);
            TreeImporter.Summary s = new TreeImporter(TestGames.GAMES, FORMATS, 100, OpeningTree.MAX_RUNS).run(tree,
                    List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                    });
            assertEquals(e.games() - committed, s.games(), "the games after the committed batches");
            assertWhole(e, tree);
            assertEquals(e.games(), tree.games(TestGames.CHESS.startPosition().hash(), 1000).size());
        }
    }

    /**
     * An import whose thread is interrupted (a job cancelled) stops with an error and leaves whole
     * batches only: nothing is half written, and a rerun counts every game once.
     */
    @Test
    void anInterruptedImportLeavesWholeBatchesAndResumes() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Expected e = expected(List.of(pgn), TestGames.CHESS, 0);
        Path db = dir.resolve("interrupted.sqlite");
        TreeImporter small = new TreeImporter(TestGames.GAMES, FORMATS, 100, OpeningTree.MAX_RUNS);
        try (OpeningTree tree = OpeningTree.open(db)) {
            try {
                org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> small.run(tree, List.of(pgn),
                        TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                            @Override
                            public void progress(long bytesDone, long bytesTotal, long gamesRead) {
                                if (gamesRead >= 256) {
                                    Thread.currentThread().interrupt();
                                }
                            }
                        }));
            } finally {
                Thread.interrupted();
            }
            long committed = tree.gameCount();
            assertTrue(committed >= 200 && committed % 100 == 0, "whole batches only: " + committed);
        }
        try (OpeningTree tree = OpeningTree.open(db)) {
            small.run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
            });
            assertWhole(e, tree);
            assertEquals(e.games(), tree.games(TestGames.CHESS.startPosition().hash(), 1000).size());
        }
    }

    /**
     * An import that leaves more runs of references than allowed merges all but the largest into
     * one; the counts, the games lists and the filtered counts are those of a replay, as before.
     */
    @Test
    void runsBeyondTheLimitAreMergedAndNothingIsLost() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Expected e = expected(List.of(pgn), TestGames.CHESS, 0);
        Position start = TestGames.CHESS.startPosition();
        Position afterE4 = start.play(Move.parseCoordinates("e2e4", 1));
        List<OpeningTree.TreeGame> startGames;
        List<OpeningTree.TreeGame> e4Games;
        List<TreeMove> filtered;
        OpeningTree.GameFilter white = new OpeningTree.GameFilter("Capablanca", OpeningTree.PlayerSide.WHITE, 0, 0, "");
        try (OpeningTree tree = OpeningTree.open(dir.resolve("one-run.sqlite"))) {
            importer().run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
            });
            startGames = tree.games(start.hash(), 1000);
            e4Games = tree.games(afterE4.hash(), 1000);
            filtered = tree.moves(start, white);
        }
        Path db = dir.resolve("runs.sqlite");
        try (OpeningTree tree = OpeningTree.open(db)) {
            // 597 games in batches of 50: twelve runs, four allowed.
            new TreeImporter(TestGames.GAMES, FORMATS, 50, 4).run(tree, List.of(pgn), TreeImporter.Options.defaults(),
                    new TreeImporter.Listener() {
                    });
            assertWhole(e, tree);
            assertEquals(startGames, tree.games(start.hash(), 1000));
            assertEquals(e4Games, tree.games(afterE4.hash(), 1000));
            assertEquals(597, startGames.size());
            assertFalse(filtered.isEmpty());
            assertEquals(filtered, tree.moves(start, white), "counts over Capablanca's games with White, from the references");
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
             java.sql.Statement st = c.createStatement()) {
            try (java.sql.ResultSet rs = st.executeQuery("SELECT count(*), max(run) FROM ref_runs")) {
                assertEquals(2, rs.getInt(1), "the largest run and the others merged");
                assertEquals(13, rs.getInt(2), "the merged run numbered after the last");
            }
            try (java.sql.ResultSet rs = st.executeQuery("SELECT count(*) FROM ref_blocks WHERE run NOT IN (SELECT run FROM ref_runs)")) {
                assertEquals(0, rs.getInt(1), "no blocks left in merged runs");
            }
        }
    }

    /**
     * A game can come again within one import while its first reading is in the batch being filled,
     * in the batch just committed, or in one committed long before: each time it is the same game,
     * counted once. Games 1-50 again right after them (the first batch of 50 just committed), each
     * of 51-100 twice in a row (the same batch), and 1-10 at the end.
     */
    @Test
    void aGameReadAgainWithinOneImportCountsOnce() throws Exception {
        String[] games = Files.readString(TestGames.shared("chess/pgn/Capablanca.pgn"), StandardCharsets.ISO_8859_1)
                .split("(?=\\[Event )");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            text.append(games[i]);
        }
        for (int i = 0; i < 50; i++) {
            text.append(games[i].replaceFirst("\\[Event \"[^\"]*\"", "[Event \"again\"]"));
        }
        for (int i = 50; i < 100; i++) {
            text.append(games[i]).append(games[i]);
        }
        for (int i = 0; i < 10; i++) {
            text.append(games[i]);
        }
        Path pgn = dir.resolve("again.pgn");
        Files.writeString(pgn, text, StandardCharsets.ISO_8859_1);
        Expected e = expected(List.of(pgn), TestGames.CHESS, 0);
        assertEquals(100, e.games(), "the replay's own count of distinct games");
        try (OpeningTree tree = OpeningTree.open(dir.resolve("again.sqlite"))) {
            TreeImporter.Summary s = new TreeImporter(TestGames.GAMES, FORMATS, 50, OpeningTree.MAX_RUNS)
                    .run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                    });
            assertEquals(100, s.games());
            assertEquals(110, s.duplicates());
            assertWhole(e, tree);
            assertEquals(100, tree.games(TestGames.CHESS.startPosition().hash(), 1000).size(), "each game listed once");
        }
    }

    /**
     * Two xiangqi games with the same Black, date, round, result and moves but different Red players
     * are two games (issue 42: the identity read only White, which xiangqi files do not have). A
     * tree made before the marker keeps its old identities, so a file imported again is still known.
     */
    @Test
    void xiangqiGamesWithDifferentRedPlayersAreDifferentGames() throws Exception {
        String game = Files.readString(TestGames.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn"), StandardCharsets.UTF_8)
                .split("(?=\\[Event )")[1];
        org.junit.jupiter.api.Assertions.assertTrue(game.contains("[Red "), game);
        String other = game.replaceFirst("\\[Red \"[^\"]*\"", "[Red \"Another player\"]");
        Path pgn = dir.resolve("red.pgn");
        Files.writeString(pgn, game + "\n" + other + "\n" + game, StandardCharsets.UTF_8);
        try (OpeningTree tree = OpeningTree.open(dir.resolve("red.sqlite"))) {
            org.junit.jupiter.api.Assertions.assertTrue(tree.identityWithRed());
            TreeImporter.Summary s = new TreeImporter(TestGames.GAMES, FORMATS, 50, OpeningTree.MAX_RUNS)
                    .run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                    });
            assertEquals(2, s.games(), "two Red players, two games");
            assertEquals(1, s.duplicates(), "the same game again is one game");
        }
        // A tree without the marker (made before it) hashes as it always did: the two are one game there.
        Path old = dir.resolve("old.sqlite");
        try (OpeningTree tree = OpeningTree.open(old)) {
            tree.db.createStatement().execute("DELETE FROM meta WHERE key = 'identity'");
        }
        try (OpeningTree tree = OpeningTree.open(old)) {
            org.junit.jupiter.api.Assertions.assertFalse(tree.identityWithRed());
            TreeImporter.Summary s = new TreeImporter(TestGames.GAMES, FORMATS, 50, OpeningTree.MAX_RUNS)
                    .run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                    });
            assertEquals(1, s.games());
            assertEquals(2, s.duplicates());
        }
    }

    /**
     * A database of schema 1 (one (position, game) index of references) or 2 (a row per reference,
     * in runs) opens as schema 3 (runs of compressed blocks) with the same games listed, and imports
     * into it add a run.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2})
    void anOlderDatabaseIsMovedToBlocksAndKeepsItsGames(int version) throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Path old = dir.resolve("v" + version + ".sqlite");
        Position start = TestGames.CHESS.startPosition();
        Position afterE4 = start.play(Move.parseCoordinates("e2e4", 1));
        List<OpeningTree.TreeGame> startGames;
        List<OpeningTree.TreeGame> e4Games;
        long[][] pairs;
        try (OpeningTree tree = OpeningTree.open(old)) {
            importer().run(tree, List.of(pgn), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
            });
            startGames = tree.games(start.hash(), 1000);
            e4Games = tree.games(afterE4.hash(), 1000);
            pairs = RefBlocks.pairsOf(tree.db, List.of(1L));
        }
        assertEquals(597, startGames.size());
        // Back to the older schema, as an earlier Kibitz wrote it.
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + old);
             java.sql.Statement st = c.createStatement()) {
            st.execute("DROP TABLE ref_blocks");
            st.execute("DROP TABLE ref_runs");
            if (version == 1) {
                st.execute("""
                        CREATE TABLE refs(position_hash INTEGER NOT NULL, game_id INTEGER NOT NULL,
                                          PRIMARY KEY(position_hash, game_id)) WITHOUT ROWID""");
            } else {
                st.execute("""
                        CREATE TABLE refs(run INTEGER NOT NULL, position_hash INTEGER NOT NULL, game_id INTEGER NOT NULL,
                                          PRIMARY KEY(run, position_hash, game_id)) WITHOUT ROWID""");
                st.execute("CREATE TABLE ref_runs(run INTEGER PRIMARY KEY)");
                st.execute("INSERT INTO ref_runs VALUES (1)");
            }
            c.setAutoCommit(false);
            try (java.sql.PreparedStatement ps = c.prepareStatement(version == 1
                    ? "INSERT INTO refs VALUES (?, ?)" : "INSERT INTO refs VALUES (1, ?, ?)")) {
                for (int i = 0; i < pairs[0].length; i++) {
                    ps.setLong(1, pairs[0][i]);
                    ps.setLong(2, pairs[1][i]);
                    ps.executeUpdate();
                }
            }
            st.execute("PRAGMA user_version = " + version);
            c.commit();
        }
        Path more = dir.resolve("more.pgn");
        Files.writeString(more, TRANSPOSED, StandardCharsets.UTF_8);
        try (OpeningTree tree = OpeningTree.open(old)) {
            assertEquals(startGames, tree.games(start.hash(), 1000));
            assertEquals(e4Games, tree.games(afterE4.hash(), 1000));
            long[][] moved = RefBlocks.pairsOf(tree.db, List.of(1L));
            org.junit.jupiter.api.Assertions.assertArrayEquals(pairs[0], moved[0], "every reference moved over");
            org.junit.jupiter.api.Assertions.assertArrayEquals(pairs[1], moved[1], "every reference moved over");
            TreeImporter.Summary s = importer().run(tree, List.of(more), TreeImporter.Options.defaults(),
                    new TreeImporter.Listener() {
                    });
            assertEquals(2, s.games());
            // Games from both runs: the older references moved over and the new import's.
            assertEquals(599, tree.games(start.hash(), 1000).size());
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + old);
             java.sql.Statement st = c.createStatement()) {
            try (java.sql.ResultSet rs = st.executeQuery("PRAGMA user_version")) {
                assertEquals(OpeningTree.SCHEMA_VERSION, rs.getInt(1));
            }
            try (java.sql.ResultSet rs = st.executeQuery("SELECT group_concat(run) FROM ref_runs")) {
                assertEquals("1,2", rs.getString(1));
            }
        }
    }

    private static final String TRANSPOSED = """
            [Event "a"]
            [White "A"]
            [Black "B"]
            [Date "1990.01.01"]
            [Result "1-0"]

            1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 1-0

            [Event "b"]
            [White "C"]
            [Black "D"]
            [Date "2001.01.01"]
            [Result "1/2-1/2"]

            1. c4 e6 2. d4 Nf6 3. Nc3 d5 1/2-1/2
            """;

    @Test
    void transpositionsMeetAndAGameImportedTwiceCountsOnce() throws Exception {
        Path a = dir.resolve("a.pgn");
        Files.writeString(a, TRANSPOSED, StandardCharsets.UTF_8);
        // The same games in another file, with a comment and another event: the same games.
        Path b = dir.resolve("b.pgn");
        Files.writeString(b, TRANSPOSED.replace("[Event \"a\"]", "[Event \"copy\"]").replace("3. Nc3 Bb4", "3. Nc3 {main} Bb4"),
                StandardCharsets.UTF_8);
        Position p = TestGames.CHESS.startPosition();
        for (String m : List.of("d2d4", "g8f6", "c2c4", "e7e6")) {
            p = p.play(Move.parseCoordinates(m, 1));
        }
        try (OpeningTree tree = OpeningTree.open(dir.resolve("t.sqlite"))) {
            TreeImporter.Summary first = importer().run(tree, List.of(a), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
            });
            assertEquals(2, first.games());
            List<TreeMove> moves = tree.moves(p.hash());
            assertEquals(1, moves.size());
            TreeMove nc3 = moves.get(0);
            assertEquals(Move.parseCoordinates("b1c3", 1), nc3.move());
            assertEquals(2, nc3.games(), "two move orders, one position");
            assertEquals(1, nc3.whiteWins());
            assertEquals(1, nc3.draws());
            assertEquals(1990, nc3.firstYear());
            assertEquals(2001, nc3.lastYear());
            assertEquals(2, tree.moves(TestGames.CHESS.startPosition().hash()).size(), "1.d4 and 1.c4");

            List<String> known = new ArrayList<>();
            TreeImporter.Summary again = importer().run(tree, List.of(a, b), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                @Override
                public void known(String source) {
                    known.add(source);
                }
            });
            assertEquals(List.of(a.toString()), known, "the same file is skipped");
            assertEquals(0, again.games());
            assertEquals(2, again.duplicates(), "the same games from another file");
            assertEquals(2, tree.gameCount());
            assertEquals(2, tree.moves(p.hash()).get(0).games());
        }
    }

    @Test
    void aBrokenGameIsReportedWithItsPlaceAndSkipped() throws Exception {
        Path f = dir.resolve("broken.pgn");
        Files.writeString(f, """
                [Event "ok"]
                [Result "1-0"]

                1. e4 e5 1-0

                [Event "broken"]
                [Result "0-1"]

                1. e4 e5 2. Ke3 Nc6 0-1

                [Event "ok too"]
                [Result "1/2-1/2"]

                1. d4 d5 1/2-1/2
                """, StandardCharsets.UTF_8);
        List<FormatProblem> problems = new ArrayList<>();
        try (OpeningTree tree = OpeningTree.open(dir.resolve("b.sqlite"))) {
            TreeImporter.Summary s = importer().run(tree, List.of(f), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                @Override
                public void problem(FormatProblem p) {
                    problems.add(p);
                }
            });
            assertEquals(2, s.games());
            assertEquals(1, s.broken());
            FormatProblem p = problems.stream().filter(x -> x.severity() == FormatProblem.Severity.ERROR).findFirst().orElseThrow();
            assertEquals(2, p.gameNumber());
            assertEquals(f.toString(), p.source());
            assertEquals(FormatProblem.Location.Unit.LINE, p.location().unit());
            assertEquals(9, p.location().value(), "the line of the illegal move");
            Position start = TestGames.CHESS.startPosition();
            TreeMove e4 = tree.moves(start.hash()).stream().filter(m -> m.move().equals(Move.parseCoordinates("e2e4", 1)))
                    .findFirst().orElseThrow();
            assertEquals(1, e4.games(), "the broken game is not counted");
            assertEquals(0, e4.blackWins());
        }
    }

    @Test
    void maxPlyLimitsTheTree() throws Exception {
        Path pgn = TestGames.shared("chess/pgn/Capablanca.pgn");
        Expected e = expected(List.of(pgn), TestGames.CHESS, 8);
        try (OpeningTree tree = OpeningTree.open(dir.resolve("short.sqlite"))) {
            importer().run(tree, List.of(pgn), new TreeImporter.Options(Optional.empty(), 8), new TreeImporter.Listener() {
            });
            assertWhole(e, tree);
        }
    }
}
