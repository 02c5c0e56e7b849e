package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz evaluate} as a user runs it, with real engines on real files: every move evaluated and
 * judged as its own CSV numbers say, xiangqi with Fairy-Stockfish, a run killed with SIGKILL and started
 * again giving the bytes an uninterrupted run gives, judging again without starting an engine, and the
 * exit statuses.
 */
class CliEvaluateTest {

    private static final Pattern SUMMARY = Pattern.compile("games (\\d+) positions (\\d+) evaluated (\\d+) cached (\\d+) failed (\\d+)");

    @TempDir
    Path dir;

    private static Path shared(String name) {
        return TestGames.shared(name);
    }

    private Run evaluate(Path home, String... args) {
        try (CliHarness cli = CliHarness.open(home)) {
            List<String> all = new ArrayList<>(List.of("evaluate", "--progress", "none"));
            all.addAll(List.of(args));
            return cli.run(all.toArray(String[]::new));
        }
    }

    private static long[] summary(Run r) {
        Matcher m = SUMMARY.matcher(r.last());
        assertTrue(m.matches(), "last line: " + r.last() + "\n" + r.err());
        long[] out = new long[5];
        for (int i = 0; i < 5; i++) {
            out[i] = Long.parseLong(m.group(i + 1));
        }
        return out;
    }

    /** The CSV without its time_ms column: the engine's own time is the one field that varies. */
    private static List<String> withoutTimes(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        int col = List.of(lines.get(0).split(",")).indexOf("time_ms");
        assertTrue(col > 0, "the CSV names time_ms");
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            List<String> f = new ArrayList<>(List.of(l.split(",", -1)));
            f.remove(col);
            out.add(String.join(",", f));
        }
        return out;
    }

    @Test
    void everyMoveOfChessGamesGetsAnEvalAndTheJudgementItsNumbersSay() throws Exception {
        RealEngines.require("stockfish");
        Path out = dir.resolve("out.pgn");
        Path csv = dir.resolve("out.csv");
        Run r = evaluate(dir.resolve("home"), shared("chess/pgn/Capablanca.pgn").toString(), "--games", "1-3",
                "--engine", RealEngines.require("stockfish"), "--nodes", "3000", "--jobs", "2",
                "--out", out.toString(), "--csv", csv.toString(), "--plots", dir.resolve("plots").toString());
        assertEquals(0, r.exit(), r.err());
        long[] s = summary(r);
        assertEquals(3, s[0]);
        assertEquals(s[1], s[2] + s[3] + s[4]);
        assertEquals(0, s[4]);
        // Every mainline move of every game has an [%eval].
        GameFiles files = TestGames.files();
        GameFiles.OpenedFile opened = files.read(out);
        assertEquals(3, opened.entries().size());
        int moves = 0;
        for (GameFiles.Entry e : opened.entries()) {
            GameTree t = files.readGame(opened, e);
            for (GameNode n : t.mainline()) {
                assertTrue(n.evalForWhite().isPresent(), "game " + e.gameNumber() + " ply " + n.ply());
                moves++;
            }
            assertTrue(t.tags().get("KibitzJudge").orElse("").startsWith("lichess k=0.00368208"));
        }
        // The judgement of each row follows from its own numbers (lichess: 5, 10, 15 win% points).
        List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = List.of(rows.get(0).split(","));
        assertEquals(moves + 1, rows.size(), "one row a move");
        int loss = header.indexOf("win_loss"), judged = header.indexOf("judgement"), move = header.indexOf("move_coord"),
                best = header.indexOf("best_coord"), before = header.indexOf("eval_before"), after = header.indexOf("eval_after");
        int marked = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            if (f[before].startsWith("#") || f[after].startsWith("#")) {
                continue; // mate rules, tested in the judge's own tests
            }
            double l = Double.parseDouble(f[loss]);
            String expected = f[move].equals(f[best]) ? "" : l >= 15 ? "??" : l >= 10 ? "?" : l >= 5 ? "?!" : "";
            if (!expected.isEmpty()) {
                marked++;
            }
            String got = f[judged].equals("!") || f[judged].equals("!!") ? "" : f[judged];
            assertEquals(expected, got, row);
        }
        assertTrue(marked > 0, "three master games at a small limit have some marked moves");
        assertTrue(Files.size(dir.resolve("plots").resolve("Capablanca-1.png")) > 1000);
    }

    @Test
    void xiangqiGamesWithFairyStockfishUseTheXiangqiModelAndChineseNotation() throws Exception {
        RealEngines.require("fairy-stockfish");
        Path out = dir.resolve("xq.pgn");
        Path csv = dir.resolve("xq.csv");
        Run r = evaluate(dir.resolve("home"), shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn").toString(),
                "--games", "1-2", "--engine", RealEngines.require("fairy-stockfish"), "--nodes", "2000", "--jobs", "2",
                "--out", out.toString(), "--csv", csv.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, summary(r)[0]);
        String pgn = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(pgn.contains("[KibitzJudge \"xiangqi k=0.00474"), pgn.substring(0, 800));
        assertTrue(pgn.contains("[RedAccuracy "), "Red, not White, in a xiangqi game");
        List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
        String first = rows.get(1);
        // The move in the game's notation (Chinese) and in ICCS coordinates, ranks 0-9.
        assertTrue(first.matches("[^,]*,1,1,red,[\\p{IsHan}０-９一二三四五六七八九]+,[a-i][0-9][a-i][0-9],.*"), first);
    }

    @Test
    void aRunKilledAndStartedAgainWritesWhatAnUninterruptedRunWrites() throws Exception {
        RealEngines.require("stockfish");
        String sf = RealEngines.require("stockfish");
        String file = shared("chess/pgn/Capablanca.pgn").toString();
        List<String> args = List.of(file, "--games", "1-6", "--engine", sf, "--nodes", "2000", "--jobs", "2");
        // The uninterrupted run, in a home of its own.
        Path once = dir.resolve("once.pgn");
        Run whole = evaluate(dir.resolve("home-once"), concat(args, "--out", once.toString(), "--csv", dir.resolve("once.csv").toString()));
        assertEquals(0, whole.exit(), whole.err());
        // The same in a child JVM, killed (SIGKILL) once some games are in its journal.
        Path home = dir.resolve("home-killed");
        Path out = dir.resolve("killed.pgn");
        List<String> outputs = List.of("--out", out.toString(), "--csv", dir.resolve("killed.csv").toString());
        List<String> cmd = new ArrayList<>(ChildKibitz.command(home, "evaluate", "--progress", "none"));
        cmd.addAll(args);
        cmd.addAll(outputs);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        Path runs = home.resolve("data").resolve("runs");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (journalGames(runs) < 2 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), "the child was still running when killed: " + Files.readString(dir.resolve("child.log")));
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
        int done = journalGames(runs);
        assertTrue(done >= 2 && done < 6, "killed mid-run: " + done + " games in the journal");
        assertTrue(Files.notExists(out), "no output before the run completes");
        // Started again as a user would: the same command.
        Run resumed = evaluate(home, concat(args, outputs.toArray(String[]::new)));
        assertEquals(0, resumed.exit(), resumed.err());
        // The same games and positions; those the journal gave back were not searched now, so they count
        // as cached (issue 39: the summary said "evaluated 510 cached 0" though most came from the journal).
        long[] w = summary(whole.last());
        long[] r = summary(resumed.last());
        assertEquals(w[0], r[0], resumed.last());
        assertEquals(w[1], r[1], resumed.last());
        assertEquals(w[2], r[2] + r[3], resumed.last());
        assertTrue(r[3] > 0 && r[2] < w[2], "the journal's games count as cached: " + resumed.last());
        assertEquals(0, r[4], resumed.last());
        assertEquals(Files.readString(once), Files.readString(out), "byte-identical PGN");
        assertEquals(withoutTimes(dir.resolve("once.csv")), withoutTimes(dir.resolve("killed.csv")));
    }

    /**
     * Ctrl+C, as a user stops a long run, three times at different moments, then the same command to
     * its end: each stop ends at once, quietly (its engines were ended by Kibitz, not crashed, so none is
     * started again and no game is reported broken), writes no output, and the finished run writes the
     * bytes of an uninterrupted one. Two CPU-bound loops run beside it.
     */
    @Test
    void aRunStoppedWithCtrlCSeveralTimesThenFinishedWritesWhatAnUninterruptedRunWrites() throws Exception {
        String sf = RealEngines.require("stockfish");
        String file = shared("chess/pgn/Capablanca.pgn").toString();
        List<String> args = List.of(file, "--games", "1-8", "--engine", sf, "--nodes", "3000", "--jobs", "2");
        Path once = dir.resolve("once.pgn");
        Run whole = evaluate(dir.resolve("home-once"), concat(args, "--out", once.toString(), "--csv", dir.resolve("once.csv").toString()));
        assertEquals(0, whole.exit(), whole.err());
        Path home = dir.resolve("home-stopped");
        Path out = dir.resolve("stopped.pgn");
        List<String> outputs = List.of("--out", out.toString(), "--csv", dir.resolve("stopped.csv").toString());
        Path runs = home.resolve("data").resolve("runs");
        try (org.kibitz.testing.BusyMachine busy = org.kibitz.testing.BusyMachine.start()) {
            // Stopped while the first games search, as soon as the next game is journaled, and a moment later.
            long[] pausesMillis = {0, 0, 700};
            for (int stop = 0; stop < pausesMillis.length; stop++) {
                List<String> cmd = new ArrayList<>(ChildKibitz.command(home, "evaluate", "--progress", "none"));
                cmd.addAll(args);
                cmd.addAll(outputs);
                Path log = dir.resolve("stop-" + stop + ".log");
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                int before = journalGames(runs);
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
                while (journalGames(runs) <= before && p.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                Thread.sleep(pausesMillis[stop]);
                assertTrue(p.isAlive(), "the run ended before it could be stopped: " + Files.readString(log));
                new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
                assertTrue(p.waitFor(2, TimeUnit.MINUTES), "evaluate did not end on Ctrl+C: " + Files.readString(log));
                assertEquals(130, p.exitValue(), "the exit status of a program ended by SIGINT: " + Files.readString(log));
                String said = Files.readString(log);
                for (String word : List.of("started again", "crashed", "broken", "failed")) {
                    assertTrue(!said.contains(word), "stop " + stop + " said \"" + word + "\":\n" + said);
                }
                assertTrue(Files.notExists(out), "no output from a stopped run: " + said);
            }
        }
        Run finished = evaluate(home, concat(args, outputs.toArray(String[]::new)));
        assertEquals(0, finished.exit(), finished.err());
        long[] w = summary(whole.last());
        long[] r = summary(finished.last());
        assertEquals(w[0], r[0], finished.last());
        assertEquals(w[2], r[2] + r[3], finished.last());
        assertEquals(0, r[4], "nothing failed: " + finished.last());
        assertEquals(Files.readString(once), Files.readString(out), "byte-identical PGN");
        assertEquals(withoutTimes(dir.resolve("once.csv")), withoutTimes(dir.resolve("stopped.csv")));
    }

    /** {@code games G positions P evaluated E cached C failed F} as {G, P, E, C, F}. */
    private static long[] summary(String line) {
        java.util.regex.Matcher m = SUMMARY.matcher(line);
        assertTrue(m.matches(), line);
        long[] out = new long[5];
        for (int i = 0; i < 5; i++) {
            out[i] = Long.parseLong(m.group(i + 1));
        }
        return out;
    }

    private static int journalGames(Path runs) throws Exception {
        if (!Files.isDirectory(runs)) {
            return 0;
        }
        try (var list = Files.list(runs)) {
            for (Path j : list.filter(f -> f.toString().endsWith(".journal.jsonl")).toList()) {
                return (int) Files.readAllLines(j).stream().filter(l -> l.startsWith("{\"id\"")).count();
            }
        }
        return 0;
    }

    @Test
    void judgingAgainUsesTheResultsFoundAndStartsNoEngine() throws Exception {
        RealEngines.require("stockfish");
        // An engine that counts its starts.
        Path starts = dir.resolve("starts.txt");
        Path engine = dir.resolve("counting-stockfish.sh");
        Files.writeString(engine, "#!/bin/sh\necho started >> '" + starts + "'\nexec '" + RealEngines.require("stockfish") + "'\n");
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwx------"));
        Path home = dir.resolve("home");
        String file = shared("chess/pgn/Capablanca.pgn").toString();
        Run first = evaluate(home, file, "--games", "2", "--engine", engine.toString(), "--nodes", "1500", "--jobs", "1",
                "--csv", dir.resolve("a.csv").toString());
        assertEquals(0, first.exit(), first.err());
        long started = Files.readAllLines(starts).size();
        assertTrue(started >= 1);
        Run again = evaluate(home, file, "--games", "2", "--engine", engine.toString(), "--nodes", "1500", "--jobs", "1",
                "--csv", dir.resolve("b.csv").toString(), "--judge", "lichess:inaccuracy=0.02,mistake=0.05,blunder=0.1");
        assertEquals(started, Files.readAllLines(starts).size(), "no engine started to judge again");
        List<String> a = Files.readAllLines(dir.resolve("a.csv"));
        List<String> b = Files.readAllLines(dir.resolve("b.csv"));
        int j = List.of(a.get(0).split(",")).indexOf("judgement");
        long marksA = a.stream().skip(1).filter(l -> !l.split(",", -1)[j].isEmpty()).count();
        long marksB = b.stream().skip(1).filter(l -> !l.split(",", -1)[j].isEmpty()).count();
        assertTrue(marksB > marksA, "stricter thresholds mark more moves: " + marksA + " then " + marksB);
        assertEquals(summary(first)[1], summary(again)[1]);
    }

    @Test
    void exitStatusesAndFailuresReportedWithTheirPlace() throws Exception {
        Run missing = evaluate(dir.resolve("home"), dir.resolve("nope.pgn").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("nope.pgn"), missing.err());
        RealEngines.require("stockfish");
        String crashing = String.join(" ", org.kibitz.testing.FaultyProxyEngine.command("crash", "3", "--",
                RealEngines.require("stockfish")).stream().map(a -> "'" + a + "'").toList());
        Run r = evaluate(dir.resolve("home"), shared("chess/pgn/Capablanca.pgn").toString(), "--games", "1",
                "--engine", crashing, "--nodes", "300", "--jobs", "1", "--no-store");
        assertEquals(1, r.exit(), r.err());
        assertEquals(1, summary(r)[4]);
        assertTrue(r.err().toLowerCase(Locale.ROOT).contains("capablanca.pgn, game 1, ply 3"), r.err());
        // The crash was retried on a new start before the position was given up: and the user is told.
        assertTrue(r.err().contains("stopped (") && r.err().contains("started again and its work done once more"), r.err());
    }

    private static String[] concat(List<String> a, String... more) {
        List<String> all = new ArrayList<>(a);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
