package org.kibitz.core.match;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobRunner;

/**
 * From what a user asks for a match to a running {@link MatchJob}: the engines with their
 * {@code key=value} settings, the plan, and the run on its own session pool. Shared by
 * {@code kibitz match} and {@code kibitz bench match}, so that the benchmark measures the runner a
 * user runs.
 */
public final class MatchPlanner {

    private MatchPlanner() {
    }

    /** One engine of a match: what to start, its name in the games, its clock. */
    public record Entrant(EngineRef ref, String name, TimeControl time) {
        public Entrant {
            Objects.requireNonNull(ref, "ref");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(time, "time");
        }
    }

    /** A time control that does not read; {@link #name()} is the engine's. */
    public static final class BadTimeControl extends IllegalArgumentException {
        private final String name;

        BadTimeControl(String name, String message) {
            super(message);
            this.name = name;
        }

        public String name() {
            return name;
        }
    }

    /**
     * One engine as cutechess-cli options give it: {@code opt.X=} / {@code option.X=} are engine
     * options, {@code proto=} its protocol, {@code name=} its name (made unique against
     * {@code taken} by a number), {@code tc=}, {@code st=}, {@code nodes=}, {@code depth=},
     * {@code timemargin=} its time control.
     *
     * @throws BadTimeControl when the time control does not read
     */
    public static Entrant entrant(EngineRegistry registry, String ref, Map<String, String> settings,
                                  Collection<String> taken) throws EngineRef.ResolveException {
        EngineRef r = registry.resolve(ref);
        Map<String, String> options = new java.util.LinkedHashMap<>();
        settings.forEach((k, v) -> {
            if (k.startsWith("opt.") || k.startsWith("option.")) {
                options.put(k.substring(k.indexOf('.') + 1), v);
            }
        });
        if (!options.isEmpty()) {
            r = r.withOptions(options);
        }
        if (settings.containsKey("proto")) {
            r = r.withProtocol(settings.get("proto"));
        }
        String name = settings.getOrDefault("name", r.name());
        if (taken.contains(name)) {
            name = name + " (" + (taken.size() + 1) + ")";
        }
        TimeControl tc;
        try {
            tc = TimeControl.parse(settings);
        } catch (IllegalArgumentException e) {
            throw new BadTimeControl(name, e.getMessage());
        }
        return new Entrant(r, name, tc);
    }

    /** How the games are played (each engine keeps its own time control, in the plan). */
    public static GameRunner.Settings settings(GamePlugin game, String ruleSet, List<Entrant> entrants,
                                               Adjudication adjudication, Duration stall) {
        return new GameRunner.Settings(game, ruleSet, adjudication, stall);
    }

    /**
     * The plan: the engines in order, each opening pair's start from {@code openings} (labelled in the
     * PGN when the openings came from a file).
     */
    public static MatchJob.Plan plan(String event, List<Entrant> entrants, GameRunner.Settings settings,
                                     int gamesPerEncounter, int rounds, boolean repeat, Openings openings,
                                     Map<String, String> parameters, Shard shard) {
        return new MatchJob.Plan(event, entrants.stream().map(Entrant::ref).toList(),
                entrants.stream().map(Entrant::name).toList(), entrants.stream().map(Entrant::time).toList(), settings,
                gamesPerEncounter, rounds, repeat, false,
                pair -> {
                    Opening o = openings.forPair(pair);
                    return new MatchJob.Start(o.start(), o.moves(), openings.file().isPresent() ? o.label() : "");
                }, parameters, shard);
    }

    /** A match being played: its job and the pool of engine sessions it plays with, closed by {@link #close()}. */
    public static final class Running implements AutoCloseable {
        private final SessionPool pool;
        private final JobHandle<MatchJob.Item, MatchJob.Finished> handle;

        private Running(SessionPool pool, JobHandle<MatchJob.Item, MatchJob.Finished> handle) {
            this.pool = pool;
            this.handle = handle;
        }

        public JobHandle<MatchJob.Item, MatchJob.Finished> handle() {
            return handle;
        }

        /** Quits the engines (after the job ended, or to stop it). */
        @Override
        public void close() {
            pool.close();
        }
    }

    /**
     * Starts playing {@code plan}, {@code concurrency} games at a time, each game with two sessions of
     * its pool (engines stay running between games), every finished game kept in {@code journal}.
     */
    public static Running start(MatchJob.Plan plan, int concurrency, EngineRegistry registry, Games games,
                                FormatPlugin pgn, JobRunner runner, Path journal,
                                JobObserver<MatchJob.Item, MatchJob.Finished> observer) {
        SessionPool pool = SessionPool.of(registry, games, 2 * concurrency, 2 * concurrency);
        try {
            MatchJob job = new MatchJob(plan, pool, games, pgn, item -> GameRunner.Observer.NONE);
            return new Running(pool, runner.submit(job, JobOptions.DEFAULT.withJournal(journal, true)
                    .withParallelism(concurrency), observer));
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }
}
