package org.kibitz.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.PluginKind;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;
import org.kibitz.core.Formats;
import org.kibitz.core.convert.GameConverter;
import picocli.CommandLine;

/** {@code kibitz convert} end to end on real files, with the plugins the application finds. */
class ConvertCommandTest {

    private static PluginSet plugins;
    private static GameConverter converter;
    private static Locale saved;

    @TempDir
    Path dir;

    @BeforeAll
    static void plugins() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
        plugins = PluginDiscovery.discover(ConvertCommandTest.class.getClassLoader(), Optional.empty());
        converter = new GameConverter(new Formats(plugins.ofKind(PluginKind.FORMAT, FormatPlugin.class)),
                Games.of(plugins.ofKind(PluginKind.GAME, GamePlugin.class)));
    }

    @AfterAll
    static void close() {
        plugins.close();
        Locale.setDefault(saved);
    }

    private record Run(int exit, String out, String err) {
        String lastLine() {
            List<String> lines = out.lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ConvertCommand(converter));
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata"), relative);
    }

    @Test
    void aCleanFileExitsZeroWithTheSummaryLast() throws IOException {
        Path out = dir.resolve("capa.pgn");
        Run r = run(shared("chess/pgn/Capablanca.pgn").toString(), out.toString());
        assertEquals(0, r.exit, r.err);
        assertEquals("games 597 plies 46577 errors 0", r.lastLine());
        assertEquals("", r.err);
        Run again = run(out.toString(), dir.resolve("again.pgn").toString());
        assertEquals("games 597 plies 46577 errors 0", again.lastLine());
        assertArrayEquals(Files.readAllBytes(out), Files.readAllBytes(dir.resolve("again.pgn")), "a second pass changes nothing");
    }

    /** An empty or NUL-only input "converted" cleanly to an empty output with exit 0. */
    @Test
    void aFileWithNoGameSaysSoExitsOneAndLeavesTheOutputAlone() throws IOException {
        Path empty = dir.resolve("empty.pgn");
        Files.write(empty, new byte[0]);
        Path zeros = dir.resolve("zeros.pgn");
        Files.write(zeros, new byte[4096]);
        Path out = dir.resolve("out.pgn");
        Files.writeString(out, "[Event \"kept\"]\n\n*\n");
        Run r = run(empty.toString(), out.toString());
        assertEquals(1, r.exit, r.err);
        assertEquals("games 0 plies 0 errors 1", r.lastLine());
        assertEquals(empty + ": no game found: the file is empty; nothing written", r.err.strip());
        Run z = run(zeros.toString(), out.toString());
        assertEquals(1, z.exit, z.err);
        assertEquals(zeros + ": no game found in its 4,096 bytes; nothing written", z.err.strip());
        assertEquals("[Event \"kept\"]\n\n*\n", Files.readString(out), "the output is as it was");
        Run xqf = run(zeros.toString(), dir.resolve("out.xqf").toString());
        assertEquals(1, xqf.exit, xqf.err);
        assertFalse(Files.exists(dir.resolve("out.xqf")));
    }

    @Test
    void errorsGoToStderrOnePerLineAndTheGoodPartIsWritten() throws IOException {
        Path in = dir.resolve("mixed.pgn");
        Files.writeString(in, """
                [Event "ok"]

                1. e4 e5 2. Nf3 *

                [Variant "Crazyhouse"]

                1. e4 e5 *

                [Event "broken"]

                1. d4 d5 2. Bxh7 Nf6 *
                """);
        Path out = dir.resolve("out.pgn");
        Run r = run(in.toString(), out.toString());
        assertEquals(1, r.exit);
        assertEquals(List.of(
                in + ":game 2:line 5: Crazyhouse is a variant Kibitz does not play: game skipped",
                in + ":game 3:line 11: at 2. expected a legal move for White: “Bxh7” is not a legal move in this position; the rest of this line is skipped"),
                r.err.lines().toList());
        assertEquals("games 2 plies 5 errors 2", r.lastLine());
        String written = Files.readString(out);
        assertTrue(written.contains("1. e4 e5 2. Nf3 *"), written);
        assertTrue(written.contains("1. d4 d5 *"), written);
    }

    @Test
    void warningsAreMarkedAndDoNotCountAsErrors() throws IOException {
        Path in = dir.resolve("w.pgn");
        Files.writeString(in, "[Result \"0-1\"]\n\n1. e4 1-0\n");
        Run r = run(in.toString(), dir.resolve("w-out.pgn").toString());
        assertEquals(0, r.exit);
        assertEquals(in + ":game 1:line 3: warning: the Result tag says 0-1 but the moves end with 1-0: kept the tag\n", r.err);
        assertEquals("games 1 plies 1 errors 0", r.lastLine());
    }

    @Test
    void xiangqiBothWaysAndOneXqfFilePerGame() throws IOException {
        Path pgn = dir.resolve("sample.pgn");
        Run r = run(shared("xiangqi/xqf/eleeye-SAMPLE.XQF").toString(), pgn.toString(), "--notation", "iccs");
        assertEquals(0, r.exit, r.err);
        assertEquals("games 1 plies 75 errors 0", r.lastLine());
        assertTrue(Files.readString(pgn).contains("1. b2e2 h7e7\n{　　红方首着架中炮"), Files.readString(pgn));

        Path xqf = dir.resolve("games.xqf");
        Run many = run(shared("xiangqi/pgn/xqdb-xqdb_traditional.pgn").toString(), xqf.toString());
        assertEquals(0, many.exit, many.err);
        assertTrue(many.lastLine().startsWith("games 15 plies ") && many.lastLine().endsWith(" errors 0"), many.lastLine());
        assertTrue(Files.exists(xqf));
        assertTrue(Files.exists(dir.resolve("games-15.xqf")));
        assertFalse(Files.exists(dir.resolve("games-16.xqf")));
        Run back = run(dir.resolve("games-2.xqf").toString(), dir.resolve("g2.pgn").toString());
        assertEquals(0, back.exit, back.err);
    }

    @Test
    void aSaveToXqfNamesTheTagsItCannotKeep() throws IOException {
        Path gbk;
        try (var files = Files.list(shared("xiangqi/pgn"))) {
            gbk = files.filter(f -> f.getFileName().toString().startsWith("ccgc-01.")).findFirst().orElseThrow();
        }
        Run r = run(gbk.toString(), dir.resolve("ccgc.xqf").toString());
        assertEquals(0, r.exit, r.err);
        assertEquals("games 1 plies 26 errors 0", r.lastLine());
        // A warning, with the file and game: Round, ECCO, Opening and Variation have no XQF field.
        String warning = r.err.lines().filter(l -> l.contains(":game 1: ")).findFirst().orElse("");
        assertTrue(warning.startsWith(gbk.toString() + ":game 1: "), r.err);
        for (String tag : List.of("Round", "ECCO", "Opening", "Variation")) {
            assertTrue(warning.contains(tag), tag + " in: " + r.err);
        }
        assertFalse(warning.contains("Event"), "XQF keeps the event: " + r.err);
        // To PGN nothing is lost, nothing said.
        Run pgn = run(gbk.toString(), dir.resolve("ccgc.pgn").toString());
        assertEquals(0, pgn.exit, pgn.err);
        assertFalse(pgn.err.contains(":game 1: "), pgn.err);
    }

    /** --classify writes the opening the moves make; without it, nothing is added. */
    @Test
    void classifyWritesTheOpeningAsTags() throws IOException {
        Path list = dir.resolve("list.txt");
        Files.writeString(list, "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１\n"
                + "4. 车二进六 马２进３ 5. 马八进七 卒３进１\n", StandardCharsets.UTF_8);
        Run plain = run(list.toString(), dir.resolve("plain.pgn").toString());
        assertEquals(0, plain.exit, plain.err);
        assertFalse(Files.readString(dir.resolve("plain.pgn"), StandardCharsets.UTF_8).contains("[ECCO "));
        Run r = run(list.toString(), dir.resolve("named.pgn").toString(), "--classify");
        assertEquals(0, r.exit, r.err);
        String pgn = Files.readString(dir.resolve("named.pgn"), StandardCharsets.UTF_8);
        assertTrue(pgn.contains("[ECCO \"C20\"]"), pgn);
        assertTrue(pgn.contains("[Opening \"中炮过河车七路马对屏风马两头蛇\"]"), pgn);
        // Chess: ECO with lichess's name and variation.
        Run chess = run(shared("chess/pgn/pychess-molinari-bordais-1979.pgn").toString(), dir.resolve("c.pgn").toString(), "--classify");
        assertEquals(0, chess.exit, chess.err);
        String c = Files.readString(dir.resolve("c.pgn"), StandardCharsets.UTF_8);
        assertTrue(c.matches("(?s).*\\[ECO \"[A-E]\\d\\d\"\\].*"), c);
        assertTrue(c.contains("[Opening \""), c);
    }

    @Test
    void chessGamesCannotGoToXqf() {
        Run r = run(shared("chess/pgn/pychess-molinari-bordais-1979.pgn").toString(), dir.resolve("x.xqf").toString());
        assertEquals(1, r.exit);
        assertTrue(r.err.endsWith(":game 1: xqf files cannot hold chess games: not written\n"), r.err);
        assertEquals("games 0 plies 0 errors 1", r.lastLine());
    }

    @Test
    void usageAndIoErrorsExitTwoAndLeaveTheOutputAlone() throws IOException {
        Path out = dir.resolve("keep.pgn");
        Files.writeString(out, "precious");
        assertEquals(2, run("missing.pgn", out.toString()).exit);
        assertEquals(2, run(shared("chess/pgn/Capablanca.pgn").toString(), dir.resolve("out.docx").toString()).exit);
        Run notation = run(shared("chess/pgn/Capablanca.pgn").toString(), out.toString(), "--notation", "klingon");
        assertEquals(2, notation.exit);
        assertTrue(notation.err.startsWith("unknown notation klingon: use one of chinese, figurine, iccs, san, uci, wxf"), notation.err);
        assertEquals(2, run(shared("chess/pgn/Capablanca.pgn").toString(), out.toString(), "--game", "go").exit);
        assertEquals(2, run(dir.toString(), out.toString()).exit, "a folder is no input");
        assertEquals(2, run(shared("chess/pgn/Capablanca.pgn").toString()).exit, "OUT is missing");
        assertEquals("precious", Files.readString(out));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList(), "no temporary file is left behind");
        }
    }

    @Test
    void forcedEncodingAndGbkInput() throws IOException {
        Path in = dir.resolve("gbk.pgn");
        Files.write(in, "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n1. 炮二平五 马８进７ *\n".getBytes("GBK"));
        Path out = dir.resolve("utf8.pgn");
        assertEquals(0, run(in.toString(), out.toString()).exit);
        assertTrue(Files.readString(out, StandardCharsets.UTF_8).contains("[Red \"许银川\"]"));
        // Forced to the wrong encoding, the moves are not Chinese any more: located errors, exit 1.
        Run forced = run(in.toString(), out.toString(), "--encoding", "windows-1252");
        assertEquals(1, forced.exit);
        assertTrue(forced.err.startsWith(in + ":game 1:line 3: at 1. expected a legal move for Red: "), forced.err);
    }
}
