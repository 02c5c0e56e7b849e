package org.kibitz.core.training;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.BestEvaluation;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * "Learn from your mistakes" over a game, as lichess has it: one side's main-line moves judged {@code ?} or
 * {@code ??} (the NAGs batch evaluation writes, or a person's), each asked again from the position before it.
 * What counts as a better move comes from what the game holds: the engine's best line (the stored analysis
 * of the position, else the variation evaluation added beside the move), and any other move whose stored
 * score is within {@link #MARGIN_CP} of the best's.
 */
public final class Mistakes {

    /** NAG of a mistake ({@code ?}) and of a blunder ({@code ??}). */
    public static final int MISTAKE = 2;
    public static final int BLUNDER = 4;

    /** How much worse than the best (centipawns, side to move's view) a known move may be and still count. */
    public static final int MARGIN_CP = 50;

    private Mistakes() {
    }

    /** What a move tried at a mistake's position is. */
    public enum Verdict {
        /** The engine's best, or as good within the margin, or a mate. */
        GOOD,
        /** The move played in the game. */
        PLAYED,
        /** Known (stored) and worse than the best by more than the margin. */
        WORSE,
        /** Not among the moves the game's analysis knows. */
        UNKNOWN
    }

    /**
     * One mistake to learn from.
     *
     * @param node      the game's node of the move played
     * @param before    the position before it, the one asked
     * @param played    the move played
     * @param blunder   whether it was judged {@code ??}
     * @param best      the engine's best move there, if the game knows it
     * @param bestLine  the engine's line from {@code before}, beginning with {@code best} (may be empty)
     * @param bestScore the best line's score, side to move's view, if known
     * @param known     every move with a stored score, side to move's view
     */
    public record Mistake(GameNode node, Position before, Move played, boolean blunder, Optional<Move> best,
                          List<Move> bestLine, Optional<Score> bestScore, Map<Move, Score> known) {

        public Mistake {
            bestLine = List.copyOf(bestLine);
            known = Map.copyOf(known);
        }

        public Side side() {
            return before.sideToMove();
        }

        /** What {@code move} is worth here, as far as the game knows. */
        public Verdict judge(Move move) {
            if (move.equals(played)) {
                return Verdict.PLAYED;
            }
            if (best.isPresent() && best.get().equals(move)) {
                return Verdict.GOOD;
            }
            if (before.isLegal(move) && before.play(move).outcome().flatMap(o -> o.winner()).isPresent()) {
                return Verdict.GOOD;
            }
            Score s = known.get(move);
            if (s == null) {
                return Verdict.UNKNOWN;
            }
            if (bestScore.isPresent() && bestScore.get().order() - s.order() <= MARGIN_CP) {
                return Verdict.GOOD;
            }
            return Verdict.WORSE;
        }
    }

    /** {@code side}'s main-line moves judged ? or ?? in {@code tree}, in the game's order. */
    public static List<Mistake> of(GameTree tree, Side side) {
        List<Mistake> out = new ArrayList<>();
        for (GameNode node : tree.mainline()) {
            if (node.move().isEmpty() || node.parent().isEmpty() || node.positionBefore().sideToMove() != side) {
                continue;
            }
            boolean blunder = node.nags().contains(BLUNDER);
            if (!blunder && !node.nags().contains(MISTAKE)) {
                continue;
            }
            out.add(mistake(node, blunder));
        }
        return out;
    }

    /**
     * The mistake of {@code node} as the game knows it now: read again when the user answers, so analysis
     * loaded into the game since (the analysis store's, as the window goes to the position) counts.
     */
    public static Mistake at(GameNode node) {
        return mistake(node, node.nags().contains(BLUNDER));
    }

    private static Mistake mistake(GameNode node, boolean blunder) {
        GameNode parent = node.parent().orElseThrow();
        Position before = node.positionBefore();
        Side side = before.sideToMove();
        Move played = node.move().orElseThrow();
        Map<Move, Score> known = new LinkedHashMap<>();
        Map<Move, Integer> depths = new LinkedHashMap<>();
        for (NodeAnalysis a : parent.analysis()) {
            if (a.pv().isEmpty()) {
                continue;
            }
            Move m = a.pv().get(0);
            if (!depths.containsKey(m) || depths.get(m) < a.depth()) {
                known.put(m, a.score());
                depths.put(m, a.depth());
            }
        }
        // The variations beside the move: the engine's line batch evaluation adds, or an annotator's.
        List<GameNode> variations = parent.children().stream().filter(c -> c != node && c.move().isPresent()).toList();
        for (GameNode v : variations) {
            Move m = v.move().orElseThrow();
            if (!known.containsKey(m)) {
                BestEvaluation.of(v).ifPresent(e -> known.put(m, pov(e.forWhite(), side)));
            }
        }
        if (!known.containsKey(played)) {
            BestEvaluation.of(node).ifPresent(e -> known.put(played, pov(e.forWhite(), side)));
        }
        Optional<NodeAnalysis> stored = BestEvaluation.bestLine(parent, "").filter(a -> !a.pv().isEmpty());
        Optional<Move> best;
        List<Move> line;
        Optional<Score> bestScore;
        if (stored.isPresent()) {
            best = Optional.of(stored.get().pv().get(0));
            line = stored.get().pv();
            bestScore = Optional.of(stored.get().score());
        } else if (!variations.isEmpty()) {
            GameNode v = variations.get(0);
            best = v.move();
            line = v.lineFromHere().stream().map(n -> n.move().orElseThrow()).toList();
            bestScore = Optional.ofNullable(known.get(best.get()))
                    .or(() -> BestEvaluation.of(parent).map(e -> pov(e.forWhite(), side)));
        } else {
            best = Optional.empty();
            line = List.of();
            bestScore = BestEvaluation.of(parent).map(e -> pov(e.forWhite(), side));
        }
        if (best.isPresent() && best.get().equals(played)) {
            // The stored best is the move played (a judgement by another engine): nothing better to show.
            best = Optional.empty();
            line = List.of();
        }
        if (best.isPresent() && bestScore.isPresent()) {
            known.putIfAbsent(best.get(), bestScore.get());
        }
        return new Mistake(node, before, played, blunder, best, line, bestScore, known);
    }

    private static Score pov(Score forWhite, Side side) {
        return side == Side.WHITE ? forWhite : forWhite.negate();
    }
}
