package org.kibitz.cli;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.StoreSink;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz analyse --engine NAME|"COMMAND" --game GAME [--fen F] [--moves M...] (--depth N | --nodes N |
 * --movetime MS)}: one search by any engine; prints the last line of each PV as an {@code info} line
 * in one of our notations, then {@code bestmove} in our coordinates (ICCS ranks 0-9 for xiangqi,
 * whatever the engine uses). The engine is one of the engine list by id or name (its options and
 * conventions apply), else a command line ({@link EngineRef#resolve}); the search runs on a
 * {@link SessionPool} of one session, so an engine that dies during it is started again and the search
 * retried once.
 */
@Command(name = "analyse", aliases = "analyze", resourceBundle = "org.kibitz.cli.analyse", sortOptions = false)
final class AnalyseCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("analyse");

    private final Games games;
    private final EngineRegistry registry;
    private final Provider<AnalysisStore> store;

    @Spec
    CommandSpec spec;

    @Option(names = "--engine", required = true, paramLabel = "ENGINE", descriptionKey = "engine")
    String engine;

    @Option(names = "--game", required = true, paramLabel = "GAME", descriptionKey = "game")
    String game;

    @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "fen")
    String fen;

    @Option(names = "--moves", arity = "1..*", paramLabel = "MOVE", descriptionKey = "moves")
    List<String> moves = new ArrayList<>();

    @ArgGroup(exclusive = true, multiplicity = "1")
    LimitOptions limit;

    @Option(names = "--multipv", paramLabel = "K", defaultValue = "1", descriptionKey = "multipv")
    int multipv;

    @Option(names = "--notation", paramLabel = "NOTATION", descriptionKey = "notation")
    String notation;

    @Option(names = "--protocol", paramLabel = "PROTOCOL", descriptionKey = "protocol")
    String protocol;

    @Option(names = "--option", paramLabel = "NAME=VALUE", descriptionKey = "option")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--timeout", paramLabel = "SECONDS", descriptionKey = "timeout")
    Long timeout;

    @Option(names = "--wait", paramLabel = "SECONDS", descriptionKey = "wait")
    Double wait;

    /** {@code --log} alone: the conversation on stderr as before ({@code > go ...}); {@code --log FILE}: labelled, to the file. */
    @Mixin
    EngineLogOption engineLog;

    @Option(names = "--no-store", descriptionKey = "noStore")
    boolean noStore;

    /** @param store the analysis store, opened only when a search is to be kept in it */
    @Inject
    AnalyseCommand(Games games, EngineRegistry registry, Provider<AnalysisStore> store) {
        this.games = games;
        this.registry = registry;
        this.store = store;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GamePlugin g = GameOption.game(games, game, spec);
        Position start = GameOption.position(g, game, fen, spec);
        List<Move> line = parseMoves(g, start);
        Notation shown = notation == null ? g.notations().get(0) : g.notation(notation).orElseThrow(() ->
                usage("notation.unknown", notation, String.join(", ", g.notations().stream().map(Notation::id).toList())));
        if (multipv < 1) {
            throw usage("multipv.bad");
        }
        // The group is required: picocli has seen to it that one limit is given.
        SearchLimits limits = LimitOptions.given(limit, n -> usage("limit.bad")).orElseThrow().withMultiPv(multipv);
        EngineRef ref = engineRef(err);
        EngineListener logger = engineLog.given() && engineLog.file().isEmpty() ? e -> {
            if (e instanceof EngineEvent.EngineLine l) {
                synchronized (err) {
                    err.println(switch (l.direction()) {
                        case TO_ENGINE -> "> ";
                        case FROM_ENGINE -> "< ";
                        case STDERR -> "! ";
                    } + l.text());
                    err.flush();
                }
            }
        } : null;
        if (wait != null && !(wait > 0)) {
            throw usage("wait.bad");
        }
        SessionPool.ListeningOpener opener = (r, tap) -> {
            EngineListener heard = logger == null ? tap : e -> {
                logger.onEvent(e);
                tap.onEvent(e);
            };
            return wait != null ? registry.open(r.entry(), games, heard, Duration.ofMillis(Math.round(wait * 1000)))
                    : registry.open(r.entry(), games, heard);
        };
        SearchLimits searchLimits = limits;
        // The wait follows the limit: a timed search its time and a grace, else five minutes; --timeout overrides.
        Duration patience = timeout != null ? Duration.ofSeconds(Math.max(1, timeout)) : AnalysisRun.patience(searchLimits);
        // The file form of --log is every command's; the stderr form keeps analyse's own short lines above.
        EngineLogOption file = engineLog.file().isPresent() ? engineLog : null;
        try (EngineLogOption.Running logging = file != null ? file.start("analyse", err, spec.commandLine())
                     : startQuiet();
             SessionPool pool = new SessionPool(opener, engineLog.service(), 1, 1)) {
            EngineInfo[] engineInfo = new EngineInfo[1];
            AnalysisRun.Result r = pool.withSession(ref, g.id(), session -> {
                engineInfo[0] = session.info();
                return AnalysisRun.run(session, start, line, searchLimits, patience);
            });
            if (ref.source() == EngineRef.Source.LIST) {
                registry.learn(ref.entry(), engineInfo[0]);
            }
            if (!noStore) {
                // What the engine found outlives the command, as the workbench's analysis does.
                AnalysisStore kept = store.get();
                new StoreSink(kept).keep(ref.entry(), engineInfo[0], searchLimits, r.lines());
                kept.flush();
                kept.problem().ifPresent(p -> err.println(TEXT.text("store.problem", p.render())));
            }
            if (r.stopped()) {
                err.println(stoppedText(searchLimits, patience));
            }
            for (EngineEvent.AnalysisUpdate u : r.lines()) {
                out.println(AnalysisText.infoLine(u, shown));
            }
            out.println("bestmove " + r.best().move().map(m -> m.coordinates(g.coordinateRankBase())).orElse("(none)"));
            out.flush();
            err.flush();
            return 0;
        } catch (EngineException e) {
            out.flush();
            err.println(TEXT.text("failed", e.text().render()));
            if (e.kind() == EngineException.Kind.TIMEOUT) {
                err.println(stoppedText(searchLimits, patience));
            }
            if (ref.source() == EngineRef.Source.COMMAND_LINE && e.kind() == EngineException.Kind.START_FAILED
                    && ref.entry().command().size() == 1) {
                err.println(TEXT.text("engine.notListed", engine.strip(), registry.file(),
                        EngineRef.describe(registry.entries())));
            }
            err.flush();
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    /** Why a search was stopped: after how long, and where that wait came from. */
    private String stoppedText(SearchLimits limits, Duration patience) {
        if (timeout == null && limits.moveTime().isPresent()) {
            Duration t = limits.moveTime().get();
            return TEXT.text("stopped.timed", patience.toMillis() / 1000.0, t.toMillis(), AnalysisRun.grace(t).toMillis() / 1000.0);
        }
        if (timeout != null) {
            return TEXT.text("stopped.option", patience.toSeconds());
        }
        return TEXT.text("stopped", patience.toSeconds());
    }

    /** The engine {@code --engine} names, from the engine list (read now) or as a command line. */
    private EngineRef engineRef(PrintWriter err) {
        EngineLookup.readList(registry, err, TEXT, "engines.corrupt");
        EngineRef ref = EngineLookup.requireOneLine(spec, EngineLookup.resolve(registry, engine, spec).withOptions(options));
        return protocol == null ? ref : ref.withProtocol(protocol);
    }

    /** The moves, each in the game's coordinates or any of its notations, checked one after the other. */
    private List<Move> parseMoves(GamePlugin g, Position start) {
        List<Move> out = new ArrayList<>();
        List<Notation> order = new ArrayList<>();
        order.add(g.coordinateNotation());
        for (Notation n : g.notations()) {
            if (!n.id().equals(g.coordinateNotation().id())) {
                order.add(n);
            }
        }
        Position p = start;
        for (int i = 0; i < moves.size(); i++) {
            String text = moves.get(i);
            Move found = null;
            MoveParseException first = null;
            for (Notation n : order) {
                try {
                    found = n.parse(p, text);
                    break;
                } catch (MoveParseException e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
            if (found == null) {
                throw usage("move.bad", i + 1, text, first == null ? "" : first.text().render());
            }
            out.add(found);
            p = p.play(found);
        }
        return out;
    }

    /** The engine log without a writer: the sessions still register, labelled {@code analyse}. */
    private EngineLogOption.Running startQuiet() {
        engineLog.service().setDefaultJob("analyse");
        return () -> { };
    }

    private CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }
}
