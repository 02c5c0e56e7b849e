package org.kibitz.formats.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.ReadResult;
import org.kibitz.formats.Fixtures;

/**
 * A game beyond the documented size (PgnGameText.MAX_TOKENS tokens) between two ordinary games: it is
 * refused with an error that names it and its line, its tokens are dropped as soon as it is too large
 * (memory stays bounded: a 41.6 MB one-line game took 4.9 GB and died under -Xmx1g), and the game after
 * it is read.
 */
class HugeGameTest {

    @Test
    void aGameOverTheLimitIsRefusedWhereItIsAndTheRestIsRead() {
        StringBuilder sb = new StringBuilder(8 << 20);
        sb.append("[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[Event \"huge\"]\n[Result \"*\"]\n\n");
        String[] shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
        int plies = PgnGameText.MAX_TOKENS + 10;
        for (int ply = 0; ply < plies; ply++) {
            if (ply % 2 == 0) {
                sb.append(ply / 2 + 1).append(". ");
            }
            sb.append(shuffle[ply % 4]).append(' ');
        }
        sb.append("*\n\n[Event \"c\"]\n[Result \"*\"]\n\n1. d4 d5 *\n");
        List<ReadResult> results = Fixtures.read("pgn", sb.toString().getBytes(StandardCharsets.US_ASCII), "huge.pgn");
        assertEquals(3, results.size());
        assertTrue(results.get(0).game().isPresent());
        assertTrue(results.get(2).game().isPresent(), "the game after the huge one is read");
        assertEquals("d2d4", results.get(2).game().get().mainline().get(0).move().orElseThrow().coordinates(1));
        ReadResult huge = results.get(1);
        assertTrue(huge.game().isEmpty(), "the huge game is not read");
        FormatProblem p = huge.problems().get(0);
        assertEquals(2, p.gameNumber());
        assertEquals(FormatProblem.Location.line(6), p.location(), "where the game starts");
        String text = p.render(Locale.ENGLISH);
        assertTrue(text.contains("1,000,000") && text.contains("not read"), text);
    }

    /**
     * Issue 46: one comment of 41.6 M characters on one line ran {@code check} out of a 256 MB heap
     * while the comment was gathered and copied. A comment over {@link PgnGameText#MAX_COMMENT} now
     * refuses its game (brace or rest-of-line), and a long comment under it is kept whole.
     */
    @Test
    void aCommentOverItsLimitRefusesItsGameAndTheRestIsRead() {
        String big = "x".repeat(PgnGameText.MAX_COMMENT + 1);
        String pgn = "[Event \"brace\"]\n[Result \"*\"]\n\n1. e4 {" + big + "} e5 *\n\n"
                + "[Event \"line\"]\n[Result \"*\"]\n\n1. e4 ;" + big + "\ne5 *\n\n"
                + "[Event \"split\"]\n[Result \"*\"]\n\n1. e4 {" + "y".repeat(PgnGameText.MAX_COMMENT / 2) + "\n"
                + "y".repeat(PgnGameText.MAX_COMMENT / 2 + 10) + "} e5 *\n\n"
                + "[Event \"kept\"]\n[Result \"*\"]\n\n1. d4 {" + "z".repeat(1 << 20) + "} d5 *\n";
        List<ReadResult> results = Fixtures.read("pgn", pgn.getBytes(StandardCharsets.US_ASCII), "comments.pgn");
        assertEquals(4, results.size());
        for (int i = 0; i < 3; i++) {
            assertTrue(results.get(i).game().isEmpty(), "game " + (i + 1) + " is refused");
            String text = results.get(i).problems().get(0).render(Locale.ENGLISH);
            assertTrue(text.contains("one comment of 8 M characters") && text.endsWith("the games after it are read"), text);
        }
        var kept = results.get(3).game().orElseThrow();
        assertEquals(1 << 20, kept.mainline().get(0).comment().length(), "a long comment under the limit is kept whole");
    }

    @Test
    void aGameJustUnderTheLimitIsRead() {
        StringBuilder sb = new StringBuilder("[Event \"long\"]\n[Result \"*\"]\n\n");
        String[] shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
        for (int ply = 0; ply < 20_000; ply++) {
            if (ply % 2 == 0) {
                sb.append(ply / 2 + 1).append(". ");
            }
            sb.append(shuffle[ply % 4]).append(' ');
        }
        sb.append("*\n");
        List<ReadResult> results = Fixtures.read("pgn", sb.toString().getBytes(StandardCharsets.US_ASCII), "long.pgn");
        assertEquals(20_000, results.get(0).game().orElseThrow().mainline().size());
    }
}
