package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.TestGames;
import org.kibitz.core.evaluate.judge.WinModel;
import org.kibitz.core.puzzle.Puzzle;
import org.kibitz.core.puzzle.PuzzleFiles;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz puzzles} as a user runs it, on real games with real engines: every puzzle replays
 * legally, its first move is what the engine finds at the solving limit (deeper than the evaluation's)
 * in a search this test runs itself, the second-best line is worse by the margin (or is no mate where
 * the best mates), a run killed with SIGKILL and started again writes the bytes an uninterrupted run
 * writes, and bad input leaves an existing file alone.
 */
class CliPuzzlesTest {

    private static final Pattern SUMMARY = Pattern.compile("games (\\d+) candidates (\\d+) puzzles (\\d+)");
    /** The margin of the command's default, in lichess's winning chances. */
    private static final double MARGIN = 0.42;

    @TempDir
    Path dir;

    private static Run puzzles(Path home, List<String> args) {
        try (CliHarness cli = CliHarness.open(home)) {
            List<String> all = new ArrayList<>(List.of("puzzles", "--progress", "none"));
            all.addAll(args);
            return cli.run(all.toArray(String[]::new));
        }
    }

    private static int[] summary(Run r) {
        Matcher m = SUMMARY.matcher(r.last());
        assertTrue(m.matches(), "last line: " + r.last() + "\n" + r.err());
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
    }

    /** One line of a UCI search of our own: its rank, first move and score from the side to move. */
    private record Line(int rank, String move, boolean mate, int value) {
        /** Winning chances -1..1 with the win model's slope {@code k} (lichess's for chess, ours for xiangqi). */
        double chances(double k) {
            if (mate) {
                return value > 0 ? 1 : -1;
            }
            int cp = Math.max(-1000, Math.min(1000, value));
            return 2 / (1 + Math.exp(-k * cp)) - 1;
        }
    }

    /**
     * Searches {@code fen} after {@code moves} with MultiPV 2 from a cleared hash, in a process of its own
     * (not Kibitz's sessions): the last line of each rank.
     */
    private static List<Line> search(String engine, String variant, String fen, List<String> moves, long nodes) throws Exception {
        Process p = new ProcessBuilder(engine).redirectErrorStream(true).start();
        try (PrintWriter in = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.println("uci");
            if (!variant.isEmpty()) {
                in.println("setoption name UCI_Variant value " + variant);
            }
            in.println("setoption name MultiPV value 2");
            in.println("ucinewgame");
            in.println("isready");
            in.println("position fen " + fen + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)));
            in.println("go nodes " + nodes);
            Map<Integer, Line> last = new TreeMap<>();
            String s;
            while ((s = out.readLine()) != null) {
                if (s.startsWith("bestmove")) {
                    break;
                }
                Matcher m = Pattern.compile("\\bmultipv (\\d+).*\\bscore (cp|mate) (-?\\d+)(?: (?:lower|upper)bound)?.*\\bpv (\\S+)").matcher(s);
                if (s.startsWith("info") && m.find()) {
                    int rank = Integer.parseInt(m.group(1));
                    last.put(rank, new Line(rank, m.group(4), m.group(2).equals("mate"), Integer.parseInt(m.group(3))));
                }
            }
            in.println("quit");
            return List.copyOf(last.values());
        } finally {
            p.waitFor(10, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
    }

    /**
     * What this test checks on each puzzle of {@code csv}: the lichess header, a legal line in the game's
     * rules, and at the solving limit the puzzle's first solving move is the best of our own search and
     * the second is worse by the margin (or the best is the only mate).
     */
    private void checkPuzzles(Path csv, String engine, String variant, GamePlugin game, long solveNodes) throws Exception {
        double k = game.id().equals("xiangqi") ? WinModel.XIANGQI_K : WinModel.LICHESS.k();
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags", lines.get(0));
        List<Puzzle> read = new PuzzleFiles(TestGames.files()).read(csv);
        assertEquals(lines.size() - 1, read.size());
        int rankBase = game.coordinateRankBase();
        for (Puzzle pz : read) {
            assertEquals(game.id(), pz.game());
            assertEquals(Puzzle.idFor(pz.fen(), pz.moves()), pz.id());
            // Every move legal, replayed here with the rules.
            Position p = game.parseFen(pz.fen());
            for (String m : pz.moves()) {
                Move mv = Move.parseCoordinates(m, rankBase);
                assertTrue(p.isLegal(mv), pz.id() + ": " + m + " is legal");
                p = p.play(mv);
            }
            assertEquals(0, pz.moves().size() % 2, pz.id() + ": the mistake, then a line ending on a solver move");
            // The first solving move: the best of a search of our own at the solving limit.
            List<String> engineMoves = pz.moves().subList(0, 1).stream().map(m -> uci(m, rankBase)).toList();
            List<Line> found = search(engine, variant, pz.fen(), engineMoves, solveNodes);
            assertFalse(found.isEmpty(), pz.id());
            assertEquals(uci(pz.moves().get(1), rankBase), found.get(0).move(), pz.id() + ": the engine's best");
            if (found.size() > 1) {
                Line best = found.get(0);
                Line second = found.get(1);
                boolean onlyMate = best.mate() && best.value() > 0 && !(second.mate() && second.value() > 0);
                boolean mateAtOnce = best.mate() && best.value() == 1 && second.mate() && second.value() > 1;
                assertTrue(onlyMate || mateAtOnce || best.chances(k) - second.chances(k) >= MARGIN,
                        pz.id() + ": the second best is worse by the margin: " + found);
            }
        }
    }

    /** Our coordinates as the engine writes them: xiangqi ranks 0-9 are UCI's 1-10. */
    private static String uci(String move, int rankBase) {
        if (rankBase == 1) {
            return move;
        }
        Move m = Move.parseCoordinates(move, 0);
        return m.coordinates(1);
    }

    @Test
    void chessPuzzlesAreLegalUniqueAndAKilledRunResumesToTheSameFile() throws Exception {
        String sf = RealEngines.require("stockfish");
        List<String> args = List.of(TestGames.shared("chess/pgn/Capablanca.pgn").toString(), "--games", "12-14",
                "--engine", sf, "--nodes", "5000", "--jobs", "2");
        Path once = dir.resolve("once.csv");
        List<String> withOut = new ArrayList<>(args);
        withOut.addAll(List.of("--out", once.toString()));
        Run whole = puzzles(dir.resolve("home-once"), withOut);
        assertEquals(0, whole.exit(), whole.err());
        int[] s = summary(whole);
        assertEquals(3, s[0]);
        assertTrue(s[2] >= 1 && s[1] >= s[2], whole.last());
        assertEquals(s[2] + 1, Files.readAllLines(once).size(), "a row a puzzle");
        checkPuzzles(once, sf, "", TestGames.CHESS, 20_000);

        // The same command in a child JVM, killed (SIGKILL) once some candidates are solved.
        Path home = dir.resolve("home-killed");
        Path out = dir.resolve("killed.csv");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkibitz.home=" + home, "-cp", System.getProperty("java.class.path"), Main.class.getName(), "puzzles",
                "--progress", "none"));
        cmd.addAll(args);
        cmd.addAll(List.of("--out", out.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        Path runs = home.resolve("data").resolve("runs");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (solved(runs) < 1 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), "the child was still running when killed: " + Files.readString(dir.resolve("child.log")));
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
        int done = solved(runs);
        assertTrue(done >= 1 && done < s[1], "killed while solving: " + done + " of " + s[1] + " candidates in the journal");
        assertTrue(Files.notExists(out), "nothing written before the run completes");
        List<String> again = new ArrayList<>(args);
        again.addAll(List.of("--out", out.toString()));
        Run resumed = puzzles(home, again);
        assertEquals(0, resumed.exit(), resumed.err());
        assertEquals(whole.last(), resumed.last());
        assertEquals(Files.readString(once), Files.readString(out), "the resumed run writes what the whole run wrote");

        // --player: the same run's evaluations (no search), only the puzzles Capablanca must solve.
        Path mine = dir.resolve("mine.csv");
        List<String> player = new ArrayList<>(args);
        player.addAll(List.of("--player", "Capablanca", "--out", mine.toString()));
        Run his = puzzles(dir.resolve("home-once"), player);
        assertEquals(0, his.exit(), his.err());
        List<Puzzle> all = new PuzzleFiles(TestGames.files()).read(once);
        List<Puzzle> kept = new PuzzleFiles(TestGames.files()).read(mine);
        assertTrue(all.containsAll(kept), "the same puzzles, fewer");
        org.kibitz.core.GameFiles files = TestGames.files();
        org.kibitz.core.GameFiles.OpenedFile opened = files.read(TestGames.shared("chess/pgn/Capablanca.pgn"));
        for (Puzzle pz : all) {
            int game = Integer.parseInt(pz.gameUrl().substring(pz.gameUrl().lastIndexOf(':') + 1));
            var entry = opened.entry(game).orElseThrow();
            Position solving = TestGames.CHESS.parseFen(pz.fen()).play(Move.parseCoordinates(pz.moves().get(0), 1));
            String solver = solving.sideToMove() == org.kibitz.api.game.Side.WHITE ? entry.white() : entry.black();
            assertEquals(solver.contains("Capablanca"), kept.contains(pz), pz.id() + " solved by " + solver);
        }
    }

    @Test
    void xiangqiPuzzlesWithFairyStockfishAreLegalAndUnique() throws Exception {
        String fsf = RealEngines.require("fairy-stockfish");
        Path csv = dir.resolve("xq.csv");
        Run r = puzzles(dir.resolve("home"), List.of(TestGames.shared(XIANGQI_FILE).toString(), "--games", XIANGQI_GAMES,
                "--engine", fsf, "--nodes", "5000", "--jobs", "2", "--out", csv.toString()));
        assertEquals(0, r.exit(), r.err());
        int[] s = summary(r);
        assertTrue(s[2] >= 1, r.last() + "\n" + r.err());
        checkPuzzles(csv, fsf, "xiangqi", TestGames.XIANGQI, 20_000);
        // ICCS-like lower case coordinates, ranks 0-9.
        for (String row : Files.readAllLines(csv).subList(1, s[2] + 1)) {
            assertTrue(row.split(",")[2].matches("([a-i][0-9][a-i][0-9] ?)+"), row);
        }
    }

    static final String XIANGQI_FILE = "xiangqi/pgn/xqdb-bulk_games_uci.pgn";
    static final String XIANGQI_GAMES = "7-8";

    @Test
    void badInputLeavesAnExistingFileAlone() throws Exception {
        Path csv = dir.resolve("kept.csv");
        Files.writeString(csv, "precious\n");
        // A file with no game: nothing to run, nothing written.
        Path empty = dir.resolve("empty.pgn");
        Files.writeString(empty, "");
        Run r = puzzles(dir.resolve("home"), List.of(empty.toString(), "--engine", "kibitz", "--out", csv.toString()));
        assertEquals(1, r.exit(), r.err());
        assertEquals("games 0 candidates 0 puzzles 0", r.last());
        assertEquals("precious\n", Files.readString(csv));
        // An output the command cannot write: a usage error, before any engine.
        Run bad = puzzles(dir.resolve("home"), List.of(TestGames.shared("chess/pgn/WorldChamp1886.pgn").toString(),
                "--out", dir.resolve("p.txt").toString()));
        assertEquals(2, bad.exit(), bad.err());
        assertTrue(bad.err().contains("--out"), bad.err());
    }

    /** Candidates solved in the puzzle journal of {@code runs}. */
    private static int solved(Path runs) throws Exception {
        if (!Files.isDirectory(runs)) {
            return 0;
        }
        try (var list = Files.list(runs)) {
            for (Path j : list.filter(f -> f.getFileName().toString().contains("-puzzles-")
                    && f.getFileName().toString().endsWith(".journal.jsonl")).toList()) {
                return (int) Files.readAllLines(j).stream().filter(l -> l.startsWith("{\"id\"")).count();
            }
        }
        return 0;
    }
}
