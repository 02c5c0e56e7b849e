package org.kibitz.core.match;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobContext;

/**
 * A match or tournament as a job: each game an item, its result (with the game's PGN) the item's
 * result, so the job journal keeps every finished game and a stopped or killed run resumes where it
 * stopped. The schedule is fixed by the plan (engines, openings in their seeded order, games, rounds,
 * colours), so a resumed run, and the shards of a run spread over machines, play the same games.
 */
public final class MatchJob implements Job<MatchJob.Item, MatchJob.Finished> {

    /** Where a game starts: a position and the book moves played from it. */
    public record Start(Position position, List<Move> book, String label) {
        public Start {
            Objects.requireNonNull(position, "position");
            book = List.copyOf(book);
            Objects.requireNonNull(label, "label");
        }
    }

    /**
     * One game of the schedule.
     *
     * @param number its number in the run, from 1
     * @param pair   the opening pair it belongs to, from 0: with repeat, the two games of a pair play the
     *               same opening with colours swapped (a pair is never split between shards)
     * @param round  the round, from 1
     * @param white  the index of the engine playing White/Red
     * @param black  the index of the engine playing Black
     */
    public record Item(int number, int pair, int round, int white, int black) {
    }

    /**
     * A finished game as the journal keeps it.
     *
     * @param result {@code 1-0}, {@code 0-1}, {@code 1/2-1/2}, or {@code *} for a game the run was stopped in
     * @param end    {@link PlayedGame.End}'s name
     * @param pgn    the game in PGN
     */
    public record Finished(int number, int pair, int round, String white, String black, String result, String end,
                           String reason, int plies, String pgn) {
    }

    /**
     * What is played.
     *
     * @param engines     the engines, two for a match
     * @param gamesPerEncounter games each pairing of engines plays per round ({@code --games})
     * @param rounds      rounds ({@code --rounds})
     * @param repeat      each opening played twice, colours swapped ({@code --repeat})
     * @param gauntlet    the first engine plays every other; else every engine plays every other
     * @param books       each engine's own opening book, by the engines' order (empty for none)
     * @param bookSeed    seeds the books' picks (with the game's number)
     */
    public record Plan(String event, List<EngineRef> engines, List<String> names, List<TimeControl> times,
                       GameRunner.Settings settings,
                       int gamesPerEncounter, int rounds, boolean repeat, boolean gauntlet,
                       IntFunction<Start> openings, Map<String, String> parameters, Shard shard,
                       List<Optional<EngineBook>> books, long bookSeed) {
        public Plan {
            engines = List.copyOf(engines);
            names = List.copyOf(names);
            times = List.copyOf(times);
            parameters = Map.copyOf(parameters);
            books = List.copyOf(books);
            if (engines.size() < 2 || names.size() != engines.size() || times.size() != engines.size()) {
                throw new IllegalArgumentException("a match needs two engines or more, each named and with a time control");
            }
            if (!books.isEmpty() && books.size() != engines.size()) {
                throw new IllegalArgumentException("a book (or none) for each engine");
            }
            if (gamesPerEncounter < 1 || rounds < 1) {
                throw new IllegalArgumentException("games and rounds must be 1 or more");
            }
        }

        /** A plan where no engine has a book of its own. */
        public Plan(String event, List<EngineRef> engines, List<String> names, List<TimeControl> times,
                    GameRunner.Settings settings, int gamesPerEncounter, int rounds, boolean repeat, boolean gauntlet,
                    IntFunction<Start> openings, Map<String, String> parameters, Shard shard) {
            this(event, engines, names, times, settings, gamesPerEncounter, rounds, repeat, gauntlet, openings, parameters,
                    shard, List.of(), 0);
        }

        /** The book of engine {@code index}, if it has one. */
        public Optional<EngineBook> book(int index) {
            return books.isEmpty() ? Optional.empty() : books.get(index);
        }
    }

    private final Plan plan;
    private final SessionPool pool;
    private final Games games;
    private final FormatPlugin pgn;
    private final List<Item> items;
    private final GameRunner runner;
    private final java.util.function.Function<Item, GameRunner.Observer> observer;

    /**
     * @param observer gives each game its observer as it starts (the console's, the workbench's board);
     *                 {@code item -> GameRunner.Observer.NONE} for none
     */
    public MatchJob(Plan plan, SessionPool pool, Games games, FormatPlugin pgn,
                    java.util.function.Function<Item, GameRunner.Observer> observer) {
        this.plan = Objects.requireNonNull(plan, "plan");
        this.pool = Objects.requireNonNull(pool, "pool");
        this.games = Objects.requireNonNull(games, "games");
        this.pgn = Objects.requireNonNull(pgn, "pgn");
        this.observer = Objects.requireNonNull(observer, "observer");
        this.runner = new GameRunner(plan.settings());
        this.items = schedule(plan);
    }

    /**
     * The games in order: for each round, for each pairing of engines (round-robin: every pair once;
     * gauntlet: the first against each other), {@code gamesPerEncounter} games, colours alternating
     * (with repeat, the pair's two games swap colours; without, games alternate colours too, as
     * cutechess does). Openings advance with every pair; the shard keeps whole pairs.
     */
    public static List<Item> schedule(Plan plan) {
        List<int[]> encounters = new ArrayList<>();
        int n = plan.engines().size();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (!plan.gauntlet() || i == 0) {
                    encounters.add(new int[] {i, j});
                }
            }
        }
        List<Item> out = new ArrayList<>();
        int number = 0;
        int pair = -1;
        for (int r = 1; r <= plan.rounds(); r++) {
            for (int[] e : encounters) {
                for (int g = 0; g < plan.gamesPerEncounter(); g++) {
                    boolean second = g % 2 == 1;
                    if (!plan.repeat() || !second) {
                        pair++;
                    }
                    number++;
                    int white = second ? e[1] : e[0];
                    int black = second ? e[0] : e[1];
                    if (plan.shard().takes(pair)) {
                        out.add(new Item(number, pair, r, white, black));
                    }
                }
            }
        }
        return out;
    }

    @Override
    public String kind() {
        return "match";
    }

    @Override
    public String name() {
        return String.join(" vs ", plan.names());
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>(plan.parameters());
        p.put("engines", String.join(",", plan.names()));
        p.put("games", Integer.toString(plan.gamesPerEncounter()));
        p.put("rounds", Integer.toString(plan.rounds()));
        p.put("repeat", Boolean.toString(plan.repeat()));
        p.put("gauntlet", Boolean.toString(plan.gauntlet()));
        p.put("rules", plan.settings().ruleSet());
        for (int i = 0; i < plan.times().size(); i++) {
            p.put("tc." + (i + 1), plan.times().get(i).toString());
        }
        p.put("shard", plan.shard().toString());
        return p;
    }

    @Override
    public List<Item> items() {
        return items;
    }

    @Override
    public String id(Item item) {
        return "g" + item.number();
    }

    public Plan plan() {
        return plan;
    }

    @Override
    public Finished run(Item item, JobContext context) throws Exception {
        Start start = plan.openings().apply(item.pair());
        EngineRef w = plan.engines().get(item.white());
        EngineRef b = plan.engines().get(item.black());
        String gameId = start.position().gameId();
        PlayedGame g = pool.withSession(w, gameId, ws -> {
            try {
                return pool.withSession(b, gameId, bs -> runner.play(start.position(), start.book(),
                        new GameRunner.Player(plan.names().get(item.white()), ws, plan.times().get(item.white()),
                                plan.book(item.white()), plan.bookSeed() * 1_000_003L + item.number()),
                        new GameRunner.Player(plan.names().get(item.black()), bs, plan.times().get(item.black()),
                                plan.book(item.black()), plan.bookSeed() * 1_000_003L + item.number()),
                        observer.apply(item), context::cancelled));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException(EngineException.Kind.STATE,
                        org.kibitz.api.i18n.Text.of(GameRunner.class, "match.end.stopped"), e);
            }
        });
        if (g.end() == PlayedGame.End.STOPPED) {
            // Not a result: the game is played again when the run resumes.
            throw new InterruptedException("stopped in game " + item.number());
        }
        return new Finished(item.number(), item.pair(), item.round(), g.white(), g.black(), g.result().pgn(), g.end().name(),
                g.reason().render(Locale.ENGLISH), g.book().size() + g.moves().size(), pgnOf(g, item, start));
    }

    private String pgnOf(PlayedGame g, Item item, Start start) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GameWriter wr = pgn.writer(bytes, WriteContext.of(games))) {
            // Round: the game's number in the run, as fastchess numbers its games (each game its own).
            var tree = g.toTree(plan.settings().game(), plan.event(), item.number(),
                    pgnTimeControl(item));
            // The opening by name (ECO for chess, ECCO for xiangqi) when the game starts from the start
            // position; where the start came from (the openings file and its line) stays in OpeningSource,
            // or in Opening when no classification names it.
            Optional<org.kibitz.core.opening.Opening> named = org.kibitz.core.opening.Openings.writeTags(tree);
            if (!start.label().isEmpty()) {
                tree.tags().put(named.isPresent() ? "OpeningSource" : "Opening", start.label());
            }
            wr.write(tree);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The PGN TimeControl tag: the control both sides had, or cutechess's {@code white:black} when they differ. */
    private String pgnTimeControl(Item item) {
        String w = plan.times().get(item.white()).pgnTag();
        String b = plan.times().get(item.black()).pgnTag();
        return w.equals(b) ? w : w + ":" + b;
    }

    @Override
    public Class<Finished> resultType() {
        return Finished.class;
    }
}
