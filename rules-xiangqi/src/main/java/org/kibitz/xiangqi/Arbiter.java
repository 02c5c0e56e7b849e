package org.kibitz.xiangqi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Ruling.Kind;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.game.Termination;
import org.kibitz.xiangqi.board.Chases;
import org.kibitz.xiangqi.board.Geometry;

/**
 * The rulings on a xiangqi game so far, under a named rule set: the last position's own (checkmate,
 * stalemate), then repetition, then the natural move limit. See {@code docs/decisions/0011-xiangqi-rulings.md}
 * for the rule sets and where each differs.
 *
 * <p>Repetition: when the last position (pieces and side to move) has occurred {@value #OCCURRENCES}
 * times, the moves from its first occurrence on are ruled on. For each move: did it give check, and
 * which enemy pieces did it newly chase ({@link Chases}: chased after it and not before). Pieces keep
 * their identity through the cycle, so a chase is "of the same piece" even when that piece moves.
 * <ul>
 *   <li>Every rule set but {@code none}: a side that checked with every move loses (perpetual check);
 *       both: a draw.</li>
 *   <li>{@code computer} (Pikafish): otherwise any check in the cycle makes it a draw; a side whose
 *       every move chased one same piece loses (perpetual chase); both: a draw.</li>
 *   <li>{@code axf} (Fairy-Stockfish's AXF reading): a side whose every move, checks included, chased
 *       one same piece loses; a check that chases nothing breaks the chase, so one check one chase
 *       (一将一捉) is a draw, and so is chasing two pieces in turn (分捉).</li>
 *   <li>{@code chinese}: as axf, but checks do not break a chase: a side whose moves were all checks or
 *       chases of one same piece loses, so one check one chase loses (一将一捉 is 长打 in the Chinese
 *       rules). Mate threats (杀) are not judged.</li>
 *   <li>{@code none}: every repetition is a draw.</li>
 * </ul>
 */
final class Arbiter {

    /** How often the position must have occurred (this time included) for a repetition ruling. */
    static final int OCCURRENCES = 3;
    /** The natural move limit, in plies without a capture (60 moves by each side). */
    static final int MOVE_LIMIT_PLIES = 120;
    /** Checks by one side that count towards the move limit; further ones do not (AXF and computer rules). */
    static final int COUNTED_CHECKS = 10;

    /** The rule sets, the default first. */
    enum RuleSet {
        AXF, COMPUTER, CHINESE, NONE;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        static RuleSet of(String id) {
            for (RuleSet r : values()) {
                if (r.id().equals(id)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("unknown xiangqi rule set '" + id + "' (axf, computer, chinese, none)");
        }
    }

    static final List<String> IDS = List.of("axf", "computer", "chinese", "none");

    Optional<Outcome> adjudicate(List<XiangqiPosition> line, RuleSet rules) {
        return rule(line, rules).map(Ruling::outcome);
    }

    Optional<Ruling> rule(List<XiangqiPosition> line, RuleSet rules) {
        if (line.isEmpty()) {
            return Optional.empty();
        }
        int last = line.size() - 1;
        XiangqiPosition now = line.get(last);
        Optional<Outcome> own = now.outcome();
        if (own.isPresent()) {
            return Optional.of(Ruling.of(own.get(), rules.id(), "position"));
        }
        int first = firstOccurrence(line, last);
        if (first >= 0) {
            return Optional.of(cycle(line, first, last, rules));
        }
        if (countedPlies(line, rules) >= MOVE_LIMIT_PLIES) {
            return Optional.of(Ruling.of(Outcome.draw(Termination.MOVE_LIMIT), rules.id(), "move-limit"));
        }
        return Optional.empty();
    }

    /** The ply of the first of {@value #OCCURRENCES} occurrences of the last position, or -1. */
    private static int firstOccurrence(List<XiangqiPosition> line, int last) {
        XiangqiPosition now = line.get(last);
        int seen = 1;
        for (int j = last - 2; j >= 0 && j >= last - now.halfmoveClock(); j -= 2) {
            if (line.get(j).samePlacement(now) && ++seen == OCCURRENCES) {
                return j;
            }
        }
        return -1;
    }

    /**
     * The plies towards the natural move limit: the plies since the last capture, less the checks
     * beyond {@value #COUNTED_CHECKS} (by either side for computer, as Pikafish counts; the larger
     * side's excess twice for axf and chinese, as Fairy-Stockfish counts). Checks before the line's
     * start are not known and count.
     */
    private static int countedPlies(List<XiangqiPosition> line, RuleSet rules) {
        int last = line.size() - 1;
        int clock = line.get(last).halfmoveClock();
        if (clock < MOVE_LIMIT_PLIES || rules == RuleSet.NONE) {
            return clock;
        }
        int[] checks = new int[2];
        for (int j = last; j >= 1 && j > last - clock; j--) {
            if (line.get(j).inCheck()) {
                checks[line.get(j - 1).side()]++;
            }
        }
        int excessRed = Math.max(0, checks[0] - COUNTED_CHECKS);
        int excessBlack = Math.max(0, checks[1] - COUNTED_CHECKS);
        return rules == RuleSet.COMPUTER ? clock - excessRed - excessBlack
                : clock - 2 * Math.max(excessRed, excessBlack);
    }

    private static Ruling cycle(List<XiangqiPosition> line, int first, int last, RuleSet rules) {
        int n = last - first;
        // Piece identities: the point each piece stood on at the first occurrence.
        int[] id = new int[Geometry.SQUARES];
        byte[] start = line.get(first).mailbox();
        for (int s = 0; s < id.length; s++) {
            id[s] = start[s] != 0 ? s : -1;
        }
        int[] from = new int[n];
        int[] to = new int[n];
        boolean[] check = new boolean[n];
        long[][] chasedIds = new long[n][];
        long[][] chasedPoints = new long[n][];
        int[] mover = new int[n];
        int[][] idsAfter = new int[n][];
        boolean anyCheck = false;
        for (int k = 0; k < n; k++) {
            XiangqiPosition before = line.get(first + k);
            XiangqiPosition after = line.get(first + k + 1);
            int side = before.side();
            mover[k] = side;
            int[] ft = moveOf(before.mailbox(), after.mailbox(), side);
            from[k] = ft[0];
            to[k] = ft[1];
            id[ft[1]] = id[ft[0]];
            id[ft[0]] = -1;
            idsAfter[k] = id.clone();
            check[k] = after.inCheck();
            anyCheck |= check[k];
            long[] fresh;
            if (rules == RuleSet.COMPUTER) {
                long[] was = Chases.chasedBy(before.mailbox(), side);
                long[] is = Chases.chasedBy(after.mailbox(), side);
                fresh = new long[] {is[0] & ~was[0], is[1] & ~was[1]};
            } else {
                fresh = Chases.newChasesAxf(before.mailbox(), after.mailbox(), side, ft[0], ft[1]);
            }
            chasedPoints[k] = fresh;
            long[] ids = new long[2];
            for (int s = 0; s < Geometry.SQUARES; s++) {
                if (Chases.has(fresh, s) && id[s] >= 0) {
                    ids[id[s] >>> 6] |= 1L << (id[s] & 63);
                }
            }
            chasedIds[k] = ids;
        }
        // By side: checked with every move; the pieces chased by every move (checks left out for chinese).
        boolean[] allChecks = {true, true};
        long[][] held = {{-1L, -1L}, {-1L, -1L}};
        boolean[] anyChaseMove = new boolean[2];
        for (int k = 0; k < n; k++) {
            int s = mover[k];
            allChecks[s] &= check[k];
            if (rules == RuleSet.CHINESE && check[k]) {
                continue;
            }
            anyChaseMove[s] = true;
            held[s][0] &= chasedIds[k][0];
            held[s][1] &= chasedIds[k][1];
        }
        int us = line.get(last).side();
        int them = us ^ 1;
        boolean[] chases = new boolean[2];
        for (int s = 0; s < 2; s++) {
            chases[s] = anyChaseMove[s] && (held[s][0] != 0 || held[s][1] != 0);
            if (!anyChaseMove[s]) {
                held[s] = new long[2];
            }
        }
        Outcome outcome;
        String rule;
        if (rules == RuleSet.NONE) {
            outcome = Outcome.draw(Termination.REPETITION);
            rule = "repetition-draws";
        } else if (allChecks[us] || allChecks[them]) {
            if (allChecks[us] && allChecks[them]) {
                outcome = Outcome.draw(Termination.REPETITION);
                rule = "mutual-perpetual-check";
            } else {
                outcome = Outcome.win(side(allChecks[us] ? them : us), Termination.PERPETUAL_CHECK);
                rule = "perpetual-check";
            }
        } else if (rules == RuleSet.COMPUTER && anyCheck) {
            outcome = Outcome.draw(Termination.REPETITION);
            rule = chases[us] || chases[them] ? "check-breaks-chase" : "no-violation";
        } else if (chases[us] && chases[them]) {
            outcome = Outcome.draw(Termination.REPETITION);
            rule = "mutual-perpetual-chase";
        } else if (chases[us] || chases[them]) {
            outcome = Outcome.win(side(chases[us] ? them : us), Termination.PERPETUAL_CHASE);
            rule = "perpetual-chase";
        } else {
            outcome = Outcome.draw(Termination.REPETITION);
            rule = "no-violation";
        }
        List<Ruling.Step> steps = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int s = mover[k];
            List<Square> chased = squares(chasedPoints[k]);
            List<Square> keeps = new ArrayList<>();
            // The points (after this move) of the pieces its side keeps chasing.
            int[] idAfter = idsAfter[k];
            for (int p = 0; p < Geometry.SQUARES; p++) {
                int i = idAfter[p];
                if (i >= 0 && Chases.has(chasedPoints[k], p) && (held[s][i >>> 6] >>> (i & 63) & 1) != 0) {
                    keeps.add(Square.of(Geometry.FILE[p], Geometry.RANK[p]));
                }
            }
            Kind kind = check[k] ? Kind.CHECK : chased.isEmpty() ? Kind.IDLE : Kind.CHASE;
            steps.add(new Ruling.Step(first + k + 1, side(s), point(from[k]), point(to[k]), kind, chased, keeps));
        }
        return new Ruling(outcome, rules.id(), rule, first, last, steps);
    }

    /** The move from one mailbox to the next, by {@code side}: {from, to}. */
    static int[] moveOf(byte[] before, byte[] after, int side) {
        int from = -1;
        int to = -1;
        for (int s = 0; s < Geometry.SQUARES; s++) {
            if (before[s] == after[s]) {
                continue;
            }
            if (after[s] == 0) {
                from = s;
            } else if (after[s] >>> 3 == side) {
                to = s;
            }
        }
        if (from < 0 || to < 0) {
            throw new IllegalArgumentException("the positions are not one move apart");
        }
        return new int[] {from, to};
    }

    private static List<Square> squares(long[] set) {
        List<Square> out = new ArrayList<>();
        for (int s = 0; s < Geometry.SQUARES; s++) {
            if (Chases.has(set, s)) {
                out.add(point(s));
            }
        }
        return out;
    }

    private static Square point(int s) {
        return Square.of(Geometry.FILE[s], Geometry.RANK[s]);
    }

    private static Side side(int s) {
        return s == 0 ? Side.WHITE : Side.BLACK;
    }

    /**
     * The legal moves of the last position that would lose by repetition: those that make the
     * position occur for the {@value #OCCURRENCES}th time in a cycle the mover loses.
     */
    List<Move> banned(List<XiangqiPosition> line, RuleSet rules) {
        List<Move> out = new ArrayList<>();
        if (rules == RuleSet.NONE || line.isEmpty()) {
            return out;
        }
        XiangqiPosition now = line.get(line.size() - 1);
        Side mover = now.sideToMove();
        List<XiangqiPosition> next = new ArrayList<>(line);
        next.add(now);
        for (Move m : now.legalMoves()) {
            XiangqiPosition after = now.play(m);
            // Cheap test first: the position after the move must have occurred twice already.
            int seen = 0;
            for (int j = line.size() - 2; j >= 0 && seen < OCCURRENCES - 1; j -= 2) {
                if (line.get(j).samePlacement(after)) {
                    seen++;
                }
            }
            if (seen < OCCURRENCES - 1) {
                continue;
            }
            next.set(next.size() - 1, after);
            Optional<Ruling> r = rule(next, rules);
            if (r.isPresent() && r.get().isRepetition() && r.get().outcome().winner().equals(Optional.of(mover.opposite()))) {
                out.add(m);
            }
        }
        return out;
    }
}
