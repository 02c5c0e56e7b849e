package org.kibitz.core.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;

/**
 * A position to analyse, as an engine wants it: the game's start and the moves played since (so the
 * engine sees the history for repetitions), with the node of the game tree it belongs to.
 *
 * @param gameId   the game's id
 * @param game     identifies the game the position belongs to: a new one means a new game for the engine
 * @param start    the position the moves start from
 * @param moves    the moves from {@code start}
 * @param position the position after the moves: the one searched
 * @param target   the node the analysis is for (the UI thread stores what is found there), or null
 * @param banned   moves of {@code position} the engine must not play: those that would lose by the
 *                 repetition rules (sent to a UCCI engine as {@code banmoves}, to a UCI engine as the
 *                 {@code searchmoves} left)
 */
public record AnalysisRequest(String gameId, Object game, Position start, List<Move> moves, Position position,
                              GameNode target, List<Move> banned) {

    public AnalysisRequest(String gameId, Object game, Position start, List<Move> moves, Position position, GameNode target) {
        this(gameId, game, start, moves, position, target, List.of());
    }

    public AnalysisRequest {
        Objects.requireNonNull(gameId, "gameId");
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(start, "start");
        moves = List.copyOf(moves);
        Objects.requireNonNull(position, "position");
        banned = banned == null ? List.of() : List.copyOf(banned);
    }

    /** The same request with {@code moves} banned. */
    public AnalysisRequest withBanned(List<Move> moves) {
        return new AnalysisRequest(gameId, game, start, this.moves, position, target, moves);
    }

    /**
     * The request for a node of a game tree: from the root through the node's moves, or from the
     * position after the last null move (engines cannot be told a pass).
     */
    public static AnalysisRequest forNode(GameNode node) {
        List<GameNode> path = node.pathFromRoot();
        Position start = node.tree().root().position();
        List<Move> moves = new ArrayList<>(path.size());
        for (GameNode n : path) {
            Move m = n.move().orElseThrow();
            if (m.isNull()) {
                start = n.position();
                moves.clear();
            } else {
                moves.add(m);
            }
        }
        return new AnalysisRequest(node.position().gameId(), node.tree(), start, moves, node.position(), node);
    }

    /** A lone position (no tree). */
    public static AnalysisRequest forPosition(Position p) {
        return new AnalysisRequest(p.gameId(), p.gameId(), p, List.of(), p, null);
    }
}
