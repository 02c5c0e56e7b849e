package org.kibitz.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.analysis.Wdl;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.TestGames;

/** The analysis store: what replaces what, fingerprints, two processes at once, a corrupt file. */
class AnalysisStoreTest {

    @TempDir
    Path dir;

    private AnalysisStore store;

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    private AnalysisStore open() {
        store = AnalysisStore.open(dir.resolve(AnalysisStore.FILE_NAME), TestGames.GAMES);
        return store;
    }

    private static final Position START = TestGames.CHESS.startPosition();

    private static StoredLine line(Position p, EngineFingerprint f, int rank, int depth, Score score, String... pv) {
        return line(p, f, rank, depth, score, Instant.now(), pv);
    }

    private static StoredLine line(Position p, EngineFingerprint f, int rank, int depth, Score score, Instant at,
                                   String... pv) {
        int base = p.gameId().equals("chess") ? 1 : 0;
        List<Move> moves = Stream.of(pv).map(m -> Move.parseCoordinates(m, base)).toList();
        return new StoredLine(PositionKey.of(p), f, f.engine(), rank, depth, OptionalInt.of(depth + 4), score,
                Optional.of(new Wdl(300, 600, 100)), 123_456, 789, moves, at);
    }

    @Test
    void deeperReplacesShallowerNeverTheOtherWay() {
        AnalysisStore s = open();
        EngineFingerprint sf = EngineFingerprint.of("Stockfish 17");
        s.put(line(START, sf, 1, 20, Score.centipawns(30), "e2e4", "e7e5"));
        s.put(line(START, sf, 1, 18, Score.centipawns(99), "d2d4"));
        s.flush();
        List<StoredLine> got = s.lines(START);
        assertEquals(1, got.size());
        assertEquals(20, got.get(0).depth(), "a shallower line does not replace a deeper one");
        assertEquals(List.of(Move.parseCoordinates("e2e4", 1), Move.parseCoordinates("e7e5", 1)), got.get(0).pv());

        s.put(line(START, sf, 1, 24, Score.mate(7), "g1f3"));
        s.flush();
        got = s.lines(START);
        assertEquals(24, got.get(0).depth());
        assertEquals(Score.mate(7), got.get(0).score());
        assertEquals(Optional.of(new Wdl(300, 600, 100)), got.get(0).wdl());
        assertEquals(OptionalInt.of(28), got.get(0).seldepth());
        assertEquals(123_456, got.get(0).nodes());
        assertEquals(789, got.get(0).timeMs());

        // Equal depth: the newer wins.
        Instant later = Instant.now().plusSeconds(5);
        s.put(line(START, sf, 1, 24, Score.centipawns(12), later, "c2c4"));
        s.flush();
        assertEquals(Score.centipawns(12), s.lines(START).get(0).score());
        assertEquals(later.toEpochMilli(), s.lines(START).get(0).at().toEpochMilli());
        // ... and an older line of the same depth does not come back.
        s.put(line(START, sf, 1, 24, Score.centipawns(-50), later.minusSeconds(60), "a2a3"));
        s.flush();
        assertEquals(Score.centipawns(12), s.lines(START).get(0).score());

        // A bound does not replace an exact score, even deeper.
        s.put(line(START, sf, 1, 30, new Score.Centipawns(80, Score.Bound.LOWER), "e2e4"));
        s.flush();
        assertEquals(24, s.lines(START).get(0).depth());

        // Ranks are kept apart.
        s.put(line(START, sf, 2, 10, Score.centipawns(5), "d2d4"));
        s.flush();
        assertEquals(List.of(1, 2), s.lines(START).stream().map(StoredLine::rank).toList());
        assertEquals("ok", s.integrityCheck());
    }

    @Test
    void twoEnginesAreKeptApartAndSurviveAReopen() {
        AnalysisStore s = open();
        EngineFingerprint sf = EngineFingerprint.of("Stockfish 17");
        EngineFingerprint fsf = EngineFingerprint.of("Fairy-Stockfish 11.1");
        s.put(line(START, sf, 1, 30, Score.centipawns(30), "e2e4"));
        s.put(line(START, fsf, 1, 5, Score.centipawns(-10), "d2d4"));
        Position xq = TestGames.XIANGQI.startPosition();
        s.put(line(xq, fsf, 1, 12, Score.centipawns(20), "h2e2"));
        s.close();

        AnalysisStore again = open();
        assertTrue(again.problem().isEmpty());
        List<StoredLine> got = again.lines(START);
        assertEquals(List.of("Fairy-Stockfish 11.1", "Stockfish 17"), got.stream().map(l -> l.engine().engine()).toList(),
                "a deeper line of one engine does not replace another's");
        assertEquals(5, again.lines(PositionKey.of(START), fsf).get(0).depth());
        assertEquals(30, again.lines(PositionKey.of(START), "Stockfish 17").get(0).depth());
        StoredLine x = again.lines(xq).get(0);
        assertEquals("xiangqi", x.position().game());
        assertEquals(List.of(Move.parseCoordinates("h2e2", 0)), x.pv(), "xiangqi moves in its own coordinates");
        assertEquals(3, again.count());
    }

    @Test
    void theSamePositionAtAnotherMoveNumberIsTheSameKey() throws Exception {
        Position late = TestGames.CHESS.parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 40");
        assertEquals(PositionKey.of(START), PositionKey.of(late));
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", PositionKey.of(START).fen());
        Position other = START.play(Move.parseCoordinates("e2e4", 1));
        assertNotEquals(PositionKey.of(START), PositionKey.of(other));
        AnalysisStore s = open();
        s.put(line(START, EngineFingerprint.of("E"), 1, 3, Score.centipawns(1), "e2e4"));
        s.flush();
        assertEquals(1, s.lines(late).size());
        assertTrue(s.lines(other).isEmpty());
    }

    @Test
    void optionsThatChangeResultsAndLimitsSeparateFingerprints() {
        EngineInfo info = new EngineInfo("Stockfish 17", Optional.empty(), "uci", java.util.Set.of("chess"), List.of(),
                List.of(new org.kibitz.api.engine.EngineOption.Spin("Skill Level", 20, 0, 20),
                        new org.kibitz.api.engine.EngineOption.Spin("Hash", 16, 1, 33554432),
                        new org.kibitz.api.engine.EngineOption.Button("Clear Hash")),
                org.kibitz.api.engine.EngineConventions.DETECT, org.kibitz.api.engine.EngineTimeouts.DEFAULT);
        SearchLimits infinite = SearchLimits.infiniteAnalysis();
        EngineFingerprint plain = EngineFingerprint.of(info, Map.of(), infinite);
        assertEquals(plain, EngineFingerprint.of(info, Map.of("Hash", "1024", "Threads", "8", "MultiPV", "4",
                "Skill Level", "20", "Clear Hash", ""), infinite.withMultiPv(4)),
                "hash, threads, MultiPV, buttons and defaults do not change the fingerprint");
        EngineFingerprint weak = EngineFingerprint.of(info, Map.of("Skill Level", "3"), infinite);
        assertEquals("skill level=3", weak.options());
        EngineFingerprint depth12 = EngineFingerprint.of(info, Map.of(), SearchLimits.depth(12));
        assertEquals(EngineFingerprint.LimitKind.DEPTH, depth12.limitKind());
        assertEquals(12, depth12.limitValue());
        EngineFingerprint nodes = EngineFingerprint.of(info, Map.of(), SearchLimits.nodes(100_000));
        EngineFingerprint time = EngineFingerprint.of(info, Map.of(), SearchLimits.moveTime(Duration.ofMillis(500)));
        assertEquals(500, time.limitValue());

        AnalysisStore s = open();
        for (EngineFingerprint f : List.of(plain, weak, depth12, nodes, time)) {
            s.put(line(START, f, 1, f == plain ? 30 : 10, Score.centipawns(f.hashCode() % 100), "e2e4"));
        }
        s.flush();
        List<StoredLine> got = s.lines(START);
        assertEquals(5, got.size(), "each fingerprint keeps its own line: " + got);
        assertEquals(10, s.lines(PositionKey.of(START), weak).get(0).depth(),
                "a deeper line of the same engine with other options does not replace it");
    }

    @Test
    void twoProcessesWritingAtOnceLoseNothingAndCorruptNothing() throws Exception {
        Path file = dir.resolve(AnalysisStore.FILE_NAME);
        int rows = 3000;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                StoreWriterMain.class.getName(), file.toString(), "Child Engine", Integer.toString(rows));
        pb.redirectErrorStream(true);
        pb.redirectOutput(dir.resolve("child.log").toFile());
        AnalysisStore s = open();
        Process child = pb.start();
        // Write while the child writes: in small batches, as the workbench does.
        Instant t = Instant.now();
        for (int i = 0; i < rows; i += 100) {
            writeRows(s, "Parent Engine", i, Math.min(rows, i + 100), t);
            Thread.sleep(2);
        }
        s.flush();
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child ended");
        assertEquals(0, child.exitValue(), () -> "child failed: " + read(dir.resolve("child.log")));
        assertEquals(2L * rows, s.count(), "every line of both processes is there");
        assertEquals("ok", s.integrityCheck());
        assertEquals(List.of("Child Engine", "Parent Engine"), s.lines(key(rows - 1)).stream().map(l -> l.engine().engine()).toList());
    }

    @Test
    void aWriterKilledMidWayLosesAtMostTheLinesInFlight() throws Exception {
        Path file = dir.resolve(AnalysisStore.FILE_NAME);
        int committed = 2000;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                StoreWriterMain.class.getName(), file.toString(), "Killed Engine", Integer.toString(committed),
                "until-killed").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(
                child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("committed"));
            assertEquals("committed " + committed, line, "the child committed its first lines");
            Thread.sleep(300);
            // SIGKILL: no shutdown hook, no flush.
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        }
        AnalysisStore s = open();
        assertTrue(s.problem().isEmpty(), () -> s.problem().get().render(Locale.ENGLISH));
        assertEquals("ok", s.integrityCheck());
        long rows = s.count();
        assertTrue(rows >= committed, "everything committed before the kill is there: " + rows);
        for (int i : new int[] {0, committed / 2, committed - 1}) {
            assertEquals(1, s.lines(key(i)).size(), "line " + i);
        }
        s.put(line(START, EngineFingerprint.of("After"), 1, 3, Score.centipawns(1), "e2e4"));
        s.flush();
        assertEquals(rows + 1, s.count(), "and the store goes on");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The i-th test key: keys need not be real positions, the store does not look inside. */
    static PositionKey key(int i) {
        return new PositionKey("chess", "test position " + i, i * 0x9E3779B97F4A7C15L);
    }

    static void writeRows(AnalysisStore s, String engine, int rows, Instant at) {
        writeRows(s, engine, 0, rows, at);
    }

    static void writeRows(AnalysisStore s, String engine, int from, int to, Instant at) {
        EngineFingerprint f = EngineFingerprint.of(engine);
        for (int i = from; i < to; i++) {
            s.put(new StoredLine(key(i), f, engine, 1, 20, OptionalInt.empty(), Score.centipawns(i % 300),
                    Optional.empty(), i, i, START.legalMoves().subList(0, 1), at));
        }
    }

    @Test
    void aCorruptFileIsSetAsideNotEmptied() throws Exception {
        Path file = dir.resolve(AnalysisStore.FILE_NAME);
        byte[] garbage = "this is not a database, it is a shopping list: eggs, milk, a new hard disk\n".repeat(200)
                .getBytes(StandardCharsets.UTF_8);
        Files.write(file, garbage);
        AnalysisStore s = open();
        assertTrue(s.problem().isPresent(), "the user is told");
        assertFalse(s.temporary(), "a fresh store is started in its place");
        Path aside = s.setAside().orElseThrow();
        assertTrue(aside.getFileName().toString().startsWith("analysis.sqlite.corrupt-"), aside.toString());
        assertEquals(List.of(garbage.length), List.of(Files.readAllBytes(aside).length), "the bytes are kept as they were");
        String told = s.problem().get().render(Locale.ENGLISH);
        assertTrue(told.contains(aside.toString()), told);
        assertTrue(!s.problem().get().render(Locale.SIMPLIFIED_CHINESE).equals(told), "a Chinese message too");
        s.put(line(START, EngineFingerprint.of("E"), 1, 3, Score.centipawns(1), "e2e4"));
        s.flush();
        assertEquals(1, s.lines(START).size());
        assertEquals("ok", s.integrityCheck());
    }

    @Test
    void aFileOfANewerSchemaIsLeftAlone() throws Exception {
        Path file = dir.resolve(AnalysisStore.FILE_NAME);
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.Statement st = c.createStatement()) {
            st.execute("PRAGMA user_version = 99");
        }
        long size = Files.size(file);
        AnalysisStore s = open();
        assertTrue(s.temporary());
        assertTrue(s.problem().orElseThrow().render(Locale.ENGLISH).contains("newer"));
        s.put(line(START, EngineFingerprint.of("E"), 1, 3, Score.centipawns(1), "e2e4"));
        s.flush();
        assertEquals(1, s.lines(START).size(), "the session still works");
        assertEquals(size, Files.size(file));
    }

    @Test
    void aBigStoreIsReadPageByPageAtOpenOnlyAfterAnUncleanEnd() throws Exception {
        Path small = dir.resolve("small.sqlite");
        Files.write(small, new byte[4096]);
        assertTrue(AnalysisStore.fullCheckWanted(small), "a small file is always checked whole");
        Path big = dir.resolve("big.sqlite");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(AnalysisStore.FULL_CHECK_MAX_BYTES + 1); // sparse: the size is all that is read
        }
        assertFalse(AnalysisStore.fullCheckWanted(big), "closed cleanly: no write-ahead log left");
        Path wal = dir.resolve("big.sqlite-wal");
        Files.write(wal, new byte[0]);
        assertFalse(AnalysisStore.fullCheckWanted(big), "an empty log is what a clean reader leaves");
        Files.write(wal, new byte[] {1, 2, 3});
        assertTrue(AnalysisStore.fullCheckWanted(big), "a log with content: a crash, a kill or another writer");
    }
}
