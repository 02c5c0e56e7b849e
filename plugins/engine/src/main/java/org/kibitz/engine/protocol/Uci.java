package org.kibitz.engine.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kibitz.engine.search.Limits;
import org.kibitz.engine.search.Scores;
import org.kibitz.engine.search.SearchBoard;
import org.kibitz.engine.search.SearchObserver;
import org.kibitz.engine.search.SearchResult;
import org.kibitz.engine.search.TranspositionTable;

/**
 * UCI, as the April 2006 specification has it, for chess and for xiangqi
 * ({@code setoption name UCI_Variant value xiangqi}, squares a0-i9 as Pikafish writes them, FEN with
 * N/B letters). Every {@code go} gets exactly one {@code bestmove}; {@code isready} is answered at
 * once, also while searching; unknown commands and tokens are skipped.
 */
final class Uci implements Protocol {

    static final String NAME = "Kibitz engine";
    static final String AUTHOR = "the Kibitz authors";
    static final int MAX_MULTIPV = 64;

    private static final Set<String> COMMANDS = Set.of("uci", "debug", "isready", "setoption", "register", "ucinewgame",
            "position", "go", "stop", "ponderhit", "quit");
    private static final Set<String> GO_WORDS = Set.of("searchmoves", "ponder", "wtime", "btime", "winc", "binc",
            "movestogo", "depth", "nodes", "mate", "movetime", "infinite");

    private final EngineCore core;
    private final LineWriter out;
    private Game variant = Game.CHESS;
    private boolean chess960;
    private int multiPv = 1;
    private long moveOverhead = Limits.DEFAULT_MOVE_OVERHEAD_MS;

    /** The last position command: game, FEN (null for the start) and moves, rebuilt when options change it. */
    private Game positionGame = Game.CHESS;
    private String positionFen;
    private List<String> positionMoves = List.of();
    private SearchBoard position;
    private String positionError;

    Uci(EngineCore core, LineWriter out) {
        this.core = core;
        this.out = out;
        rebuildPosition(false);
    }

    @Override
    public boolean handle(String line) {
        List<String> t = Protocol.tokens(line);
        // "If the engine receives a command it does not know, it should skip it and try the rest."
        int start = 0;
        while (start < t.size() && !COMMANDS.contains(t.get(start))) {
            start++;
        }
        if (start == t.size()) {
            return true;
        }
        t = t.subList(start, t.size());
        switch (t.get(0)) {
            case "uci" -> identify();
            case "isready" -> {
                if (!core.searching()) {
                    Warmup.once();
                }
                core.awaitStopping(100);
                out.println("readyok");
            }
            case "setoption" -> setOption(t);
            case "ucinewgame" -> core.newGame();
            case "position" -> position(t);
            case "go" -> go(t);
            case "stop" -> core.stop();
            case "ponderhit" -> core.ponderHit();
            case "quit" -> {
                return false;
            }
            default -> {
                // debug, register: nothing to do
            }
        }
        return true;
    }

    @Override
    public void close() {
        core.shutdown(150);
    }

    private void identify() {
        out.println("id name " + NAME);
        out.println("id author " + AUTHOR);
        // The most this JVM's heap allows: a GUI that offers more would have the engine run out of memory.
        out.println("option name Hash type spin default " + EngineCore.DEFAULT_HASH_MB + " min 1 max " + EngineCore.maxHashMb());
        out.println("option name Clear Hash type button");
        out.println("option name Threads type spin default 1 min 1 max 1");
        out.println("option name MultiPV type spin default 1 min 1 max " + MAX_MULTIPV);
        out.println("option name Ponder type check default false");
        out.println("option name Move Overhead type spin default " + Limits.DEFAULT_MOVE_OVERHEAD_MS + " min 0 max 5000");
        out.println("option name UCI_Variant type combo default chess var chess var xiangqi");
        out.println("option name UCI_Chess960 type check default false");
        out.println("uciok");
    }

    private void setOption(List<String> t) {
        // setoption name <id, may contain spaces> [value <x, may contain spaces>]
        int nameAt = t.indexOf("name");
        if (nameAt < 0) {
            return;
        }
        int valueAt = t.indexOf("value");
        String name = String.join(" ", t.subList(nameAt + 1, valueAt > nameAt ? valueAt : t.size()));
        String value = valueAt > nameAt ? String.join(" ", t.subList(valueAt + 1, t.size())) : "";
        switch (name.toLowerCase(Locale.ROOT)) {
            case "hash" -> {
                long asked = Protocol.number(value, EngineCore.DEFAULT_HASH_MB);
                int set = core.setHash((int) Math.max(1, Math.min(Integer.MAX_VALUE, asked)));
                if (set < asked) {
                    out.println("info string Hash " + asked + " MB is more than this engine's memory allows: " + set + " MB");
                }
            }
            case "clear hash" -> core.clearHash();
            case "multipv" -> multiPv = (int) Math.max(1, Math.min(MAX_MULTIPV, Protocol.number(value, 1)));
            case "move overhead" -> moveOverhead = Math.max(0, Math.min(5000, Protocol.number(value, Limits.DEFAULT_MOVE_OVERHEAD_MS)));
            case "uci_variant" -> {
                Game g = Game.named(value).orElse(null);
                if (g == null) {
                    out.println("info string unknown variant " + value + ": this engine plays chess and xiangqi");
                } else if (g != variant) {
                    variant = g;
                    positionGame = g;
                    positionFen = null;
                    positionMoves = List.of();
                    rebuildPosition(false);
                }
            }
            case "uci_chess960" -> {
                chess960 = value.equalsIgnoreCase("true");
                rebuildPosition(false);
            }
            case "threads", "ponder" -> {
                // one thread only; pondering is the GUI's to start with go ponder
            }
            default -> out.println("info string No such option: " + name);
        }
    }

    private void position(List<String> t) {
        Protocol.PositionCommand.parse(t).ifPresent(p -> {
            positionGame = p.game(variant);
            positionFen = p.fen();
            positionMoves = p.moves();
            rebuildPosition(true);
        });
    }

    /** Sets the board up from the last position command, saying what went wrong when {@code report}. */
    private void rebuildPosition(boolean report) {
        try {
            position = positionGame.setUp(positionFen, positionMoves, chess960);
            positionError = null;
        } catch (Game.BadPosition e) {
            position = e.reached().orElse(null);
            positionError = e.getMessage();
            if (report) {
                out.println("info string " + e.getMessage());
            }
        }
    }

    private void go(List<String> t) {
        core.stopAndWait();
        if (position == null) {
            out.println("info string no position to search: " + positionError);
            out.println("bestmove 0000");
            return;
        }
        SearchBoard root = position;
        Limits.Builder b = Limits.builder().multiPv(multiPv).moveOverhead(moveOverhead);
        boolean white = root.side() == 0;
        // Absent until given: a given clock of 0 or less means "move now" (it was taken for "no clock").
        long wtime = Long.MIN_VALUE;
        long btime = Long.MIN_VALUE;
        long winc = 0;
        long binc = 0;
        int movesToGo = 0;
        List<Integer> searchMoves = new ArrayList<>();
        for (int i = 1; i < t.size(); i++) {
            String w = t.get(i);
            String next = i + 1 < t.size() ? t.get(i + 1) : "";
            switch (w) {
                case "searchmoves" -> {
                    while (i + 1 < t.size() && !GO_WORDS.contains(t.get(i + 1))) {
                        int m = root.parseMove(t.get(++i));
                        if (m != 0) {
                            searchMoves.add(m);
                        } else {
                            out.println("info string searchmoves: not a legal move here: " + t.get(i));
                        }
                    }
                }
                case "ponder" -> b.ponder(true);
                case "infinite" -> b.infinite(true);
                case "wtime" -> wtime = Protocol.number(next, 0);
                case "btime" -> btime = Protocol.number(next, 0);
                case "winc" -> winc = Protocol.number(next, 0);
                case "binc" -> binc = Protocol.number(next, 0);
                case "movestogo" -> movesToGo = (int) Protocol.number(next, 0);
                case "depth" -> b.depth((int) Protocol.number(next, 0));
                case "nodes" -> b.nodes(Protocol.number(next, 0));
                case "mate" -> b.mate((int) Protocol.number(next, 0));
                case "movetime" -> b.moveTime(Protocol.number(next, 0));
                default -> {
                    // a value, or a word this engine does not know
                }
            }
        }
        long mine = white ? wtime : btime;
        if (mine != Long.MIN_VALUE) {
            b.clock(mine, white ? winc : binc, movesToGo);
        }
        if (!searchMoves.isEmpty()) {
            b.searchMoves(searchMoves.stream().mapToInt(Integer::intValue).toArray());
        }
        Limits limits = b.build();
        core.start(root, limits, new Info(out), result -> bestMove(root, result));
    }

    private void bestMove(SearchBoard root, SearchResult r) {
        if (!r.hasMove()) {
            if (r.score() != Scores.NONE) {
                out.println("info depth 0 score " + score(r.score()));
            }
            out.println("bestmove 0000");
            return;
        }
        String line = "bestmove " + root.moveText(r.bestMove());
        if (r.ponder() != 0) {
            line += " ponder " + root.moveText(r.ponder());
        }
        out.println(line);
    }

    /** The UCI score field: {@code cp N} or {@code mate N} (moves, negative when mated). */
    static String score(int score) {
        return Scores.isMate(score) ? "mate " + Scores.mateMoves(score) : "cp " + score;
    }

    /** Search progress as UCI info lines. */
    private record Info(LineWriter out) implements SearchObserver {
        @Override
        public void line(Line l) {
            StringBuilder sb = new StringBuilder(160);
            sb.append("info depth ").append(l.depth()).append(" seldepth ").append(l.seldepth())
                    .append(" multipv ").append(l.multipv()).append(" score ").append(score(l.score()));
            if (l.bound() == TranspositionTable.BOUND_LOWER) {
                sb.append(" lowerbound");
            } else if (l.bound() == TranspositionTable.BOUND_UPPER) {
                sb.append(" upperbound");
            }
            sb.append(" nodes ").append(l.nodes()).append(" nps ").append(l.nps()).append(" hashfull ").append(l.hashfull())
                    .append(" time ").append(l.timeMs()).append(" pv ").append(String.join(" ", l.pv()));
            out.println(sb.toString());
        }

        @Override
        public void currentMove(int depth, String move, int number) {
            out.println("info depth " + depth + " currmove " + move + " currmovenumber " + number);
        }
    }
}
