package org.kibitz.core.match;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/** What both arbiters (a match game, a game on the board) do around an engine's turn. */
final class EngineTurns {

    /** How long a stopped engine may take to give its move before it is left to the session's close. */
    static final Duration STOP_WAIT = Duration.ofSeconds(2);

    private EngineTurns() {
    }

    /**
     * {@code limits} with the moves that would lose by the repetition rules left out: UCCI engines are
     * sent them as {@code banmoves}, UCI engines the {@code searchmoves} left; CECP has no such command
     * engines keep to. Unchanged when nothing is banned, or everything would be.
     */
    static SearchLimits withoutLosingRepetitions(SearchLimits limits, EngineSession session, GamePlugin game, String ruleSet,
                                                 List<Position> line) {
        if (game.ruleSets().isEmpty() || session.info().protocol().equals("xboard")) {
            return limits;
        }
        List<Move> banned;
        try {
            banned = game.bannedMoves(line, ruleSet);
        } catch (RuntimeException e) {
            return limits; // a line the rules cannot judge (a null move): nothing is banned
        }
        if (banned.isEmpty()) {
            return limits;
        }
        List<Move> allowed = new ArrayList<>(line.get(line.size() - 1).legalMoves());
        allowed.removeAll(banned);
        return allowed.isEmpty() ? limits : limits.withSearchMoves(allowed);
    }

    /** Stops a search and waits a little for its answer; an engine that gives none is closed with its session. */
    static void stopQuietly(EngineSession s) {
        try {
            s.stop().get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            // The game is over for it either way; closing the session ends a busy engine.
        }
    }
}
