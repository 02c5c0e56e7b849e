package org.kibitz.protocols.xboard;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineEvent.MessageKind;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineException.Kind;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.protocols.ProtocolMessages;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.session.Conventions;
import org.kibitz.protocols.session.EngineSessionBase;
import org.kibitz.protocols.session.FenCodec;
import org.kibitz.protocols.session.GameIds;
import org.kibitz.protocols.session.InfoLine;

/**
 * A WinBoard/xboard engine (CECP, protocol 2 with protocol 1 fallback).
 *
 * <p>Handshake: {@code xboard}, {@code protover 2}, every feature answered; {@code done=1} ends the
 * wait, {@code done=0} extends it to the handshake timeout, silence ends it after the feature
 * timeout with protocol-1 defaults. Positions go by {@code setboard} or, for engines without it
 * (Fairy-Max, MaxQi), by {@code edit}; when the new position only adds moves to what the engine's
 * board holds, only those moves are sent, so the engine keeps its game history. Every reset is
 * followed by {@code ping}, and a {@code move} that arrives before the {@code pong} is discarded.
 * Infinite analysis uses {@code analyze}; limited searches use {@code go} with {@code sd}/{@code st}/
 * {@code level}, and the session itself sends {@code ?} when a limit the engine cannot be told (a
 * node count, a depth it does not know {@code sd} for, a move time shorter than a second) is
 * reached. Commands an engine refuses ({@code Error (unknown command): cores}) are not sent again.
 */
public final class XboardSession extends EngineSessionBase {

    private static final Pattern ERROR = Pattern.compile("^(Error\\s*\\([^)]*\\)\\s*:|Illegal move\\s*(\\([^)]*\\))?\\s*:|Invalid move\\s*:)\\s*(.*)$");
    private static final Pattern LEGACY_MOVE = Pattern.compile("^\\d+\\s*\\.\\s*\\.\\.\\.\\s+(\\S+)$");
    private static final Pattern MY_MOVE = Pattern.compile("^My move is\\s*:\\s*(\\S+)$");
    private static final Pattern RESULT = Pattern.compile("^(1-0|0-1|1/2-1/2|\\*)(\\s.*)?$");

    private final ThinkingParser thinking = new ThinkingParser();
    private final InfoLine info = new InfoLine();
    private final Map<String, String> features = new java.util.HashMap<>();
    private final Set<String> refused = new HashSet<>();
    private final TreeMap<Integer, CompletableFuture<Void>> pings = new TreeMap<>();
    private int nextPing = 1;
    /** Moves from the engine are ignored until this ping is answered (they belong to an old search). */
    private int discardUntilPong;
    private ScheduledFuture<?> featureTimer;
    private boolean waitingForDone;
    private boolean analyzing;
    private boolean depthLimitSent;
    private boolean drawOffered;
    private int multiPvLines = 1;
    private int multiPvIndex;
    private int multiPvDepth = Integer.MIN_VALUE;
    private String variantSent;

    // What the engine's own board holds: the start it was given and the moves played on it since.
    private Position engineStart;
    private final List<Move> engineMoves = new ArrayList<>();

    public XboardSession(EngineConfig config, Games games, LineChannel channel) {
        super("xboard", config, games, channel);
    }

    // ---------------------------------------------------------------- handshake

    @Override
    protected void beginHandshake() {
        send("xboard");
        send("protover 2");
        Duration wait = featureTimeout();
        featureTimer = TIMER.schedule(() -> {
            synchronized (lock) {
                if (!waitingForDone && !handshakeOver()) {
                    // No done=0: the protocol-2 wait is over; what was said so far stands (protocol 1 if nothing).
                    handshakeDone();
                }
            }
            events.flush();
        }, Math.max(1, wait.toMillis()), TimeUnit.MILLISECONDS);
    }

    /** How long to wait for features when the engine says neither done=0 nor done=1: 2 s, as the spec asks. */
    private Duration featureTimeout() {
        Duration d = Duration.ofSeconds(2);
        return d.compareTo(timeouts.handshake()) < 0 ? d : timeouts.handshake();
    }

    @Override
    protected boolean rejectsProtocol(String line) {
        String l = line.strip();
        return l.startsWith("id name ") || l.equals("uciok") || l.startsWith("option name ") || l.equals("ucciok");
    }

    @Override
    public void afterHandshake() throws EngineException {
        synchronized (lock) {
            // The GUI decides when to ponder; and thinking output is what we are here for.
            send("easy");
            send("post");
        }
        events.flush();
        applyConfiguredOptions();
        sync();
    }

    // ---------------------------------------------------------------- lines

    @Override
    protected void handleLine(String raw) {
        String line = raw.strip();
        if (line.isEmpty()) {
            return;
        }
        if (line.startsWith("feature ") || line.equals("feature")) {
            recognised = true;
            onFeatures(line);
            return;
        }
        if (line.startsWith("#")) {
            return; // a comment, for the log
        }
        ThinkingParser.Kind k = thinking.parse(raw, info);
        if (k != ThinkingParser.Kind.NONE) {
            if (search != null && !search.rawBestMove && discardUntilPong == 0) {
                numberLine();
                report(info);
                enforceLimits();
            }
            return;
        }
        if (line.startsWith("pong")) {
            onPong(line);
            return;
        }
        if (line.startsWith("move ")) {
            onMove(line.substring(5).strip());
            return;
        }
        Matcher m = LEGACY_MOVE.matcher(line);
        if (m.matches()) {
            onMove(m.group(1));
            return;
        }
        m = MY_MOVE.matcher(line);
        if (m.matches()) {
            onMove(m.group(1));
            return;
        }
        m = ERROR.matcher(line);
        if (m.matches()) {
            onError(line, m.group(3).strip());
            return;
        }
        if (line.startsWith("telluser ") || line.startsWith("tellics ") || line.startsWith("tellall ")
                || line.startsWith("tellothers ") || line.startsWith("askuser ")) {
            recognised = true;
            String text = line.substring(line.indexOf(' ') + 1).strip();
            if (text.startsWith("say ")) {
                text = text.substring(4).strip();
            }
            message(MessageKind.INFO, text);
            return;
        }
        if (line.startsWith("tellusererror ")) {
            message(MessageKind.ERROR, line.substring(14).strip());
            return;
        }
        if (line.equals("resign") || line.startsWith("resign ")) {
            if (search != null && !analyzing) {
                finishSearch(new BestMove(Optional.empty(), Optional.empty(), drawOffered, true));
            }
            return;
        }
        if (line.equals("offer draw") || line.startsWith("offer draw ")) {
            drawOffered = true;
            return;
        }
        m = RESULT.matcher(line);
        if (m.matches()) {
            message(MessageKind.INFO, line);
            if (search != null && !analyzing && discardUntilPong == 0) {
                // A claim instead of a move: the game is over on the engine's board.
                finishSearch(new BestMove(Optional.empty(), Optional.empty(), m.group(1).equals("1/2-1/2"), false));
            }
            return;
        }
        if (line.startsWith("Hint:")) {
            message(MessageKind.INFO, line);
        }
    }

    private void onFeatures(String line) {
        for (Features.Pair p : Features.parse(line)) {
            String name = p.name();
            String value = p.value();
            if (name.equals("option")) {
                Optional<EngineOption> o = Features.option(value);
                o.ifPresent(this::declare);
                send((o.isPresent() ? "accepted " : "rejected ") + name);
                continue;
            }
            boolean accept = accepts(name, value);
            send((accept ? "accepted " : "rejected ") + name);
            if (!accept) {
                continue;
            }
            features.put(name, value);
            switch (name) {
                case "myname" -> engineName = value;
                case "variants" -> {
                    variants.clear();
                    for (String v : value.split(",")) {
                        if (!v.isBlank()) {
                            variants.add(v.strip());
                        }
                    }
                }
                case "memory" -> {
                    if (value.equals("1")) {
                        declare(new EngineOption.Spin("memory", 64, 1, 1 << 20));
                    }
                }
                case "smp" -> {
                    if (value.equals("1")) {
                        declare(new EngineOption.Spin("cores", 1, 1, 1024));
                    }
                }
                case "done" -> {
                    if (value.equals("0")) {
                        waitingForDone = true;
                        if (featureTimer != null) {
                            featureTimer.cancel(false);
                        }
                    } else if (!handshakeOver()) {
                        waitingForDone = false;
                        if (featureTimer != null) {
                            featureTimer.cancel(false);
                        }
                        handshakeDone();
                    }
                }
                default -> {
                    // remembered in features
                }
            }
        }
    }

    /** Which features we take: what we can honour; never signals, never the ICS and name idioms. */
    private static boolean accepts(String name, String value) {
        return switch (name) {
            case "ping", "setboard", "playother", "usermove", "time", "draw", "reuse", "analyze", "myname",
                 "variants", "memory", "smp", "san", "done", "nps", "pause" -> !name.equals("pause") || value.equals("0");
            case "colors", "sigint", "sigterm", "ics", "name", "debug", "exclude", "setscore", "highlight",
                 "xedit", "egt", "acceptadjourn", "reuse2" -> value.equals("0");
            default -> false;
        };
    }

    private boolean feature(String name, boolean otherwise) {
        String v = features.get(name);
        return v == null ? otherwise : !v.equals("0");
    }

    private void onPong(String line) {
        int n;
        try {
            n = Integer.parseInt(line.substring(4).strip());
        } catch (NumberFormatException e) {
            return;
        }
        // GNU Chess answers every ping twice: the second finds nothing left to complete.
        while (!pings.isEmpty() && pings.firstKey() <= n) {
            pings.pollFirstEntry().getValue().complete(null);
        }
        if (discardUntilPong != 0 && n >= discardUntilPong) {
            discardUntilPong = 0;
        }
    }

    private void onError(String line, String what) {
        String word = what.isEmpty() ? "" : what.split("\\s+")[0];
        if (!handshakeOver() && word.equals("protover")) {
            // Protocol 1: no features will come.
            recognised = true;
            if (featureTimer != null) {
                featureTimer.cancel(false);
            }
            handshakeDone();
            return;
        }
        if (isCommandWord(word)) {
            if (refused.add(word)) {
                message(MessageKind.ERROR, line);
            }
            if (word.equals("analyze") && search != null && analyzing) {
                // It has no analyze mode after all (MaxQi): search with go instead.
                analyzing = false;
                goSearch(search);
            }
            return;
        }
        message(MessageKind.ERROR, line);
        if (!pings.isEmpty()) {
            // It refused a move of the position being set: the position waits on this ping.
            CompletableFuture<Void> w = pings.firstEntry().getValue();
            w.completeExceptionally(new EngineException(Kind.PROTOCOL,
                    ProtocolMessages.text("xboard.refusedMove", displayName(), what)));
        }
    }

    private static boolean isCommandWord(String w) {
        return switch (w) {
            case "analyze", "exit", "cores", "memory", "post", "nopost", "easy", "hard", "sd", "st", "level",
                 "time", "otim", "?", "ping", "setboard", "edit", "new", "variant", "force", "go", "option",
                 "white", "black", "usermove", "result", "nps", "random", "computer", "draw", "undo", "remove" -> true;
            default -> false;
        };
    }

    private void onMove(String text) {
        Search s = search;
        if (s == null || analyzing || discardUntilPong != 0) {
            return; // an old search's move, or one made before the position was set
        }
        if (s.rawBestMove) {
            s.rawBest = text;
            finishSearch(BestMove.none());
            return;
        }
        Optional<Move> best = codec.decode(s.root, text);
        // The engine played it on its board, and leaves force mode: back to force, and remember.
        send("force");
        if (best.isEmpty()) {
            engineStart = null; // its board is no longer ours to know
            failSearch(new EngineException(Kind.PROTOCOL, ProtocolMessages.text("search.illegalBestMove",
                    displayName(), text, FenCodec.toEngine(s.root, conventions))));
            return;
        }
        engineMoves.add(best.get());
        Optional<Move> ponder = s.bestPv.size() > 1 && s.bestPv.get(0).equals(best.get())
                ? Optional.of(s.bestPv.get(1)) : Optional.empty();
        finishSearch(new BestMove(best, ponder, drawOffered, false));
    }

    /** Numbers MultiPV lines: engines print the lines of one depth in rank order. */
    private void numberLine() {
        if (multiPvLines <= 1) {
            info.multipv = 1;
            return;
        }
        if (info.depth != multiPvDepth || multiPvIndex >= multiPvLines) {
            multiPvDepth = info.depth;
            multiPvIndex = 0;
        }
        info.multipv = ++multiPvIndex;
    }

    /** Sends {@code ?} (or ends analysis) once a limit the engine was not told is reached. */
    private void enforceLimits() {
        Search s = search;
        if (s == null || s.stopSent) {
            return;
        }
        // An engine told sd N stops at N by itself; one that did not understand sd (GNU Chess) or
        // goes beyond it is stopped here.
        boolean depthReached = s.enforceDepth.isPresent() && !info.pv.isEmpty()
                && (info.depth > s.enforceDepth.getAsInt()
                    || (refused.contains("sd") && info.depth >= s.enforceDepth.getAsInt()));
        boolean nodesReached = s.enforceNodes.isPresent() && info.nodes >= s.enforceNodes.getAsLong();
        if (depthReached || nodesReached) {
            requestStop(s);
        }
    }

    // ---------------------------------------------------------------- what the engine plays

    @Override
    protected Set<String> playedGames() {
        if (variants.isEmpty()) {
            return Set.of(GameIds.CHESS);
        }
        return GameIds.forVariants(variants, games);
    }

    @Override
    protected Conventions detectedConventions(String gameId) {
        return Conventions.standard(gameId);
    }

    @Override
    protected boolean notationFallback() {
        return true; // GNU Chess writes its PVs in SAN
    }

    /** The engine's name for the variant of {@code gameId}: {@code normal} for chess. */
    private String variantName(String gameId) {
        if (GameIds.CHESS.equals(gameId)) {
            return "normal";
        }
        for (String v : variants) {
            if (GameIds.forVariant(v, games).filter(gameId::equals).isPresent()) {
                return v;
            }
        }
        return gameId;
    }

    // ---------------------------------------------------------------- commands

    private CompletableFuture<Void> ping() {
        if (!feature("ping", false) || refused.contains("ping")) {
            return CompletableFuture.completedFuture(null);
        }
        int n = nextPing++;
        CompletableFuture<Void> w = newWait();
        pings.put(n, w);
        send("ping " + n);
        return w;
    }

    @Override
    public void sync() throws EngineException {
        CompletableFuture<Void> w;
        synchronized (lock) {
            requireAlive();
            w = ping();
        }
        await(w, timeouts.ready(), "ping");
    }

    @Override
    public void setOption(String name, String value) throws EngineException {
        synchronized (lock) {
            requireIdle();
            EngineOption o = option(name);
            EngineOption v = withValue(o, value);
            options.put(v.name(), v);
            // memory and cores come from the memory and smp features and have commands of their own.
            if (v.name().equals("memory") && features.containsKey("memory")) {
                send("memory " + v.value());
            } else if (v.name().equals("cores") && features.containsKey("smp")) {
                if (!refused.contains("cores")) {
                    send("cores " + v.value());
                }
            } else if (v instanceof EngineOption.Button) {
                send("option " + v.name());
            } else if (v instanceof EngineOption.Check c) {
                send("option " + v.name() + "=" + (c.on() ? 1 : 0));
            } else {
                send("option " + v.name() + "=" + v.value());
            }
        }
        events.flush();
    }

    @Override
    public void newGame(String gameId) throws EngineException {
        CompletableFuture<Void> w;
        synchronized (lock) {
            requireIdle();
            GamePlugin g = gamePlugin(gameId);
            if (!playedGames().contains(gameId)) {
                throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("game.notPlayed", displayName(), gameId));
            }
            useGame(g, detectedConventions(gameId));
            resetBoard(g);
            start = g.startPosition();
            moves = List.of();
            position = start;
            engineStart = start;
            engineMoves.clear();
            w = settle();
        }
        await(w, timeouts.ready(), "ping");
    }

    /** {@code new} (which forgets the variant and depth limit), the variant, force mode. */
    private void resetBoard(GamePlugin g) {
        send("new");
        String v = variantName(g.id());
        if (!v.equals("normal")) {
            send("variant " + v);
        }
        variantSent = v;
        depthLimitSent = false;
        send("force");
    }

    /** A ping after which moves from the engine count again. */
    private CompletableFuture<Void> settle() {
        CompletableFuture<Void> w = ping();
        if (!w.isDone()) {
            discardUntilPong = nextPing - 1;
        }
        return w;
    }

    @Override
    public void setPosition(Position startPosition, List<Move> line) throws EngineException {
        boolean switchGame;
        synchronized (lock) {
            requireIdle();
            switchGame = game == null || !game.id().equals(startPosition.gameId());
        }
        if (switchGame) {
            newGame(startPosition.gameId());
        }
        CompletableFuture<Void> w;
        synchronized (lock) {
            requireIdle();
            List<Position> after = replay(startPosition, line);
            start = startPosition;
            moves = List.copyOf(line);
            position = after.isEmpty() ? startPosition : after.get(after.size() - 1);
            w = sendPosition(startPosition, line, after);
        }
        await(w, timeouts.ready(), "ping");
    }

    /** Brings the engine's board to {@code start} + {@code line} (under the lock). */
    private CompletableFuture<Void> sendPosition(Position startPosition, List<Move> line, List<Position> after) {
        boolean extends_ = engineStart != null && engineStart.fen().equals(startPosition.fen())
                && engineMoves.size() <= line.size() && line.subList(0, engineMoves.size()).equals(engineMoves);
        int from;
        if (extends_) {
            from = engineMoves.size();
            if (from == line.size()) {
                return CompletableFuture.completedFuture(null); // already there
            }
        } else {
            boolean initial = startPosition.fen().equals(game.startPosition().fen());
            if (feature("setboard", false) && !refused.contains("setboard") && !initial) {
                send("force");
                send("setboard " + FenCodec.toEngine(startPosition, conventions));
            } else {
                resetBoard(game);
                if (!initial) {
                    if (startPosition.sideToMove() == Side.BLACK) {
                        // edit keeps the side to move; protocol-1 engines set it with white/black,
                        // which also make them play the other side: force again.
                        send("black");
                        send("force");
                    }
                    send("edit");
                    for (String l : FenCodec.editCommands(startPosition, conventions.rankBase())) {
                        send(l);
                    }
                    send(".");
                }
            }
            engineStart = startPosition;
            engineMoves.clear();
            from = 0;
        }
        Position p = from == 0 ? startPosition : after.get(from - 1);
        for (int i = from; i < line.size(); i++) {
            Move m = line.get(i);
            String text = feature("san", false) ? codec.encodeSan(p, m) : codec.encode(m);
            send(feature("usermove", false) ? "usermove " + text : text);
            engineMoves.add(m);
            p = after.get(i);
        }
        return settle();
    }

    @Override
    public CompletableFuture<BestMove> go(SearchLimits limits) throws EngineException {
        CompletableFuture<BestMove> out;
        CompletableFuture<Void> w = null;
        synchronized (lock) {
            requireIdle();
            if (position == null) {
                throw new EngineException(Kind.STATE, ProtocolMessages.text("state.noPosition", displayName()));
            }
            if (limits.ponder()) {
                throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("xboard.noPonder", displayName()));
            }
            if (!limits.searchMoves().isEmpty()) {
                throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("xboard.noSearchMoves", displayName()));
            }
            // After a go the engine played its move on its board: bring it back to the position.
            List<Position> after = replay(start, moves);
            w = sendPosition(start, moves, after);
        }
        await(w, timeouts.ready(), "ping");
        synchronized (lock) {
            requireIdle();
            multiPvLines = 1;
            if (limits.multiPv() > 1 || optionValue("MultiPV").filter(v -> !v.equals("1")).isPresent()) {
                for (EngineOption o : options.values()) {
                    if (o.name().equalsIgnoreCase("MultiPV") && o instanceof EngineOption.Spin sp) {
                        int k = (int) Math.max(sp.min(), Math.min(sp.max(), limits.multiPv()));
                        if (sp.current() != k) {
                            EngineOption v = sp.withValue(Integer.toString(k));
                            options.put(v.name(), v);
                            send("option " + v.name() + "=" + k);
                        }
                        multiPvLines = k;
                    }
                }
            }
            multiPvDepth = Integer.MIN_VALUE;
            multiPvIndex = 0;
            drawOffered = false;
            thinking.reset();
            Search s = beginSearch(limits);
            boolean infinite = limits.infinite() || (limits.depth().isEmpty() && limits.nodes().isEmpty()
                    && limits.moveTime().isEmpty() && limits.clock().isEmpty() && limits.mate().isEmpty());
            if (infinite && feature("analyze", true) && !refused.contains("analyze")) {
                if (depthLimitSent) {
                    send("sd 99"); // a depth limit from an earlier search must not cut the analysis short
                    depthLimitSent = false;
                }
                analyzing = true;
                send("analyze");
            } else {
                analyzing = false;
                goSearch(s);
            }
            out = s.callerResult;
        }
        events.flush();
        return out;
    }

    private Optional<String> optionValue(String name) {
        for (EngineOption o : options.values()) {
            if (o.name().equalsIgnoreCase(name)) {
                return Optional.of(o.value());
            }
        }
        return Optional.empty();
    }

    /** A search by {@code go}: limits as the engine understands them, the rest kept by us (under the lock). */
    private void goSearch(Search s) {
        SearchLimits l = s.limits;
        if (l.clock().isPresent()) {
            SearchLimits.Clock c = l.clock().get();
            boolean white = s.root.sideToMove() == Side.WHITE;
            Duration mine = white ? c.whiteTime() : c.blackTime();
            Duration theirs = white ? c.blackTime() : c.whiteTime();
            Duration inc = white ? c.whiteIncrement() : c.blackIncrement();
            long base = Math.max(1, mine.toSeconds());
            send("level " + Math.max(0, c.movesToGo()) + " " + (base / 60) + ":" + String.format(Locale.ROOT, "%02d", base % 60)
                    + " " + seconds(inc));
            if (feature("time", true)) {
                send("time " + Math.max(1, mine.toMillis() / 10));
                send("otim " + Math.max(1, theirs.toMillis() / 10));
            }
        } else if (l.moveTime().isPresent()) {
            long ms = l.moveTime().get().toMillis();
            send("st " + Math.max(1, (ms + 999) / 1000));
            // st is whole seconds in most engines: a shorter time is ours to keep.
            s.stopAfter(l.moveTime().get());
        } else {
            // No clock: a generous one, so that the limit below is what ends the search.
            send("st 3600");
        }
        if (l.depth().isPresent()) {
            if (!refused.contains("sd")) {
                send("sd " + l.depth().getAsInt());
                depthLimitSent = true;
            }
            s.enforceDepth = l.depth();
        }
        if (l.nodes().isPresent()) {
            s.enforceNodes = l.nodes();
        }
        send("go");
    }

    @Override
    protected void sendStop(Search s) {
        if (analyzing) {
            send("exit");
            analyzing = false;
            // No move ends an analysis: its best line does, once everything before exit is read.
            CompletableFuture<Void> w = ping();
            w.whenComplete((v, t) -> {
                synchronized (lock) {
                    if (search == s) {
                        List<Move> pv = s.bestPv;
                        finishSearch(new BestMove(pv.isEmpty() ? Optional.empty() : Optional.of(pv.get(0)),
                                pv.size() > 1 ? Optional.of(pv.get(1)) : Optional.empty(), false, false));
                    }
                }
                events.flush();
            });
        } else {
            send("?");
        }
    }

    @Override
    public void ponderHit() throws EngineException {
        throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("xboard.noPonder", displayName()));
    }

    @Override
    protected void sendQuit() {
        if (analyzing) {
            send("exit");
        }
        send("quit");
    }

    /** Whether the engine refused a command (for tests and the log). */
    boolean refusedCommand(String word) {
        synchronized (lock) {
            return refused.contains(word);
        }
    }
}
