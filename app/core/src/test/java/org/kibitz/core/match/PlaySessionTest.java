package org.kibitz.core.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineConventions;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineExit;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.EngineTimeouts;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Termination;
import org.kibitz.core.TestGames;

/** The play session's arbiter, headless: clocks on an injected clock, takebacks, draw offers, flags, bad engines. */
class PlaySessionTest {

    private static final GamePlugin CHESS = TestGames.CHESS;
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final List<String> events = new CopyOnWriteArrayList<>();
    private PlaySession session;

    @AfterEach
    void close() {
        if (session != null) {
            session.close();
        }
    }

    private static Move mv(String uci) {
        return Move.parseCoordinates(uci, 1);
    }

    /** An in-process engine: plays a chosen move after "thinking" a given time on the test's clock, with a score. */
    private final class Fake implements EngineSession {
        volatile Duration thinks = Duration.ofSeconds(5);
        /** Real time before the answer (0: at once), for games that must not run ahead of the test. */
        volatile long answerAfterMillis;
        volatile Score score = Score.centipawns(35);
        volatile String mode = "normal"; // normal, silent, dead, illegal
        volatile List<Move> searchMoves = List.of();
        private final List<EngineListener> listeners = new CopyOnWriteArrayList<>();
        private Position position;
        private volatile CompletableFuture<EngineEvent.BestMove> running;
        volatile boolean dead;

        @Override
        public EngineInfo info() {
            return new EngineInfo("Fake", Optional.empty(), "uci", Set.of("chess"), List.of(), List.of(),
                    EngineConventions.DETECT, EngineTimeouts.DEFAULT);
        }

        @Override
        public SessionState state() {
            return dead ? SessionState.TERMINATED : running != null && !running.isDone() ? SessionState.SEARCHING : SessionState.IDLE;
        }

        @Override
        public List<EngineOption> options() {
            return List.of();
        }

        @Override
        public void addListener(EngineListener l) {
            listeners.add(l);
        }

        @Override
        public void removeListener(EngineListener l) {
            listeners.remove(l);
        }

        @Override
        public void setOption(String name, String value) {
        }

        /** What getting ready for a game costs on the test's clock (a large hash, a network to load). */
        volatile Duration readyTakes = Duration.ZERO;
        final List<String> newGames = new CopyOnWriteArrayList<>();

        @Override
        public void newGame(String gameId) {
            newGames.add(gameId);
            now.addAndGet(readyTakes.toNanos());
        }

        @Override
        public void setPosition(Position start, List<Move> moves) {
            Position p = start;
            for (Move m : moves) {
                p = p.play(m);
            }
            position = p;
        }

        @Override
        public CompletableFuture<EngineEvent.BestMove> go(SearchLimits limits) throws EngineException {
            searchMoves = limits.searchMoves();
            CompletableFuture<EngineEvent.BestMove> f = new CompletableFuture<>();
            running = f;
            if (mode.equals("dead")) {
                dead = true;
                f.completeExceptionally(new EngineException(EngineException.Kind.DIED,
                        org.kibitz.api.i18n.Text.of(PlaySessionTest.class, "engine.crashed"), null));
                return f;
            }
            if (mode.equals("silent")) {
                return f;
            }
            Move m = mode.equals("illegal") ? mv("e2e5") : position.legalMoves().get(0);
            for (EngineListener l : listeners) {
                l.onEvent(new EngineEvent.AnalysisUpdate(position, 1, OptionalInt.of(5), OptionalInt.empty(),
                        Optional.of(score), Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), Optional.empty(),
                        OptionalInt.empty(), OptionalLong.empty(), Optional.empty(), OptionalInt.empty(), List.of(m)));
            }
            now.addAndGet(thinks.toNanos());
            EngineEvent.BestMove best = new EngineEvent.BestMove(Optional.of(m), Optional.empty(), false, false);
            if (answerAfterMillis > 0) {
                CompletableFuture.delayedExecutor(answerAfterMillis, java.util.concurrent.TimeUnit.MILLISECONDS)
                        .execute(() -> f.complete(best));
            } else {
                f.complete(best);
            }
            return f;
        }

        @Override
        public CompletableFuture<EngineEvent.BestMove> stop() {
            CompletableFuture<EngineEvent.BestMove> f = running;
            if (f != null && !f.isDone()) {
                f.complete(EngineEvent.BestMove.none());
            }
            return CompletableFuture.completedFuture(EngineEvent.BestMove.none());
        }

        @Override
        public void ponderHit() {
        }

        @Override
        public void sync() {
        }

        @Override
        public Optional<EngineExit> exit() {
            return Optional.empty();
        }

        @Override
        public void close() {
            stop();
        }
    }

    private final class Recorder implements PlaySession.Listener {
        @Override
        public void moved(Side side, Position before, PlayedGame.Played move) {
            events.add("moved " + move.move().coordinates(1) + move.left().map(c -> " " + c.toMillis()).orElse(""));
        }

        @Override
        public void takenBack(int plies) {
            events.add("back " + plies);
        }

        @Override
        public void ended(PlaySession.Result r) {
            events.add("ended " + r.result().pgn() + " " + r.end());
        }
    }

    private PlaySession humanVsFake(Fake engine, TimeControl tc, Position start) {
        session = new PlaySession(new PlaySession.Settings(CHESS, "", tc, Duration.ofSeconds(30)), start,
                new PlaySession.Human("Me"), new PlaySession.Engine("Fake", engine), new Recorder(), now::get);
        prepareAndStart(session);
        return session;
    }

    private static void prepareAndStart(PlaySession s) {
        try {
            s.prepare();
        } catch (EngineException e) {
            throw new AssertionError(e);
        }
        s.start();
    }

    private static TimeControl clock(String tc) {
        return TimeControl.parse(Map.of("tc", tc));
    }

    private static void waitFor(BooleanSupplier c) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!c.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("condition not met in time");
            }
            Thread.sleep(5);
        }
    }

    @Test
    void clocksRunForTheSideToMoveAndGetTheIncrement() throws Exception {
        Fake engine = new Fake();
        PlaySession s = humanVsFake(engine, clock("60+2"), CHESS.startPosition());
        assertEquals(Duration.ofSeconds(60), s.left(Side.WHITE));
        assertTrue(s.running(Side.WHITE) && !s.running(Side.BLACK));
        now.addAndGet(Duration.ofSeconds(10).toNanos());
        assertEquals(Duration.ofSeconds(50), s.left(Side.WHITE), "White's clock runs down while White thinks");
        s.play(mv("e2e4"));
        waitFor(() -> s.moves().size() == 2);
        assertEquals(Duration.ofSeconds(52), s.left(Side.WHITE), "60 - 10 + 2");
        assertEquals(Duration.ofSeconds(57), s.left(Side.BLACK), "the engine thought 5 s: 60 - 5 + 2");
        now.addAndGet(Duration.ofSeconds(3).toNanos());
        assertEquals(Duration.ofSeconds(49), s.left(Side.WHITE));
        assertEquals(Duration.ofSeconds(57), s.left(Side.BLACK), "Black's clock stands while White is to move");
        assertEquals(List.of("moved e2e4 52000", "moved " + s.moves().get(1).coordinates(1) + " 57000"), events);
        assertEquals(Optional.of(Score.centipawns(35)), s.lastScore(Side.BLACK));
    }

    @Test
    void theEnginesGetReadyBeforeAnyClockRuns() throws Exception {
        Fake a = new Fake();
        Fake b = new Fake();
        a.thinks = Duration.ofSeconds(1);
        b.thinks = Duration.ofSeconds(1);
        a.answerAfterMillis = 40;
        b.answerAfterMillis = 40;
        // Each engine takes 20 s to get ready (a large hash on a busy machine): a minute-long game
        // would lose a third of it before the first move if that were charged to the clock.
        a.readyTakes = Duration.ofSeconds(20);
        b.readyTakes = Duration.ofSeconds(20);
        session = new PlaySession(new PlaySession.Settings(CHESS, "", clock("60"), Duration.ofSeconds(30)),
                CHESS.startPosition(), new PlaySession.Engine("A", a), new PlaySession.Engine("B", b), new Recorder(), now::get);
        assertThrows(IllegalStateException.class, session::start, "no clock starts before the engines are ready");
        session.prepare();
        assertEquals(List.of("chess"), a.newGames, "a new game, with isready answered, before the clock");
        assertEquals(List.of("chess"), b.newGames);
        session.start();
        assertEquals(Duration.ofSeconds(60), session.left(Side.WHITE));
        waitFor(() -> session.moves().size() >= 2 || session.over());
        assertFalse(session.over(), "nobody lost on time: " + session.result());
        assertEquals(List.of("moved " + session.moves().get(0).coordinates(1) + " 59000",
                "moved " + session.moves().get(1).coordinates(1) + " 59000"), events.subList(0, 2),
                "each first move cost its search (1 s), not the engine's start");
        assertEquals(List.of("chess"), a.newGames, "not told again in the game");
        assertEquals(List.of("chess"), b.newGames);
    }

    @Test
    void aPersonWhoseClockRunsOutLosesOnTime() throws Exception {
        PlaySession s = humanVsFake(new Fake(), clock("60+2"), CHESS.startPosition());
        now.addAndGet(Duration.ofSeconds(59).toNanos());
        assertFalse(s.checkFlag());
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        assertTrue(s.checkFlag());
        PlaySession.Result r = s.result().orElseThrow();
        assertEquals(GameResult.BLACK_WINS, r.result());
        assertEquals(PlayedGame.End.TIME_FORFEIT, r.end());
        assertEquals(Optional.of(Side.WHITE), r.loser());
        assertEquals(Duration.ZERO, s.left(Side.WHITE));
        assertThrows(IllegalStateException.class, () -> s.play(mv("e2e4")), "no moves after the flag fell");
    }

    @Test
    void aMoveMadeAfterTheFlagFellLosesInsteadOfBeingPlayed() {
        PlaySession s = humanVsFake(new Fake(), clock("60"), CHESS.startPosition());
        now.addAndGet(Duration.ofSeconds(61).toNanos());
        s.play(mv("e2e4"));
        assertTrue(s.moves().isEmpty());
        assertEquals(PlayedGame.End.TIME_FORFEIT, s.result().orElseThrow().end());
    }

    @Test
    void takebackRemovesTheEnginesMoveAndMineAndRestoresTheClocks() throws Exception {
        PlaySession s = humanVsFake(new Fake(), clock("60+2"), CHESS.startPosition());
        now.addAndGet(Duration.ofSeconds(10).toNanos());
        s.play(mv("e2e4"));
        waitFor(() -> s.moves().size() == 2);
        now.addAndGet(Duration.ofSeconds(20).toNanos());
        s.play(mv("d2d4"));
        waitFor(() -> s.moves().size() == 4);
        Duration whiteBefore = Duration.ofSeconds(52);
        assertEquals(2, s.takeback());
        assertEquals(List.of(mv("e2e4"), s.moves().get(1)), s.moves());
        assertEquals(whiteBefore, s.left(Side.WHITE), "White's clock as it was before d4");
        assertEquals(Duration.ofSeconds(57), s.left(Side.BLACK));
        assertTrue(s.humanToMove());
        assertEquals(2, s.takeback());
        assertEquals(CHESS.startPosition(), s.position());
        assertEquals(0, s.takeback(), "nothing left to take back");
        assertTrue(events.contains("back 2"));
    }

    @Test
    void takebackWhileTheEngineThinksStopsItAndIgnoresItsAnswer() throws Exception {
        Fake engine = new Fake();
        engine.mode = "silent";
        PlaySession s = humanVsFake(engine, clock("60"), CHESS.startPosition());
        s.play(mv("e2e4"));
        waitFor(() -> s.thinking().isPresent() && engine.running != null);
        assertEquals(1, s.takeback());
        assertTrue(s.thinking().isEmpty());
        assertEquals(CHESS.startPosition(), s.position());
        Thread.sleep(100);
        assertTrue(s.moves().isEmpty(), "the stopped search's answer is not played");
        engine.mode = "normal";
        s.play(mv("d2d4"));
        waitFor(() -> s.moves().size() == 2);
        assertEquals(mv("d2d4"), s.moves().get(0));
    }

    @Test
    void theEngineAcceptsADrawOnlyAfterMoveThirtyWhenItsScoreIsNearEqual() throws Exception {
        Fake engine = new Fake();
        engine.score = Score.centipawns(15);
        PlaySession early = humanVsFake(engine, clock("60"), CHESS.startPosition());
        early.play(mv("e2e4"));
        waitFor(() -> early.moves().size() == 2);
        assertFalse(early.offerDraw(), "declined before move 30");
        early.close();

        Position late = CHESS.parseFen("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 40");
        engine.score = Score.centipawns(80);
        PlaySession s1 = humanVsFake(engine, clock("60"), late);
        s1.play(mv("e2e4"));
        waitFor(() -> s1.moves().size() == 2);
        assertFalse(s1.offerDraw(), "declined at +0.80");
        s1.close();

        engine.score = Score.centipawns(-20);
        PlaySession s2 = humanVsFake(engine, clock("60"), late);
        s2.play(mv("e2e4"));
        waitFor(() -> s2.moves().size() == 2);
        assertTrue(s2.offerDraw(), "accepted at -0.20 after move 30");
        assertEquals(GameResult.DRAW, s2.result().orElseThrow().result());
        assertEquals(PlayedGame.End.DRAW_AGREED, s2.result().orElseThrow().end());
    }

    @Test
    void resignAndCheckmateEndTheGame() throws Exception {
        PlaySession s = humanVsFake(new Fake(), clock("60"), CHESS.startPosition());
        s.resign(Side.WHITE);
        assertEquals(GameResult.BLACK_WINS, s.result().orElseThrow().result());
        assertEquals(PlayedGame.End.RESIGNS, s.result().orElseThrow().end());
        s.close();

        // Fool's mate played by the person against the engine: Black mates is impossible here, so White mates.
        PlaySession m = humanVsFake(new Fake(), clock("60"),
                CHESS.parseFen("rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"));
        m.play(mv("d1h5"));
        PlaySession.Result r = m.result().orElseThrow();
        assertEquals(GameResult.WHITE_WINS, r.result());
        assertEquals(PlayedGame.End.RULES, r.end());
        assertEquals(Termination.CHECKMATE, r.ruling().orElseThrow().outcome().termination());
        assertTrue(m.thinking().isEmpty(), "no engine asked after mate");
    }

    @Test
    void aDeadSilentOrIllegalEngineLoses() throws Exception {
        Fake dead = new Fake();
        dead.mode = "dead";
        PlaySession s = humanVsFake(dead, clock("60"), CHESS.startPosition());
        s.play(mv("e2e4"));
        waitFor(s::over);
        assertEquals(PlayedGame.End.DISCONNECT, s.result().orElseThrow().end());
        assertEquals(GameResult.WHITE_WINS, s.result().orElseThrow().result());
        s.close();

        Fake illegal = new Fake();
        illegal.mode = "illegal";
        PlaySession i = humanVsFake(illegal, clock("60"), CHESS.startPosition());
        i.play(mv("e2e4"));
        waitFor(i::over);
        assertEquals(PlayedGame.End.ILLEGAL_MOVE, i.result().orElseThrow().end());
        assertEquals("e2e5", i.result().orElseThrow().detail());
        i.close();

        Fake silent = new Fake();
        silent.mode = "silent";
        PlaySession q = humanVsFake(silent, clock("10"), CHESS.startPosition());
        q.play(mv("e2e4"));
        waitFor(() -> q.thinking().isPresent());
        now.addAndGet(Duration.ofSeconds(11).toNanos());
        assertFalse(q.checkFlag(), "within the grace");
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        assertTrue(q.checkFlag());
        assertEquals(PlayedGame.End.TIME_FORFEIT, q.result().orElseThrow().end());
        assertEquals(Optional.of(Side.BLACK), q.result().orElseThrow().loser());
    }

    @Test
    void twoEnginesPlayEachOtherUntilStopped() throws Exception {
        Fake a = new Fake();
        Fake b = new Fake();
        // Slow enough that the stop comes long before these first-legal-move players could repeat a
        // position three times (8 plies at the least): a fast game may end by the rules first.
        a.thinks = Duration.ofMillis(1);
        b.thinks = Duration.ofMillis(1);
        a.answerAfterMillis = 40;
        b.answerAfterMillis = 40;
        session = new PlaySession(new PlaySession.Settings(CHESS, "", TimeControl.nodes(100), Duration.ofSeconds(30)),
                CHESS.startPosition(), new PlaySession.Engine("A", a), new PlaySession.Engine("B", b), new Recorder(), now::get);
        prepareAndStart(session);
        waitFor(() -> session.moves().size() >= 2 || session.over());
        assertFalse(session.over(), "two engines play on until stopped");
        assertEquals(0, session.takeback(), "no takeback without a person");
        session.stop();
        assertEquals(PlayedGame.End.STOPPED, session.result().orElseThrow().end());
        assertEquals(GameResult.UNDECIDED, session.result().orElseThrow().result());
        assertFalse(session.clocked());
    }

    @Test
    void xiangqiEnginesAreKeptOffMovesThatLoseByRepetition() throws Exception {
        GamePlugin xq = TestGames.XIANGQI;
        assertFalse(xq.ruleSets().isEmpty());
        Fake engine = new Fake();
        session = new PlaySession(new PlaySession.Settings(xq, xq.ruleSets().get(0), clock("60"), Duration.ofSeconds(30)),
                xq.startPosition(), new PlaySession.Human("Me"), new PlaySession.Engine("Fake", engine), new Recorder(), now::get);
        prepareAndStart(session);
        session.play(Move.parseCoordinates("h2e2", 0));
        waitFor(() -> session.moves().size() == 2);
        assertTrue(engine.searchMoves.isEmpty(), "no bans at the start");
    }
}
