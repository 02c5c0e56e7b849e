package org.kibitz.core.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;

/**
 * The evaluations of a game between engines: each move carries what its mover's engine thought
 * (cutechess writes it as a comment such as {@code +0.69/29 36s}, from the mover's point of view;
 * Kibitz's matches and engine games write the same comment and an {@code [%eval]}). Plotted as one
 * curve these alternate between two engines' scales ply by ply; here they are split by the side
 * that moved, each in White's/Red's view.
 */
public final class EngineGameCurve {

    /** A cutechess move comment: score (mover's view) and depth, then usually the time. */
    private static final Pattern COMMENT = Pattern.compile(
            "^([+-]?)(M?)(\\d+(?:\\.\\d+)?)(/\\d+)?(?:\\s+\\d+(?:\\.\\d+)?m?s)?(?:,.*)?$", Pattern.DOTALL);

    private EngineGameCurve() {
    }

    /** The mover's engine's score in a cutechess-style comment of {@code node}, as White/Red sees it. */
    public static Optional<Score> commentScore(GameNode node) {
        if (node.move().isEmpty()) {
            return Optional.empty();
        }
        Matcher m = COMMENT.matcher(node.comment().strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        if (m.group(1).isEmpty() && m.group(4) == null) {
            return Optional.empty(); // a bare number is not said to be a score: cutechess signs it or gives a depth
        }
        boolean negative = m.group(1).equals("-");
        Score mover;
        try {
            if (m.group(2).isEmpty()) {
                int cp = (int) Math.round(Double.parseDouble(m.group(3)) * 100);
                mover = Score.centipawns(negative ? -cp : cp);
            } else {
                int n = Integer.parseInt(m.group(3));
                mover = Score.mate(negative ? -n : n);
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.of(mover.forWhite(node.positionBefore().sideToMove()));
    }

    /**
     * The comment a move of an engine game gets, as cutechess writes it: the mover's score and
     * the depth, {@code +0.69/29}, {@code -M5/20}, {@code +0.10} without a depth.
     */
    public static String comment(Score mover, java.util.OptionalInt depth) {
        StringBuilder b = new StringBuilder();
        if (mover instanceof Score.Mate m) {
            b.append(m.moves() >= 0 ? "+M" : "-M").append(Math.abs(m.moves()));
        } else if (mover instanceof Score.Centipawns c) {
            b.append(String.format(java.util.Locale.ROOT, "%+.2f", c.cp() / 100.0));
        }
        depth.ifPresent(d -> b.append('/').append(d));
        return b.toString();
    }

    /** Whether {@code line} reads as a game between engines: some move carries its engine's comment. */
    public static boolean betweenEngines(List<GameNode> line) {
        for (GameNode n : line) {
            if (commentScore(n).isPresent()) {
                return true;
            }
        }
        return false;
    }

    /** What the game itself says of {@code node}: its mover's comment, else its {@code [%eval]}. */
    public static Optional<Score> ownEval(GameNode node) {
        return commentScore(node).or(node::evalForWhite);
    }

    /**
     * The points of {@code points} whose move {@code mover} made, valued by the game's own
     * evaluation of that move (never a kibitzing engine's), so that each engine's curve is its own.
     */
    public static List<Point> of(Side mover, List<EvalCurve.Point> points) {
        List<Point> out = new ArrayList<>();
        for (EvalCurve.Point p : points) {
            GameNode n = p.node();
            if (n.move().isEmpty() || n.positionBefore().sideToMove() != mover) {
                continue;
            }
            ownEval(n).ifPresent(s -> out.add(new Point(p.x(), s)));
        }
        return out;
    }

    /** One evaluated move: its place on the move axis and its mover's score for White/Red. */
    public record Point(double x, Score forWhite) {
    }
}
