package org.kibitz.core.match;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.junit.jupiter.api.Test;

/**
 * A match writes a comment per move ({@code +0.15/11 0.042s}) without a {@code Formatter} per call:
 * what it writes must be exactly what {@code String.format} wrote, rounding included, so that the
 * same games give the same PGN.
 */
class PlayedCommentTest {

    private static String formatted(int cp) {
        return String.format(Locale.ROOT, "%+.2f", cp / 100.0);
    }

    private static String formatted(Duration d) {
        return String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e9);
    }

    @Test
    void centipawnsAsFormatWritesThem() {
        int[] edges = {0, 1, -1, 5, -5, 9, 10, -10, 99, 100, -100, 101, 15, -108, 32000, -32000, 123456, -999,
                Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (int cp : edges) {
            StringBuilder b = new StringBuilder();
            PlayedGame.Played.appendCentipawns(b, cp);
            assertEquals(formatted(cp), b.toString(), "cp " + cp);
        }
        SplittableRandom r = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            int cp = r.nextInt(-40_000, 40_000);
            StringBuilder b = new StringBuilder();
            PlayedGame.Played.appendCentipawns(b, cp);
            assertEquals(formatted(cp), b.toString(), "cp " + cp);
        }
    }

    @Test
    void secondsAsFormatWritesThemRoundedHalfUp() {
        long[] edges = {0, 1, 499_999, 500_000, 500_001, 999_999, 1_000_000, 41_500_000, 42_499_999, 42_500_000,
                999_499_999, 999_500_000, 1_000_000_000, 1_234_567_891, 9_999_500_000L, 3_600_000_000_000L,
                86_400_123_456_789L};
        for (long n : edges) {
            StringBuilder b = new StringBuilder();
            PlayedGame.Played.appendSeconds(b, Duration.ofNanos(n));
            assertEquals(formatted(Duration.ofNanos(n)), b.toString(), n + " ns");
        }
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            // Move times as a clock gives them: mostly under a few seconds, some long; every half
            // millisecond boundary is among them.
            long n = i % 4 == 0 ? r.nextLong(0, 2_000) * 500_000L + r.nextInt(-1, 2)
                    : r.nextLong(0, i % 4 == 1 ? 100_000_000_000L : 5_000_000_000L);
            StringBuilder b = new StringBuilder();
            PlayedGame.Played.appendSeconds(b, Duration.ofNanos(Math.max(0, n)));
            assertEquals(formatted(Duration.ofNanos(Math.max(0, n))), b.toString(), n + " ns");
        }
    }

    @Test
    void aMovesCommentAsBefore() {
        var move = new PlayedGame.Played(Move.NULL, Optional.of(Score.centipawns(-7)), OptionalInt.of(11),
                Duration.ofNanos(41_537_912), Optional.empty());
        assertEquals("-0.07/11 0.042s", move.comment());
        var mate = new PlayedGame.Played(Move.NULL, Optional.of(Score.mate(-3)), OptionalInt.of(20),
                Duration.ofMillis(200), Optional.empty());
        assertEquals("-M3/20 0.200s", mate.comment());
        var bare = new PlayedGame.Played(Move.NULL, Optional.empty(), OptionalInt.empty(), Duration.ofMillis(1500), Optional.empty());
        assertEquals("1.500s", bare.comment());
    }
}
