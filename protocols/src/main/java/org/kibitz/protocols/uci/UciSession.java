package org.kibitz.protocols.uci;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
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
import org.kibitz.protocols.ProtocolMessages;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.session.Conventions;
import org.kibitz.protocols.session.EngineSessionBase;
import org.kibitz.protocols.session.FenCodec;
import org.kibitz.protocols.session.GameIds;
import org.kibitz.protocols.session.InfoLine;

/**
 * A UCI or UCCI engine: the two protocols share their shape (handshake, {@code isready},
 * {@code position}, {@code go}, {@code info}, {@code bestmove}) and differ in the details a
 * {@link Dialect} decides: option syntax, time units, where the position starts, how a search ends
 * without a move.
 */
public final class UciSession extends EngineSessionBase {

    /** The two dialects. */
    public enum Dialect {
        UCI("uci", "uciok"),
        UCCI("ucci", "ucciok");

        final String hello;
        final String ok;

        Dialect(String hello, String ok) {
            this.hello = hello;
            this.ok = ok;
        }
    }

    private final Dialect dialect;
    private final InfoParser.BareScore bareScore;
    private InfoParser infoParser;
    private int infoParserBase = -1;
    private final InfoLine info = new InfoLine();
    private final ArrayDeque<CompletableFuture<Void>> readyWaits = new ArrayDeque<>();
    private boolean emptyMark;
    private boolean useMillisec;

    public UciSession(Dialect dialect, EngineConfig config, Games games, LineChannel channel) {
        super(dialect.hello, config, games, channel);
        this.dialect = dialect;
        this.bareScore = dialect == Dialect.UCCI ? InfoParser.BareScore.UCCI : InfoParser.BareScore.NONE;
        this.infoParser = new InfoParser(bareScore);
    }

    // ---------------------------------------------------------------- handshake

    @Override
    protected void beginHandshake() {
        send(dialect.hello);
    }

    @Override
    protected String rejectsProtocol(String line) {
        String l = line.strip();
        if (l.startsWith("feature ") || l.startsWith("tellics ") || l.startsWith("telluser ")
                || l.startsWith("Illegal move") || l.startsWith("Invalid move") || l.startsWith("Error")) {
            return "xboard"; // CECP's words
        }
        if (dialect == Dialect.UCCI && l.equals("uciok")) {
            return "uci";
        }
        String lower = l.toLowerCase(Locale.ROOT);
        return lower.contains("unknown command") && lower.contains(dialect.hello) ? "" : null;
    }

    @Override
    public void afterHandshake() throws EngineException {
        synchronized (lock) {
            if (dialect == Dialect.UCCI && declared.containsKey("usemillisec")
                    && config.conventions().useMillisec().orElse(true)) {
                // UCCI times are seconds unless the engine offers milliseconds: always prefer them.
                send("setoption usemillisec true");
                options.put("usemillisec", new EngineOption.Check("usemillisec", true));
                useMillisec = true;
            }
        }
        events.flush();
        applyConfiguredOptions();
    }

    // ---------------------------------------------------------------- lines

    @Override
    protected void handleLine(String raw) {
        String line = raw.strip();
        if (line.isEmpty()) {
            return;
        }
        if (line.startsWith("info")) {
            long key = moreLinesComing() ? InfoParser.holdKey(line) : -1;
            if (key >= 0 && hold(line, key)) {
                return;
            }
            handleHeld();
            handleInfo(line);
            return;
        }
        handleHeld(); // what was held back came first
        if (line.startsWith("bestmove ") || line.equals("bestmove") || line.equals("nobestmove")) {
            onBestMove(line);
            return;
        }
        if (line.equals("readyok")) {
            CompletableFuture<Void> w = readyWaits.pollFirst();
            if (w != null) {
                completeSoon(w, null);
            }
            return;
        }
        if (line.startsWith("message ")) {
            message(MessageKind.INFO, line.substring(8).strip());
            return;
        }
        if (!handshakeOver()) {
            if (line.startsWith("id ") || line.startsWith("option ") || line.equals(dialect.ok)) {
                recognised = true;
            }
            if (line.startsWith("id ")) {
                onId(line);
            } else if (line.startsWith("option ")) {
                OptionParser.parse(line, dialect == Dialect.UCCI).ifPresent(o -> {
                    if (line.contains(OptionParser.EMPTY_MARK)) {
                        emptyMark = true;
                    }
                    declare(o);
                    if (o instanceof EngineOption.Combo c && c.name().equalsIgnoreCase("UCI_Variant")) {
                        variants.clear();
                        variants.addAll(c.choices());
                    }
                });
            } else if (line.equals(dialect.ok)) {
                handshakeDone();
            }
        }
        // Anything else (banners, "bye", "No such option") is only for the log.
    }

    private void onId(String line) {
        String rest = line.substring(3).strip();
        if (rest.startsWith("name ")) {
            engineName = rest.substring(5).strip();
        } else if (rest.startsWith("author ")) {
            author = Optional.of(rest.substring(7).strip());
        }
    }

    private void handleInfo(String line) {
        if (codec != null && codec.rankBase() != infoParserBase) {
            // Once the game and its rank base are known, PVs are read straight into moves.
            infoParserBase = codec.rankBase();
            infoParser = new InfoParser(bareScore, infoParserBase);
        }
        if (infoParser.parse(line, info)) {
            if (info.text != null) {
                message(MessageKind.INFO, info.text);
            }
            report(info);
        }
    }

    // ------------------------------------------------ info lines held back within one read

    // A flooding engine writes dozens of info lines per read of its output, most of them soon
    // replaced by the next line of the same MultiPV rank. Of the lines of one read, the last of each
    // rank and depth is read (parsed, its PV checked move by move, reported); the others only go to
    // the log. The last line of every depth is kept (what stores and curves take), and a line of
    // another kind, or the read's end, hands on what was held first, so the order is kept and
    // nothing waits for the engine's next write (decision 0041).

    /** The line held for each rank (index rank - 1), null where none. */
    private String[] held = new String[4];
    private int[] heldDepth = new int[4];
    private boolean[] heldBound = new boolean[4];
    /** The order the held lines came in, to hand them on in it. */
    private long[] heldOrder = new long[4];
    private int heldCount;
    private long heldSeq;

    /**
     * Holds {@code line} back (under the lock) as the latest of its rank, handing on first what was
     * held when the line would not simply replace it (another depth; a bound after an exact score).
     *
     * @return false when the line is not held (a rank beyond what is held)
     */
    private boolean hold(String line, long key) {
        int rank = InfoParser.heldRank(key);
        int depth = InfoParser.heldDepth(key);
        boolean bound = InfoParser.heldBound(key);
        if (rank > held.length) {
            if (rank > InfoParser.MAX_HELD_RANK) {
                return false;
            }
            int n = Math.max(rank, held.length * 2);
            held = java.util.Arrays.copyOf(held, n);
            heldDepth = java.util.Arrays.copyOf(heldDepth, n);
            heldBound = java.util.Arrays.copyOf(heldBound, n);
            heldOrder = java.util.Arrays.copyOf(heldOrder, n);
        }
        int i = rank - 1;
        if (held[i] != null && (heldDepth[i] != depth || (!heldBound[i] && bound))) {
            handleHeld();
        }
        if (held[i] == null) {
            heldCount++;
        }
        held[i] = line;
        heldDepth[i] = depth;
        heldBound[i] = bound;
        heldOrder[i] = ++heldSeq;
        return true;
    }

    /** Reads and reports the held lines in the order they came (under the lock). */
    private void handleHeld() {
        while (heldCount > 0) {
            int first = -1;
            for (int i = 0; i < held.length; i++) {
                if (held[i] != null && (first < 0 || heldOrder[i] < heldOrder[first])) {
                    first = i;
                }
            }
            String line = held[first];
            held[first] = null;
            heldCount--;
            handleInfo(line);
        }
    }

    @Override
    protected void endOfBatch(boolean current) {
        if (current) {
            handleHeld();
        } else {
            java.util.Arrays.fill(held, null);
            heldCount = 0;
        }
    }

    private void onBestMove(String line) {
        if (search == null) {
            return; // a late answer to a stop whose search already ended
        }
        Search s = search;
        String[] t = words(line);
        if (t[0].equals("nobestmove") || t.length < 2 || t[1].equals("(none)") || t[1].equals("0000")
                || t[1].equals("none")) {
            finishSearch(new BestMove(Optional.empty(), Optional.empty(), has(t, "draw"), has(t, "resign")));
            return;
        }
        if (s.rawBestMove) {
            s.rawBest = t[1];
            finishSearch(BestMove.none());
            return;
        }
        Optional<Move> best = codec.decode(s.root, t[1]);
        if (best.isEmpty()) {
            failSearch(new EngineException(Kind.PROTOCOL, ProtocolMessages.text("search.illegalBestMove",
                    displayName(), t[1], FenCodec.toEngine(s.root, conventions))));
            return;
        }
        Optional<Move> ponder = Optional.empty();
        for (int i = 2; i + 1 < t.length; i++) {
            if (t[i].equals("ponder")) {
                ponder = codec.decode(s.root.play(best.get()), t[i + 1]);
            }
        }
        finishSearch(new BestMove(best, ponder, has(t, "draw"), has(t, "resign")));
    }

    private static boolean has(String[] tokens, String word) {
        for (int i = 2; i < tokens.length; i++) {
            if (tokens[i].equals(word)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- what the engine plays

    @Override
    protected Set<String> playedGames() {
        if (dialect == Dialect.UCCI) {
            return Set.of(GameIds.XIANGQI);
        }
        if (!variants.isEmpty()) {
            Set<String> g = GameIds.forVariants(variants, games);
            if (!g.isEmpty()) {
                return g;
            }
        }
        if (config.conventions().uciVariant().isPresent()) {
            return GameIds.forVariants(List.of(config.conventions().uciVariant().get()), games);
        }
        if (asked != null && !asked.isEmpty()) {
            return asked.keySet();
        }
        String n = displayName().toLowerCase(Locale.ROOT);
        if (n.contains("pikafish") || n.contains("xiangqi") || n.contains("cyclone")) {
            return Set.of(GameIds.XIANGQI);
        }
        return Set.of(GameIds.CHESS);
    }

    private boolean isFairyStockfish() {
        String n = displayName().toLowerCase(Locale.ROOT);
        return n.contains("fairy-stockfish") || n.contains("fairy stockfish") || n.contains("fairystockfish");
    }

    @Override
    protected Conventions detectedConventions(String gameId) {
        Conventions c = Conventions.standard(gameId);
        if (dialect == Dialect.UCCI) {
            return c.withUseMillisec(useMillisec);
        }
        if (GameIds.XIANGQI.equals(gameId) && isFairyStockfish()) {
            c = c.withRankBase(1); // Fairy-Stockfish numbers xiangqi ranks 1-10 in plain UCI
        }
        if (asked != null && asked.containsKey(gameId)) {
            c = c.withRankBase(asked.get(gameId)); // as its own moves showed
        }
        Optional<String> variant = variantFor(gameId);
        return c.withUciVariant(variant);
    }

    /** The UCI_Variant choice that stands for {@code gameId}, when the engine has the option. */
    private Optional<String> variantFor(String gameId) {
        if (variants.isEmpty()) {
            return Optional.empty();
        }
        for (String v : variants) {
            if (v.equalsIgnoreCase(gameId)) {
                return Optional.of(v);
            }
        }
        for (String v : variants) {
            if (GameIds.forVariant(v, games).filter(gameId::equals).isPresent()) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** Whether the rank base for xiangqi is known without asking the engine (name or configuration). */
    private boolean rankBaseKnown(String gameId) {
        if (!GameIds.XIANGQI.equals(gameId) || dialect == Dialect.UCCI || config.conventions().rankBase().isPresent()) {
            return true;
        }
        String n = displayName().toLowerCase(Locale.ROOT);
        return isFairyStockfish() || n.contains("pikafish") || (asked != null && asked.containsKey(gameId));
    }

    // ---------------------------------------------------------------- asking which games it plays

    /**
     * The games the engine showed it plays when asked, with the rank base its moves used; null until
     * asked (under the lock).
     */
    private java.util.Map<String, Integer> asked;

    /** How many of its own moves an engine is asked for at most before its game is taken as unknown. */
    private static final int ASK_PLIES = 4;

    /**
     * Whether the engine's games can only be guessed (under the lock): a UCI engine that announces no
     * {@code UCI_Variant} and has none configured, not asked yet. Pikafish answers neither
     * {@code UCI_Variant} nor {@code ucci}, and engines get renamed, so its name proves little.
     */
    private boolean gamesUnknown() {
        return dialect == Dialect.UCI && variants.isEmpty() && config.conventions().uciVariant().isEmpty()
                && asked == null && inProbeOrOpen();
    }

    /**
     * Whether the engine's games are no more than a guess from its name (under the lock): it names no
     * variant and its moves, when asked, fit no game. Then the caller's game is taken at its word
     * (the user chose it for the engine in the engine manager).
     */
    private boolean onlyGuessed() {
        return dialect == Dialect.UCI && variants.isEmpty() && config.conventions().uciVariant().isEmpty()
                && (asked == null || asked.isEmpty());
    }

    private boolean inProbeOrOpen() {
        SessionState st = stateLocked();
        return st == SessionState.IDLE;
    }

    /**
     * Asks an engine whose games can only be guessed which games it plays: it searches its own start
     * position one ply deep, and its move is read in each game's known coordinate conventions (chess
     * ranks 1-8; xiangqi ranks 0-9 or 1-10). Where the move fits more than one game (b1c3 is a
     * knight's move in chess and a horse's in xiangqi counted from 1), it is asked for the next
     * move after it, up to {@link #ASK_PLIES} plies. Its own start position is asked, not each game's
     * FEN in turn: a chess engine given a xiangqi FEN may crash. The name heuristics stay when the
     * answers fit no game.
     */
    @Override
    public void askWhatItPlays() throws EngineException {
        synchronized (lock) {
            if (!gamesUnknown()) {
                return;
            }
        }
        record Candidate(GamePlugin game, int base, Position at) {
        }
        List<Candidate> left = new ArrayList<>();
        for (GamePlugin g : games.all()) {
            if (GameIds.CHESS.equals(g.id())) {
                left.add(new Candidate(g, 1, g.startPosition()));
            } else if (GameIds.XIANGQI.equals(g.id())) {
                left.add(new Candidate(g, 0, g.startPosition()));
                left.add(new Candidate(g, 1, g.startPosition()));
            }
        }
        List<String> played = new ArrayList<>();
        GamePlugin any = left.isEmpty() ? null : left.get(0).game();
        try {
            for (int ply = 0; ply < ASK_PLIES && !left.isEmpty(); ply++) {
                String text = firstMove(any, played);
                if (text == null) {
                    left.clear();
                    break;
                }
                List<Candidate> next = new ArrayList<>();
                for (Candidate c : left) {
                    try {
                        Move m = Move.parseCoordinates(text, c.base());
                        if (c.at().isLegal(m)) {
                            next.add(new Candidate(c.game(), c.base(), c.at().play(m)));
                        }
                    } catch (IllegalArgumentException e) {
                        // not a move under this game's coordinates
                    }
                }
                left = next;
                played.add(text);
                if (left.stream().map(c -> c.game().id()).distinct().count() <= 1
                        && left.size() <= 1) {
                    break;
                }
            }
        } finally {
            synchronized (lock) {
                java.util.Map<String, Integer> found = new java.util.LinkedHashMap<>();
                for (Candidate c : left) {
                    found.putIfAbsent(c.game().id(), c.base());
                }
                asked = found;
                // Nothing of the asking stays: the next game starts from scratch.
                game = null;
                codec = null;
                conventions = null;
                position = null;
            }
        }
    }

    /** The engine's move (as written) from its start position after {@code played}, one ply deep; null when none. */
    private String firstMove(GamePlugin any, List<String> played) throws EngineException {
        CompletableFuture<BestMove> f;
        Search s;
        synchronized (lock) {
            requireIdle();
            useGame(any, Conventions.standard(any.id()).withRankBase(any.coordinateRankBase()));
            position = any.startPosition();
            send(played.isEmpty() ? "position startpos" : "position startpos moves " + String.join(" ", played));
            s = beginSearch(SearchLimits.depth(1));
            s.rawBestMove = true;
            send("go depth 1");
            f = s.result;
        }
        try {
            f.get(timeouts.ready().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            // A search that does not end by itself at depth 1 (some engines ignore the limit): its
            // move after stop says as much.
            synchronized (lock) {
                if (search == s) {
                    requestStop(s);
                }
            }
            events.flush();
            await(f, timeouts.stop().plusSeconds(1), "stop");
        } catch (java.util.concurrent.ExecutionException e) {
            throw asEngineException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(Kind.STATE, ProtocolMessages.text("interrupted"), e);
        }
        return s.rawBest;
    }

    // ---------------------------------------------------------------- commands

    @Override
    public void setOption(String name, String value) throws EngineException {
        org.kibitz.protocols.process.LineSafety.require(name, name);
        org.kibitz.protocols.process.LineSafety.require(name, value);
        synchronized (lock) {
            requireIdle();
            EngineOption o = option(name);
            EngineOption v = withValue(o, value);
            sendOption(v);
        }
        events.flush();
    }

    private void sendOption(EngineOption v) {
        EngineOption before = options.get(v.name());
        options.put(v.name(), v);
        noteSlowOption(before, v);
        String text = v.value();
        if (text.isEmpty() && v instanceof EngineOption.Text && emptyMark) {
            text = OptionParser.EMPTY_MARK;
        }
        if (dialect == Dialect.UCCI) {
            send(v instanceof EngineOption.Button ? "setoption " + v.name() : "setoption " + v.name() + " " + text);
        } else {
            send(v instanceof EngineOption.Button ? "setoption name " + v.name()
                    : "setoption name " + v.name() + " value " + text);
        }
    }

    /**
     * The time a hash table takes on top of the ordinary wait, per GB: allocating and clearing 2 GB
     * took Stockfish 16 over ten seconds on a 2-core machine with other work running (issue 36).
     */
    public static final Duration PER_GB_OF_HASH = Duration.ofSeconds(10);
    /** The time a network file (NNUE) takes to load on top of the ordinary wait. */
    public static final Duration PER_NETWORK = Duration.ofSeconds(20);

    /**
     * Gives the next wait time in proportion to what an option costs the engine (under the lock),
     * and says what the engine is busy with: a hash table to allocate, a network to load.
     */
    private void noteSlowOption(EngineOption before, EngineOption now) {
        String n = now.name().toLowerCase(Locale.ROOT);
        if ((n.equals("hash") || n.equals("hashsize")) && now instanceof EngineOption.Spin sp) {
            if (before != null && before.value().equals(now.value())) {
                return;
            }
            long mb = sp.current(); // UCCI's hashsize is in MB as UCI's Hash is
            if (mb >= 64) {
                Duration extra = Duration.ofMillis(PER_GB_OF_HASH.toMillis() * mb / 1024);
                String size = sizeText(mb);
                expectSlowAnswer(extra, ProtocolMessages.text("status.hash", size),
                        ProtocolMessages.text("asked.hash", size));
            }
        } else if ((n.contains("evalfile") || n.contains("nnue")) && now instanceof EngineOption.Text t
                && !t.value().isBlank() && (before == null || !before.value().equals(t.value()))) {
            expectSlowAnswer(PER_NETWORK, ProtocolMessages.text("status.network", t.value()),
                    ProtocolMessages.text("asked.network", t.value()));
        }
    }

    /** A size in MB as a person reads it: {@code 512 MB}, {@code 2 GB}, {@code 1.5 GB}. */
    public static String sizeText(long mb) {
        if (mb < 1024) {
            return mb + " MB";
        }
        double gb = mb / 1024.0;
        return (gb == Math.rint(gb) ? Long.toString((long) gb) : String.format(Locale.ROOT, "%.1f", gb)) + " GB";
    }

    /** Sets a declared option the session manages itself, if the engine has it and the value differs. */
    private void ensureOption(String name, String value) {
        EngineOption o = options.get(name); // as the engine spells it, mostly: no walk through them all
        for (EngineOption c : o != null ? List.<EngineOption>of() : options.values()) {
            if (c.name().equalsIgnoreCase(name)) {
                o = c;
                break;
            }
        }
        if (o == null || o.value().equalsIgnoreCase(value)) {
            return;
        }
        try {
            sendOption(o.withValue(value));
        } catch (IllegalArgumentException e) {
            // out of the engine's range: leave it as it is
        }
    }

    private CompletableFuture<Void> isready() {
        CompletableFuture<Void> w = newWait();
        readyWaits.addLast(w);
        send("isready");
        return w;
    }

    @Override
    public void sync() throws EngineException {
        CompletableFuture<Void> w;
        synchronized (lock) {
            requireAlive();
            w = isready();
        }
        await(w, timeouts.ready(), "isready");
    }

    @Override
    public void newGame(String gameId) throws EngineException {
        startNewGame(gameId).await();
    }

    @Override
    public Ready startNewGame(String gameId) throws EngineException {
        GamePlugin g;
        CompletableFuture<Void> w;
        boolean ask;
        synchronized (lock) {
            ask = gamesUnknown() && !playedGames().contains(gameId);
        }
        if (ask) {
            askWhatItPlays();
        }
        synchronized (lock) {
            requireIdle();
            g = gamePlugin(gameId);
            if (!playedGames().contains(gameId) && !onlyGuessed()) {
                throw new EngineException(Kind.UNSUPPORTED, ProtocolMessages.text("game.notPlayed", displayName(), gameId));
            }
            Conventions c = detectedConventions(gameId).overriddenBy(config.conventions());
            cork(); // the commands below in one write, as a bare loop sends them
            try {
                c.uciVariant().ifPresent(v -> ensureOption("UCI_Variant", v));
                if (dialect == Dialect.UCI) {
                    send("ucinewgame");
                } else if (declared.containsKey("newgame")) {
                    send("setoption newgame");
                }
                useGame(g, detectedConventions(gameId));
                start = g.startPosition();
                moves = List.of();
                position = start;
                w = isready(); // last: its answer may come at once, and the reader then needs the lock
            } finally {
                uncork();
            }
        }
        if (rankBaseKnown(gameId)) {
            return () -> await(w, timeouts.ready(), "isready");
        }
        await(w, timeouts.ready(), "isready");
        int base = detectRankBase(g);
        synchronized (lock) {
            useGame(g, detectedConventions(gameId).withRankBase(base));
        }
        return () -> { };
    }

    /**
     * Finds out once which rank base an unknown UCI engine uses for xiangqi: it searches the start
     * position one ply deep, and its move names a piece of the side to move under one base only
     * (Red's pieces stand on ranks 0, 2, 3 counted from 0, or 1, 3, 4 counted from 1).
     */
    private int detectRankBase(GamePlugin g) throws EngineException {
        Position root = g.startPosition();
        CompletableFuture<BestMove> f;
        Search s;
        synchronized (lock) {
            useGame(g, detectedConventions(g.id()).withRankBase(0));
            position = root;
            send("position startpos");
            s = beginSearch(SearchLimits.depth(1));
            s.rawBestMove = true;
            send("go depth 1");
            f = s.result;
        }
        await(f, timeouts.ready(), "go depth 1");
        String text = s.rawBest;
        for (int base : new int[] {0, 1}) {
            try {
                Move m = Move.parseCoordinates(text == null ? "" : text, base);
                if (root.isLegal(m)) {
                    return base;
                }
            } catch (IllegalArgumentException e) {
                // not under this base
            }
        }
        return 0;
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
        synchronized (lock) {
            setPositionLocked(startPosition, line);
        }
        events.flush();
    }

    /**
     * {@link #setPosition(Position, List)} then {@link #go(SearchLimits)}, their commands in one write
     * when the game is the one set already (else one after the other).
     */
    @Override
    public CompletableFuture<BestMove> go(Position startPosition, List<Move> line, SearchLimits limits)
            throws EngineException {
        CompletableFuture<BestMove> out;
        synchronized (lock) {
            requireIdle();
            if (game == null || !game.id().equals(startPosition.gameId())) {
                out = null;
            } else {
                cork();
                try {
                    setPositionLocked(startPosition, line);
                    out = goLocked(limits);
                } finally {
                    uncork();
                }
            }
        }
        if (out == null) {
            setPosition(startPosition, line);
            return go(limits);
        }
        events.flush();
        return out;
    }

    /** What {@link #setPosition(Position, List)} does once the game is set (under the lock). */
    private void setPositionLocked(Position startPosition, List<Move> line) throws EngineException {
        requireIdle();
        List<Position> after = replay(startPosition, line);
        start = startPosition;
        moves = List.copyOf(line);
        position = after.isEmpty() ? startPosition : after.get(after.size() - 1);
        Position from = startPosition;
        List<Move> tail = line;
        if (dialect == Dialect.UCCI) {
            // UCCI: the position after the last capture, then the moves since, so that the
            // engine can see repetitions without being sent the whole game.
            int lastCapture = -1;
            Position p = startPosition;
            for (int i = 0; i < line.size(); i++) {
                if (p.isCapture(line.get(i))) {
                    lastCapture = i;
                }
                p = after.get(i);
            }
            if (lastCapture >= 0) {
                from = after.get(lastCapture);
                tail = line.subList(lastCapture + 1, line.size());
            }
        }
        if (GameIds.CHESS.equals(game.id())) {
            ensureOption("UCI_Chess960", Boolean.toString(chess960(startPosition, moves, after)));
        }
        send(positionCommand(from, tail));
    }

    /**
     * {@code line.split("\\s+")} for a line without blanks at either end (as {@link #handleLine} passes
     * them), without a regular expression: every search ends with one.
     */
    static String[] words(String line) {
        List<String> out = new ArrayList<>(4);
        int n = line.length();
        int i = 0;
        while (i < n) {
            int b = i;
            while (i < n && !isSpace(line.charAt(i))) {
                i++;
            }
            out.add(line.substring(b, i));
            while (i < n && isSpace(line.charAt(i))) {
                i++;
            }
        }
        return out.isEmpty() ? new String[] {""} : out.toArray(new String[0]);
    }

    /** What {@code \\s} matches. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");
    private static final java.util.regex.Pattern STANDARD_CASTLING = java.util.regex.Pattern.compile("-|[KQkq]+");

    // Guarded by lock: the longest position command sent lately, what it was made from, and where each
    // of its moves ends in it. A batch sends every position of a game, last to first, each line a
    // beginning of the one before from the same start object: its command is a beginning of this one,
    // where encoding the whole line each time would make a game's commands cost the square of its length.
    private Position commandFrom;
    private Conventions commandConventions;
    private List<Move> commandMoves = List.of();
    private String command;
    private int[] commandEnds = new int[0];
    private int commandBase;
    private Position checkedStart;
    private List<Move> checkedLine = List.of();

    /** {@code position startpos|fen ... [moves ...]} for {@code tail} played from {@code from} (under the lock). */
    private String positionCommand(Position from, List<Move> tail) {
        int known = 0;
        if (from == commandFrom && conventions.equals(commandConventions) && command != null) {
            int n = Math.min(tail.size(), commandMoves.size());
            while (known < n && tail.get(known).equals(commandMoves.get(known))) {
                known++;
            }
        } else {
            command = "position " + (from.fen().equals(game.startPosition().fen()) ? "startpos"
                    : "fen " + FenCodec.toEngine(from, conventions));
            commandBase = command.length();
            commandFrom = from;
            commandConventions = conventions;
            commandMoves = List.of();
            commandEnds = new int[0];
        }
        if (known == tail.size()) {
            return command.substring(0, known == 0 ? commandBase : commandEnds[known - 1]);
        }
        StringBuilder cmd = new StringBuilder(command.length() + 6 * (tail.size() - known) + 6);
        cmd.append(command, 0, known == 0 ? commandBase : commandEnds[known - 1]);
        if (known == 0) {
            cmd.append(" moves");
        }
        int[] ends = java.util.Arrays.copyOf(commandEnds, tail.size());
        for (int i = known; i < tail.size(); i++) {
            cmd.append(' ').append(codec.encode(tail.get(i)));
            ends[i] = cmd.length();
        }
        command = cmd.toString();
        commandMoves = List.copyOf(tail);
        commandEnds = ends;
        return command;
    }

    /**
     * {@link #isChess960(Position, List, List)} (under the lock), looking only at the moves past those of
     * the last line found not to be Chess960 from the same start: a batch sends each game's positions last
     * to first, each line a beginning of the one before.
     */
    private boolean chess960(Position start, List<Move> line, List<Position> after) {
        int known = 0;
        if (start == checkedStart) {
            int n = Math.min(line.size(), checkedLine.size());
            while (known < n && line.get(known).equals(checkedLine.get(known))) {
                known++;
            }
        } else if (isChess960(start, List.of(), List.of())) {
            checkedStart = null;
            checkedLine = List.of();
            return true;
        }
        if (isChess960From(start, line, after, known)) {
            checkedStart = null;
            checkedLine = List.of();
            return true;
        }
        if (start != checkedStart || known < line.size()) {
            // A line not all within the one known (an unmodifiable copy: the caller's may change).
            checkedStart = start;
            checkedLine = line;
        }
        return false;
    }

    /**
     * Whether a chess line is Chess960, as far as the API lets us see: a FEN whose castling field
     * names files (Shredder-FEN, X-FEN), or a castling move written as the king taking its rook.
     * Engines need {@code UCI_Chess960} on to read either.
     */
    static boolean isChess960(Position start, List<Move> line) {
        List<Position> after = new java.util.ArrayList<>(line.size());
        Position p = start;
        for (Move m : line) {
            p = p.play(m);
            after.add(p);
        }
        return isChess960(start, line, after);
    }

    /** {@link #isChess960(Position, List)} with the positions after each move already played (a batch sends thousands). */
    static boolean isChess960(Position start, List<Move> line, List<Position> after) {
        String[] f = SPACES.split(start.fen());
        if (f.length > 2 && !STANDARD_CASTLING.matcher(f[2]).matches()) {
            return true;
        }
        return isChess960From(start, line, after, 0);
    }

    /** Whether one of the moves of {@code line} from index {@code from} on is a castling written as the king taking its rook. */
    private static boolean isChess960From(Position start, List<Move> line, List<Position> after, int from) {
        Position p = from == 0 ? start : after.get(from - 1);
        for (int i = from; i < line.size(); i++) {
            Move m = line.get(i);
            var mover = p.pieceAt(m.from());
            var target = p.pieceAt(m.to());
            if (mover.isPresent() && target.isPresent() && mover.get().type() == 'K' && target.get().type() == 'R'
                    && mover.get().side() == target.get().side()) {
                return true;
            }
            p = after.get(i);
        }
        return false;
    }

    @Override
    public CompletableFuture<BestMove> go(SearchLimits limits) throws EngineException {
        CompletableFuture<BestMove> out;
        synchronized (lock) {
            out = goLocked(limits);
        }
        events.flush();
        return out;
    }

    /** What {@link #go(SearchLimits)} does, but for handing on the events (under the lock). */
    private CompletableFuture<BestMove> goLocked(SearchLimits limits) throws EngineException {
        requireIdle();
        if (position == null) {
            throw new EngineException(Kind.STATE, ProtocolMessages.text("state.noPosition", displayName()));
        }
        ensureOption("MultiPV", Integer.toString(limits.multiPv()));
        if (dialect == Dialect.UCI) {
            ensureOption("UCI_AnalyseMode", Boolean.toString(limits.infinite()));
        }
        if (dialect == Dialect.UCCI && !limits.searchMoves().isEmpty()) {
            sendBanMoves(limits.searchMoves());
        }
        Search s = beginSearch(limits);
        send(dialect == Dialect.UCI ? uciGo(limits) : ucciGo(s, limits));
        return s.callerResult;
    }

    private String uciGo(SearchLimits l) {
        StringBuilder b = new StringBuilder("go");
        if (l.ponder()) {
            b.append(" ponder");
        }
        l.clock().ifPresent(c -> {
            b.append(" wtime ").append(Math.max(1, c.whiteTime().toMillis()));
            b.append(" btime ").append(Math.max(1, c.blackTime().toMillis()));
            if (!c.whiteIncrement().isZero()) {
                b.append(" winc ").append(c.whiteIncrement().toMillis());
            }
            if (!c.blackIncrement().isZero()) {
                b.append(" binc ").append(c.blackIncrement().toMillis());
            }
            if (c.movesToGo() > 0) {
                b.append(" movestogo ").append(c.movesToGo());
            }
        });
        l.depth().ifPresent(d -> b.append(" depth ").append(d));
        l.nodes().ifPresent(n -> b.append(" nodes ").append(n));
        l.moveTime().ifPresent(t -> b.append(" movetime ").append(Math.max(1, t.toMillis())));
        l.mate().ifPresent(m -> b.append(" mate ").append(m));
        if (l.infinite()) {
            b.append(" infinite");
        }
        if (!l.searchMoves().isEmpty()) {
            b.append(" searchmoves"); // last: Stockfish reads moves to the end of the line
            for (Move m : l.searchMoves()) {
                b.append(' ').append(codec.encode(m));
            }
        }
        return b.toString();
    }

    /**
     * UCCI's go takes one mode: a clock, a depth, a node count or nothing (infinite). Whatever else
     * was asked for is kept by the session itself: a move time by a timer that sends {@code stop},
     * a second limit by watching the engine's reports.
     */
    private String ucciGo(Search s, SearchLimits l) {
        StringBuilder b = new StringBuilder("go");
        if (l.ponder()) {
            b.append(" ponder");
        }
        if (l.clock().isPresent()) {
            SearchLimits.Clock c = l.clock().get();
            boolean red = position.sideToMove() == org.kibitz.api.game.Side.WHITE;
            Duration mine = red ? c.whiteTime() : c.blackTime();
            Duration theirs = red ? c.blackTime() : c.whiteTime();
            Duration inc = red ? c.whiteIncrement() : c.blackIncrement();
            Duration oppInc = red ? c.blackIncrement() : c.whiteIncrement();
            b.append(" time ").append(time(mine));
            if (c.movesToGo() > 0) {
                b.append(" movestogo ").append(c.movesToGo());
            } else {
                b.append(" increment ").append(time(inc));
            }
            b.append(" opptime ").append(time(theirs));
            if (c.movesToGo() > 0) {
                b.append(" oppmovestogo ").append(c.movesToGo());
            } else {
                b.append(" oppincrement ").append(time(oppInc));
            }
        } else if (l.depth().isPresent()) {
            b.append(" depth ").append(l.depth().getAsInt());
            s.enforceNodes = l.nodes();
        } else if (l.nodes().isPresent()) {
            b.append(" nodes ").append(l.nodes().getAsLong());
        } else {
            b.append(" infinite");
        }
        if (!l.ponder()) {
            // A ponder search's move time counts from the ponder hit, as a UCI engine's does.
            l.moveTime().ifPresent(s::stopAfter);
        }
        return b.toString();
    }

    private String time(Duration d) {
        long ms = Math.max(1, d.toMillis());
        return Long.toString(useMillisec ? ms : Math.max(1, (ms + 500) / 1000));
    }

    private void sendBanMoves(List<Move> searchMoves) {
        Set<Move> allowed = new LinkedHashSet<>(searchMoves);
        List<String> banned = new ArrayList<>();
        for (Move m : position.legalMoves()) {
            if (!allowed.contains(m)) {
                banned.add(codec.encode(m));
            }
        }
        if (!banned.isEmpty()) {
            send("banmoves " + String.join(" ", banned));
        }
    }

    @Override
    protected void report(InfoLine line) {
        super.report(line);
        Search s = search;
        if (s != null && !s.stopSent && !s.pondering && s.enforceNodes.isPresent() && line.nodes >= s.enforceNodes.getAsLong()) {
            requestStop(s);
        }
    }

    @Override
    protected void sendStop(Search s) {
        send("stop");
    }

    @Override
    public void ponderHit() throws EngineException {
        synchronized (lock) {
            requireAlive();
            if (stateLocked() != SessionState.PONDERING || search == null) {
                throw new EngineException(Kind.STATE, ProtocolMessages.text("state.notPondering", displayName()));
            }
            search.pondering = false;
            send("ponderhit");
            if (dialect == Dialect.UCCI) {
                // The limits UCCI cannot pass on, which we keep ourselves, start now.
                search.limits.moveTime().ifPresent(search::stopAfter);
            }
            transition(SessionState.SEARCHING);
        }
        events.flush();
    }

    @Override
    protected void sendQuit() {
        send("quit");
    }

}
