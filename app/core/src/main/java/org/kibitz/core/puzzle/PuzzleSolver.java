package org.kibitz.core.puzzle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;

/**
 * Finds the solution of a candidate: the line the side to move after the opponent's mistake must find
 * while its best move is the only good one (decision 0033).
 *
 * <p>At each solver move the engine searches two lines at the solving limit; the best is the only move
 * when the second is at least {@link PuzzleRules#margin()} lower in winning chances, when the best mates
 * and the second does not (mating at once where the second does not), or when it is the only legal
 * move. The opponent answers with the engine's best move (one line at the same limit). The line ends at
 * the first solver move that is not the only one, at mate, or at {@link PuzzleRules#maxPlies()}; it is
 * cut back to end on a solver move that was not forced. It is a puzzle when it mates, or when the solver
 * ends with at least {@link PuzzleRules#decisive()} winning chances and material won; a line that
 * repeats a position, or plays a move the game's rule set forbids (xiangqi's perpetual check and chase),
 * is not.
 */
public final class PuzzleSolver {

    /** A line's first move and its score, from the side to move's view. */
    public record Scored(Move move, Score score) {
    }

    /** The searches the solver needs: the lines of {@code root}, reached by {@code moves} from the game's start, best first. */
    @FunctionalInterface
    public interface Searcher {
        List<Scored> search(List<Move> moves, Position root, int lines) throws EngineException, InterruptedException;
    }

    /**
     * What the solver found.
     *
     * @param line      the mistake's answer: solver, reply, ..., solver (empty when rejected)
     * @param positions the position after the mistake, then one after each move of {@code line}
     * @param mate      the line ends in checkmate on the board
     * @param finalScore the solver's score after its last move (its search's best score), when known
     * @param rejected  why the candidate is no puzzle; empty when it is one
     */
    public record Solution(List<Move> line, List<Position> positions, boolean mate, Optional<Score> finalScore,
                           String rejected) {

        public boolean found() {
            return rejected.isEmpty();
        }

        static Solution reject(String why) {
            return new Solution(List.of(), List.of(), false, Optional.empty(), why);
        }
    }

    private final GamePlugin game;
    private final PuzzleRules rules;
    private final Searcher searcher;

    public PuzzleSolver(GamePlugin game, PuzzleRules rules, Searcher searcher) {
        this.game = game;
        this.rules = rules;
        this.searcher = searcher;
    }

    /** The rule set repetitions are judged by: the rules' own, else the game's default (none for chess). */
    private String ruleSet() {
        if (!rules.ruleSet().isEmpty()) {
            return rules.ruleSet();
        }
        return game.ruleSets().isEmpty() ? "" : game.ruleSets().get(0);
    }

    /**
     * Solves the position after the mistake.
     *
     * @param history the game's positions from its start to the one after the mistake, in order
     * @param moves   the moves between them (one fewer)
     */
    public Solution solve(List<Position> history, List<Move> moves) throws EngineException, InterruptedException {
        List<Position> path = new ArrayList<>(history);
        List<Move> played = new ArrayList<>(moves);
        Position q = path.get(path.size() - 1);
        Side solver = q.sideToMove();
        String ruleSet = ruleSet();
        Map<Long, Integer> seen = new HashMap<>();
        for (Position p : history) {
            seen.merge(p.hash(), 1, Integer::sum);
        }
        List<Move> line = new ArrayList<>();
        List<Position> positions = new ArrayList<>();
        positions.add(q);
        List<Boolean> forced = new ArrayList<>();
        List<Score> scores = new ArrayList<>();
        while (line.size() < rules.maxPlies() && q.outcome().isEmpty()) {
            List<Move> legal = q.legalMoves();
            List<Scored> found = searcher.search(played, q, 2);
            if (found.isEmpty()) {
                return Solution.reject("the engine gave no scored line");
            }
            Scored best = found.get(0);
            boolean only = legal.size() == 1;
            boolean unique = only;
            if (!only && found.size() > 1) {
                unique = isOnlyMove(best.score(), found.get(1).score());
            }
            if (!unique || !q.isLegal(best.move())) {
                if (line.isEmpty()) {
                    return Solution.reject("the best move is not the only one (" + text(best.score()) + ", second "
                            + (found.size() > 1 ? text(found.get(1).score()) : "not given") + ")");
                }
                break;
            }
            if (!ruleSet.isEmpty() && game.bannedMoves(path, ruleSet).contains(best.move())) {
                return Solution.reject("the solution repeats in a way the rule set " + ruleSet + " forbids");
            }
            q = q.play(best.move());
            if (!advance(path, played, positions, line, best.move(), q, seen)) {
                return Solution.reject("the solution repeats a position");
            }
            forced.add(only);
            scores.add(best.score());
            Optional<Ruling> ruled = ruleSet.isEmpty() ? Optional.empty() : game.rule(path, ruleSet);
            if (ruled.isPresent() && !ruled.get().rule().equals("position")) {
                return Solution.reject("the solution ends in a ruling: " + ruled.get().rule());
            }
            if (q.outcome().isPresent() || line.size() >= rules.maxPlies()) {
                break;
            }
            List<Scored> reply = searcher.search(played, q, 1);
            if (reply.isEmpty() || !q.isLegal(reply.get(0).move())) {
                return Solution.reject("the engine gave no reply");
            }
            Move r = reply.get(0).move();
            if (!ruleSet.isEmpty() && game.bannedMoves(path, ruleSet).contains(r)) {
                return Solution.reject("the reply repeats in a way the rule set " + ruleSet + " forbids");
            }
            q = q.play(r);
            if (!advance(path, played, positions, line, r, q, seen)) {
                return Solution.reject("the solution repeats a position");
            }
        }
        // End on a solver move, and not on one that was forced (nothing to find there).
        int solverMoves = (line.size() + 1) / 2;
        while (solverMoves > 0 && forced.get(solverMoves - 1)) {
            solverMoves--;
        }
        if (solverMoves == 0) {
            return Solution.reject(line.isEmpty() ? "the best move is not the only one" : "every move of the line is forced");
        }
        int plies = 2 * solverMoves - 1;
        List<Move> kept = List.copyOf(line.subList(0, plies));
        List<Position> keptPositions = List.copyOf(positions.subList(0, plies + 1));
        Position end = keptPositions.get(plies);
        Optional<Outcome> over = end.outcome();
        boolean mate = over.isPresent() && over.get().winner().map(w -> w == solver).orElse(false);
        if (over.isPresent() && !mate) {
            return Solution.reject("the solution ends in a draw");
        }
        Score last = scores.get(solverMoves - 1);
        if (!mate) {
            if (rules.chances(last) < rules.decisive()) {
                return Solution.reject("the advantage at the end is not decisive");
            }
            if (last instanceof Score.Mate m && m.moves() > 0) {
                // A forced mate the line stopped short of: decisive, and no material needed.
                return new Solution(kept, keptPositions, false, Optional.of(last), "");
            }
            if (PuzzleThemes.materialGain(keptPositions.get(0), end, solver) < 2) {
                return Solution.reject("the solution wins no material");
            }
        }
        return new Solution(kept, keptPositions, mate, Optional.of(last), "");
    }

    /** Whether {@code best} is the only good move when the second-best line scores {@code second}. */
    boolean isOnlyMove(Score best, Score second) {
        boolean bestMates = best instanceof Score.Mate m && m.moves() > 0;
        boolean secondMates = second instanceof Score.Mate m && m.moves() > 0;
        if (bestMates && !secondMates) {
            return true;
        }
        if (bestMates) {
            // Two mates: the best is the only move when it mates at once and the second does not.
            return ((Score.Mate) best).moves() == 1 && ((Score.Mate) second).moves() > 1;
        }
        return rules.chances(best) - rules.chances(second) >= rules.margin();
    }

    private static String text(Score s) {
        return s instanceof Score.Mate m ? "mate " + m.moves() : "cp " + ((Score.Centipawns) s).cp();
    }

    private static boolean advance(List<Position> path, List<Move> played, List<Position> positions, List<Move> line,
                                   Move m, Position after, Map<Long, Integer> seen) {
        path.add(after);
        played.add(m);
        positions.add(after);
        line.add(m);
        return seen.merge(after.hash(), 1, Integer::sum) == 1;
    }
}
