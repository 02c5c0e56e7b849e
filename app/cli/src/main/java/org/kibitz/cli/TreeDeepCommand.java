package org.kibitz.cli;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.Formats;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.ScoreCodec;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.tree.deep.DeepAnalysis;
import org.kibitz.core.tree.deep.DeepExport;
import org.kibitz.core.tree.deep.DeepSettings;
import org.kibitz.core.tree.deep.DeepValues;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz tree deep}: deep analysis of a tree ({@link DeepAnalysis}). Progress lines on stderr,
 * then on stdout {@code nodes <N> root <value> best <line>}, the value from White's/Red's view and the
 * line in coordinates. A state file makes it resumable ({@code --state F --resume}).
 */
@Command(name = "deep", resourceBundle = "org.kibitz.cli.tree", sortOptions = false)
final class TreeDeepCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("tree");
    /** The budget when none is given: this many nodes. */
    static final long DEFAULT_BUDGET_NODES = 100;
    /** The limit of each search when none is given: this many nodes. */
    static final long DEFAULT_LIMIT_NODES = 100_000;

    private final Games games;
    private final EngineRegistry registry;
    private final Formats formats;
    private final Provider<AnalysisStore> store;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Option(names = "--engine", paramLabel = "ENGINE", required = true, descriptionKey = "deep.engine")
    List<String> engines;

    @Option(names = "--game", paramLabel = "GAME", descriptionKey = "deep.game")
    String game;

    /** Not {@link TreeQueryCommand}'s: here {@code --moves} wants at least one move, and the help says so. */
    static final class Where {
        @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "query.fen")
        String fen;

        @Option(names = "--moves", paramLabel = "MOVE", arity = "1..*", descriptionKey = "query.moves")
        List<String> moves;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Where where;

    /** Not {@link LimitOptions}: the help lists nodes first, labels depth D and has its own texts. */
    static final class Limit {
        @Option(names = "--nodes", paramLabel = "N", descriptionKey = "deep.nodes")
        Long nodes;

        @Option(names = "--depth", paramLabel = "D", descriptionKey = "deep.depth")
        Integer depth;

        @Option(names = "--movetime", paramLabel = "MS", descriptionKey = "deep.movetime")
        Long movetime;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Limit limit;

    @Option(names = "--multipv", paramLabel = "K", defaultValue = "3", descriptionKey = "deep.multipv")
    int multipv;

    @Option(names = "--window", paramLabel = "CP", defaultValue = "30", descriptionKey = "deep.window")
    int window;

    @Option(names = "--max-plies", paramLabel = "P", defaultValue = "10", descriptionKey = "deep.maxPlies")
    int maxPlies;

    @Option(names = "--budget-seconds", paramLabel = "S", descriptionKey = "deep.budgetSeconds")
    Long budgetSeconds;

    @Option(names = "--budget-nodes", paramLabel = "N", descriptionKey = "deep.budgetNodes")
    Long budgetNodes;

    @Option(names = "--state", paramLabel = "FILE", descriptionKey = "deep.state")
    Path state;

    @Option(names = "--resume", descriptionKey = "deep.resume")
    boolean resume;

    @Option(names = "--pgn", paramLabel = "OUT", descriptionKey = "deep.pgn")
    Path pgn;

    @Option(names = "--book", paramLabel = "OUT", descriptionKey = "deep.book")
    Path book;

    @Option(names = "--no-store", descriptionKey = "deep.noStore")
    boolean noStore;

    @Option(names = "--rechecks", paramLabel = "N", defaultValue = "1", descriptionKey = "deep.rechecks")
    int rechecks;

    @Inject
    TreeDeepCommand(Games games, EngineRegistry registry, Formats formats, Provider<AnalysisStore> store) {
        this.games = games;
        this.registry = registry;
        this.formats = formats;
        this.store = store;
    }

    @Override
    public Integer call() {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("tree deep", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String fen = where == null ? null : where.fen;
        GamePlugin g = game != null ? GameOption.game(games, game, spec)
                : GameOption.inferred(games, fen, where == null || where.moves == null ? List.of() : where.moves,
                        x -> false, "chess", spec);
        Position start = GameOption.position(g, game != null ? game : g.id(), fen, spec);
        List<Move> moves = moves(g, start);
        if (multipv < 1 || window < 0 || maxPlies < 1) {
            throw usage("deep.bad", multipv, window, maxPlies);
        }
        if (rechecks < 0) {
            throw usage("deep.badRechecks", rechecks);
        }
        if (resume && state == null) {
            throw usage("deep.resumeNoState");
        }
        if (state != null && !resume && Files.exists(state)) {
            throw usage("deep.stateExists", state);
        }
        if (resume && !Files.isRegularFile(state)) {
            throw usage("deep.noState", state);
        }
        SearchLimits limits = (limit == null ? Optional.<SearchLimits>empty()
                : LimitOptions.given(limit.depth, limit.nodes, limit.movetime, v -> usage("deep.positive", v)))
                .orElse(SearchLimits.nodes(DEFAULT_LIMIT_NODES));
        OptionalLong budget = budgetNodes != null ? OptionalLong.of(positive(budgetNodes))
                : budgetSeconds == null ? OptionalLong.of(DEFAULT_BUDGET_NODES) : OptionalLong.empty();
        Optional<Duration> time = budgetSeconds == null ? Optional.empty() : Optional.of(Duration.ofSeconds(positive(budgetSeconds)));
        List<EngineRef> refs = engineRefs(err);
        DeepSettings settings = new DeepSettings(g, start, moves, refs, limits, multipv, window, maxPlies, time, budget,
                rechecks);
        int rankBase = g.coordinateRankBase();
        Side rootSide = settings.root().sideToMove();
        try (SessionPool pool = SessionPool.of(registry, games, 1, refs.size())) {
            DeepAnalysis analysis = DeepAnalysis.open(settings, Optional.ofNullable(state), resume);
            if (resume) {
                err.println(TEXT.text("deep.resumed", analysis.tree().size(), state));
                err.flush();
            }
            AnalysisStore kept = noStore ? null : store.get();
            DeepAnalysis.Result r = analysis.run(pool, Optional.ofNullable(kept), p -> {
                synchronized (err) {
                    if (p.recheck()) {
                        err.println(TEXT.text("deep.recheck", DeepExport.coordinates(p.node().path(), rankBase),
                                p.node().depth(), value(p.rootValue(), rootSide), DeepExport.coordinates(p.bestLine(), rankBase)));
                    } else {
                        err.println(TEXT.text("deep.progress", p.nodes(), DeepExport.coordinates(p.node().path(), rankBase),
                                value(p.rootValue(), rootSide), DeepExport.coordinates(p.bestLine(), rankBase)));
                    }
                    err.flush();
                }
            });
            if (kept != null) {
                kept.flush();
                kept.problem().ifPresent(p -> err.println(TEXT.text("deep.storeProblem", p.render())));
            }
            for (String f : r.failures()) {
                err.println(TEXT.text("deep.failure", f));
            }
            if (pgn != null) {
                FormatPlugin f = formats.byId("pgn").orElseThrow();
                // Atomic: a failed export leaves the file there was (decision: nothing lost on bad input).
                org.kibitz.core.AtomicFiles.write(pgn, o -> {
                    java.io.OutputStream open = new java.io.FilterOutputStream(o) {
                        @Override
                        public void write(byte[] b, int off, int len) throws IOException {
                            o.write(b, off, len);
                        }

                        @Override
                        public void close() throws IOException {
                            o.flush(); // the save still forces and moves the file
                        }
                    };
                    try (GameWriter w = f.writer(open, WriteContext.of(games))) {
                        w.write(DeepExport.gameTree(settings, analysis.tree()));
                    }
                });
            }
            if (book != null) {
                DeepExport.book(settings, analysis.tree()).write(book);
            }
            err.println(TEXT.text("deep.stop." + r.stop().name().toLowerCase(java.util.Locale.ROOT)));
            err.flush();
            out.println("nodes " + r.nodes() + " root " + value(r.rootValue(), rootSide) + " best "
                    + DeepExport.coordinates(r.bestLine(), rankBase));
            out.flush();
            return r.rootValue().isPresent() ? 0 : 1;
        } catch (IOException e) {
            err.println(TEXT.text("deep.stopped", String.valueOf(e.getMessage())));
            err.flush();
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    /** A value from White's/Red's view: {@code +0.25}, {@code -1.10}, {@code #3}; {@code -} when none. */
    static String value(OptionalInt v, Side toMove) {
        if (v.isEmpty()) {
            return "-";
        }
        Score s = DeepValues.score(v.getAsInt()).forWhite(toMove);
        String text = ScoreCodec.evalText(s);
        return s instanceof Score.Centipawns c && c.cp() >= 0 ? "+" + text : text;
    }

    private List<Move> moves(GamePlugin g, Position start) {
        return where == null || where.moves == null ? new ArrayList<>() : TreeQueryCommand.moves(g, start, where.moves, spec);
    }

    private List<EngineRef> engineRefs(PrintWriter err) {
        // The message leaves out where the list was set aside.
        EngineLookup.readList(registry, err, TEXT, "deep.enginesCorrupt");
        List<EngineRef> out = new ArrayList<>();
        for (String e : engines) {
            out.add(EngineLookup.resolve(registry, e, spec));
        }
        return out;
    }

    private long positive(long v) {
        if (v < 1) {
            throw usage("deep.positive", v);
        }
        return v;
    }

    private CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }
}
