package org.kibitz.core.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.core.TestGames;
import org.kibitz.core.puzzle.Puzzle;

/**
 * Puzzles as the training pane asks them: an attempt's answers, the Leitner boxes kept in the progress
 * file across a reopening, and the session's order (a failed puzzle back after two others).
 */
class TrainingSessionTest {

    @TempDir
    Path dir;

    // Real puzzles of lichess's database (ids 0000D and 00008), in its layout.
    static final Puzzle BACK_RANK = new Puzzle("0000D", "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27",
            List.of("d3d6", "f8d8", "d6d8", "f6d8"), 1425, 74, 0, 0, List.of("advantage", "endgame", "short"), "", List.of(),
            "chess", "");
    static final Puzzle CRUSHING = new Puzzle("00008", "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24",
            List.of("f2g3", "e6e7", "b2b1", "b3c1", "b1c1", "h6c1"), 1913, 75, 0, 0, List.of("crushing", "long", "middlegame"),
            "", List.of(), "chess", "");
    static final Puzzle XIANGQI = Puzzle.of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            List.of("h2e2", "h9g7", "h0g2", "i9h9"), 1500, 120, List.of("opening"), "", List.of(), "xiangqi", "");

    private static Move m(GamePlugin g, String text) {
        return Move.parseCoordinates(text, g.coordinateRankBase());
    }

    private static final class MovableClock extends Clock {
        Instant now = Instant.parse("2026-11-28T20:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void aRightMoveIsAnsweredAWrongOneTakenBackAndTheResultSaysHow() throws Exception {
        GamePlugin chess = TestGames.CHESS;
        PuzzleRun r = new PuzzleRun(CRUSHING, chess);
        assertEquals(chess.parseFen(CRUSHING.fen()).play(m(chess, "f2g3")), r.position(), "the opponent's move is played");
        assertEquals(3, r.solverMoves());
        assertEquals(PuzzleRun.Answer.WRONG, r.play(m(chess, "h6h7")), "Qxh7+ is not the move");
        assertEquals(chess.parseFen(CRUSHING.fen()).play(m(chess, "f2g3")), r.position(), "a wrong move is not played");
        assertEquals(PuzzleRun.Answer.RIGHT, r.play(m(chess, "e6e7")));
        assertEquals(m(chess, "b2b1"), r.lastMove(), "the reply is played");
        assertEquals(m(chess, "b3c1"), r.hint().orElseThrow());
        assertEquals(PuzzleRun.Answer.RIGHT, r.play(m(chess, "b3c1")));
        assertEquals(PuzzleRun.Answer.SOLVED, r.play(m(chess, "h6c1")));
        assertTrue(r.over());
        assertEquals(PuzzleRun.Result.FAILED, r.result(), "a wrong move fails the attempt even when it is solved after");

        PuzzleRun hinted = new PuzzleRun(BACK_RANK, chess);
        hinted.hint();
        assertEquals(PuzzleRun.Answer.RIGHT, hinted.play(m(chess, "f8d8")));
        assertEquals(PuzzleRun.Answer.SOLVED, hinted.play(m(chess, "f6d8")));
        assertEquals(PuzzleRun.Result.HINTED, hinted.result());

        PuzzleRun shown = new PuzzleRun(XIANGQI, TestGames.XIANGQI);
        assertEquals(List.of(m(TestGames.XIANGQI, "h9g7"), m(TestGames.XIANGQI, "h0g2"), m(TestGames.XIANGQI, "i9h9")), shown.rest());
        shown.showSolution();
        assertTrue(shown.over());
        assertEquals(PuzzleRun.Result.FAILED, shown.result());
    }

    @Test
    void aFailedPuzzleComesBackAfterTwoOthersAndTheBoxesSurviveAReopening() throws Exception {
        MovableClock clock = new MovableClock();
        Path file = TrainingProgress.fileIn(dir);
        Puzzle extra = Puzzle.of("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", List.of("g8f6", "h5f7"),
                1200, 100, List.of("mateIn1"), "", List.of(), "chess", "");
        List<Puzzle> set = List.of(BACK_RANK, CRUSHING, XIANGQI, extra);
        TrainingProgress progress = new TrainingProgress(file, clock);
        TrainingQueue q = new TrainingQueue(set, progress);
        List<String> asked = new ArrayList<>();
        // BACK_RANK failed, the others solved at once.
        for (int i = 0; i < 5; i++) {
            Puzzle p = q.next().orElseThrow();
            asked.add(p.id());
            PuzzleRun.Result r = p == BACK_RANK && !asked.subList(0, asked.size() - 1).contains(p.id())
                    ? PuzzleRun.Result.FAILED : PuzzleRun.Result.CLEAN;
            q.finished(p, r);
            progress.record(p, r);
        }
        assertEquals(List.of("0000D", "00008", XIANGQI.id(), "0000D", extra.id()), asked,
                "the failed puzzle comes back after two others, before the new ones run out");
        assertTrue(q.next().isEmpty(), "nothing else is due today");
        assertTrue(Files.exists(file));

        // Reopened the next day: nothing failed is pending; the solved ones of box 1 are due again.
        clock.now = clock.now.plus(Duration.ofHours(12));
        TrainingProgress reopened = new TrainingProgress(file, clock);
        assertEquals(1, reopened.entry(CRUSHING).orElseThrow().box());
        assertEquals(2, reopened.entry(BACK_RANK).orElseThrow().attempts());
        assertEquals(1, reopened.entry(BACK_RANK).orElseThrow().failed());
        assertEquals(1, reopened.entry(BACK_RANK).orElseThrow().box(), "failed, then solved: box 1");
        assertTrue(new TrainingQueue(set, reopened).next().isEmpty(), "half a day later nothing is due");
        clock.now = clock.now.plus(Duration.ofHours(13));
        TrainingQueue tomorrow = new TrainingQueue(set, new TrainingProgress(file, clock));
        assertEquals(4, tomorrow.remaining(), "a day later all four are due again");
        assertEquals(PuzzleRun.Result.CLEAN, PuzzleRun.Result.valueOf(reopened.entry(extra).orElseThrow().last()));
    }

    @Test
    void aFailureInAnEarlierSessionIsAskedFirstNextTime() throws Exception {
        MovableClock clock = new MovableClock();
        Path file = TrainingProgress.fileIn(dir);
        TrainingProgress progress = new TrainingProgress(file, clock);
        progress.record(CRUSHING, PuzzleRun.Result.CLEAN);
        progress.record(XIANGQI, PuzzleRun.Result.FAILED);
        clock.now = clock.now.plus(Duration.ofMinutes(5));
        TrainingQueue q = new TrainingQueue(List.of(BACK_RANK, CRUSHING, XIANGQI), new TrainingProgress(file, clock));
        assertEquals(XIANGQI, q.next().orElseThrow(), "the failed puzzle before the new one");
        assertEquals(BACK_RANK, q.next().orElseThrow());
        assertTrue(q.next().isEmpty(), "the one solved is not due for a day");
    }

    @Test
    void anUnreadableProgressFileIsSetAsideAndTrainingStartsAfresh() throws Exception {
        Path file = TrainingProgress.fileIn(dir);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{ not json");
        TrainingProgress p = new TrainingProgress(file, Clock.systemUTC());
        assertTrue(p.problem().isPresent());
        assertFalse(Files.exists(file), "set aside, not overwritten");
        try (var s = Files.list(file.getParent())) {
            assertEquals(1, s.filter(f -> f.getFileName().toString().startsWith("progress.json.corrupt")).count());
        }
        p.record(BACK_RANK, PuzzleRun.Result.CLEAN);
        assertEquals(1, new TrainingProgress(file, Clock.systemUTC()).entry(BACK_RANK).orElseThrow().box());
    }
}
