package org.kibitz.core.evaluate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.core.TestGames;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.compare.Phase;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.html.BoardSvg;
import org.kibitz.core.evaluate.report.html.HtmlReport;
import org.kibitz.core.evaluate.report.html.OpeningLabels;
import org.kibitz.core.evaluate.report.html.PlayerReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The player report's figures against {@code evaluate}'s own summary of the same judged games, its
 * groupings against the games' tags, the page's escaping of what game files say, and the boards.
 */
class PlayerReportTest {

    static final JudgementModel LICHESS = JudgementModel.lichess();

    @TempDir
    Path dir;

    /** A swinging evaluation, the engine always preferring another move: plenty of ?, ?? and good moves. */
    private static Batches.Script swings() {
        return new Batches.Script(p -> Score.centipawns((int) Math.round(320 * Math.sin(p * 0.9))),
                IntStream.rangeClosed(1, 400).boxed().collect(Collectors.toSet()), "stockfish", "Stockfish|x|NODES=200");
    }

    private static PlayerReport report(List<GameResults> results) {
        PlayerReport report = new PlayerReport(LICHESS, TestGames.GAMES, OpeningLabels.DEFAULT);
        results.forEach(report::game);
        return report;
    }

    @Test
    void gamesAndAccuracyPerPlayerAreEvaluateSummarys() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(TestGames.shared("chess/pgn/WorldChamp1886.pgn")), 1);
        List<GameResults> results = Batches.results(plan, List.of(swings()));
        PlayerSummary summary = new PlayerSummary();
        results.forEach(r -> summary.add(GameReport.of(r, 0, LICHESS, TestGames.GAMES)));
        PlayerReport report = report(results);

        List<PlayerReport.Player> players = report.players(Optional.empty());
        assertEquals(2, players.size(), "Steinitz and Zukertort");
        assertEquals(20, report.games().size());
        for (PlayerSummary.Player s : summary.players()) {
            PlayerReport.Player p = players.stream().filter(x -> x.name().equals(s.name())).findFirst().orElseThrow();
            assertEquals(s.games(), p.totals().games(), s.name());
            assertEquals(s.accuracy(), p.totals().accuracy(), 1e-9, s.name());
            // Every judged move is in one phase, every ? and ?? too.
            Map<Phase, PlayerReport.PhaseTotals> phases = p.byPhase();
            assertEquals(s.moves(), phases.values().stream().mapToInt(PlayerReport.PhaseTotals::moves).sum(), s.name());
            assertEquals(s.mistakes() + s.blunders(), phases.values().stream().mapToInt(PlayerReport.PhaseTotals::errors).sum());
            assertTrue(phases.get(Phase.OPENING).moves() > 0 && phases.get(Phase.MIDDLEGAME).moves() > 0);
            // Colours and openings split the games.
            assertEquals(s.games(), p.byColour(Side.WHITE).games() + p.byColour(Side.BLACK).games());
            assertEquals(s.games(), p.byOpening().stream().mapToInt(PlayerReport.Totals::games).sum());
            // The costliest first, each the player's own ? or ??.
            List<PlayerReport.Mistake> costly = p.costliest(HtmlReport.MISTAKES);
            assertEquals(HtmlReport.MISTAKES, costly.size());
            for (int i = 0; i < costly.size(); i++) {
                PlayerReport.Mistake m = costly.get(i);
                assertEquals(s.name(), PlayerReport.name(m.game().player(m.mover())));
                assertTrue(m.judgement().isError());
                assertTrue(i == 0 || costly.get(i - 1).winLoss() >= m.winLoss());
                assertTrue(m.played().isPresent() && m.position().isLegal(m.played().get()));
            }
        }
        // The 1886 match: Steinitz won 10, lost 5, drew 5 (the file's Result tags).
        PlayerReport.Totals steinitz = players.stream().filter(p -> p.name().startsWith("Steinitz")).findFirst().orElseThrow().totals();
        assertEquals(List.of(10, 5, 5), List.of(steinitz.wins(), steinitz.draws(), steinitz.losses()));
    }

    @Test
    void thePageCarriesEachPlayersFiguresAndBothLanguages() throws Exception {
        BatchEvaluation.Plan plan = Batches.plan(List.of(TestGames.shared("chess/pgn/WorldChamp1886.pgn")), 1);
        PlayerReport report = report(Batches.results(plan, List.of(swings())));
        HtmlReport.About about = new HtmlReport.About("", "stockfish", "nodes=200 multipv=1", LICHESS.describe(), List.of("WorldChamp1886.pgn"));
        Path page = dir.resolve("sub/report.html");
        HtmlReport.write(page, report, Locale.ENGLISH, Optional.empty(), about);
        String html = Files.readString(page, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<section class=\"player\" id=\"p\\d+\" data-player=\"([^\"]*)\" data-games=\"(\\d+)\" data-accuracy=\"([^\"]*)\"")
                .matcher(html);
        int sections = 0;
        while (m.find()) {
            PlayerReport.Player p = report.players(Optional.empty()).stream().filter(x -> x.name().equals(m.group(1))).findFirst().orElseThrow();
            assertEquals(p.totals().games(), Integer.parseInt(m.group(2)));
            assertEquals(ReportFormat.fixed(p.totals().accuracy(), 1), m.group(3));
            sections++;
        }
        assertEquals(2, sections);
        assertTrue(html.contains("Accuracy per game over time") && html.contains("<polyline class=\"acc\""), "the trend chart");
        assertEquals(12, count(html, "<figure class=\"mistake "), "six diagrams a player");
        assertTrue(html.contains("lang=\"en\""));
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "no outside resource");

        String zh = HtmlReport.render(report, Locale.SIMPLIFIED_CHINESE, Optional.of("steinitz"), about);
        assertTrue(zh.contains("lang=\"zh-CN\"") && zh.contains("各局准确率随时间变化") && zh.contains("代价最大的失误"), "Chinese");
        assertEquals(1, count(zh, "<section class=\"player\""), "--player keeps only the player");
    }

    @Test
    void namesAndTagsFromAFileAreEscaped() throws Exception {
        Path file = dir.resolve("hostile.pgn");
        Files.writeString(file, """
                [Event "<img src=x onerror=alert(1)>"]
                [Date "2024.01.01"]
                [White "</script><script>alert('w')</script>"]
                [Black "\\"><svg onload=alert(2)>"]
                [Result "1-0"]
                [ECO "C20<u>"]
                [Opening "King's pawn & <i>"]

                1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

                [Event "Set up"]
                [Date "2024.01.02"]
                [White "</script><script>alert('w')</script>"]
                [Black "B"]
                [Result "0-1"]
                [SetUp "1"]
                [FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]
                [ECO "C20<u>"]
                [Opening "King's pawn & <i>"]

                2. Nf3 Nc6 0-1
                """, StandardCharsets.UTF_8);
        BatchEvaluation.Plan plan = Batches.plan(List.of(file), 1);
        PlayerReport report = report(Batches.results(plan, List.of(swings())));
        String html = HtmlReport.render(report, Locale.ENGLISH, Optional.empty(),
                new HtmlReport.About("<title>", "e<1>", "nodes=200", "j", List.of("<f>.pgn")));
        assertEquals(2, count(html, "<script"), "only the page's own two scripts");
        assertFalse(html.contains("<img") || html.contains("<svg onload") || html.contains("<u>") || html.contains("<i>")
                || html.contains("<f>") || html.contains("<title><title>"), "no markup from the file");
        assertTrue(html.contains("&lt;/script&gt;&lt;script&gt;alert(&#39;w&#39;)&lt;/script&gt;"), "the name shown as text");
        assertTrue(html.contains("&quot;&gt;&lt;svg onload=alert(2)&gt;"));
        // The first game's opening is classified from its moves (its tags are not read then); the set-up
        // game has no classification, so its tags name it, escaped.
        assertTrue(html.contains("King&#39;s Pawn Game: Wayward Queen Attack"), "classified");
        assertTrue(html.contains("King&#39;s pawn &amp; &lt;i&gt;") && html.contains("C20&lt;u&gt;"), "from the tags");
    }

    @Test
    void boardsPutPiecesAndArrowsOnTheirSquaresFromEitherSide() throws Exception {
        Position start = TestGames.CHESS.parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        Move e4 = new Move(Square.of(4, 1), Square.of(4, 3));
        Move d4 = new Move(Square.of(3, 1), Square.of(3, 3));
        String white = BoardSvg.render(start, Optional.of(e4), Optional.of(d4), Side.WHITE, "t", "a<b");
        assertEquals(32, count(white, "class=\"piece\""));
        assertEquals(64, count(white, "<rect "));
        // e2 is the fifth file, second rank from the bottom: centre (4.5, 6.5) squares of 36.
        assertTrue(white.contains("class=\"arrow played\" x1=\"162\" y1=\"234\""), white);
        assertTrue(white.contains("class=\"arrow best\" x1=\"126\" y1=\"234\""));
        assertTrue(white.contains("<title>a&lt;b</title>"));
        // From Black's side e2 is the fourth file from the left, second rank from the top.
        String black = BoardSvg.render(start, Optional.of(e4), Optional.empty(), Side.BLACK, "u", "");
        assertTrue(black.contains("class=\"arrow played\" x1=\"126\" y1=\"54\""), black);
        assertFalse(black.contains("arrow best"));

        Position xq = TestGames.XIANGQI.parseFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        // Central cannon: h2e2 (ICCS), the cannon on the eighth file, third line from Red's side.
        Move c = new Move(Square.of(7, 2), Square.of(4, 2));
        String board = BoardSvg.render(xq, Optional.of(c), Optional.empty(), Side.WHITE, "x", "");
        assertEquals(32, count(board, "class=\"xq-piece\""));
        assertTrue(board.contains("楚 河") && board.contains(">炮<") && board.contains(">砲<") && board.contains(">帥<"));
        assertTrue(board.contains("class=\"arrow played\" x1=\"270\" y1=\"270\""), board);
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
