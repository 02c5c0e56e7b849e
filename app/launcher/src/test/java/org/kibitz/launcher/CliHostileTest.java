package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * The second round of hostile testing (issue 37), each attack with the command the tester used: no
 * output lost to an input without games, one writer per run journal and a damaged one repaired, no
 * line break smuggled into an engine command, pipes and standard input read once, terminal escapes
 * from files kept off the terminal.
 */
class CliHostileTest {

    private static final byte[] PRECIOUS = "[Event \"precious\"]\n\n1. e4 *\n".getBytes(StandardCharsets.UTF_8);

    /** A short game whose White tag tries to set the terminal's title and clear the screen. */
    private static final String HOSTILE_GAME = "[Event \"t\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
            + "[White \"\u001b]0;pwned\u0007Evil\u001b[2J\"]\n[Black \"Plain\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";

    @TempDir
    Path dir;

    private Run run(String... args) {
        try (CliHarness cli = CliHarness.open(dir.resolve("home"))) {
            return cli.run(args);
        }
    }

    private Path precious(String name) throws IOException {
        return Files.write(dir.resolve(name), PRECIOUS);
    }

    // ------------------------------------------------------------ 1. nothing lost

    @Test
    void convertOfAZeroByteOrTruncatedXqfLeavesTheOutputAsItWas() throws IOException {
        Path zero = Files.write(dir.resolve("zero.xqf"), new byte[0]);
        byte[] real = Files.readAllBytes(TestGames.shared("xiangqi/xqf/cchess-test_5_variations.xqf"));
        Path truncated = Files.write(dir.resolve("truncated.xqf"), java.util.Arrays.copyOf(real, 700));
        for (Path in : List.of(zero, truncated)) {
            Path out = precious("precious.pgn");
            Run r = run("convert", in.toString(), out.toString());
            assertEquals(1, r.exit(), in + ": " + r.err());
            assertTrue(r.err().contains("no game found"), r.err());
            assertArrayEquals(PRECIOUS, Files.readAllBytes(out), in + " left the output as it was");
        }
    }

    @Test
    void evaluateAndCompareOfEmptyOrGarbageInputExitOneAndLeaveTheOutputs() throws IOException {
        Path empty = Files.write(dir.resolve("empty.pgn"), new byte[0]);
        byte[] noise = new byte[4096];
        new java.util.Random(37).nextBytes(noise);
        Path garbage = Files.write(dir.resolve("garbage.pgn"), noise);
        for (Path in : List.of(empty, garbage)) {
            Path out = precious("out.pgn");
            Path csv = precious("out.csv");
            Run e = run("evaluate", "--progress", "none", "--no-store", "--nodes", "100", in.toString(),
                    "--out", out.toString(), "--csv", csv.toString());
            assertEquals(1, e.exit(), in + ": " + e.err());
            // Random bytes may hold a '[' that starts a "game": listed, broken, and still no game read.
            assertTrue(e.err().contains("no game found in " + in) || e.err().contains("could be read"), e.err());
            assertTrue(e.err().contains("no output written"), e.err());
            assertEquals("games 0 positions 0 evaluated 0 cached 0 failed 0", e.last());
            assertArrayEquals(PRECIOUS, Files.readAllBytes(out));
            assertArrayEquals(PRECIOUS, Files.readAllBytes(csv));
            Run c = run("compare", "--progress", "none", "--no-store", "--nodes", "100", "--engine", "builtin",
                    "--engine", "builtin", in.toString(), "--csv", csv.toString());
            assertEquals(1, c.exit(), in + ": " + c.err());
            assertTrue(c.err().contains("no output written"), c.err());
            assertArrayEquals(PRECIOUS, Files.readAllBytes(csv));
        }
    }

    // ------------------------------------------------------------ 2. one writer per journal

    @Test
    void aSecondRunOfTheSameRequestIsToldWhoRunsItAndADamagedJournalIsRepaired() throws IOException {
        Path games = Files.writeString(dir.resolve("games.pgn"), HOSTILE_GAME.replace("\u001b", ""), StandardCharsets.UTF_8);
        String[] args = {"evaluate", "--progress", "none", "--no-store", "--nodes", "200", "--jobs", "1", games.toString(),
                "--csv", dir.resolve("a.csv").toString()};
        Run first = run(args);
        assertEquals(0, first.exit(), first.err());
        Path runs = dir.resolve("home/data/runs");
        Path journal;
        try (Stream<Path> s = Files.list(runs)) {
            journal = s.filter(p -> p.getFileName().toString().endsWith(".journal.jsonl")).findFirst().orElseThrow();
        }

        // Another process holds the run: refused with its pid, the journal untouched.
        byte[] before = Files.readAllBytes(journal);
        Path lock = journal.resolveSibling(journal.getFileName() + ".lock");
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap("4242\n".getBytes(StandardCharsets.US_ASCII)));
            FileLock held = ch.lock();
            Run second = run(args);
            held.release();
            assertEquals(2, second.exit(), second.err());
            assertTrue(second.err().contains("already running (pid 4242)"), second.err());
        }
        assertArrayEquals(before, Files.readAllBytes(journal));

        // A line scribbled over in the middle: set aside, the good lines kept, the run goes on.
        List<String> lines = new ArrayList<>(Files.readAllLines(journal, StandardCharsets.UTF_8));
        lines.add(1, "{\"id\":\"g1/e0\",\"res#@!scribbled");
        Files.write(journal, lines, StandardCharsets.UTF_8);
        Run third = run(args);
        assertEquals(0, third.exit(), third.err());
        assertTrue(third.err().contains("set aside as " + journal.getFileName() + ".corrupt-"), third.err());
        // The same positions as the first run, none failed (those the kept journal lines give back count
        // as cached since issue 39).
        assertTrue(third.last().endsWith(" failed 0"), third.last());
        assertEquals(first.last().replaceAll(" evaluated .*", ""), third.last().replaceAll(" evaluated .*", ""),
                third.last());
        try (Stream<Path> s = Files.list(runs)) {
            assertEquals(1, s.filter(p -> p.getFileName().toString().startsWith(journal.getFileName() + ".corrupt-")).count());
        }
        // And the repaired journal serves the next run whole.
        Run fourth = run(args);
        assertEquals(0, fourth.exit(), fourth.err());
        assertFalse(fourth.err().contains("set aside"), fourth.err());
    }

    // ------------------------------------------------------------ 3. no second engine command

    @Test
    void aLineBreakInAnEngineValueIsRefusedNamingTheOption() throws IOException {
        Path games = Files.writeString(dir.resolve("games.pgn"), HOSTILE_GAME, StandardCharsets.UTF_8);
        Run e = run("evaluate", "--progress", "none", "--no-store", "--nodes", "100", games.toString(),
                "--option", "SyzygyPath=/x\nsetoption name Skill Level value 0");
        assertEquals(2, e.exit(), e.err());
        assertTrue(e.err().contains("--option SyzygyPath: a value with a line break"), e.err());
        Run a = run("analyse", "--engine", "builtin", "--game", "chess", "--depth", "2", "--no-store", "--option", "Hash=16\rquit");
        assertEquals(2, a.exit(), a.err());
        assertTrue(a.err().contains("--option Hash: a value with a line break"), a.err());
        Run m = run("match", "--engine", "builtin", "opt.Hash=16\nx", "--engine", "builtin", "--each", "nodes=1",
                "--games", "1");
        assertEquals(2, m.exit(), m.err());
        assertTrue(m.err().contains("--engine: a value with a line break"), m.err());
        assumeTrue(RealEngines.find("stockfish").isPresent(), "stockfish is not installed");
        Run s = run("analyse", "--engine", RealEngines.require("stockfish").toString(), "--game", "chess", "--depth", "2", "--no-store",
                "--option", "Threads=1\u0000");
        assertEquals(2, s.exit(), s.err());
        assertTrue(s.err().contains("--option Threads"), s.err());
    }

    // ------------------------------------------------------------ 4. inputs opened once

    @Test
    void standardInputIsReadByCheckAndConvert() throws IOException {
        String pgn = Files.readString(TestGames.shared("chess/pgn/Capablanca.pgn"), StandardCharsets.ISO_8859_1);
        try (CliHarness cli = CliHarness.open(dir.resolve("home"))) {
            Run check = cli.runWithInput(pgn, "check", "-");
            assertEquals("games 597 plies 46577 errors 0", check.last(), check.err());
            Path out = dir.resolve("out.pgn");
            Run convert = cli.runWithInput(pgn, "convert", "-", out.toString());
            assertEquals(0, convert.exit(), convert.err());
            assertEquals("games 597 plies 46577 errors 0", convert.last());
        }
    }

    @Test
    void aNamedPipeIsReadOnceByCheckConvertAndEvaluate() throws Exception {
        byte[] pgn = Files.readAllBytes(TestGames.shared("chess/pgn/Capablanca.pgn"));
        for (String[] command : List.of(new String[] {"check"}, new String[] {"convert", "@out.pgn"},
                new String[] {"evaluate", "--progress", "none", "--no-store", "--nodes", "50", "--games", "1", "--csv", "@e.csv"})) {
            Path fifo = dir.resolve("games-" + command[0] + ".pgn");
            Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
            assertEquals(0, mk.waitFor(), "mkfifo");
            // One writer, once: a second open of the pipe by the command would wait for ever.
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try (OutputStream o = Files.newOutputStream(fifo)) {
                    o.write(pgn);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            List<String> args = new ArrayList<>();
            args.add(command[0]);
            args.add(fifo.toString());
            for (int i = 1; i < command.length; i++) {
                args.add(command[i].startsWith("@") ? dir.resolve(command[i].substring(1)).toString() : command[i]);
            }
            Run r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(5),
                    () -> run(args.toArray(String[]::new)), "a pipe read twice waits for ever");
            // Asserted before waiting for the writer: a command that never opened the pipe leaves it blocked.
            assertEquals(0, r.exit(), command[0] + ": " + r.err());
            if (!command[0].equals("evaluate")) {
                assertEquals("games 597 plies 46577 errors 0", r.last(), command[0]);
            }
            writer.join();
        }
    }

    // ------------------------------------------------------------ 6. terminal escapes

    @Test
    void escapesFromATagReachNoTerminalButTheFileKeepsThem() throws IOException {
        Path games = Files.writeString(dir.resolve("games.pgn"), HOSTILE_GAME, StandardCharsets.UTF_8);
        Path out = dir.resolve("out.pgn");
        Run e = run("evaluate", "--progress", "none", "--no-store", "--nodes", "100", games.toString(), "--out", out.toString());
        assertEquals(0, e.exit(), e.err());
        String printed = String.join("\n", e.out()) + e.err();
        assertFalse(printed.contains("\u001b"), printed);
        assertFalse(printed.contains("\u0007"), printed);
        assertTrue(printed.contains("\\x1B]0;pwned\\x07Evil"), printed);
        assertTrue(Files.readString(out, StandardCharsets.UTF_8).contains("\u001b]0;pwned\u0007Evil"), "the file keeps the tag");

        Path fen = Files.writeString(dir.resolve("fen.pgn"), "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"\u001b[2Jbad fen\"]\n[Result \"*\"]\n\n1. e4 *\n",
                StandardCharsets.UTF_8);
        Run c = run("check", fen.toString());
        assertEquals(1, c.exit(), c.err());
        assertFalse(c.err().contains("\u001b"), c.err());
        assertTrue(c.err().contains("\\x1B[2Jbad fen"), c.err());
    }

    // ------------------------------------------------------------ 7. links

    @Test
    void aSaveThroughALinkReplacesItsTargetAndADanglingOneCreatesNoFolder() throws IOException {
        Path games = TestGames.shared("chess/pgn/Capablanca.pgn");
        Path target = precious("target.pgn");
        Path link = Files.createSymbolicLink(dir.resolve("link.pgn"), target.getFileName());
        Run r = run("convert", games.toString(), link.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertTrue(Files.size(target) > PRECIOUS.length, "the target has the new content");

        Path nowhere = dir.resolve("nowhere/deeper/out.pgn");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.pgn"), nowhere);
        Run d = run("convert", games.toString(), dangling.toString());
        assertEquals(2, d.exit(), d.err());
        assertTrue(d.err().contains("dangling.pgn") && d.err().contains("missing folder"), d.err());
        assertFalse(Files.exists(dir.resolve("nowhere")), "no folder created through the link");
    }

    // ------------------------------------------------------------ 5. damaged opening tree

    @Test
    void aDamagedOpeningTreeIsSetAsideAndANewOneStarted() throws IOException {
        Path games = TestGames.shared("chess/pgn/Capablanca.pgn");
        Path db = dir.resolve("tree.db");
        Run first = run("tree", "import", "--db", db.toString(), "--progress", "none", games.toString());
        assertEquals(0, first.exit(), first.err());
        // A scribble over the middle of the file: SQLite's own check reports bad pages.
        byte[] bytes = Files.readAllBytes(db);
        assertTrue(bytes.length > 16 * 4096, "a tree of several pages: " + bytes.length);
        for (int i = bytes.length / 2; i < bytes.length / 2 + 3 * 4096; i++) {
            bytes[i] = (byte) 0xA5;
        }
        Files.write(db, bytes);
        Run again = run("tree", "import", "--db", db.toString(), "--progress", "none", games.toString());
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.err().contains("could not be read") && again.err().contains("tree.db.corrupt-"), again.err());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(1, s.filter(p -> p.getFileName().toString().startsWith("tree.db.corrupt-")
                    && !p.getFileName().toString().endsWith("-wal") && !p.getFileName().toString().endsWith("-shm")).count());
        }
    }

    // ------------------------------------------------------------ 8. messages that say what to do

    @Test
    void folderAndBookMessagesNameTheFileAndWhatToDo() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder.pgn"));
        Run check = run("check", folder.toString());
        assertEquals(2, check.exit(), check.err());
        assertTrue(check.err().contains(folder + " is a folder"), check.err());
        Path games = TestGames.shared("chess/pgn/Capablanca.pgn");
        Path bookDir = Files.createDirectories(dir.resolve("book.bin"));
        Run make = run("book", "make", games.toString(), "--out", bookDir.toString());
        assertEquals(1, make.exit(), make.err());
        assertTrue(make.err().contains(bookDir + " is a folder"), make.err());
        Run probe = run("book", "probe", "--book", bookDir.toString(), "--moves", "e2e4");
        assertEquals(1, probe.exit(), probe.err());
        assertTrue(probe.err().contains(bookDir + " is a folder"), probe.err());
        Path empty = Files.write(dir.resolve("empty.pgn"), new byte[0]);
        Path book = Files.write(dir.resolve("kept.bin"), PRECIOUS);
        Run none = run("book", "make", empty.toString(), "--out", book.toString());
        assertEquals(1, none.exit(), none.err());
        assertTrue(none.err().contains("no game found in " + empty), none.err());
        assertArrayEquals(PRECIOUS, Files.readAllBytes(book));
    }

    @Test
    void anEngineThatAnswersUciAndDiesStillLeavesASummaryLine() throws IOException {
        // A script, not a real engine: no real engine dies on cue after its handshake.
        Path dier = dir.resolve("dier.sh");
        Files.writeString(dier, "#!/bin/sh\nread line\necho 'id name \033]0;Dier\007'\necho uciok\nexit 3\n");
        dier.toFile().setExecutable(true);
        Path games = Files.writeString(dir.resolve("games.pgn"), HOSTILE_GAME, StandardCharsets.UTF_8);
        for (String command : List.of("evaluate", "compare")) {
            List<String> args = new ArrayList<>(List.of(command, "--progress", "none", "--no-store", "--nodes", "100",
                    games.toString(), "--engine", dier.toString()));
            if (command.equals("compare")) {
                args.addAll(List.of("--engine", "builtin"));
            }
            Run r = run(args.toArray(String[]::new));
            assertEquals(2, r.exit(), command + ": " + r.err());
            assertTrue(r.last().startsWith("games "), command + ": the summary line ends the output: " + r.out() + "\n" + r.err());
            assertFalse(r.err().contains("\u001b"), r.err());
        }
    }

    @Test
    void aTagLineInAnotherEncodingIsSaidByEvaluateAsByCheck() throws IOException {
        // UTF-8 first (the file's encoding), then a tag in windows-1252: that line is read on its own.
        byte[] head = "[Event \"t\"]\n[White \"Caf\u00e9\"]\n".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "[Black \"M\u00fcller\"]\n[Result \"*\"]\n\n1. e4 e5 *\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        Path f = Files.write(dir.resolve("enc.pgn"), all);
        String warning = ":game 1:line 3: warning: this line is not in the file's encoding; read as windows-1252";
        Run check = run("check", f.toString());
        assertTrue(check.err().contains(f + warning), check.err());
        Run e = run("evaluate", "--progress", "none", "--no-store", "--nodes", "50", f.toString());
        assertEquals(0, e.exit(), e.err());
        // evaluate names a game file by its name, in its warnings as in its failures.
        assertTrue(e.err().contains(f.getFileName() + warning), e.err());
        assertTrue(String.join("\n", e.out()).contains("M\u00fcller"), e.out().toString());
    }
}
