package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.match.Adjudication;
import org.kibitz.core.match.EngineBook;
import org.kibitz.core.match.GameRunner;
import org.kibitz.core.match.MatchJob;
import org.kibitz.core.match.MatchTally;
import org.kibitz.core.match.Opening;
import org.kibitz.core.match.Openings;
import org.kibitz.core.match.PlayedGame;
import org.kibitz.core.match.TimeControl;
import org.kibitz.core.match.stats.Sprt;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz match} and {@code kibitz tournament}: engines against engines, with options a
 * cutechess-cli user reads ({@code --engine}, {@code --each tc=}, {@code --games}, {@code --rounds},
 * {@code --repeat}, {@code --concurrency}, {@code --pgnout}, {@code --resign}, {@code --draw},
 * {@code --maxmoves}), results as cutechess prints them, every game kept in the run's journal so that
 * {@code --resume} continues a stopped run.
 */
@Command(name = "match", resourceBundle = "org.kibitz.cli.match", sortOptions = false)
class MatchCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("match");

    private final Games games;
    private final Formats formats;
    private final EngineRegistry registry;
    private final JobRunner runner;
    private final KibitzPaths paths;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Option(names = "--engine", arity = "1..*", required = true, paramLabel = "ENGINE", descriptionKey = "engine")
    List<String> engineTokens = new ArrayList<>();

    @Option(names = "--each", arity = "1..*", paramLabel = "KEY=VALUE", descriptionKey = "each")
    List<String> each = new ArrayList<>();

    @Option(names = "--openings", arity = "1..*", paramLabel = "KEY=VALUE", descriptionKey = "openings")
    List<String> openingTokens = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "S", descriptionKey = "seed")
    Long seed;

    @Option(names = "--game", paramLabel = "GAME", descriptionKey = "game")
    String game;

    @Option(names = "--rules", paramLabel = "SET", descriptionKey = "rules")
    String rules;

    @Option(names = "--games", paramLabel = "N", defaultValue = "2", descriptionKey = "games")
    int gamesPerEncounter;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "1", descriptionKey = "rounds")
    int rounds;

    @Option(names = "--repeat", descriptionKey = "repeat")
    boolean repeat;

    @Option(names = "--concurrency", paramLabel = "C", defaultValue = "1", descriptionKey = "concurrency")
    int concurrency;

    @Option(names = "--pgnout", paramLabel = "FILE", descriptionKey = "pgnout")
    Path pgnOut;

    @Option(names = "--resign", arity = "1..*", paramLabel = "KEY=VALUE", descriptionKey = "resign")
    List<String> resign = new ArrayList<>();

    @Option(names = "--draw", arity = "1..*", paramLabel = "KEY=VALUE", descriptionKey = "draw")
    List<String> draw = new ArrayList<>();

    @Option(names = "--sprt", arity = "1..*", paramLabel = "KEY=VALUE", descriptionKey = "sprt")
    List<String> sprtTokens = new ArrayList<>();

    @Option(names = "--maxmoves", paramLabel = "N", descriptionKey = "maxmoves")
    Integer maxMoves;

    @Option(names = "--event", paramLabel = "NAME", descriptionKey = "event")
    String event;

    @Option(names = "--prior-draws", paramLabel = "N", defaultValue = "1", descriptionKey = "priorDraws")
    double priorDraws;

    @Option(names = "--run-id", paramLabel = "ID", descriptionKey = "runId")
    String runId;

    @Option(names = "--journal", paramLabel = "FILE", descriptionKey = "journal")
    Path journalFile;

    @Option(names = "--tournament", paramLabel = "KIND", defaultValue = "round-robin", descriptionKey = "tournament")
    String tournament;

    @Option(names = "--resume", descriptionKey = "resume")
    boolean resume;

    @Option(names = "--shard", paramLabel = "I/N", descriptionKey = "shard")
    String shard;

    @Option(names = "--recover", descriptionKey = "recover")
    boolean recover;

    @Option(names = "--stall", paramLabel = "SECONDS", defaultValue = "60", descriptionKey = "stall")
    int stallSeconds;

    @Inject
    MatchCommand(Games games, Formats formats, EngineRegistry registry, JobRunner runner, KibitzPaths paths) {
        this.games = games;
        this.formats = formats;
        this.registry = registry;
        this.runner = runner;
        this.paths = paths;
    }

    /** One {@code --engine}: its reference and its {@code key=value} settings. */
    record EngineSpec(String ref, Map<String, String> settings) {
    }

    /** Splits the {@code --engine} tokens: a token that is not {@code key=value} starts the next engine. */
    static List<EngineSpec> engineSpecs(List<String> tokens) {
        List<EngineSpec> out = new ArrayList<>();
        String ref = null;
        Map<String, String> kv = new LinkedHashMap<>();
        for (String t : tokens) {
            if (isSetting(t) && ref != null) {
                int eq = t.indexOf('=');
                kv.put(t.substring(0, eq), t.substring(eq + 1));
            } else {
                if (ref != null) {
                    out.add(new EngineSpec(ref, kv));
                }
                ref = t;
                kv = new LinkedHashMap<>();
            }
        }
        if (ref != null) {
            out.add(new EngineSpec(ref, kv));
        }
        return out;
    }

    private static boolean isSetting(String t) {
        return t.matches("[A-Za-z][A-Za-z0-9_.]*=.*");
    }

    private Map<String, String> settings(List<String> tokens, String option) {
        Map<String, String> kv = new LinkedHashMap<>();
        for (String t : tokens) {
            int eq = t.indexOf('=');
            if (eq <= 0) {
                throw usage("setting.bad", option, t);
            }
            kv.put(t.substring(0, eq).strip(), t.substring(eq + 1).strip());
        }
        return kv;
    }

    /**
     * The most engines one tournament takes: a round robin of 32 is 496 pairings, and the rating
     * fit and the standings table are laid out for that many.
     */
    static final int MAX_ENGINES = 32;

    @Override
    public Integer call() throws Exception {
        // Every engine this command starts writes to the engine log, which --log writes out.
        try (EngineLogOption.Running logging = engineLog.start("match", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private Integer callLogged() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (gamesPerEncounter < 1 || rounds < 1 || concurrency < 1 || stallSeconds < 1) {
            throw usage("numbers.bad");
        }
        if (!(priorDraws >= 0) || Double.isInfinite(priorDraws)) {
            throw usage("prior.bad", priorDraws);
        }
        for (String t : engineTokens) {
            // Before splitting: "opt.X=a\nb" is no setting, and became an engine of its own.
            EngineLookup.requireOneLine(spec, "--engine", t);
        }
        List<EngineSpec> specs = engineSpecs(engineTokens);
        if (specs.size() < 2) {
            throw usage("engines.few");
        }
        if (specs.size() > MAX_ENGINES) {
            throw usage("engines.many", MAX_ENGINES, specs.size());
        }
        Map<String, String> eachSettings = settings(each, "--each");
        Openings openings = openings(err);
        GamePlugin g = game != null ? GameOption.game(games, game, spec)
                : games.byId(openings.gameId()).orElseThrow();
        if (!g.id().equals(openings.gameId())) {
            throw usage("openings.game", openings.gameId(), g.id());
        }
        String ruleSet = g.ruleSets().isEmpty() ? "" : rules == null ? g.ruleSets().get(0) : rules;
        if (!g.ruleSets().isEmpty() && !g.ruleSets().contains(ruleSet)) {
            throw usage("rules.unknown", ruleSet, String.join(", ", g.ruleSets()));
        }
        EngineLookup.readList(registry, err, TEXT, "engines.corrupt");
        List<EngineRef> refs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<TimeControl> times = new ArrayList<>();
        List<Optional<EngineBook>> books = new ArrayList<>();
        for (EngineSpec s : specs) {
            Map<String, String> merged = new LinkedHashMap<>(eachSettings);
            merged.putAll(s.settings());
            EngineRef ref;
            try {
                ref = registry.resolve(s.ref());
            } catch (EngineRef.ResolveException ex) {
                throw new CommandLine.ParameterException(spec.commandLine(), ex.text().render());
            }
            EngineLookup.requireKnownHost(spec, ref, s.ref());
            Map<String, String> options = new LinkedHashMap<>();
            merged.forEach((k, v) -> {
                if (k.startsWith("opt.") || k.startsWith("option.")) {
                    options.put(k.substring(k.indexOf('.') + 1), v);
                }
            });
            if (!options.isEmpty()) {
                ref = ref.withOptions(options);
            }
            EngineLookup.requireOneLine(spec, ref);
            if (merged.containsKey("proto")) {
                ref = ref.withProtocol(merged.get("proto"));
            }
            String name = merged.getOrDefault("name", ref.name());
            if (names.contains(name)) {
                name = name + " (" + (names.size() + 1) + ")";
            }
            if (!name.equals(ref.name())) {
                // The engine goes by its name in the match: its messages and its lines in the engine log.
                ref = new EngineRef(ref.entry().withName(name), ref.source());
            }
            try {
                times.add(TimeControl.parse(merged));
            } catch (IllegalArgumentException ex) {
                throw usage("tc.bad", name, ex.getMessage());
            }
            refs.add(ref);
            names.add(name);
            books.add(engineBook(merged, name, g));
        }
        Adjudication adj;
        try {
            adj = new Adjudication(resign.isEmpty() ? Optional.empty() : Optional.of(Adjudication.Resign.parse(settings(resign, "--resign"))),
                    draw.isEmpty() ? Optional.empty() : Optional.of(Adjudication.Draw.parse(settings(draw, "--draw"))),
                    maxMoves == null ? OptionalInt.empty() : OptionalInt.of(maxMoves));
        } catch (IllegalArgumentException ex) {
            throw new CommandLine.ParameterException(spec.commandLine(), ex.getMessage());
        }
        Shard.Resolved sh;
        try {
            sh = Shard.resolve(shard, System.getenv());
        } catch (IllegalArgumentException ex) {
            throw new CommandLine.ParameterException(spec.commandLine(), ex.getMessage());
        }
        GameRunner.Settings settings = new GameRunner.Settings(g, ruleSet, adj, Duration.ofSeconds(stallSeconds));
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("game", g.id());
        parameters.put("openings", String.join(" ", openingTokens));
        parameters.put("seed", String.valueOf(seed));
        parameters.put("adjudication", adj.toString());
        for (int i = 0; i < books.size(); i++) {
            int at = i;
            books.get(i).ifPresent(b -> parameters.put("book." + names.get(at), b.file() + " depth " + b.depth()));
        }
        String ev = event != null ? event : (refs.size() == 2 ? "Kibitz match" : "Kibitz tournament");
        boolean gauntlet = switch (tournament.toLowerCase(Locale.ROOT)) {
            case "round-robin", "roundrobin" -> false;
            case "gauntlet" -> true;
            default -> throw usage("tournament.bad", tournament);
        };
        MatchJob.Plan plan = new MatchJob.Plan(ev, refs, names, times, settings, gamesPerEncounter, rounds, repeat, gauntlet,
                pair -> {
                    Opening o = openings.forPair(pair);
                    return new MatchJob.Start(o.start(), o.moves(), openings.file().isPresent() ? o.label() : "");
                }, parameters, sh.shard(), books, seed == null ? 0 : seed);
        FormatPlugin pgn = formats.byId("pgn").orElseThrow();
        String id = runId != null ? runId : "match-" + Integer.toHexString(plan.parameters().hashCode() ^ names.hashCode());
        Path runs = paths.data().resolve("runs");
        Files.createDirectories(runs);
        Path journal = journalFile != null ? journalFile : runs.resolve(id + ".journal.jsonl");
        if (!resume) {
            Files.deleteIfExists(journal);
        }
        if (pgnOut != null) {
            // Rewritten whole: on resume the journal's games come first, then the new ones as they finish.
            Files.deleteIfExists(pgnOut);
        }
        MatchTally tally = new MatchTally(names);
        Optional<Sprt> sprt = sprt();
        int total = MatchJob.schedule(plan).size();
        out.println(TEXT.text("started", String.join(" vs ", names), total, g.id(), times.get(0), concurrency, journal));
        out.flush();
        try (SessionPool pool = SessionPool.of(registry, games, 2 * concurrency, 2 * concurrency)) {
            java.util.Set<String> roundTrips = java.util.concurrent.ConcurrentHashMap.newKeySet();
            MatchJob job = new MatchJob(plan, pool, games, pgn, item -> new GameRunner.Observer() {
                @Override
                public void started(org.kibitz.api.game.Position position, GameRunner.Player white, GameRunner.Player black,
                                    Duration whiteLeft, Duration blackLeft) {
                    synchronized (tally) {
                        out.println(TEXT.text("game.started", item.number(), total, white.name(), black.name()));
                        out.flush();
                        // An engine on another machine: what the network adds to its clock, once per engine.
                        for (GameRunner.Player p : List.of(white, black)) {
                            p.session().roundTrip().filter(rt -> roundTrips.add(p.name())).ifPresent(rt -> {
                                err.println(TEXT.text("roundTrip", p.name(), rt.toMillis()));
                                err.flush();
                            });
                        }
                    }
                }
            });
            CompletableFuture<Sprt.Decision> decided = new CompletableFuture<>();
            CompletableFuture<Void> halted = new CompletableFuture<>();
            java.util.concurrent.atomic.AtomicBoolean broken = new java.util.concurrent.atomic.AtomicBoolean();
            JobObserver<MatchJob.Item, MatchJob.Finished> observer = new JobObserver<>() {
                @Override
                public void itemDone(MatchJob.Item item, MatchJob.Finished f, boolean fromJournal) {
                    synchronized (tally) {
                        tally.add(item.white(), item.black(), item.pair(), f.result());
                        appendPgn(f, err);
                        out.println(TEXT.text(fromJournal ? "finished.journal" : "finished", f.number(), f.white(), f.black(),
                                f.result(), f.reason()));
                        if (names.size() == 2) {
                            tally.lines(0, 1, sprt).forEach(out::println);
                            if (sprt.isPresent() && !fromJournal
                                    && tally.sprt(0, 1, sprt.get()).decision() != Sprt.Decision.CONTINUE) {
                                decided.complete(tally.sprt(0, 1, sprt.get()).decision());
                            }
                        }
                        if (!recover && !fromJournal && (f.end().equals(PlayedGame.End.DISCONNECT.name())
                                || f.end().equals(PlayedGame.End.STALLED.name()))) {
                            // As cutechess: without --recover, an engine that crashed or stalled ends the run.
                            err.println(TEXT.text("engine.lost", f.reason()));
                            err.flush();
                            broken.set(true);
                            halted.complete(null);
                        }
                        out.flush();
                    }
                }

                @Override
                public void itemFailed(MatchJob.Item item, Throwable error) {
                    err.println(TEXT.text("failed", item.number(), Terminal.safe(String.valueOf(error.getMessage()))));
                    err.flush();
                }

                @Override
                public void notice(org.kibitz.api.i18n.Text message) {
                    err.println("kibitz: " + Terminal.safe(message.render()));
                    err.flush();
                }
            };
            JobHandle<MatchJob.Item, MatchJob.Finished> handle = runner.submit(job,
                    JobOptions.DEFAULT.withJournal(journal, true).withParallelism(concurrency), observer);
            decided.thenAccept(d -> handle.cancelNow());
            halted.thenAccept(d -> handle.cancelNow());
            JobResult<MatchJob.Finished> result = handle.result().get();
            if (result.state() == org.kibitz.core.jobs.JobState.FAILED) {
                Throwable why = result.error().orElse(null);
                String text = why instanceof org.kibitz.core.jobs.JournalException je ? je.text().render()
                        : String.valueOf(why == null ? "?" : why.getMessage());
                err.println(TEXT.text("run.failed", text));
                err.flush();
                return 2;
            }
            out.println(TEXT.text("done", result.results().size(), result.failures().size()));
            if (names.size() == 2) {
                tally.lines(0, 1, sprt).forEach(out::println);
                if (decided.isDone()) {
                    out.println(TEXT.text(decided.join() == Sprt.Decision.H1_ACCEPTED ? "sprt.h1" : "sprt.h0"));
                }
            } else {
                out.print(tally.standings(priorDraws));
            }
            out.flush();
            if (broken.get()) {
                return 1;
            }
            return result.failures().isEmpty() || decided.isDone() ? 0 : 1;
        }
    }

    /**
     * An engine's own book from its settings {@code book=FILE [bookdepth=N]} (cutechess's names; N in the
     * engine's own moves, no limit by default): Polyglot for chess, ours or ElephantEye's for xiangqi.
     */
    private Optional<EngineBook> engineBook(Map<String, String> settings, String name, GamePlugin g) {
        String file = settings.get("book");
        if (file == null || file.isBlank()) {
            if (settings.containsKey("bookdepth")) {
                throw usage("book.depthAlone", name);
            }
            return Optional.empty();
        }
        int depth = 0;
        if (settings.containsKey("bookdepth")) {
            try {
                depth = Integer.parseInt(settings.get("bookdepth").strip());
            } catch (NumberFormatException e) {
                depth = -1;
            }
            if (depth < 1) {
                throw usage("book.depthBad", name, settings.get("bookdepth"));
            }
        }
        Path path = Path.of(file);
        try {
            return Optional.of(new EngineBook(org.kibitz.core.book.Books.open(path, g.id()), path.getFileName().toString(), depth));
        } catch (java.nio.file.NoSuchFileException e) {
            throw usage("book.missing", name, file);
        } catch (IOException | IllegalArgumentException e) {
            throw usage("book.bad", name, file, String.valueOf(e.getMessage()));
        }
    }

    /** The openings of {@code --openings file=F [format=] [order=] [plies=] [start=]}, else the game's start. */
    private Openings openings(PrintWriter err) {
        if (openingTokens.isEmpty()) {
            GamePlugin g = GameOption.game(games, game == null ? "chess" : game, spec);
            return Openings.standard(g);
        }
        Map<String, String> kv = settings(openingTokens, "--openings");
        String file = kv.get("file");
        if (file == null) {
            throw usage("openings.file");
        }
        String format = kv.getOrDefault("format", "").toLowerCase(Locale.ROOT);
        String lower = file.toLowerCase(Locale.ROOT);
        if (format.equals("book") || format.equals("polyglot") || (format.isEmpty() && (lower.endsWith(".bin") || lower.endsWith(".dat")))) {
            return bookOpenings(Path.of(file), kv);
        }
        Openings.Options o = Openings.Options.defaults().withSeed(seed == null ? 0 : seed);
        try {
            if (kv.containsKey("format")) {
                o = o.withFormat(kv.get("format"));
            }
            if (kv.containsKey("order")) {
                o = o.withOrder(Openings.Order.parse(kv.get("order")).orElseThrow(
                        () -> usage("openings.order", kv.get("order"))));
            }
            if (kv.containsKey("plies")) {
                o = o.withPlies(Integer.parseInt(kv.get("plies")));
            }
            if (kv.containsKey("start")) {
                o = o.withStart(Integer.parseInt(kv.get("start")));
            }
        } catch (IllegalArgumentException e) {
            throw usage("openings.bad", e.getMessage());
        }
        Openings loaded;
        try {
            loaded = Openings.load(Path.of(file), o, new GameFiles(games, formats),
                    game == null ? Optional.empty() : Optional.of(GameOption.game(games, game, spec)));
        } catch (GameFiles.OpenException e) {
            throw usage("openings.bad", e.text().render());
        }
        for (var problem : loaded.problems()) {
            err.println(TEXT.text("openings.problem", problem.toString()));
        }
        return loaded;
    }

    /** {@code --sprt elo0= elo1= [alpha=0.05] [beta=0.05] [model=normalized|logistic]}. */
    private Optional<Sprt> sprt() {
        if (sprtTokens.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> kv = settings(sprtTokens, "--sprt");
        try {
            double elo0 = Double.parseDouble(kv.getOrDefault("elo0", "x"));
            double elo1 = Double.parseDouble(kv.getOrDefault("elo1", "x"));
            double alpha = Double.parseDouble(kv.getOrDefault("alpha", "0.05"));
            double beta = Double.parseDouble(kv.getOrDefault("beta", "0.05"));
            Sprt.Model model = switch (kv.getOrDefault("model", "normalized").toLowerCase(Locale.ROOT)) {
                case "normalized" -> Sprt.Model.NORMALIZED;
                case "logistic" -> Sprt.Model.LOGISTIC;
                default -> throw new IllegalArgumentException("model");
            };
            return Optional.of(new Sprt(alpha, beta, elo0, elo1, model));
        } catch (IllegalArgumentException e) {
            throw usage("sprt.bad");
        }
    }

    /**
     * Openings from a book ({@code .bin}: Polyglot for chess, ours for xiangqi with {@code --game xiangqi};
     * {@code .dat}: ElephantEye's): as many weighted random lines of {@code plies} (default 8) plies as
     * the match has pairs, seeded by {@code --seed}.
     */
    private Openings bookOpenings(Path file, Map<String, String> kv) {
        boolean eleEye = org.kibitz.core.book.Books.isEleEye(file);
        GamePlugin g = GameOption.game(games, game != null ? game : eleEye ? "xiangqi" : "chess", spec);
        int plies;
        try {
            plies = Integer.parseInt(kv.getOrDefault("plies", "8"));
        } catch (NumberFormatException e) {
            throw usage("openings.bad", "plies=" + kv.get("plies"));
        }
        int n = engineSpecs(engineTokens).size();
        long pairs = (long) rounds * gamesPerEncounter * Math.max(1, n * (n - 1) / 2);
        try {
            org.kibitz.core.book.Book book = org.kibitz.core.book.Books.open(file, g.id());
            return Openings.fromBook(book, g, file, plies, (int) Math.min(pairs, 100_000), seed == null ? 0 : seed);
        } catch (IOException | IllegalArgumentException e) {
            throw usage("openings.bad", String.valueOf(e.getMessage()));
        }
    }

    private void appendPgn(MatchJob.Finished f, PrintWriter err) {
        if (pgnOut == null) {
            return;
        }
        try {
            Files.writeString(pgnOut, f.pgn() + (f.pgn().endsWith("\n\n") ? "" : "\n"), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            err.println(TEXT.text("pgn.failed", pgnOut, e.getMessage()));
        }
    }

    private CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }
}
