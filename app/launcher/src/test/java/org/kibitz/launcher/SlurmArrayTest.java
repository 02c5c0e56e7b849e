package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;
import org.kibitz.testing.RealEngines;

/**
 * The deploy scripts on a real scheduler: a one-node Slurm from Debian's packages
 * ({@code testdata/tools/slurm-local.sh}), {@code docs/deploy/slurm-evaluate.sh} submitted unchanged as
 * a 3-task array ({@code sbatch --array=0-2}) evaluating six of Capablanca's games with Stockfish at
 * 300 nodes, {@code slurm-merge.sh} after it ({@code --dependency=afterok}), and the merged files
 * compared with a single {@code kibitz evaluate} of the same games: the PGN byte for byte, the CSV
 * and JSONL but for {@code time_ms}.
 *
 * <p>The jobs run {@code kibitz} as the scripts do, through {@code $KIBITZ}: here a two-line script that
 * starts this build's classes (the test runs before {@code package} makes the jars {@code ./kibitz}
 * uses). Slurm needs root (its daemons) and installs from Debian if missing: the test is skipped only
 * where it is not root, or has neither Slurm nor apt-get, and never in CI (the variable {@code CI}).
 */
class SlurmArrayTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Slurm's own limit on each job, in minutes: a hung task fails the test instead of holding it. */
    private static final String TIME_LIMIT = "2";

    @TempDir
    static Path work;

    private static Path tools;
    private static Path deploy;
    private static boolean startedSlurm;

    @BeforeAll
    static void slurm() throws Exception {
        // CI installs Slurm and runs as root (.ci/run): there a missing one is a broken set-up, not a skip.
        boolean ci = System.getenv("CI") != null;
        if (ci) {
            assertEquals(0, uid(), "Slurm's daemons need root, and CI runs as root");
        }
        assumeTrue(uid() == 0, "Slurm's daemons need root; this user is not root");
        if (ci) {
            assertTrue(onPath("slurmctld"), "Slurm is not installed, and CI installs it (.ci/run)");
        }
        assumeTrue(onPath("slurmctld") || Files.isExecutable(Path.of("/usr/bin/apt-get")),
                "Slurm is not installed and there is no apt-get to install it");
        tools = Path.of(System.getProperty("kibitz.testdata"), "tools");
        deploy = Path.of(System.getProperty("kibitz.root"), "docs", "deploy");
        startedSlurm = run(List.of("scontrol", "ping"), Map.of(), 30).exit() != 0;
        Result up = run(List.of("bash", tools.resolve("slurm-local.sh").toString(), "start"), Map.of(), 600);
        assertEquals(0, up.exit(), "slurm-local.sh start: " + up.output());
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (startedSlurm) {
            run(List.of("bash", tools.resolve("slurm-local.sh").toString(), "stop"), Map.of(), 60);
        }
    }

    @Test
    void theSlurmArrayScriptAndItsMergeGiveTheFilesOfOneRun() throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path input = TestGames.shared("chess/pgn/Capablanca.pgn");
        Path kibitz = kibitzScript();
        Path parts = work.resolve("parts");
        Map<String, String> env = Map.of(
                "KIBITZ", kibitz.toString(),
                "KIBITZ_OUT", parts.toString(),
                "KIBITZ_SCRATCH", work.resolve("scratch").toString(),
                // The jobs' engine list in a folder of the test's, not the user's.
                "XDG_CONFIG_HOME", work.resolve("config").toString());

        Result submitted = run(List.of("sbatch", "--parsable", "--array=0-2", "--time=" + TIME_LIMIT,
                "--chdir=" + work, "--output=" + work.resolve("evaluate-%a.log"),
                deploy.resolve("slurm-evaluate.sh").toString(),
                input.toString(), "--engine", stockfish, "--nodes", "300", "--games", "1-6"), env, 60);
        assertEquals(0, submitted.exit(), submitted.output());
        String job = submitted.output().strip().split(";")[0];
        Result merged = run(List.of("sbatch", "--wait", "--dependency=afterok:" + job, "--time=" + TIME_LIMIT,
                "--chdir=" + work, "--output=" + work.resolve("merge.log"),
                deploy.resolve("slurm-merge.sh").toString()), env, 300);
        assertEquals(0, merged.exit(), merged.output() + logs());

        for (int i = 0; i < 3; i++) {
            Path log = work.resolve("evaluate-" + i + ".log");
            String text = Files.readString(log);
            assertTrue(text.contains("shard " + i + "/3"), "task " + i + " took its own shard:\n" + text);
            assertTrue(Files.exists(parts.resolve("part-" + i + ".pgn.manifest.json")), text);
        }
        List<String> mergeLog = Files.readAllLines(work.resolve("merge.log"));
        String summary = mergeLog.stream().filter(l -> l.startsWith("games ")).reduce((a, b) -> b).orElse("");
        assertTrue(summary.startsWith("games 6 positions "), String.join("\n", mergeLog));

        // The single run: the same games, its own empty store, as one process.
        Path single = work.resolve("single");
        Result one = run(List.of(kibitz.toString(), "evaluate", input.toString(), "--engine", stockfish, "--nodes", "300",
                "--games", "1-6", "--jobs", "2", "--out", single + ".pgn", "--csv", single + ".csv", "--jsonl", single + ".jsonl"),
                Map.of("XDG_DATA_HOME", work.resolve("single-data").toString(),
                        "XDG_CONFIG_HOME", work.resolve("config").toString()), 300);
        assertEquals(0, one.exit(), one.output());
        assertEquals(summary, one.lastLine(), "the merge's counts are the single run's");

        byte[] pgn = Files.readAllBytes(Path.of(single + ".pgn"));
        assertTrue(new String(pgn, StandardCharsets.UTF_8).contains("[%eval "), "the PGN is annotated");
        assertArrayEquals(pgn, Files.readAllBytes(parts.resolve("merged.pgn")), "the merged PGN is the single run's, byte for byte");
        List<String> csv = CliMergeTest.csvWithoutTime(Path.of(single + ".csv"));
        assertTrue(csv.size() > 6 * 40, "a row per judged move: " + csv.size());
        assertEquals(csv, CliMergeTest.csvWithoutTime(parts.resolve("merged.csv")));
        assertEquals(CliMergeTest.jsonlWithoutTime(Path.of(single + ".jsonl")),
                CliMergeTest.jsonlWithoutTime(parts.resolve("merged.jsonl")));
        JsonNode manifest = JSON.readTree(parts.resolve("merged.pgn.manifest.json").toFile());
        assertEquals("all", manifest.get("shard").asText());
        assertEquals(JSON.readTree(Path.of(single + ".pgn.manifest.json").toFile()).get("counts"), manifest.get("counts"));
    }

    @Test
    void aMatchAsASlurmArrayMergesToTheGamesOfOneRun() throws Exception {
        String stockfish = RealEngines.require("stockfish");
        Path kibitz = kibitzScript();
        Path out = work.resolve("match");
        Map<String, String> env = Map.of("KIBITZ", kibitz.toString(), "KIBITZ_OUT", out.toString(),
                "XDG_CONFIG_HOME", work.resolve("config").toString(), "XDG_DATA_HOME", work.resolve("match-data").toString());
        List<String> args = List.of("--engine", stockfish, "name=SF300", "nodes=300", "--engine", stockfish, "name=SF900",
                "nodes=900", "--games", "2", "--rounds", "3", "--repeat", "--maxmoves", "30");
        List<String> submit = new ArrayList<>(List.of("sbatch", "--parsable", "--array=0-2", "--time=" + TIME_LIMIT,
                "--cpus-per-task=1", "--chdir=" + work, "--output=" + work.resolve("match-%a.log"),
                deploy.resolve("slurm-match.sh").toString()));
        submit.addAll(args);
        Result submitted = run(submit, env, 60);
        assertEquals(0, submitted.exit(), submitted.output());
        String job = submitted.output().strip().split(";")[0];
        Result merged = run(List.of("sbatch", "--wait", "--dependency=afterok:" + job, "--time=" + TIME_LIMIT,
                "--chdir=" + work, "--output=" + work.resolve("match-merge.log"),
                deploy.resolve("slurm-match-merge.sh").toString()), env, 300);
        assertEquals(0, merged.exit(), merged.output() + logs());
        for (int i = 0; i < 3; i++) {
            String log = Files.readString(work.resolve("match-" + i + ".log"));
            assertTrue(log.contains(": 2 games of chess"), "task " + i + " played its pair:\n" + log);
        }
        List<String> mergeLog = Files.readAllLines(work.resolve("match-merge.log"));
        String score = mergeLog.stream().filter(l -> l.startsWith("Score of")).findFirst().orElse("");
        assertTrue(score.endsWith("] 6"), String.join("\n", mergeLog));

        // One run of the same match: the same score, and the same games move for move.
        Path single = work.resolve("match-single.pgn");
        List<String> one = new ArrayList<>(List.of(kibitz.toString(), "match"));
        one.addAll(args);
        one.addAll(List.of("--pgnout", single.toString()));
        Result r = run(one, Map.of("XDG_DATA_HOME", work.resolve("match-single-data").toString(),
                "XDG_CONFIG_HOME", work.resolve("config").toString()), 300);
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains(score), r.output() + "\nmerged: " + score);
        assertEquals(moves(single), moves(out.resolve("merged.pgn")));
    }

    /** The move text of every game of a PGN file (no comments: they hold search times). */
    private static List<String> moves(Path pgn) throws IOException {
        List<String> games = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (String line : Files.readAllLines(pgn)) {
            if (line.startsWith("[Event ") && !b.isEmpty()) {
                games.add(b.toString());
                b.setLength(0);
            }
            if (!line.startsWith("[") || line.startsWith("[White ") || line.startsWith("[Black ") || line.startsWith("[Result ")) {
                b.append(line).append('\n');
            }
        }
        games.add(b.toString());
        return games.stream().map(g -> g.replaceAll("\\{[^}]*}", "").replaceAll("\\s+", " ").strip()).toList();
    }

    /** {@code kibitz} for the jobs: this JVM's java and class path, {@code Main} as {@code ./kibitz} starts it. */
    private static Path kibitzScript() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path script = work.resolve("bin").resolve("kibitz");
        Files.createDirectories(script.getParent());
        Files.writeString(script, "#!/bin/sh\nexec '" + java + "' -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED"
                + " -Dfile.encoding=UTF-8 -Dstdout.encoding=UTF-8 -Dstderr.encoding=UTF-8"
                + " -cp '" + System.getProperty("java.class.path") + "' org.kibitz.launcher.Main \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    private static String logs() throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> s = Files.list(work)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".log")).sorted().toList()) {
                b.append("\n--- ").append(p.getFileName()).append('\n').append(Files.readString(p));
            }
        }
        return b.toString();
    }

    private record Result(int exit, String output) {
        String lastLine() {
            String[] lines = output.strip().split("\\R");
            return lines[lines.length - 1];
        }
    }

    /** Runs a command with stdout and stderr together; fails the test when it outlives {@code seconds}. */
    private static Result run(List<String> command, Map<String, String> env, long seconds) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Result(127, e.getMessage());
        }
        p.getOutputStream().close();
        byte[][] out = new byte[1][];
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                out[0] = p.getInputStream().readAllBytes();
            } catch (IOException e) {
                out[0] = e.toString().getBytes(StandardCharsets.UTF_8);
            }
        });
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in " + seconds + " s" + logs());
        }
        reader.join();
        return new Result(p.exitValue(), new String(out[0], StandardCharsets.UTF_8));
    }

    private static boolean onPath(String program) throws Exception {
        return run(List.of("sh", "-c", "command -v " + program + " || test -x /usr/sbin/" + program), Map.of(), 10).exit() == 0;
    }

    private static long uid() throws Exception {
        Result r = run(List.of("id", "-u"), Map.of(), 10);
        return r.exit() == 0 ? Long.parseLong(r.output().strip()) : -1;
    }
}
