package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code --log FILE} of the commands that run engines: the conversation with every engine, each line
 * with its time, job and engine, appended to the file; the same lines the workbench's log pane shows.
 */
class CliEngineLogTest {

    /** {@code 12:00:01.234  [job]  engine  >  text}. */
    private static final Pattern LINE = Pattern.compile("\\d\\d:\\d\\d:\\d\\d\\.\\d{3}  \\[(.+?)]  (.+?)  ([<>!])  (.*)");

    @TempDir
    Path dir;

    private static List<String[]> parsed(Path log) throws Exception {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertTrue(!lines.isEmpty(), "the log was written");
        return lines.stream().map(l -> {
            var m = LINE.matcher(l);
            assertTrue(m.matches(), "a labelled line: " + l);
            return new String[] {m.group(1), m.group(2), m.group(3), m.group(4)};
        }).toList();
    }

    @Test
    void evaluateWritesEveryEnginesConversationLabelledWithItsJobAndEngine() throws Exception {
        String sf = RealEngines.require("stockfish");
        Path log = dir.resolve("logs").resolve("evaluate.log");
        try (CliHarness cli = CliHarness.open(dir.resolve("home"))) {
            Run r = cli.run("evaluate", "--progress", "none", TestGames.shared("chess/pgn/Capablanca.pgn").toString(),
                    "--games", "1", "--engine", sf, "--nodes", "2000", "--no-store", "--log", log.toString());
            assertEquals(0, r.exit(), r.err());
            List<String[]> lines = parsed(log);
            assertTrue(lines.stream().anyMatch(l -> l[2].equals(">") && l[3].equals("uci")), "the handshake is in it");
            assertTrue(lines.stream().anyMatch(l -> l[2].equals(">") && l[3].startsWith("go nodes 2000")), "the searches");
            assertTrue(lines.stream().anyMatch(l -> l[2].equals("<") && l[3].startsWith("bestmove")), "the answers");
            assertTrue(lines.stream().allMatch(l -> l[1].equals("stockfish")), "labelled with the engine");
            // The searches are the evaluation job's (its name and number, as the Jobs pane and log pane say it).
            assertTrue(lines.stream().filter(l -> l[3].startsWith("go ")).allMatch(l -> l[0].endsWith("#1")
                    && !l[0].equals("evaluate")), "the searches are labelled with the job: "
                    + lines.stream().map(l -> l[0]).distinct().toList());
            assertTrue(r.err().lines().noneMatch(l -> l.contains("> go ")), "a file log is not also on stderr");

            // A second run appends: the first run's conversation is kept.
            long before = Files.readAllLines(log).size();
            Run again = cli.run("evaluate", "--progress", "none", TestGames.shared("chess/pgn/Capablanca.pgn").toString(),
                    "--games", "1", "--engine", sf, "--nodes", "2000", "--no-store", "--fresh", "--log", log.toString());
            assertEquals(0, again.exit(), again.err());
            assertTrue(Files.readAllLines(log).size() > before, "appended to");
        }
    }

    @Test
    void matchWritesBothEnginesConversationsLabelledWithTheMatch() throws Exception {
        String sf = RealEngines.require("stockfish");
        Path log = dir.resolve("match.log");
        try (CliHarness cli = CliHarness.open(dir.resolve("home"))) {
            Run r = cli.run("match", "--engine", sf, "name=First", "--engine", sf, "name=Second", "--each", "nodes=500",
                    "--games", "2", "--maxmoves", "5", "--run-id", "logged", "--log", log.toString());
            assertEquals(0, r.exit(), r.err());
            List<String[]> lines = parsed(log);
            assertEquals(List.of("First", "Second"), lines.stream().map(l -> l[1]).distinct().sorted().toList(),
                    "each engine by the name the match gives it");
            List<String> jobs = lines.stream().map(l -> l[0]).distinct().toList();
            assertEquals(1, jobs.size(), "one job: " + jobs);
            assertTrue(jobs.get(0).startsWith("First vs Second"), jobs.toString());
            for (String engine : List.of("First", "Second")) {
                assertTrue(lines.stream().anyMatch(l -> l[1].equals(engine) && l[3].equals("ucinewgame")), engine + "'s new games");
                assertTrue(lines.stream().anyMatch(l -> l[1].equals(engine) && l[3].startsWith("go nodes 500")), engine + "'s searches");
            }
        }
    }
}
