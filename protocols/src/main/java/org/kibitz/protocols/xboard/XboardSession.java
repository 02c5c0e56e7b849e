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
import org.kibitz.api.engine.SessionState;
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
 *
 * <p>CECP has no ponder search of its own (its {@code hard} lets the engine ponder on a move it
 * guesses itself), so a ponder search is emulated as a GUI would: the position with the predicted
 * move is searched by {@code go} on the engine's clock, and a move the engine plays before
 * {@link #ponderHit()} or {@link #stop()} is held back, because callers rely on UCI's promise that
 * no best move comes while pondering. Limits the session keeps itself wait for the ponder hit.
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
    /** The handshake of an engine started anew after it could not be stopped; null before any. */
    private CompletableFuture<Void> rehandshake;
    private boolean sawFeature;
    private int handshakeResends;
    private boolean analyzing;
    private boolean depthLimitSent;
    private boolean drawOffered;
    private int multiPvLines = 1;
    private int multiPvIndex;
    private int multiPvDepth = Integer.MIN_VALUE;
    /** The engine's answer to a ponder search, kept until the ponder hit or stop; null when none. */
    private BestMove heldMove;
    /** When the running go was sent, for a move time counted from there after a ponder hit. */
    private long goSentNanos;

    // What the engine's own board holds: the start it was given and the moves played on it since.
    private Position engineStart;
    private final List<Move> engineMoves = new ArrayList<>();

    public XboardSession(EngineConfig config, Games games, LineChannel channel) {
        super("xboard", config, games, channel);
    }

    // ---------------------------------------------------------------- handshake

    /** Searches may end without a move (the PV's first is played) and ponder moves come from the PV. */
    @Override
    protected boolean keepsBestPv() {
        return true;
    }

    @Override
    protected void beginHandshake() {
        send("xboard");
        send("protover 2");
        armFeatureTimer();
    }

    /**
     * Ends the handshake after two seconds in which the engine said nothing (and no done=0 is
     * pending): the spec's two seconds after protover, counted from the engine's last line rather
     * than from protover, because GNU Chess takes over a second to start and answers protover only
     * when nudged. Bounded by the handshake timeout all the same.
     */
    private void armFeatureTimer() {
        if (featureTimer != null) {
            featureTimer.cancel(false);
        }
        featureTimer = TIMER.schedule(() -> {
            synchronized (lock) {
                if (!waitingForDone && handshaking()) {
                    // The protocol-2 wait is over; what was said so far stands (protocol 1 if nothing).
                    endHandshake();
                }
            }
            events.flush();
        }, Math.max(1, featureTimeout().toMillis()), TimeUnit.MILLISECONDS);
    }

    /**
     * How long to wait for features when the engine says neither done=0 nor done=1: 2 s, as the spec
     * asks, or half the handshake timeout when that is shorter, so that the handshake ends well
     * within its own timeout.
     */
    private Duration featureTimeout() {
        Duration half = timeouts.handshake().dividedBy(2);
        if (!heardFromEngine()) {
            // Until the engine has said anything at all it is still starting (GNU Chess 6 now and
            // then takes over three seconds, more on a busy machine): silence then proves nothing,
            // so give it three quarters of the handshake timeout.
            return timeouts.handshake().multipliedBy(3).dividedBy(4);
        }
        Duration d = Duration.ofSeconds(2);
        return d.compareTo(half) < 0 ? d : half;
    }

    private boolean heardFromEngine() {
        return saidAnythingLocked();
    }

    /** Whether a handshake is under way: the first, or that of an engine started anew. */
    private boolean handshaking() {
        return !handshakeOver() || (rehandshake != null && !rehandshake.isDone());
    }

    private void endHandshake() {
        if (!handshakeOver()) {
            handshakeDone();
        } else if (rehandshake != null) {
            rehandshake.complete(null);
        }
    }

    @Override
    protected String rejectsProtocol(String line) {
        String l = line.strip();
        if (l.equals("uciok")) {
            return "uci";
        }
        if (l.equals("ucciok")) {
            return "ucci";
        }
        // id and option lines are both UCI's and UCCI's: which one is not told yet.
        return l.startsWith("id name ") || l.startsWith("option name ") ? "" : null;
    }

    private ScheduledFuture<?> nudger;

    /** GNU Chess 6's front end reads its second line only once more input comes: nudged throughout. */
    @Override
    protected boolean nudgesHandshake(boolean probing) {
        return true;
    }

    /**
     * While an answer is awaited (a pong, the move after {@code ?}) from an engine that has gone
     * quiet, an empty line every quarter second: GNU Chess 6 leaves a command that arrived together
     * with one that produced no output (exit, then ping) unread until more input comes.
     */
    private void startNudging() {
        long period = nudgeInterval().toMillis();
        nudger = TIMER.scheduleWithFixedDelay(() -> {
            synchronized (lock) {
                if (stateLocked() == SessionState.TERMINATED) {
                    nudger.cancel(false);
                    return;
                }
                boolean waiting = !pings.isEmpty() || (search != null && search.stopSent);
                if (waiting && silentFor().toMillis() >= period) {
                    send("");
                }
            }
            events.flush();
        }, period, period, TimeUnit.MILLISECONDS);
    }

    @Override
    public void afterHandshake() throws EngineException {
        synchronized (lock) {
            if (nudger == null) {
                startNudging();
            }
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
        if (handshaking() && !waitingForDone) {
            armFeatureTimer();
        }
        if (line.isEmpty()) {
            return;
        }
        if (line.startsWith("feature ") || line.equals("feature")) {
            recognised = true;
            sawFeature = true;
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
                conclude(new BestMove(Optional.empty(), Optional.empty(), drawOffered, true));
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
                conclude(new BestMove(Optional.empty(), Optional.empty(), m.group(1).equals("1/2-1/2"), false));
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
                    } else if (handshaking()) {
                        waitingForDone = false;
                        if (featureTimer != null) {
                            featureTimer.cancel(false);
                        }
                        endHandshake();
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
        if (handshaking()) {
            // An answer in CECP's words (to a nudge, to a command it does not know) shows the
            // engine speaks the protocol even before its features come: a probe then waits the
            // whole handshake timeout for them (GNU Chess 6 on a busy machine takes seconds).
            recognised = true;
        }
        if (what.isEmpty()) {
            // The answer to an empty nudge. If it came during the handshake and protover never got
            // an answer, the engine lost what it was sent while it started (GNU Chess 6): say it again.
            if (handshaking() && !sawFeature && handshakeResends < 2) {
                handshakeResends++;
                send("xboard");
                send("protover 2");
            }
            return;
        }
        if (handshaking() && word.equals("protover")) {
            // Protocol 1: no features will come.
            if (featureTimer != null) {
                featureTimer.cancel(false);
            }
            endHandshake();
            return;
        }
        if (isCommandWord(word)) {
            if (refused.add(word)) {
                message(MessageKind.ERROR, line);
            }
            if (word.equals("analyze") && search != null && analyzing) {
                // It has no analyze mode after all (MaxQi): search with go instead, unless the
                // search was stopped already (then its exit and ping end it).
                analyzing = false;
                if (!search.stopSent) {
                    goSearch(search);
                }
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
        conclude(new BestMove(best, ponder, drawOffered, false));
    }

    /**
     * Ends the search with the engine's answer (under the lock), or holds the answer while the
     * search is still a ponder search: the caller hears it on the ponder hit or stop. Only the
     * first answer counts; a result line after a held move changes nothing.
     */
    private void conclude(BestMove best) {
        Search s = search;
        if (s == null || heldMove != null) {
            return;
        }
        if (s.pondering && !s.stopSent) {
            heldMove = best;
            return;
        }
        finishSearch(best);
    }

    /** Completes the running search with the held answer (under the lock). */
    private void releaseHeldMove() {
        BestMove best = heldMove;
        heldMove = null;
        finishSearch(best);
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
        if (s == null || s.stopSent || s.pondering) {
            return; // a ponder search's limits count from the ponder hit, as in UCI
        }
        if (limitReached(s, info.depth, info.nodes, !info.pv.isEmpty())) {
            requestStop(s);
        }
    }

    /** Whether a depth or node count the session keeps is reached by a report of {@code depth} and {@code nodes}. */
    private boolean limitReached(Search s, int depth, long nodes, boolean withPv) {
        // An engine told sd N stops at N by itself; one that did not understand sd (GNU Chess) or
        // goes beyond it is stopped here.
        boolean depthReached = s.enforceDepth.isPresent() && withPv
                && (depth > s.enforceDepth.getAsInt()
                    || (refused.contains("sd") && depth >= s.enforceDepth.getAsInt()));
        boolean nodesReached = s.enforceNodes.isPresent() && nodes >= s.enforceNodes.getAsLong();
        return depthReached || nodesReached;
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
        org.kibitz.protocols.process.LineSafety.require(name, name);
        org.kibitz.protocols.process.LineSafety.require(name, value);
        synchronized (lock) {
            requireIdle();
            EngineOption o = option(name);
            EngineOption v = withValue(o, value);
            options.put(v.name(), v);
            sendOptionValue(v);
        }
        events.flush();
    }

    private void sendOptionValue(EngineOption v) {
        // memory and cores come from the memory and smp features and have commands of their own.
        if (v.name().equals("memory") && features.containsKey("memory")) {
            send("memory " + v.value());
            if (v instanceof EngineOption.Spin sp && sp.current() >= 64) {
                // Its next pong may wait for the table, as a UCI engine's readyok does (decision 0022).
                String size = org.kibitz.protocols.uci.UciSession.sizeText(sp.current());
                expectSlowAnswer(java.time.Duration.ofMillis(
                                org.kibitz.protocols.uci.UciSession.PER_GB_OF_HASH.toMillis() * sp.current() / 1024),
                        org.kibitz.protocols.ProtocolMessages.text("status.hash", size),
                        org.kibitz.protocols.ProtocolMessages.text("asked.hash", size));
            }
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
        // The spec says new forgets the depth limit; MaxQi does not, so depthLimitSent stands.
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
            heldMove = null;
            thinking.reset();
            Search s = beginSearch(limits);
            boolean infinite = limits.infinite() || (limits.depth().isEmpty() && limits.nodes().isEmpty()
                    && limits.moveTime().isEmpty() && limits.clock().isEmpty() && limits.mate().isEmpty());
            if (infinite && analyzeWorks()) {
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

    /**
     * Whether to analyse with {@code analyze}: the engine offers it (the default) and has not refused
     * it. GNU Chess 6 offers it, but its {@code exit} sometimes leaves xboard mode altogether (it
     * prompts "Black (1) :" and writes its moves in SAN from then on); it analyses on {@code go}
     * instead, which it stops at once on {@code ?}.
     */
    private boolean analyzeWorks() {
        return feature("analyze", true) && !refused.contains("analyze") && !displayName().startsWith("GNU Chess");
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
            // st is whole seconds in most engines: a shorter time is ours to keep (from the ponder
            // hit on, when pondering: until then a move is held anyway).
            if (!s.pondering) {
                s.stopAfter(l.moveTime().get());
            }
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
        } else if (depthLimitSent && !refused.contains("sd")) {
            send("sd 99"); // an earlier search's depth limit stays in force until new
            depthLimitSent = false;
        }
        if (l.nodes().isPresent()) {
            s.enforceNodes = l.nodes();
        }
        send("go");
        goSentNanos = System.nanoTime();
    }

    /**
     * Engines that read nothing while they think (MaxQi) cannot be stopped: such an engine is
     * replaced by a new process of itself, set up as the old one was, and the search ends with the
     * best line it reported. Known up front for an engine that refused analyze or {@code ?};
     * otherwise found out when {@code ?} brings no move within half the stop timeout.
     */
    private boolean uninterruptible() {
        return refused.contains("?") || refused.contains("analyze");
    }

    @Override
    protected void sendStop(Search s) {
        if (!analyzing && canRestart() && uninterruptible()) {
            restartAsync(s);
            return;
        }
        if (!analyzing && canRestart()) {
            TIMER.schedule(() -> {
                synchronized (lock) {
                    if (search == s && !restarting) {
                        restartAsync(s);
                    }
                }
            }, Math.max(1, timeouts.stop().toMillis() / 2), TimeUnit.MILLISECONDS);
        }
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

    private boolean restarting;

    /** Starts replacing the engine for {@code s} on a thread of its own (under the lock). */
    private void restartAsync(Search s) {
        if (restarting) {
            return;
        }
        restarting = true;
        Thread t = new Thread(() -> replaceEngine(s), "kibitz-engine-restart");
        t.setDaemon(true);
        t.start();
    }

    private void replaceEngine(Search s) {
        try {
            replaceChannel();
            CompletableFuture<Void> hello;
            synchronized (lock) {
                // A new process of the same engine: what it refuses and declares is known; its
                // board, pings and modes start afresh.
                pings.clear();
                discardUntilPong = 0;
                analyzing = false;
                depthLimitSent = false;
                engineStart = null;
                engineMoves.clear();
                sawFeature = false;
                waitingForDone = false;
                handshakeResends = 0;
                rehandshake = newWait();
                hello = rehandshake;
                send("xboard");
                send("protover 2");
                armFeatureTimer();
            }
            events.flush();
            await(hello, timeouts.handshake(), "protover");
            CompletableFuture<Void> placed;
            synchronized (lock) {
                send("easy");
                send("post");
                for (EngineOption o : options.values()) {
                    EngineOption d = declared.get(o.name());
                    if (d == null || o instanceof EngineOption.Button || o.value().equals(d.value())) {
                        continue;
                    }
                    sendOptionValue(o);
                }
                resetBoard(game);
                engineStart = game.startPosition();
                placed = sendPosition(start, moves, replay(start, moves));
            }
            events.flush();
            await(placed, timeouts.ready(), "ping");
            synchronized (lock) {
                restarting = false;
                if (search == s) {
                    List<Move> pv = s.bestPv;
                    finishSearch(new BestMove(pv.isEmpty() ? Optional.empty() : Optional.of(pv.get(0)),
                            pv.size() > 1 ? Optional.of(pv.get(1)) : Optional.empty(), false, false));
                }
            }
        } catch (EngineException e) {
            synchronized (lock) {
                restarting = false;
                die(e);
            }
        } finally {
            events.flush();
        }
    }

    /**
     * The engine searched on with its clock running since the go, which is the time pondering
     * saves: a held move completes the search now, otherwise the engine goes on and the limits the
     * session keeps itself start to count.
     */
    @Override
    public void ponderHit() throws EngineException {
        synchronized (lock) {
            requireAlive();
            Search s = search;
            if (stateLocked() != SessionState.PONDERING || s == null) {
                throw new EngineException(Kind.STATE, ProtocolMessages.text("state.notPondering", displayName()));
            }
            s.pondering = false;
            transition(SessionState.SEARCHING);
            if (heldMove != null) {
                releaseHeldMove();
            } else {
                enforceLimitsAfterPonderHit(s);
            }
        }
        events.flush();
    }

    /** Arms what {@link #goSearch} left for the ponder hit: the rest of a move time, a depth or node count already reached. */
    private void enforceLimitsAfterPonderHit(Search s) {
        if (!analyzing && s.limits.moveTime().isPresent()) {
            Duration spent = Duration.ofNanos(System.nanoTime() - goSentNanos);
            Duration left = s.limits.moveTime().get().minus(spent);
            s.stopAfter(left.isNegative() ? Duration.ofMillis(1) : left);
        }
        // What this search reported while pondering, not the last line parsed (it may be older).
        if (limitReached(s, s.lastDepth, s.lastNodes, !s.bestPv.isEmpty())) {
            requestStop(s);
        }
    }

    /** A stop (or close) while a move is held needs nothing from the engine: it moved already. */
    @Override
    protected void requestStop(Search s) {
        if (s == search && heldMove != null) {
            transition(SessionState.STOPPING); // the states a UCI engine's stop goes through
            releaseHeldMove();
            return;
        }
        super.requestStop(s);
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
