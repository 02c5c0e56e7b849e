package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * Whole match runs: a tournament's standings, shards merged into what one run gives, and a run killed
 * with SIGKILL and resumed from its journal ending as an uninterrupted run does. Stockfish limited by
 * nodes on one thread plays the same moves every time, so runs can be compared move by move.
 */
class CliMatchRunsTest {

    private static CliHarness cli;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    /** Two differently limited Stockfishes, four games in two pairs, short. */
    private static List<String> match(String stockfish, String... more) {
        List<String> args = new ArrayList<>(List.of("match", "--engine", stockfish, "name=SF300", "nodes=300",
                "--engine", stockfish, "name=SF900", "nodes=900", "--games", "2", "--rounds", "2", "--repeat",
                "--maxmoves", "40", "--openings", "file=" + Path.of(System.getProperty("kibitz.testdata"), "chess", "pgn",
                        "WorldChamp1886.pgn"), "plies=6"));
        args.addAll(List.of(more));
        return args;
    }

    private static Run run(List<String> args) {
        Run r = cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.out() + "\n" + r.err());
        return r;
    }

    /** Each game's result and moves, in the file's order. */
    private static List<String> games(Path pgn) throws Exception {
        Games games = cli.service(Games.class);
        var f = cli.service(Formats.class).byId("pgn").orElseThrow();
        List<String> out = new ArrayList<>();
        try (var in = Files.newInputStream(pgn); GameReader r = f.reader(in, ReadContext.of(pgn.toString(), games))) {
            ReadResult rr;
            while ((rr = r.next()) != null) {
                GameTree g = rr.game().orElseThrow();
                StringBuilder b = new StringBuilder(g.tags().get("Round").orElse("?") + " " + g.tags().get("White").orElse("?")
                        + "-" + g.tags().get("Black").orElse("?") + " " + g.tags().get("Result").orElse("?") + ":");
                for (GameNode n : g.mainline()) {
                    b.append(' ').append(n.move().orElseThrow().coordinates(0));
                }
                out.add(b.toString());
            }
        }
        return out;
    }

    /** The statistics lines (Score of, Elo difference, Ptnml, nElo) a run or merge ends with. */
    private static List<String> stats(List<String> out) {
        int from = out.size();
        while (from > 0 && !out.get(from - 1).startsWith("Score of")) {
            from--;
        }
        return out.subList(Math.max(0, from - 1), out.size());
    }

    @Test
    void shardsMergedGiveTheGamesAndStatisticsOfOneRun(@TempDir Path dir) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path single = dir.resolve("single.pgn");
        Run one = run(match(stockfish, "--pgnout", single.toString(), "--run-id", "single"));
        List<Path> journals = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path j = dir.resolve("shard-" + i + ".journal.jsonl");
            journals.add(j);
            Run part = run(match(stockfish, "--shard", i + "/2", "--journal", j.toString()));
            assertTrue(part.out().get(0).contains(": 2 games of chess"), "each shard plays one pair of two: " + part.out());
        }
        Path merged = dir.resolve("merged.pgn");
        // Named in the other order: the merge is the same.
        Run m = cli.run("merge", "--out", merged.toString(), journals.get(1).toString(), journals.get(0).toString());
        assertEquals(0, m.exit(), m.err());
        assertEquals(games(single), games(merged));
        assertEquals(stats(one.out()), m.out(), "the statistics are computed once from the summed counts");
        assertTrue(m.out().get(0).matches("Score of SF300 vs SF900: \\d - \\d - \\d  \\[\\d\\.\\d{3}] 4"), m.out().toString());
        assertTrue(m.out().stream().anyMatch(l -> l.startsWith("Ptnml(0-2): [")), m.out().toString());

        Run missing = cli.run("merge", "--out", dir.resolve("x.pgn").toString(), journals.get(0).toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("shards missing: [1] of 2"), missing.err());
    }

    @Test
    void aRunKilledMidwayResumesToTheStatisticsOfAnUninterruptedRun(@TempDir Path dir) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Run whole = run(match(stockfish, "--pgnout", dir.resolve("whole.pgn").toString(), "--run-id", "whole"));

        Path journal = dir.resolve("killed.journal.jsonl");
        List<String> args = match(stockfish, "--journal", journal.toString());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "org.kibitz.launcher.Main"));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("killed.log").toFile());
        pb.environment().put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        pb.environment().put("XDG_DATA_HOME", dir.resolve("data").toString());
        Process p = pb.start();
        // Killed once it has finished a game or two (a header line, then one line per game).
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < end && p.isAlive()
                && (!Files.exists(journal) || Files.readAllLines(journal).size() < 3)) {
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), "the run was still going when killed: " + Files.readString(dir.resolve("killed.log")));
        p.destroyForcibly(); // SIGKILL: no shutdown hook, no flush
        p.waitFor(30, TimeUnit.SECONDS);
        int kept = Files.readAllLines(journal).size() - 1;
        assertTrue(kept >= 2 && kept < 4, "games kept before the kill: " + kept);

        List<String> resume = new ArrayList<>(args);
        resume.addAll(List.of("--resume", "--pgnout", dir.resolve("resumed.pgn").toString()));
        Run resumed = run(resume);
        assertEquals(kept, resumed.out().stream().filter(l -> l.contains("from the journal")).count(), resumed.out().toString());
        assertEquals(stats(whole.out()), stats(resumed.out()));
        assertEquals(games(dir.resolve("whole.pgn")), games(dir.resolve("resumed.pgn")), "the same games, move by move");
    }

    /**
     * Ctrl+C during a match: the games in flight lose their engines to Kibitz's own end, which is not a
     * disconnect to score. The run ends at once, its journal holds only finished games, and resumed it
     * ends as an uninterrupted run does.
     */
    @Test
    void aRunStoppedWithCtrlCResumesToTheStatisticsOfAnUninterruptedRun(@TempDir Path dir) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Run whole = run(match(stockfish, "--pgnout", dir.resolve("whole.pgn").toString(), "--run-id", "whole-int"));
        Path journal = dir.resolve("stopped.journal.jsonl");
        List<String> args = match(stockfish, "--journal", journal.toString());
        Path log = dir.resolve("stopped.log");
        Process p = new ProcessBuilder(ChildKibitz.command(dir.resolve("home"), args.toArray(String[]::new)))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < end && p.isAlive() && (!Files.exists(journal) || Files.readAllLines(journal).size() < 2)) {
            Thread.sleep(10);
        }
        assertTrue(p.isAlive(), "the run was still going when stopped: " + Files.readString(log));
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "match did not end on Ctrl+C: " + Files.readString(log));
        assertEquals(130, p.exitValue(), Files.readString(log));
        String kept = Files.readString(journal);
        assertTrue(!kept.contains("DISCONNECT") && !kept.contains("STALLED"), "a game scored by Kibitz's own end:\n" + kept);
        String said = Files.readString(log);
        assertTrue(!said.contains("disconnects") && !said.contains("connection stalls"), said);

        List<String> resume = new ArrayList<>(args);
        resume.addAll(List.of("--resume", "--pgnout", dir.resolve("resumed.pgn").toString()));
        Run resumed = run(resume);
        assertEquals(stats(whole.out()), stats(resumed.out()));
        assertEquals(games(dir.resolve("whole.pgn")), games(dir.resolve("resumed.pgn")), "the same games, move by move");
    }

    @Test
    void aTournamentOfThreeEnginesEndsWithStandings(@TempDir Path dir) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        String fairymax = RealEngines.require("fairymax");
        Run r = run(List.of("tournament", "--engine", stockfish, "nodes=400", "--engine", fairymax, "proto=xboard", "tc=2+0.05",
                "--engine", "kibitz", "depth=2", "--games", "2", "--maxmoves", "40", "--run-id", "rr"));
        assertTrue(r.out().contains("Finished match: 6 games played, 0 could not be played"), r.out().toString());
        int header = r.out().indexOf(r.out().stream().filter(l -> l.contains("Rank")).findFirst().orElseThrow());
        int prior = r.out().indexOf(r.out().stream().filter(l -> l.startsWith("Ratings: ")).findFirst().orElseThrow());
        List<String> table = r.out().subList(header + 1, prior);
        assertEquals(3, table.size(), r.out().toString());
        assertTrue(r.out().get(prior).contains("1 virtual draw added to every pairing played"), r.out().get(prior));
        // The cross table (a title line and a row per engine) and a line per pairing follow.
        List<String> after = r.out().subList(prior + 1, r.out().size());
        assertTrue(after.stream().anyMatch(l -> l.trim().startsWith("Name") && l.trim().endsWith("Points")), after.toString());
        assertEquals(3, after.stream().filter(l -> l.startsWith("Score of ") && l.contains("DrawRatio: ")).count(), after.toString());
        assertTrue(table.stream().anyMatch(l -> l.contains("stockfish")) && table.stream().anyMatch(l -> l.contains("Kibitz"))
                && table.stream().anyMatch(l -> l.contains("fairymax")), table.toString());

        Run gauntlet = run(List.of("tournament", "--tournament", "gauntlet", "--engine", stockfish, "nodes=400",
                "--engine", fairymax, "proto=xboard", "tc=2+0.05", "--engine", "kibitz", "depth=2", "--games", "1",
                "--maxmoves", "20", "--run-id", "g"));
        assertTrue(gauntlet.out().contains("Finished match: 2 games played, 0 could not be played"), gauntlet.out().toString());
    }

    @Test
    void anSprtStopsTheMatchWhenH1IsAccepted() throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Run r = run(List.of("match", "--engine", stockfish, "name=Strong", "nodes=3000", "--engine", stockfish, "name=Weak",
                "nodes=300", "--games", "2", "--rounds", "200", "--repeat", "--maxmoves", "80", "--concurrency", "2",
                "--sprt", "elo0=0", "elo1=10", "--openings", "file=" + Path.of(System.getProperty("kibitz.testdata"),
                        "chess", "pgn", "Capablanca.pgn"), "plies=8", "--run-id", "sprt"));
        assertEquals("SPRT: H1 was accepted", r.last(), r.out().toString());
        String done = r.out().stream().filter(l -> l.startsWith("Finished match: ")).findFirst().orElseThrow();
        int played = Integer.parseInt(done.split(" ")[2]);
        assertTrue(played < 400, "the match stopped at the decision: " + done);
        String llr = r.out().get(r.out().size() - 3);
        assertTrue(llr.startsWith("LLR: ") && Double.parseDouble(llr.split(" ")[1]) >= 2.94, llr);
        // cutechess's line after it, at the decision as after every game.
        String sprt = r.out().get(r.out().size() - 2);
        assertTrue(sprt.startsWith("SPRT: llr ") && sprt.endsWith(", lbound -2.94, ubound 2.94 - H1 was accepted"), sprt);
        assertTrue(r.out().stream().filter(l -> l.startsWith("SPRT: llr ")).count() >= played, "one after every game");
    }
}
