package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.core.Protocols;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.RealEngines;
import org.w3c.dom.Document;

/** {@code kibitz curve} as a user runs it, on real games with real engines' evaluations. */
class CliCurveTest {

    private static final Pattern CUTECHESS = Pattern.compile("\\{([+-]?)(M?)(\\d+(?:\\.\\d+)?)/\\d+ [^}]*\\}");

    private static CliHarness cli;

    @TempDir
    static Path dir;

    @BeforeAll
    static void wire(@TempDir Path home) {
        cli = CliHarness.open(home);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    private static Path shared(String relative) {
        return TestGames.shared(relative);
    }

    /**
     * A real engine game (Stockfish against Stockfish, written by cutechess) with its engines' own
     * evaluations turned into {@code [%eval]}s. Cutechess writes each score from the point of view of the
     * side that just moved; {@code [%eval]} is from White's.
     */
    static Path chessGameWithEvals() throws Exception {
        String pgn = Files.readString(shared("chess/pgn/pychess-stockfish-learning.pgn"), StandardCharsets.UTF_8);
        Matcher m = CUTECHESS.matcher(pgn);
        StringBuilder out = new StringBuilder();
        int ply = 0;
        int last = 0;
        // Count plies by the comments' order: cutechess writes one comment after every move.
        Matcher any = Pattern.compile("\\{[^}]*\\}").matcher(pgn);
        List<int[]> comments = new ArrayList<>();
        while (any.find()) {
            comments.add(new int[] {any.start(), any.end()});
        }
        for (int[] c : comments) {
            ply++;
            String text = pgn.substring(c[0], c[1]);
            out.append(pgn, last, c[0]);
            if (m.reset(text).matches()) {
                boolean negative = m.group(1).equals("-");
                boolean whiteMoved = ply % 2 == 1;
                boolean whiteAhead = negative != whiteMoved;
                String value = m.group(2).isEmpty()
                        ? (whiteAhead ? "" : "-") + m.group(3)
                        : "#" + (whiteAhead ? "" : "-") + m.group(3);
                out.append("{[%eval ").append(value.equals("-0.00") ? "0.00" : value).append("]}");
            } else {
                out.append(text);
            }
            last = c[1];
        }
        out.append(pgn.substring(last));
        Path file = dir.resolve("stockfish-learning-evals.pgn");
        Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void aChessGameWithEvaluationsIsDrawnToPngAndSvg() throws Exception {
        Path pgn = chessGameWithEvals();
        Path png = dir.resolve("chess.png");
        Run r = cli.run("curve", pgn.toString(), "--out", png.toString(), "--width", "800", "--height", "300");
        assertEquals(0, r.exit(), r.err());
        // 154 plies: 155 positions, of which the two book moves of each side and the start have no evaluation.
        assertEquals("curve " + png + " positions 155 evaluated 151", r.last());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(800, image.getWidth());
        assertEquals(300, image.getHeight());
        // White won this game: its colour (the light fill) covers much of the upper half, none of the lower.
        int[] light = countColour(image, new Color(0xfb, 0xfa, 0xf7));
        assertTrue(light[0] > 20 * light[1] && light[0] > 5000, "light pixels above/below: " + light[0] + "/" + light[1]);

        Path svg = dir.resolve("chess.svg");
        Run s = cli.run("curve", pgn.toString(), "--out", svg.toString(), "--band", "2");
        assertEquals(0, s.exit(), s.err());
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertTrue(doc.getElementsByTagName("path").getLength() > 0);
        // The move axis's label as text (the rotated evaluation label is drawn as outlines).
        assertTrue(Files.readString(svg).contains(">Move</text>"), "the move axis's label");
    }

    /** Light pixels in the upper and lower half of the image's middle band of columns. */
    private static int[] countColour(BufferedImage image, Color colour) {
        int above = 0;
        int below = 0;
        int mid = image.getHeight() / 2;
        for (int x = image.getWidth() / 5; x < image.getWidth() * 4 / 5; x++) {
            for (int y = 10; y < image.getHeight() - 30; y++) {
                Color c = new Color(image.getRGB(x, y));
                if (Math.abs(c.getRed() - colour.getRed()) + Math.abs(c.getGreen() - colour.getGreen())
                        + Math.abs(c.getBlue() - colour.getBlue()) < 6) {
                    if (y < mid - 3) {
                        above++;
                    } else if (y > mid + 3) {
                        below++;
                    }
                }
            }
        }
        return new int[] {above, below};
    }

    @Test
    void aXiangqiGameAnalysedByFairyStockfishIsDrawnInRedAndBlack() throws Exception {
        String engine = RealEngines.require("fairy-stockfish");
        Games games = cli.service(Games.class);
        GameFiles files = new GameFiles(games, cli.service(Formats.class));
        GameFiles.OpenedFile opened = files.read(shared("xiangqi/pgn/ccgc-01.宝岛一号(先负)相眼竞技(A1-A2).PGN"));
        GameTree tree = opened.first().orElseThrow();
        // Every position of the first 40 plies, each a short search, stored as the file's evaluation.
        try (EngineSession session = new EngineProber(cli.service(Protocols.class).all())
                .open(EngineConfig.of("fairy-stockfish", List.of(engine)), games)) {
            session.newGame("xiangqi");
            List<GameNode> line = tree.mainline();
            for (GameNode n : line.subList(0, Math.min(40, line.size()))) {
                AnalysisRun.Result res = AnalysisRun.run(session, n.position(), List.of(), SearchLimits.nodes(5_000),
                        Duration.ofSeconds(30));
                res.lines().stream().filter(u -> u.multipv() == 1).reduce((a, b) -> b).flatMap(u -> u.score())
                        .ifPresent(sc -> n.setEvalForWhite(sc.forWhite(n.position().sideToMove())));
            }
        }
        Path pgn = dir.resolve("ccgc-01-evals.pgn");
        files.write(pgn, files.formatForSaving(pgn, "xiangqi").orElseThrow(), tree);
        assertTrue(Files.readString(pgn).contains("[%eval "), "the evaluations are written as [%eval]");

        Path png = dir.resolve("xiangqi.png");
        Run r = cli.run("curve", pgn.toString(), "--out", png.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.last().startsWith("curve " + png + " positions " + (tree.mainline().size() + 1) + " evaluated " + Math.min(40, tree.mainline().size())), r.last());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(900, image.getWidth());
        assertEquals(360, image.getHeight());
        // Red's colour fills where Red is ahead, and nowhere is it white's light fill.
        int[] red = countColour(image, new Color(0xe8, 0x8a, 0x78));
        int[] dark = countColour(image, new Color(0x33, 0x32, 0x31));
        assertTrue(red[0] + dark[1] > 500, "red above " + red[0] + ", black below " + dark[1]);
        assertEquals(0, red[1], "no red below the middle");
        assertEquals(0, countColour(image, new Color(0xfb, 0xfa, 0xf7))[0]);
    }

    /**
     * A game between engines as cutechess wrote it (each move's comment is its mover's score): one
     * series per engine, named after the players, each from its own moves in White's view, never one
     * curve alternating between the two engines' opinions.
     */
    @Test
    void anEngineGameIsDrawnAsOneCurvePerEngine() throws Exception {
        Path svg = dir.resolve("engines.svg");
        Run r = cli.run("curve", shared("chess/pgn/pychess-stockfish-learning.pgn").toString(), "--out", svg.toString());
        assertEquals(0, r.exit(), r.err());
        // 154 plies, the first three from the book: 151 moves carry their engine's score.
        assertEquals("curve " + svg + " positions 155 evaluated 151", r.last());
        String text = Files.readString(svg);
        assertTrue(text.contains(">Stockfish-reference</text>") && text.contains(">Stockfish-learning</text>"),
                "a legend entry per engine");
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        assertEquals("svg", factory.newDocumentBuilder().parse(svg.toFile()).getDocumentElement().getTagName());
    }

    @Test
    void aGameWithoutEvaluationsIsAClearErrorAndWritesNothing() throws Exception {
        Path png = dir.resolve("none.png");
        Run r = cli.run("curve", shared("chess/pgn/Capablanca.pgn").toString(), "--game", "3", "--out", png.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("game 3 of") && r.err().contains("has no evaluations"), r.err());
        assertFalse(Files.exists(png));
    }

    /** Issue 37: a file with no game at all is "no game found", exit 1, and an existing picture is kept. */
    @Test
    void aFileWithoutGamesLeavesAnExistingPictureAlone() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.pgn"), "");
        Path png = Files.write(dir.resolve("kept.png"), new byte[] {1, 2, 3});
        Run r = cli.run("curve", empty.toString(), "--out", png.toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("no game found in") && r.err().contains("nothing written"), r.err());
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(png));
    }

    @Test
    void usageAndFileErrorsExitTwo() throws Exception {
        Path pgn = chessGameWithEvals();
        Run band = cli.run("curve", pgn.toString(), "--band", "30", "--out", dir.resolve("b.png").toString());
        assertEquals(2, band.exit());
        assertTrue(band.err().contains("--band must be 2 to 20 pawns"), band.err());
        Run ext = cli.run("curve", pgn.toString(), "--out", dir.resolve("b.jpg").toString());
        assertEquals(2, ext.exit());
        assertTrue(ext.err().contains(".png or .svg"), ext.err());
        Run game = cli.run("curve", pgn.toString(), "--game", "2", "--out", dir.resolve("b.png").toString());
        assertEquals(2, game.exit());
        assertTrue(game.err().contains("has no game 2"), game.err());
        Run missing = cli.run("curve", dir.resolve("nothing.pgn").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("no such file"), missing.err());
        assertFalse(Files.exists(dir.resolve("b.png")));
    }
}
