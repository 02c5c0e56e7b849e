package org.kibitz.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Side;
import org.kibitz.engine.BuiltinEngine;

/**
 * Twenty games against MaxQi (xiangqi) and twenty against Fairy-Max (chess), both over xboard, our
 * engine over UCI, all through our protocol clients, at a fast clock: no illegal move, no crash, no time
 * forfeit, no missing move from our engine. The score is printed, not asserted: strength is measured,
 * the contract is tested. Ten openings per game, each played with both colours.
 *
 * <p>The clock is 1 s + 100 ms a move rather than 2 s + 50 ms: the time between {@code go} and the best
 * move as the match sees it includes the pipe and the scheduling of three processes on two cores, which
 * on a loaded machine is often more than 50 ms a move; an increment below that drains any engine's
 * clock however little it thinks. The games take about as long either way.
 *
 * <p>System properties {@code kibitz.match.games}, {@code kibitz.match.baseMs} and
 * {@code kibitz.match.incMs} change the length and clock for a longer run by hand.
 */
class MatchTest {

    static final List<List<String>> CHESS_OPENINGS = List.of(
            List.of("e2e4", "e7e5", "g1f3", "b8c6"), List.of("e2e4", "c7c5", "g1f3", "d7d6"),
            List.of("d2d4", "d7d5", "c2c4", "e7e6"), List.of("d2d4", "g8f6", "c2c4", "g7g6"),
            List.of("e2e4", "e7e6", "d2d4", "d7d5"), List.of("e2e4", "c7c6", "d2d4", "d7d5"),
            List.of("c2c4", "e7e5", "b1c3", "g8f6"), List.of("g1f3", "d7d5", "g2g3", "g8f6"),
            List.of("e2e4", "e7e5", "f1c4", "g8f6"), List.of("d2d4", "d7d5", "c1f4", "g8f6"));

    static final List<List<String>> XIANGQI_OPENINGS = List.of(
            List.of("h2e2", "h9g7"), List.of("h2e2", "h7e7"), List.of("h2e2", "b9c7"), List.of("b2e2", "h9g7"),
            List.of("c3c4", "g6g5"), List.of("b0c2", "h9g7"), List.of("g3g4", "c6c5"), List.of("h2d2", "h9g7"),
            List.of("c0e2", "h7e7"), List.of("h0g2", "b9c7"));

    @Test
    void againstMaxQi() throws Exception {
        run("xiangqi", "maxqi", XIANGQI_OPENINGS);
    }

    @Test
    void againstFairyMax() throws Exception {
        run("chess", "fairymax", CHESS_OPENINGS);
    }

    private void run(String gameId, String peer, List<List<String>> openings) throws Exception {
        String program = Sessions.requireEngine(peer);
        int games = Integer.getInteger("kibitz.match.games", 20);
        Duration base = Duration.ofMillis(Long.getLong("kibitz.match.baseMs", 1000));
        Duration inc = Duration.ofMillis(Long.getLong("kibitz.match.incMs", 100));
        GamePlugin game = Sessions.game(gameId);
        List<Match.Game> played = new ArrayList<>();
        long t0 = System.nanoTime();
        try (EngineSession ours = Sessions.protocol("uci").open(BuiltinEngine.config(), Sessions.GAMES);
             EngineSession theirs = Sessions.protocol("xboard").open(EngineConfig.of(peer, List.of(program)), Sessions.GAMES)) {
            for (int n = 0; n < games; n++) {
                List<String> opening = openings.get((n / 2) % openings.size());
                Side ourSide = n % 2 == 0 ? Side.WHITE : Side.BLACK;
                Match.Game g = new Match(game, ours, theirs, base, inc).play(n + 1, opening, ourSide);
                played.add(g);
                System.out.printf("[match] %s vs %s game %d (%s as %s, opening %s): %s by %s%s after %d plies; our clock %d ms%n",
                        gameId, peer, n + 1, "Kibitz engine", ourSide, String.join(" ", opening), g.result(), g.reason(),
                        g.detail().isEmpty() ? "" : " (" + g.detail() + ")", g.moves().size(), g.ourTimeLeftMs());
                assertFalse(g.oursAtFault(), "our engine lost game " + (n + 1) + " by " + g.reason() + ": " + g.detail()
                        + "\nmoves: " + String.join(" ", g.moves()));
            }
        }
        double points = played.stream().mapToDouble(Match.Game::ourPoints).sum();
        long wins = played.stream().filter(g -> g.ourPoints() == 1).count();
        long draws = played.stream().filter(g -> g.ourPoints() == 0.5).count();
        long losses = played.stream().filter(g -> g.ourPoints() == 0).count();
        long theirFaults = played.stream().filter(g -> g.culprit().isPresent() && !g.oursAtFault()).count();
        System.out.printf("[match] %s: Kibitz engine vs %s %.1f-%.1f (+%d =%d -%d) in %d games at %d+%d ms, %d lost by the peer's fault, %d s%n",
                gameId, peer, points, games - points, wins, draws, losses, games, base.toMillis(), inc.toMillis(), theirFaults,
                (System.nanoTime() - t0) / 1_000_000_000);
        assertEquals(games, played.size());
    }
}
