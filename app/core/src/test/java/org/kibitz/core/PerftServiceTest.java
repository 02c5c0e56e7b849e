package org.kibitz.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;

class PerftServiceTest {

    private final PerftService perft = new PerftService();
    private final GamePlugin xiangqi = Games.of(ServiceLoader.load(GamePlugin.class).stream().map(ServiceLoader.Provider::get).toList())
            .byId("xiangqi").orElseThrow();

    @Test
    void countsAndTimes() {
        PerftService.Result r = perft.perft(xiangqi, xiangqi.startPosition(), 3);
        assertEquals(79666, r.nodes());
        assertTrue(r.line().matches("nodes 79666 time_ms \\d+ nps \\d+"), r.line());
        assertEquals(1, perft.perft(xiangqi, xiangqi.startPosition(), 0).nodes());
    }

    @Test
    void theThreadedSplitCountsTheSame() {
        assertEquals(3290240, perft.perft(xiangqi, xiangqi.startPosition(), 4, 2).nodes());
        assertEquals(1920, perft.divide(xiangqi, xiangqi.startPosition(), 2).values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void theSharedEpdPassesToDepthThree() throws Exception {
        Path epd = Path.of(System.getProperty("kibitz.testdata"), "xiangqi/perft.epd");
        PerftService.EpdReport report = perft.checkEpd(xiangqi, epd, 3, new PerftService.EpdListener() { });
        assertTrue(report.passed());
        assertEquals(41, report.positions());
        assertEquals(41 * 3, report.counts());
    }

    @Test
    void reportsMismatchesAndUnreadableLinesAndGoesOn(@TempDir Path dir) throws Exception {
        Path epd = dir.resolve("bad.epd");
        Files.writeString(epd, String.join("\n",
                "\uFEFF# a comment, then the start position with one wrong count",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 ;D1 44 ;D2 1921 ;id \"start\"",
                "",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1 w - - 0 1 ;D1 44",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 ;D1 many",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                "1n1ak1br1/4a4/4b4/p4R3/8p/2P1Nn3/P3P1p2/9/4N4/2BAKAB2 b - - 0 23 ;D1 30 ;D2 798"), StandardCharsets.UTF_8);
        List<PerftService.Mismatch> heard = new ArrayList<>();
        List<PerftService.Problem> problems = new ArrayList<>();
        PerftService.EpdReport report = perft.checkEpd(xiangqi, epd, 0, new PerftService.EpdListener() {
            @Override
            public void mismatch(PerftService.Mismatch m) {
                heard.add(m);
            }

            @Override
            public void problem(PerftService.Problem p) {
                problems.add(p);
            }
        });
        assertFalse(report.passed());
        assertEquals(List.of(new PerftService.Mismatch(2,
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 2, 1921, 1920)), report.mismatches());
        assertEquals(report.mismatches(), heard);
        assertEquals(List.of(4, 5, 6), report.problems().stream().map(PerftService.Problem::line).toList());
        assertEquals(report.problems(), problems);
        assertEquals("fen.ranks", report.problems().get(0).reason().key());
        assertEquals("epd.badCount", report.problems().get(1).reason().key());
        assertEquals("epd.noCounts", report.problems().get(2).reason().key());
        assertEquals(2, report.positions(), "the last line is still checked");
        assertEquals(4, report.counts());
        assertEquals(44 + 1920 + 30 + 798, report.total().nodes());
    }
}
