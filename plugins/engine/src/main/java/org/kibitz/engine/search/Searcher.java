package org.kibitz.engine.search;

import static org.kibitz.engine.search.Scores.INFINITE;
import static org.kibitz.engine.search.Scores.MATE;
import static org.kibitz.engine.search.Scores.MATE_BOUND;
import static org.kibitz.engine.search.Scores.MAX_PLY;
import static org.kibitz.engine.search.Scores.NONE;
import static org.kibitz.engine.search.TranspositionTable.BOUND_EXACT;
import static org.kibitz.engine.search.TranspositionTable.BOUND_LOWER;
import static org.kibitz.engine.search.TranspositionTable.BOUND_UPPER;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The game-neutral search: iterative deepening with aspiration windows over a principal variation
 * search (alpha-beta with null windows), a transposition table, quiescence search with SEE and delta
 * pruning, check extension, null-move pruning, reverse futility pruning, late move reductions and
 * late move pruning; moves ordered by hash move, good captures (MVV-LVA, SEE), killers, counter move,
 * history and bad captures last. MultiPV searches each line with the better ones excluded, as
 * Stockfish does.
 *
 * <p>Deterministic: given the same position, history, table contents and a depth or node limit, it
 * searches the same tree. One searcher per thread; it keeps its tables (history, killers) between the
 * searches of one game.
 */
public final class Searcher {

    /** History tables have this many entries per side; {@link SearchBoard#historyIndex} stays below it. */
    public static final int HISTORY_SIZE = 1 << 14;

    private static final int MAX_MOVES = 256;
    private static final int HISTORY_MAX = 1 << 14;
    /** How often (in nodes, minus one) the search looks at the clock and the stop flag. */
    private static final int POLL_MASK = 511;
    /** After this long the search says which root move it is on. */
    private static final long CURRMOVE_AFTER_MS = 3000;

    // Move ordering classes, highest first.
    private static final int ORDER_HASH = 1 << 30;
    private static final int ORDER_GOOD_CAPTURE = 1 << 28;
    private static final int ORDER_KILLER_1 = (1 << 27) + 2;
    private static final int ORDER_KILLER_2 = (1 << 27) + 1;
    private static final int ORDER_COUNTER = 1 << 27;
    private static final int ORDER_BAD_CAPTURE = -(1 << 28);

    private static final int[][] REDUCTIONS = new int[64][64];

    static {
        for (int d = 1; d < 64; d++) {
            for (int m = 1; m < 64; m++) {
                REDUCTIONS[d][m] = (int) (0.5 + Math.log(d) * Math.log(m) / 2.2);
            }
        }
    }

    private final TranspositionTable tt;
    private final int[] moves = new int[(MAX_PLY + 2) * MAX_MOVES];
    private final int[] orderScores = new int[(MAX_PLY + 2) * MAX_MOVES];
    private final int[][] pv = new int[MAX_PLY + 2][MAX_PLY + 2];
    private final int[] pvLength = new int[MAX_PLY + 2];
    private final int[] killer1 = new int[MAX_PLY + 2];
    private final int[] killer2 = new int[MAX_PLY + 2];
    private final int[] history = new int[2 * HISTORY_SIZE];
    private final int[] counterMoves = new int[HISTORY_SIZE];
    /** The move made at each ply (0 for a null move), for counter moves. */
    private final int[] played = new int[MAX_PLY + 2];
    private final int[] staticEvals = new int[MAX_PLY + 2];
    private final int[] quietsTried = new int[(MAX_PLY + 2) * MAX_MOVES];

    private SearchBoard board;
    private SearchControl control;
    private SearchObserver observer;
    private Limits limits;
    private long nodes;
    private long nodeLimit;
    private int seldepth;
    private boolean stopped;
    private int rootDepth;
    private int rootEval;
    private RootMove[] rootMoves;
    private int rootCount;
    private long lastCurrMoveReport;

    public Searcher(TranspositionTable tt) {
        this.tt = tt;
    }

    /** Forgets what earlier searches of this game taught the move ordering (a new game). */
    public void clearHistory() {
        Arrays.fill(history, 0);
        Arrays.fill(counterMoves, 0);
    }

    /** One move the root may play, with what the current iteration found for it. */
    private static final class RootMove {
        final int move;
        int score = -INFINITE;
        int previousScore = -INFINITE;
        int bound = BOUND_EXACT;
        int seldepth;
        int[] line;

        RootMove(int move) {
            this.move = move;
            this.line = new int[] {move};
        }
    }

    /**
     * Searches {@code root} (which the search plays on and restores) within the limits of
     * {@code control}, reporting to {@code observer}. Returns after the limits are reached or a stop
     * is requested; always with a legal move when there is one.
     */
    public SearchResult search(SearchBoard root, SearchControl control, SearchObserver observer) {
        this.board = root;
        this.control = control;
        this.observer = observer;
        this.limits = control.limits();
        this.nodes = 0;
        this.nodeLimit = limits.nodes();
        this.stopped = false;
        this.seldepth = 0;
        this.lastCurrMoveReport = 0;
        tt.newSearch();
        Arrays.fill(killer1, 0);
        Arrays.fill(killer2, 0);
        for (int i = 0; i < history.length; i++) {
            history[i] /= 2;
        }

        int n = board.generateMoves(moves, 0);
        List<RootMove> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (allowedAtRoot(m)) {
                list.add(new RootMove(m));
            }
        }
        rootMoves = list.toArray(new RootMove[0]);
        rootCount = rootMoves.length;
        if (rootCount == 0) {
            return new SearchResult(0, 0, n == 0 ? board.noMovesScore(0) : NONE, 0, 0, elapsedMs());
        }
        orderRootMoves();
        rootEval = board.inCheck() ? 0 : board.evaluate();

        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), MAX_PLY - 8) : MAX_PLY - 8;
        if (limits.mate() > 0 && limits.depth() == 0 && !limits.infinite()) {
            // A mate search ends when it finds the mate or has looked a few plies past where it would be.
            maxDepth = Math.min(maxDepth, 2 * limits.mate() + 4);
        }
        int multiPv = Math.min(limits.multiPv(), rootCount);
        int completed = 0;
        for (rootDepth = 1; rootDepth <= maxDepth; rootDepth++) {
            for (RootMove rm : rootMoves) {
                rm.previousScore = rm.score;
                rm.score = -INFINITE;
            }
            for (int pvIdx = 0; pvIdx < multiPv && !stopped; pvIdx++) {
                searchLine(pvIdx);
                sortRootMoves(0, pvIdx + 1);
            }
            if (stopped) {
                break;
            }
            completed = rootDepth;
            // The root's result goes into the table too: for the next search, ponder moves and probes.
            RootMove top = rootMoves[0];
            tt.store(board.key(), top.move, Scores.toTable(top.score, 0), rootEval, rootDepth,
                    top.bound == BOUND_UPPER ? BOUND_UPPER : top.bound == BOUND_LOWER ? BOUND_LOWER : BOUND_EXACT);
            reportLines(multiPv, rootDepth);
            if (finishedEarly(multiPv)) {
                break;
            }
        }
        if (stopped && completed < rootDepth && rootMoves[0].score != -INFINITE && rootDepth > 1) {
            // The unfinished iteration found something: say so before the best move goes out.
            reportLine(rootMoves[0], 1, rootDepth, BOUND_LOWER);
        }
        RootMove best = rootMoves[0];
        int ponder = best.line.length > 1 ? best.line[1] : ponderFromTable(best.move);
        int score = best.score != -INFINITE ? best.score : best.previousScore;
        return new SearchResult(best.move, ponder, score == -INFINITE ? NONE : score, completed, nodes, elapsedMs());
    }

    private boolean allowedAtRoot(int move) {
        int[] only = limits.searchMoves();
        if (only.length > 0) {
            boolean found = false;
            for (int m : only) {
                found |= m == move;
            }
            if (!found) {
                return false;
            }
        }
        for (int m : limits.bannedMoves()) {
            if (m == move) {
                return false;
            }
        }
        return true;
    }

    /** The first order: the table's move, then captures by MVV-LVA, then the generator's order. */
    private void orderRootMoves() {
        long e = tt.probe(board.key());
        int ttMove = e != 0 ? TranspositionTable.move(e) : 0;
        int[] keys = new int[rootCount];
        for (int i = 0; i < rootCount; i++) {
            int m = rootMoves[i].move;
            keys[i] = m == ttMove ? ORDER_HASH : board.isNoisy(m) ? board.gain(m) * 16 - board.moverValue(m) / 16 : -1_000_000;
            rootMoves[i].score = keys[i];
        }
        sortRootMoves(0, rootCount);
        for (RootMove rm : rootMoves) {
            rm.score = -INFINITE;
        }
    }

    /** Stable sort of {@code rootMoves[from..to)} by score, best first. */
    private void sortRootMoves(int from, int to) {
        for (int i = from + 1; i < to; i++) {
            RootMove x = rootMoves[i];
            int j = i - 1;
            while (j >= from && rootMoves[j].score < x.score) {
                rootMoves[j + 1] = rootMoves[j];
                j--;
            }
            rootMoves[j + 1] = x;
        }
    }

    /** Finds the line of rank {@code pvIdx} at the current depth, with an aspiration window when it can. */
    private void searchLine(int pvIdx) {
        int prev = rootMoves[pvIdx].previousScore;
        int window = 25;
        int alpha = -INFINITE;
        int beta = INFINITE;
        if (rootDepth >= 4 && prev != -INFINITE && Math.abs(prev) < MATE_BOUND) {
            alpha = Math.max(prev - window, -INFINITE);
            beta = Math.min(prev + window, INFINITE);
        }
        while (true) {
            int score = searchRoot(rootDepth, alpha, beta, pvIdx);
            sortRootMoves(pvIdx, rootCount);
            if (stopped) {
                return;
            }
            if (score <= alpha && alpha > -INFINITE) {
                beta = (alpha + beta) / 2;
                alpha = Math.max(score - window, -INFINITE);
                rootMoves[pvIdx].bound = BOUND_UPPER;
            } else if (score >= beta && beta < INFINITE) {
                beta = Math.min(score + window, INFINITE);
                rootMoves[pvIdx].bound = BOUND_LOWER;
            } else {
                rootMoves[pvIdx].bound = BOUND_EXACT;
                return;
            }
            window += window / 2 + 10;
            if (window > 1000) {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    private int searchRoot(int depth, int alpha, int beta, int pvIdx) {
        int best = -INFINITE;
        boolean inCheck = board.inCheck();
        for (int i = pvIdx; i < rootCount; i++) {
            RootMove rm = rootMoves[i];
            int move = rm.move;
            reportCurrentMove(depth, move, i + 1);
            seldepth = 0;
            board.make(move);
            played[0] = move;
            boolean givesCheck = board.inCheck();
            int newDepth = depth - 1 + (givesCheck ? 1 : 0);
            int score;
            if (i == pvIdx) {
                score = -search(newDepth, -beta, -alpha, 1, true);
            } else {
                int r = 0;
                if (depth >= 3 && !inCheck && !givesCheck && !board.isNoisy(move) && i - pvIdx >= 4) {
                    r = Math.min(REDUCTIONS[Math.min(depth, 63)][Math.min(i - pvIdx + 1, 63)] - 1, newDepth - 1);
                    r = Math.max(r, 0);
                }
                score = -search(newDepth - r, -alpha - 1, -alpha, 1, true);
                if (score > alpha && r > 0) {
                    score = -search(newDepth, -alpha - 1, -alpha, 1, true);
                }
                if (score > alpha && score < beta) {
                    score = -search(newDepth, -beta, -alpha, 1, true);
                }
            }
            board.unmake();
            if (stopped) {
                return best;
            }
            if (i == pvIdx || score > alpha) {
                rm.score = score;
                rm.seldepth = seldepth;
                int[] line = new int[Math.max(1, pvLength[1])];
                line[0] = move;
                for (int k = 1; k < pvLength[1]; k++) {
                    line[k] = pv[1][k];
                }
                rm.line = line;
            } else {
                rm.score = -INFINITE;
            }
            if (score > best) {
                best = score;
            }
            if (score > alpha) {
                alpha = score;
                if (score >= beta) {
                    return score;
                }
            }
        }
        return best;
    }

    /** The principal variation search below the root. */
    private int search(int depth, int alpha, int beta, int ply, boolean nullAllowed) {
        if (depth <= 0) {
            return quiesce(alpha, beta, ply);
        }
        pvLength[ply] = ply;
        if (poll()) {
            return 0;
        }
        if (ply > seldepth) {
            seldepth = ply;
        }
        int rule = board.ruleScore(ply);
        if (rule != NONE) {
            return rule;
        }
        if (ply >= MAX_PLY - 1) {
            return board.evaluate();
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = Math.max(alpha, -MATE + ply);
        beta = Math.min(beta, MATE - ply - 1);
        if (alpha >= beta) {
            return alpha;
        }
        boolean pvNode = beta - alpha > 1;
        long key = board.key();
        long entry = tt.probe(key);
        int ttMove = 0;
        int ttEval = NONE;
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            int ttScore = Scores.fromTable(TranspositionTable.score(entry), ply);
            ttEval = TranspositionTable.eval(entry);
            if (!pvNode && TranspositionTable.depth(entry) >= depth) {
                int b = TranspositionTable.bound(entry);
                if (b == BOUND_EXACT || (b == BOUND_LOWER && ttScore >= beta) || (b == BOUND_UPPER && ttScore <= alpha)) {
                    return ttScore;
                }
            }
        }
        boolean inCheck = board.inCheck();
        int staticEval;
        if (inCheck) {
            staticEval = NONE;
        } else {
            staticEval = entry != 0 ? ttEval : board.evaluate();
        }
        staticEvals[ply] = staticEval;
        boolean improving = !inCheck && ply >= 2 && staticEvals[ply - 2] != NONE && staticEval > staticEvals[ply - 2];

        if (!pvNode && !inCheck && Math.abs(beta) < MATE_BOUND) {
            // Reverse futility: far enough above beta that a shallow search will not come back down.
            if (depth <= 6 && staticEval - 85 * (depth - (improving ? 1 : 0)) >= beta) {
                return staticEval;
            }
            // Null move: if passing still beats beta, a real move will too (not in zugzwang-prone positions).
            if (nullAllowed && depth >= 3 && staticEval >= beta && board.nullMoveAllowed()) {
                int r = 3 + depth / 6 + Math.min(2, (staticEval - beta) / 200);
                board.makeNull();
                played[ply] = 0;
                int score = -search(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                board.unmakeNull();
                if (stopped) {
                    return 0;
                }
                if (score >= beta) {
                    return score >= MATE_BOUND ? beta : score;
                }
            }
        }
        // No hash move deep in the tree: a shallower search finds one cheaper than ordering blind.
        if (depth >= 5 && ttMove == 0) {
            depth--;
        }

        int base = ply * MAX_MOVES;
        int end = board.generateMoves(moves, base);
        if (end == base) {
            return board.noMovesScore(ply);
        }
        scoreMoves(base, end, ttMove, ply);
        int previous = ply > 0 ? played[ply - 1] : 0;
        int side = board.side();
        int best = -INFINITE;
        int bestMove = 0;
        int origAlpha = alpha;
        int moveCount = 0;
        int quietCount = 0;
        int quietBase = ply * MAX_MOVES;
        for (int i = base; i < end; i++) {
            int move = pick(i, end);
            boolean noisy = board.isNoisy(move);
            boolean killer = move == killer1[ply] || move == killer2[ply];
            moveCount++;
            // Late move pruning: at shallow depth, quiet moves far down the list rarely matter.
            if (!pvNode && !inCheck && !noisy && !killer && best > -MATE_BOUND && depth <= 3
                    && moveCount > 4 + depth * depth * (improving ? 2 : 1)) {
                continue;
            }
            board.make(move);
            played[ply] = move;
            boolean givesCheck = board.inCheck();
            int extension = givesCheck && ply < 2 * rootDepth ? 1 : 0;
            int newDepth = depth - 1 + extension;
            int score;
            if (moveCount == 1) {
                score = -search(newDepth, -beta, -alpha, ply + 1, true);
            } else {
                int r = 0;
                if (depth >= 3 && moveCount > (pvNode ? 4 : 2) && !noisy && !inCheck && !givesCheck && !killer) {
                    r = REDUCTIONS[Math.min(depth, 63)][Math.min(moveCount, 63)];
                    if (pvNode) {
                        r--;
                    }
                    if (!improving) {
                        r++;
                    }
                    r -= Math.max(-2, Math.min(2, history[side * HISTORY_SIZE + board.historyIndex(move)] / 4096));
                    r = Math.max(0, Math.min(r, newDepth - 1));
                }
                score = -search(newDepth - r, -alpha - 1, -alpha, ply + 1, true);
                if (score > alpha && r > 0) {
                    score = -search(newDepth, -alpha - 1, -alpha, ply + 1, true);
                }
                if (score > alpha && score < beta) {
                    score = -search(newDepth, -beta, -alpha, ply + 1, true);
                }
            }
            board.unmake();
            if (stopped) {
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    bestMove = move;
                    alpha = score;
                    updatePv(ply, move);
                    if (score >= beta) {
                        if (!noisy) {
                            rewardQuiet(move, ply, depth, side, previous, quietBase, quietCount);
                        }
                        break;
                    }
                }
            }
            if (!noisy && quietCount < MAX_MOVES) {
                quietsTried[quietBase + quietCount++] = move;
            }
        }
        if (best == -INFINITE) {
            // Every move was pruned: not a mate, just nothing searched; stand on the evaluation.
            best = staticEval != NONE ? staticEval : alpha;
        }
        int bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
        tt.store(key, bestMove, Scores.toTable(best, ply), staticEval == NONE ? 0 : staticEval, depth, bound);
        return best;
    }

    /** Captures (and evasions when in check) until the position is quiet. */
    private int quiesce(int alpha, int beta, int ply) {
        pvLength[ply] = ply;
        if (poll()) {
            return 0;
        }
        if (ply > seldepth) {
            seldepth = ply;
        }
        if (ply >= MAX_PLY - 1) {
            return board.evaluate();
        }
        boolean inCheck = board.inCheck();
        long key = board.key();
        long entry = tt.probe(key);
        int ttMove = 0;
        boolean pvNode = beta - alpha > 1;
        if (entry != 0) {
            int ttScore = Scores.fromTable(TranspositionTable.score(entry), ply);
            int b = TranspositionTable.bound(entry);
            if (!pvNode && (b == BOUND_EXACT || (b == BOUND_LOWER && ttScore >= beta) || (b == BOUND_UPPER && ttScore <= alpha))) {
                return ttScore;
            }
            ttMove = TranspositionTable.move(entry);
        }
        int standPat = NONE;
        int best = -INFINITE;
        if (!inCheck) {
            standPat = entry != 0 ? TranspositionTable.eval(entry) : board.evaluate();
            if (standPat >= beta) {
                return standPat;
            }
            if (standPat > alpha) {
                alpha = standPat;
            }
            best = standPat;
        }
        int base = ply * MAX_MOVES;
        int end = inCheck ? board.generateMoves(moves, base) : board.generateNoisy(moves, base);
        if (inCheck && end == base) {
            return board.noMovesScore(ply);
        }
        if (inCheck) {
            scoreMoves(base, end, ttMove, ply);
        } else {
            for (int i = base; i < end; i++) {
                int m = moves[i];
                orderScores[i] = (m == ttMove ? ORDER_HASH : 0) + board.gain(m) * 16 - board.moverValue(m) / 16;
            }
        }
        int bestMove = 0;
        int origAlpha = alpha;
        for (int i = base; i < end; i++) {
            int move = pick(i, end);
            if (!inCheck) {
                // Delta pruning: even winning this piece outright would not reach alpha.
                if (standPat + board.gain(move) + 200 <= alpha) {
                    continue;
                }
                if (board.see(move) < 0) {
                    continue;
                }
            }
            board.make(move);
            played[ply] = move;
            int score = -quiesce(-beta, -alpha, ply + 1);
            board.unmake();
            if (stopped) {
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    bestMove = move;
                    updatePv(ply, move);
                    if (score >= beta) {
                        break;
                    }
                }
            }
        }
        int bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
        tt.store(key, bestMove, Scores.toTable(best, ply), standPat == NONE ? 0 : standPat, 0, bound);
        return best;
    }

    private void updatePv(int ply, int move) {
        int[] row = pv[ply];
        row[ply] = move;
        int[] child = pv[ply + 1];
        int len = pvLength[ply + 1];
        for (int k = ply + 1; k < len; k++) {
            row[k] = child[k];
        }
        pvLength[ply] = Math.max(len, ply + 1);
    }

    private void scoreMoves(int base, int end, int ttMove, int ply) {
        int side = board.side();
        int previous = ply > 0 ? played[ply - 1] : 0;
        int counter = previous != 0 ? counterMoves[board.historyIndex(previous)] : 0;
        for (int i = base; i < end; i++) {
            int m = moves[i];
            int s;
            if (m == ttMove) {
                s = ORDER_HASH;
            } else if (board.isNoisy(m)) {
                int mvvLva = board.gain(m) * 16 - board.moverValue(m) / 16;
                s = (board.see(m) >= 0 ? ORDER_GOOD_CAPTURE : ORDER_BAD_CAPTURE) + mvvLva;
            } else if (m == killer1[ply]) {
                s = ORDER_KILLER_1;
            } else if (m == killer2[ply]) {
                s = ORDER_KILLER_2;
            } else if (m == counter) {
                s = ORDER_COUNTER;
            } else {
                s = history[side * HISTORY_SIZE + board.historyIndex(m)];
            }
            orderScores[i] = s;
        }
    }

    /** Brings the best-ordered remaining move to {@code i} and returns it. */
    private int pick(int i, int end) {
        int bestIdx = i;
        int bestScore = orderScores[i];
        for (int j = i + 1; j < end; j++) {
            if (orderScores[j] > bestScore) {
                bestScore = orderScores[j];
                bestIdx = j;
            }
        }
        if (bestIdx != i) {
            int m = moves[i];
            moves[i] = moves[bestIdx];
            moves[bestIdx] = m;
            int s = orderScores[i];
            orderScores[i] = orderScores[bestIdx];
            orderScores[bestIdx] = s;
        }
        return moves[i];
    }

    private void rewardQuiet(int move, int ply, int depth, int side, int previous, int quietBase, int quietCount) {
        if (killer1[ply] != move) {
            killer2[ply] = killer1[ply];
            killer1[ply] = move;
        }
        if (previous != 0) {
            counterMoves[board.historyIndex(previous)] = move;
        }
        int bonus = Math.min(depth * depth * 16, 1600);
        int offset = side * HISTORY_SIZE;
        adjustHistory(offset + board.historyIndex(move), bonus);
        for (int k = 0; k < quietCount; k++) {
            adjustHistory(offset + board.historyIndex(quietsTried[quietBase + k]), -bonus);
        }
    }

    /** History with gravity: entries saturate at ±{@value #HISTORY_MAX} instead of growing without bound. */
    private void adjustHistory(int index, int bonus) {
        int h = history[index];
        history[index] = h + bonus - h * Math.abs(bonus) / HISTORY_MAX;
    }

    /** Counts a node and, now and then, checks the limits; true when the search must unwind. */
    private boolean poll() {
        // Nodes visited while unwinding a stopped search are not searched: counting them would
        // report more nodes than `go nodes N` allowed.
        if (stopped) {
            return true;
        }
        nodes++;
        if (nodeLimit > 0 && nodes >= nodeLimit && rootDepth > 1) {
            stopped = true;
            return true;
        }
        if ((nodes & POLL_MASK) == 0) {
            if (control.stopRequested()) {
                stopped = true;
            } else if (rootDepth > 1 && !control.pondering() && System.nanoTime() >= control.hardDeadline()) {
                stopped = true;
            }
        }
        return stopped;
    }

    /** Whether the search should end after a finished iteration. */
    private boolean finishedEarly(int multiPv) {
        if (control.stopRequested()) {
            stopped = true;
            return true;
        }
        if (nodeLimit > 0 && nodes >= nodeLimit) {
            return true;
        }
        int best = rootMoves[0].score;
        if (limits.mate() > 0 && Scores.isMate(best) && best > 0 && Scores.mateMoves(best) <= limits.mate()) {
            return !control.pondering() && !limits.infinite();
        }
        if (control.pondering() || limits.infinite()) {
            return false;
        }
        // A forced move needs no thought when the clock runs.
        if (rootCount == 1 && multiPv == 1 && (limits.timeLeftMs() > 0 || limits.moveTimeMs() > 0) && rootDepth >= 2) {
            return true;
        }
        long now = System.nanoTime();
        long soft = control.softDeadline();
        if (soft != Long.MAX_VALUE) {
            long start = control.startNanos();
            // The next iteration takes several times this one: do not start what cannot finish.
            if (now >= soft || (limits.moveTimeMs() == 0 && now - start >= (soft - start) * 6 / 10)) {
                return true;
            }
        }
        return false;
    }

    private void reportLines(int multiPv, int depth) {
        for (int i = 0; i < multiPv; i++) {
            RootMove rm = rootMoves[i];
            reportLine(rm, i + 1, depth, rm.bound);
        }
    }

    private void reportLine(RootMove rm, int rank, int depth, int bound) {
        int score = rm.score != -INFINITE ? rm.score : rm.previousScore;
        if (score == -INFINITE) {
            return;
        }
        List<String> text = new ArrayList<>(rm.line.length);
        for (int m : rm.line) {
            text.add(board.moveText(m));
        }
        observer.line(new SearchObserver.Line(depth, Math.max(rm.seldepth, depth), rank, score, bound, nodes,
                elapsedMs(), tt.hashfull(), text));
    }

    private void reportCurrentMove(int depth, int move, int number) {
        long elapsed = elapsedMs();
        if (elapsed >= CURRMOVE_AFTER_MS && elapsed - lastCurrMoveReport >= 500) {
            lastCurrMoveReport = elapsed;
            observer.currentMove(depth, board.moveText(move), number);
        }
    }

    /** The table's move after {@code best}, if it is legal there. */
    private int ponderFromTable(int best) {
        board.make(best);
        int reply = 0;
        long e = tt.probe(board.key());
        if (e != 0) {
            int m = TranspositionTable.move(e);
            int end = board.generateMoves(moves, 0);
            for (int i = 0; i < end; i++) {
                if (moves[i] == m) {
                    reply = m;
                    break;
                }
            }
        }
        board.unmake();
        return reply;
    }

    private long elapsedMs() {
        return (System.nanoTime() - control.startNanos()) / 1_000_000;
    }

    /** Nodes searched by the last (or current) search. */
    public long nodes() {
        return nodes;
    }
}
