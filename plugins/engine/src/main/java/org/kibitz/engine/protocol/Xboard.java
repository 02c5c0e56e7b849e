package org.kibitz.engine.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kibitz.engine.search.Limits;
import org.kibitz.engine.search.Scores;
import org.kibitz.engine.search.SearchBoard;
import org.kibitz.engine.search.SearchObserver;
import org.kibitz.engine.search.SearchResult;

/**
 * CECP (xboard protocol 2) for chess ({@code normal}) and xiangqi: the engine keeps the game itself,
 * plays the side it is told to ({@code go}, {@code playother}) unless in force mode, and analyses in
 * analyze mode. Moves in coordinates, xiangqi ranks 0-9; {@code setboard} takes our FENs and XBoard's
 * (H/E letters, missing fields). Thinking output is {@code ply score time nodes pv}, time in
 * centiseconds, mates as {@code 100000 + moves}.
 *
 * <p>The command thread and the search thread share the game; {@link #lock} guards it, and the command
 * thread never waits for the search while holding it (the search's completion takes it to play the move).
 */
final class Xboard implements Protocol {

    private static final int XBOARD_MATE = 100_000;
    /** The default time control when the GUI sets none: 40 moves in 5 minutes, as XBoard's own default. */
    private static final long DEFAULT_BASE_MS = 5 * 60_000;
    private static final int DEFAULT_MPS = 40;

    private final EngineCore core;
    private final LineWriter out;
    private final Object lock = new Object();

    // The game, under lock.
    private Game game = Game.CHESS;
    private String startFen;
    private final List<String> history = new ArrayList<>();
    private SearchBoard board;
    private boolean force;
    private int engineSide = 1;
    private boolean analyzing;
    private boolean post;
    private int multiPv = 1;

    // Time control.
    private int mps = DEFAULT_MPS;
    private long baseMs = DEFAULT_BASE_MS;
    private long incMs;
    private long stMs;
    private int sdDepth;
    private long myTimeMs = -1;

    // The search whose result counts: its number, 0 when none; playing or analysing.
    private int searchSeq;
    private int activeSearch;
    private SearchObserver.Line lastLine;
    private int lastRootMoves;

    Xboard(EngineCore core, LineWriter out) {
        this.core = core;
        this.out = out;
        board = Game.CHESS.setUpStart();
    }

    @Override
    public boolean handle(String line) {
        List<String> t = Protocol.tokens(line);
        String cmd = t.get(0);
        String arg = line.strip().length() > cmd.length() ? line.strip().substring(cmd.length()).strip() : "";
        switch (cmd) {
            case "xboard", "accepted", "rejected", "hard", "easy", "random", "computer", "name", "rating", "ics",
                 "cores", "draw", "bk", "hint", "nps", "otim", "book", "lift", "put", "hover" -> {
                // nothing to do, or not offered
            }
            case "protover" -> features();
            case "new" -> newGame();
            case "variant" -> variant(arg);
            case "force" -> {
                cancelSearch();
                synchronized (lock) {
                    force = true;
                }
            }
            case "go" -> {
                cancelSearch();
                synchronized (lock) {
                    force = false;
                    engineSide = board.side();
                }
                think();
            }
            case "playother" -> {
                cancelSearch();
                synchronized (lock) {
                    force = false;
                    engineSide = board.side() ^ 1;
                }
            }
            case "white", "black" -> {
                // Protocol 1: set the side to move; the engine plays the other side.
                cancelSearch();
                synchronized (lock) {
                    engineSide = cmd.equals("white") ? 1 : 0;
                }
            }
            case "usermove" -> userMove(arg);
            case "?" -> {
                synchronized (lock) {
                    if (analyzing) {
                        return true;
                    }
                }
                core.stop();
            }
            case "ping" -> out.println("pong " + arg);
            case "setboard" -> setBoard(arg);
            case "undo" -> takeBack(1);
            case "remove" -> takeBack(2);
            case "post" -> post = true;
            case "nopost" -> post = false;
            case "analyze" -> analyze();
            case "exit" -> {
                cancelSearch();
                synchronized (lock) {
                    analyzing = false;
                }
            }
            case "." -> stat01();
            case "level" -> level(t);
            case "st" -> {
                stMs = Math.round(Protocol.decimal(arg, 0) * 1000);
            }
            case "sd" -> sdDepth = (int) Math.max(0, Protocol.number(arg, 0));
            case "time" -> myTimeMs = Protocol.number(arg, 0) * 10;
            case "memory" -> core.setHash((int) Math.max(1, Math.min(Integer.MAX_VALUE, Protocol.number(arg, EngineCore.DEFAULT_HASH_MB))));
            case "option" -> option(arg);
            case "result" -> {
                cancelSearch();
                synchronized (lock) {
                    force = true;
                    analyzing = false;
                }
            }
            case "quit" -> {
                return false;
            }
            case "edit" -> out.println("Error (unknown command): edit");
            default -> {
                if (looksLikeMove(cmd)) {
                    userMove(cmd);
                } else {
                    out.println("Error (unknown command): " + cmd);
                }
            }
        }
        return true;
    }

    @Override
    public void close() {
        synchronized (lock) {
            activeSearch = 0;
        }
        core.shutdown(150);
    }

    private void features() {
        out.println("feature myname=\"" + Uci.NAME + "\" variants=\"normal,xiangqi\" ping=1 setboard=1 usermove=1"
                + " analyze=1 colors=0 sigint=0 sigterm=0 time=1 draw=0 reuse=1 playother=1 san=0 memory=1 done=0");
        out.println("feature option=\"MultiPV -spin 1 1 " + Uci.MAX_MULTIPV + "\"");
        // done=0 asked the GUI to wait: the time to compile the search before the first move.
        Warmup.once();
        out.println("feature done=1");
    }

    private void newGame() {
        cancelSearch();
        core.newGame();
        synchronized (lock) {
            game = Game.CHESS;
            startFen = null;
            history.clear();
            board = game.setUpStart();
            force = false;
            engineSide = 1;
            sdDepth = 0;
            stMs = 0;
            myTimeMs = -1;
        }
        restartAnalysis();
    }

    private void variant(String name) {
        Game g = Game.named(name).orElse(null);
        if (g == null) {
            out.println("Error (unsupported variant): " + name);
            return;
        }
        cancelSearch();
        synchronized (lock) {
            game = g;
            startFen = null;
            history.clear();
            board = g.setUpStart();
        }
        restartAnalysis();
    }

    private void setBoard(String fen) {
        cancelSearch();
        Game g = Game.ofFen(fen).orElse(null);
        synchronized (lock) {
            Game use = g != null ? g : game;
            try {
                board = use.setUp(fen, List.of(), false);
                game = use;
                startFen = fen;
                history.clear();
            } catch (Game.BadPosition e) {
                out.println("tellusererror Illegal position: " + e.getMessage());
                return;
            }
        }
        restartAnalysis();
    }

    private void userMove(String text) {
        boolean analyse;
        boolean ourTurn;
        cancelSearch();
        synchronized (lock) {
            int m = board.parseMove(text);
            if (m == 0) {
                out.println("Illegal move: " + text);
                return;
            }
            board.make(m);
            history.add(board.moveText(m));
            analyse = analyzing;
            ourTurn = !analyzing && !force && board.side() == engineSide;
        }
        if (analyse) {
            restartAnalysis();
        } else if (ourTurn) {
            think();
        }
    }

    private void takeBack(int plies) {
        cancelSearch();
        synchronized (lock) {
            int n = Math.min(plies, history.size());
            if (n == 0) {
                return;
            }
            for (int i = 0; i < n; i++) {
                history.remove(history.size() - 1);
            }
            try {
                board = game.setUp(startFen, history, false);
            } catch (Game.BadPosition e) {
                // The same moves were legal before: cannot happen; keep what we have.
                out.println("tellusererror " + e.getMessage());
            }
        }
        restartAnalysis();
    }

    private void analyze() {
        cancelSearch();
        synchronized (lock) {
            analyzing = true;
        }
        restartAnalysis();
    }

    private void option(String arg) {
        int eq = arg.indexOf('=');
        String name = (eq < 0 ? arg : arg.substring(0, eq)).strip();
        String value = eq < 0 ? "" : arg.substring(eq + 1).strip();
        if (name.equalsIgnoreCase("MultiPV")) {
            multiPv = (int) Math.max(1, Math.min(Uci.MAX_MULTIPV, Protocol.number(value, 1)));
        } else {
            out.println("Error (unknown option): " + name);
        }
    }

    private void level(List<String> t) {
        if (t.size() < 4) {
            return;
        }
        mps = (int) Math.max(0, Protocol.number(t.get(1), 0));
        String base = t.get(2);
        int colon = base.indexOf(':');
        double minutes = colon < 0 ? Protocol.decimal(base, 5) : Protocol.decimal(base.substring(0, colon), 0);
        double seconds = colon < 0 ? 0 : Protocol.decimal(base.substring(colon + 1), 0);
        baseMs = Math.round((minutes * 60 + seconds) * 1000);
        incMs = Math.round(Protocol.decimal(t.get(3), 0) * 1000);
        stMs = 0;
    }

    /** {@code .} in analyze mode: {@code stat01: time nodes ply mvleft mvtot mvname}. */
    private void stat01() {
        SearchObserver.Line l;
        int total;
        synchronized (lock) {
            if (!analyzing) {
                return;
            }
            l = lastLine;
            total = lastRootMoves;
        }
        if (l == null) {
            out.println("stat01: 0 0 0 0 " + total);
        } else {
            out.println("stat01: " + l.timeMs() / 10 + " " + l.nodes() + " " + l.depth() + " 0 " + total
                    + (l.pv().isEmpty() ? "" : " " + l.pv().get(0)));
        }
    }

    /** Ends a search whose result no longer counts (force, new position, exit) and waits for it. */
    private void cancelSearch() {
        synchronized (lock) {
            activeSearch = 0;
        }
        core.stopAndWait();
    }

    /** Starts thinking on the engine's move. */
    private void think() {
        SearchBoard root;
        int id;
        Limits limits;
        synchronized (lock) {
            root = board;
            int[] buf = new int[256];
            if (root.generateMoves(buf, 0) == 0) {
                announceEnd(root);
                return;
            }
            Limits.Builder b = Limits.builder().multiPv(multiPv);
            if (sdDepth > 0) {
                b.depth(sdDepth);
            }
            if (stMs > 0) {
                b.moveTime(stMs);
            } else {
                long left = myTimeMs >= 0 ? myTimeMs : baseMs;
                int movesToGo = mps > 0 ? mps - ((fullmove(root) - 1) % mps) : 0;
                b.clock(left, incMs, movesToGo);
            }
            limits = b.build();
            id = ++searchSeq;
            activeSearch = id;
            lastLine = null;
        }
        core.start(root, limits, new Thinking(id, false), r -> played(id, r));
    }

    /** The search's move: played on our board and sent, unless the search was cancelled meanwhile. */
    private void played(int id, SearchResult r) {
        synchronized (lock) {
            if (activeSearch != id) {
                return;
            }
            activeSearch = 0;
            if (!r.hasMove()) {
                announceEnd(board);
                return;
            }
            String text = board.moveText(r.bestMove());
            board.make(r.bestMove());
            history.add(text);
            out.println("move " + text);
            int[] buf = new int[256];
            if (board.generateMoves(buf, 0) == 0) {
                announceEnd(board);
            }
        }
    }

    /** The side to move has no legal move: say the result as engines do (xiangqi: no move loses). */
    private void announceEnd(SearchBoard b) {
        boolean redOrWhiteToMove = b.side() == 0;
        if (game == Game.CHESS && !b.inCheck()) {
            out.println("1/2-1/2 {Stalemate}");
        } else if (game == Game.CHESS) {
            out.println(redOrWhiteToMove ? "0-1 {Black mates}" : "1-0 {White mates}");
        } else {
            out.println(redOrWhiteToMove ? "0-1 {Black wins}" : "1-0 {Red wins}");
        }
    }

    /** Starts (or restarts) the analysis of the current position when in analyze mode. */
    private void restartAnalysis() {
        SearchBoard root;
        int id;
        synchronized (lock) {
            if (!analyzing) {
                return;
            }
            root = board;
            id = ++searchSeq;
            activeSearch = id;
            lastLine = null;
            int[] buf = new int[256];
            lastRootMoves = root.generateMoves(buf, 0);
        }
        Limits limits = Limits.builder().infinite(true).multiPv(multiPv).build();
        core.start(root, limits, new Thinking(id, true), r -> {
            synchronized (lock) {
                if (activeSearch == id) {
                    activeSearch = 0;
                }
            }
        });
    }

    private static int fullmove(SearchBoard b) {
        String[] f = b.fen().split(" ");
        return f.length >= 6 ? (int) Math.max(1, Protocol.number(f[5], 1)) : 1;
    }

    private static boolean looksLikeMove(String s) {
        return s.length() >= 4 && s.length() <= 5 && s.charAt(0) >= 'a' && s.charAt(0) <= 'i'
                && Character.isDigit(s.charAt(1)) && s.charAt(2) >= 'a' && s.charAt(2) <= 'i'
                && Character.isDigit(s.charAt(3));
    }

    /** {@code ply score time nodes pv}: score in centipawns from the engine's side, mates as 100000 + moves. */
    static String thinkingScore(int score) {
        if (Scores.isMate(score)) {
            int moves = Scores.mateMoves(score);
            return String.valueOf(moves > 0 ? XBOARD_MATE + moves : -XBOARD_MATE + moves);
        }
        return String.valueOf(score);
    }

    /** Thinking output of one search, dropped once the search no longer counts. */
    private final class Thinking implements SearchObserver {
        private final int id;
        private final boolean analysis;

        Thinking(int id, boolean analysis) {
            this.id = id;
            this.analysis = analysis;
        }

        @Override
        public void line(Line l) {
            synchronized (lock) {
                if (activeSearch != id) {
                    return;
                }
                lastLine = l;
                if (!post && !analysis) {
                    return;
                }
                out.println(l.depth() + " " + thinkingScore(l.score()) + " " + l.timeMs() / 10 + " " + l.nodes() + " "
                        + String.join(" ", l.pv()));
            }
        }
    }

    @Override
    public String toString() {
        return "xboard " + game.id().toLowerCase(Locale.ROOT);
    }
}
