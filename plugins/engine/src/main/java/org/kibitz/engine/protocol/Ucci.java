package org.kibitz.engine.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kibitz.engine.search.Limits;
import org.kibitz.engine.search.Scores;
import org.kibitz.engine.search.SearchBoard;
import org.kibitz.engine.search.SearchObserver;
import org.kibitz.engine.search.SearchResult;
import org.kibitz.engine.search.TranspositionTable;

/**
 * UCCI 3.0 for xiangqi, as ElephantEye speaks it: {@code ucci} boot with {@code id} lines and options
 * without the {@code name} keyword, {@code ucciok}; times in seconds unless {@code usemillisec} is set;
 * {@code banmoves} until the next {@code position}; {@code nobestmove} when there is nothing to play
 * (or {@code go depth 0}); scores bare, mates as {@code ±(10000 - plies)}; {@code bye} on {@code quit}.
 */
final class Ucci implements Protocol {

    /** UCCI's mate score: ElephantEye writes a mate in n plies as {@code 10000 - n}. */
    static final int UCCI_MATE = 10_000;
    /** Bare scores beyond this read as mates: keep everything else inside. */
    static final int UCCI_MAX_CP = 9_799;

    private final EngineCore core;
    private final LineWriter out;
    private boolean millis;
    private SearchBoard position;
    private String positionError;
    private int[] banned = new int[0];

    Ucci(EngineCore core, LineWriter out) {
        this.core = core;
        this.out = out;
        setPosition(Game.XIANGQI, null, List.of(), false);
    }

    @Override
    public boolean handle(String line) {
        List<String> t = Protocol.tokens(line);
        switch (t.get(0)) {
            case "ucci" -> identify();
            case "isready" -> {
                if (!core.searching()) {
                    Warmup.once();
                }
                core.awaitStopping(100);
                out.println("readyok");
            }
            case "setoption" -> setOption(t);
            case "position" -> position(t);
            case "banmoves" -> banMoves(t);
            case "go" -> go(t);
            case "ponderhit" -> core.ponderHit();
            case "stop" -> core.stop();
            case "probe" -> probe(t);
            case "quit" -> {
                return false;
            }
            default -> {
                // not a UCCI command: ignored
            }
        }
        return true;
    }

    @Override
    public void close() {
        core.shutdown(150);
        out.println("bye");
    }

    private void identify() {
        out.println("id name " + Uci.NAME);
        out.println("id copyright the Kibitz authors");
        out.println("id author " + Uci.AUTHOR);
        out.println("option usemillisec type check default false");
        out.println("option hashsize type spin min 1 max " + EngineCore.maxHashMb() + " default " + EngineCore.DEFAULT_HASH_MB);
        out.println("option ponder type check default false");
        out.println("option newgame type button");
        out.println("ucciok");
    }

    private void setOption(List<String> t) {
        if (t.size() < 2) {
            return;
        }
        String name = t.get(1).toLowerCase(Locale.ROOT);
        String value = t.size() > 2 ? String.join(" ", t.subList(2, t.size())) : "";
        switch (name) {
            case "usemillisec" -> millis = value.equalsIgnoreCase("true") || value.equals("1") || value.equalsIgnoreCase("on");
            case "hashsize" -> {
                long mb = Protocol.number(value, EngineCore.DEFAULT_HASH_MB);
                long asked = mb <= 0 ? EngineCore.DEFAULT_HASH_MB : mb;
                int set = core.setHash((int) Math.min(Integer.MAX_VALUE, asked));
                if (set < asked) {
                    out.println("info message hashsize " + asked + " MB is more than this engine's memory allows: " + set + " MB");
                }
            }
            case "newgame" -> core.newGame();
            default -> {
                // "Setting an option the engine did not offer is not an error."
            }
        }
    }

    private void position(List<String> t) {
        Protocol.PositionCommand.parse(t).ifPresent(p -> setPosition(p.game(Game.XIANGQI), p.fen(), p.moves(), true));
    }

    private void setPosition(Game game, String fen, List<String> moves, boolean report) {
        banned = new int[0];
        try {
            position = game.setUp(fen, moves, false);
            positionError = null;
        } catch (Game.BadPosition e) {
            position = e.reached().orElse(null);
            positionError = e.getMessage();
            if (report) {
                out.println("info message " + e.getMessage());
            }
        }
    }

    private void banMoves(List<String> t) {
        if (position == null) {
            return;
        }
        List<Integer> list = new ArrayList<>();
        for (String m : t.subList(1, t.size())) {
            int move = position.parseMove(m);
            if (move != 0) {
                list.add(move);
            }
        }
        banned = list.stream().mapToInt(Integer::intValue).toArray();
    }

    private void go(List<String> t) {
        core.stopAndWait();
        if (position == null) {
            out.println("info message no position to search: " + positionError);
            out.println("nobestmove");
            return;
        }
        SearchBoard root = position;
        Limits.Builder b = Limits.builder().bannedMoves(banned);
        boolean drawOffered = false;
        double unit = millis ? 1 : 1000;
        long time = Long.MIN_VALUE; // absent until given; 0 or less given means "move now"
        long increment = 0;
        int movesToGo = 0;
        for (int i = 1; i < t.size(); i++) {
            String w = t.get(i);
            String next = i + 1 < t.size() ? t.get(i + 1) : "";
            switch (w) {
                case "ponder" -> b.ponder(true);
                case "draw" -> drawOffered = true;
                case "infinite" -> b.infinite(true);
                case "depth" -> {
                    if (next.equals("infinite")) {
                        b.infinite(true);
                    } else {
                        long d = Protocol.number(next, -1);
                        if (d == 0) {
                            // Depth 0: only the static evaluation, and nothing to play.
                            out.println("info depth 0 score " + bare(root.evaluate()));
                            out.println("nobestmove");
                            return;
                        }
                        b.depth((int) Math.max(1, d));
                    }
                }
                case "nodes" -> b.nodes(Protocol.number(next, 0));
                case "time" -> time = Math.round(Protocol.decimal(next, 0) * unit);
                case "movestogo" -> movesToGo = (int) Protocol.number(next, 0);
                case "increment" -> increment = Math.round(Protocol.decimal(next, 0) * unit);
                case "opptime", "oppmovestogo", "oppincrement" -> i++; // the opponent's clock: not used
                default -> {
                    // a value, or a word this engine does not know
                }
            }
        }
        if (time != Long.MIN_VALUE) {
            b.clock(time, increment, movesToGo);
        }
        boolean draw = drawOffered;
        core.start(root, b.build(), new Info(out), result -> bestMove(root, result, draw));
    }

    private void bestMove(SearchBoard root, SearchResult r, boolean drawOffered) {
        if (!r.hasMove()) {
            out.println("nobestmove");
            return;
        }
        StringBuilder sb = new StringBuilder("bestmove ").append(root.moveText(r.bestMove()));
        if (r.ponder() != 0) {
            sb.append(" ponder ").append(root.moveText(r.ponder()));
        }
        // A draw offer is taken when the engine sees itself worse.
        if (drawOffered && r.score() != Scores.NONE && r.score() <= -50) {
            sb.append(" draw");
        }
        out.println(sb.toString());
    }

    /** {@code probe [fen ... | startpos] [moves ...]}: what the table knows of a position. */
    private void probe(List<String> t) {
        SearchBoard board = position;
        if (t.size() > 1) {
            int movesAt = t.indexOf("moves");
            List<String> moves = movesAt > 0 ? List.copyOf(t.subList(movesAt + 1, t.size())) : List.of();
            String fen = t.get(1).equals("fen") ? String.join(" ", t.subList(2, movesAt > 0 ? movesAt : t.size())) : null;
            try {
                board = (fen == null ? Game.XIANGQI : Game.ofFen(fen).orElse(Game.XIANGQI)).setUp(fen, moves, false);
            } catch (Game.BadPosition e) {
                out.println("pophash");
                return;
            }
        }
        long e = board == null ? 0 : core.table().probe(board.key());
        if (e == 0) {
            out.println("pophash");
            return;
        }
        StringBuilder sb = new StringBuilder("pophash");
        int move = TranspositionTable.move(e);
        if (move != 0) {
            sb.append(" bestmove ").append(board.moveText(move));
        }
        int bound = TranspositionTable.bound(e);
        int score = bare(TranspositionTable.score(e));
        int depth = TranspositionTable.depth(e);
        if ((bound & TranspositionTable.BOUND_LOWER) != 0) {
            sb.append(" lowerbound ").append(score).append(" depth ").append(depth);
        }
        if ((bound & TranspositionTable.BOUND_UPPER) != 0) {
            sb.append(" upperbound ").append(score).append(" depth ").append(depth);
        }
        out.println(sb.toString());
    }

    /** A score as UCCI writes it: bare centipawns, a mate in n plies as {@code ±(10000 - n)}. */
    static int bare(int score) {
        if (Scores.isMate(score)) {
            int plies = Scores.matePlies(score);
            return score > 0 ? UCCI_MATE - plies : -(UCCI_MATE - plies);
        }
        return Math.max(-UCCI_MAX_CP, Math.min(UCCI_MAX_CP, score));
    }

    /** Search progress as UCCI info lines: the line, then time and nodes on their own as ElephantEye does. */
    private record Info(LineWriter out) implements SearchObserver {
        @Override
        public void line(Line l) {
            if (l.multipv() != 1) {
                return;
            }
            out.println("info depth " + l.depth() + " score " + bare(l.score()) + " pv " + String.join(" ", l.pv()));
            out.println("info time " + l.timeMs() + " nodes " + l.nodes());
        }

        @Override
        public void currentMove(int depth, String move, int number) {
            out.println("info currmove " + move);
        }
    }
}
