package org.kibitz.core.evaluate.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.compare.Phase;
import org.kibitz.core.evaluate.judge.GameStats;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.GameReport;

/**
 * The figures of a player report, gathered from a batch's games as they arrive (the first engine's
 * evaluations, judged as {@code evaluate} judges them: {@link GameReport}). Keeps per game its tags,
 * each side's totals and by-phase figures, and its ?/?? moves with their positions (for the diagrams);
 * each player's figures are made from these on demand. A player's accuracy is the mean of their game
 * accuracies and their games are every game they played, as {@code evaluate}'s summary
 * ({@link org.kibitz.core.evaluate.report.PlayerSummary}) counts them.
 */
public final class PlayerReport implements BatchEvaluation.Listener {

    /** Per phase: the player's judged moves there, the sum of their move accuracies, and their ?/?? moves. */
    public record PhaseTotals(int moves, double accuracySum, int errors) {
        static final PhaseTotals NONE = new PhaseTotals(0, 0, 0);

        PhaseTotals plus(PhaseTotals o) {
            return new PhaseTotals(moves + o.moves, accuracySum + o.accuracySum, errors + o.errors);
        }

        /** The mean move accuracy; NaN without moves. */
        public double accuracy() {
            return moves == 0 ? Double.NaN : accuracySum / moves;
        }
    }

    /** One side of one game: its totals as {@code evaluate} gives them, and by phase. */
    public record SideGame(int moves, OptionalDouble accuracy, OptionalDouble acpl, int inaccuracies, int mistakes,
                           int blunders, Map<Phase, PhaseTotals> phases) {
        public SideGame {
            phases = Map.copyOf(phases);
        }
    }

    /**
     * A move judged ? or ??, with the position before it.
     *
     * @param number the move's number as a score sheet writes it ({@code 12.}, {@code 12...})
     * @param before the evaluation before the move, White's/Red's view
     * @param after  after it
     */
    public record Mistake(Game game, int ply, String number, Side mover, String move, String best,
                          Optional<Score> before, Optional<Score> after, double winLoss, Judgement judgement,
                          Position position, Optional<Move> played, Optional<Move> bestMove, Phase phase) {
    }

    /**
     * One game.
     *
     * @param ordinal its place among all games of the batch
     * @param result  the Result tag ({@code 1-0}, {@code 0-1}, {@code 1/2-1/2}, else unknown)
     */
    public record Game(int ordinal, String file, int number, String gameId, String white, String black, String result,
                       String date, String event, OpeningLabels.Opening opening, SideGame whiteSide, SideGame blackSide,
                       List<Mistake> mistakes) {

        public SideGame side(Side s) {
            return s == Side.WHITE ? whiteSide : blackSide;
        }

        public String player(Side s) {
            return s == Side.WHITE ? white : black;
        }

        /** What {@code s} scored: 1, ½ or 0; NaN when the result is not known. */
        public double points(Side s) {
            String r = result.strip();
            double white = switch (r) {
                case "1-0" -> 1;
                case "0-1" -> 0;
                case "1/2-1/2", "½-½" -> 0.5;
                default -> Double.NaN;
            };
            return s == Side.WHITE ? white : 1 - white;
        }
    }

    /** A player's game: the game and the side they had. */
    public record PlayerGame(Game game, Side side) {
        public SideGame own() {
            return game.side(side);
        }

        public String opponent() {
            return name(game.player(side.opposite()));
        }

        public double points() {
            return game.points(side);
        }
    }

    /** Games and points and accuracy of a group of a player's games (a colour, an opening). */
    public record Totals(String key, String label, int games, int wins, int draws, int losses, double accuracySum,
                         int accuracyGames) {
        /** The mean game accuracy; NaN without any. */
        public double accuracy() {
            return accuracyGames == 0 ? Double.NaN : accuracySum / accuracyGames;
        }

        /** Points over games with a known result, in percent; NaN without any. */
        public double scorePercent() {
            int known = wins + draws + losses;
            return known == 0 ? Double.NaN : 100.0 * (wins + 0.5 * draws) / known;
        }

        static Totals of(String key, String label, List<PlayerGame> games) {
            int w = 0;
            int d = 0;
            int l = 0;
            double acc = 0;
            int accGames = 0;
            for (PlayerGame g : games) {
                double p = g.points();
                if (p == 1) {
                    w++;
                } else if (p == 0.5) {
                    d++;
                } else if (p == 0) {
                    l++;
                }
                if (g.own().accuracy().isPresent()) {
                    acc += g.own().accuracy().getAsDouble();
                    accGames++;
                }
            }
            return new Totals(key, label, games.size(), w, d, l, acc, accGames);
        }
    }

    /** One player's games, in batch order, and the figures made from them. */
    public record Player(String name, List<PlayerGame> games) {
        public Player {
            games = List.copyOf(games);
        }

        /** All their games. */
        public Totals totals() {
            return Totals.of("all", name, games);
        }

        /** Their games with {@code side}. */
        public Totals byColour(Side side) {
            return Totals.of(side.name().toLowerCase(Locale.ROOT), "", games.stream().filter(g -> g.side() == side).toList());
        }

        /** Their games by opening, most played first (then by code); games without one under an empty key. */
        public List<Totals> byOpening() {
            Map<String, List<PlayerGame>> groups = new TreeMap<>();
            Map<String, String> names = new LinkedHashMap<>();
            for (PlayerGame g : games) {
                OpeningLabels.Opening o = g.game().opening();
                groups.computeIfAbsent(o.key(), k -> new ArrayList<>()).add(g);
                if (!o.name().isEmpty() && !o.code().isEmpty()) {
                    names.putIfAbsent(o.key(), o.name());
                }
            }
            List<Totals> out = new ArrayList<>();
            groups.forEach((k, v) -> out.add(Totals.of(k, names.getOrDefault(k, ""), v)));
            out.sort(Comparator.comparingInt(Totals::games).reversed().thenComparing(t -> t.key().isEmpty())
                    .thenComparing(Totals::key));
            return out;
        }

        /** Their judged moves by phase (the phase of the position before the move), over all games. */
        public Map<Phase, PhaseTotals> byPhase() {
            Map<Phase, PhaseTotals> out = new java.util.EnumMap<>(Phase.class);
            for (Phase ph : Phase.values()) {
                out.put(ph, PhaseTotals.NONE);
            }
            for (PlayerGame g : games) {
                g.own().phases().forEach((ph, t) -> out.merge(ph, t, PhaseTotals::plus));
            }
            return out;
        }

        /** Their games as time went: by the Date tag (unknown parts as the earliest), then batch order. */
        public List<PlayerGame> chronological() {
            List<PlayerGame> out = new ArrayList<>(games);
            out.sort(Comparator.comparing((PlayerGame g) -> g.game().date().replace('?', '0'))
                    .thenComparingInt(g -> g.game().ordinal()));
            return out;
        }

        /** Their {@code n} ? and ?? moves that cost the most win%, the costliest first. */
        public List<Mistake> costliest(int n) {
            return games.stream()
                    .flatMap(g -> g.game().mistakes().stream().filter(m -> m.mover() == g.side()))
                    .sorted(Comparator.comparingDouble(Mistake::winLoss).reversed()
                            .thenComparingInt(m -> m.game().ordinal()).thenComparingInt(Mistake::ply))
                    .limit(n).toList();
        }
    }

    private final JudgementModel model;
    private final Games games;
    private final OpeningLabels openings;
    private final List<Game> played = new ArrayList<>();
    private final List<String> broken = new ArrayList<>();
    private String gameId = "";

    /**
     * A report judged with {@code model}, openings named by {@code openings}.
     */
    public PlayerReport(JudgementModel model, Games games, OpeningLabels openings) {
        this.model = Objects.requireNonNull(model, "model");
        this.games = Objects.requireNonNull(games, "games");
        this.openings = Objects.requireNonNull(openings, "openings");
    }

    /** A player's name as the report groups it (as {@code evaluate}'s summary does): stripped, {@code ?} when blank. */
    public static String name(String tag) {
        return tag == null || tag.isBlank() ? "?" : tag.strip();
    }

    @Override
    public synchronized void game(GameResults r) {
        if (r.broken().isPresent() || r.first().isEmpty()) {
            broken.add(r.file().getFileName() + " #" + r.entry().gameNumber() + ": " + r.broken().orElse("?"));
            return;
        }
        GameReport report = GameReport.of(r, 0, model, games);
        GameReport.Line line = GameReport.Line.of(r.first().get(), games);
        Position[] positions = line.positions();
        OpeningLabels.Opening opening = openings.of(r.entry(), report.gameId(), positions[0], line.moves());
        if (gameId.isEmpty()) {
            gameId = report.gameId();
        }
        Map<Side, Map<Phase, PhaseTotals>> phases = new java.util.EnumMap<>(Side.class);
        for (Side s : Side.values()) {
            phases.put(s, new java.util.EnumMap<>(Phase.class));
        }
        List<Mistake> mistakes = new ArrayList<>();
        Game[] self = new Game[1];
        List<Mistake> pending = new ArrayList<>();
        for (GameReport.MoveRow m : report.rows()) {
            if (m.judgement() == Judgement.BOOK) {
                continue;
            }
            Position before = positions[m.ply() - 1];
            Phase phase = Phase.of(before);
            boolean error = m.judgement() == Judgement.MISTAKE || m.judgement() == Judgement.BLUNDER;
            phases.get(m.side()).merge(phase, new PhaseTotals(1, m.accuracy(), error ? 1 : 0), PhaseTotals::plus);
            if (error) {
                pending.add(new Mistake(null, m.ply(), number(before, m.side()), m.side(), m.move(),
                        m.bestDiffers() ? m.bestMove() : "", m.evalBefore(), m.evalAfter(), m.winLoss(), m.judgement(),
                        before, line.move(before, m.moveCoord()), m.bestDiffers() ? line.move(before, m.bestCoord()) : Optional.empty(),
                        phase));
            }
        }
        self[0] = new Game(r.ordinal(), r.file().getFileName().toString(), r.entry().gameNumber(), report.gameId(),
                r.entry().white(), r.entry().black(), r.entry().tag("Result"), r.entry().tag("Date"), r.entry().tag("Event"),
                opening, side(report.whiteStats(), phases.get(Side.WHITE)), side(report.blackStats(), phases.get(Side.BLACK)),
                mistakes);
        for (Mistake m : pending) {
            mistakes.add(new Mistake(self[0], m.ply(), m.number(), m.mover(), m.move(), m.best(), m.before(), m.after(),
                    m.winLoss(), m.judgement(), m.position(), m.played(), m.bestMove(), m.phase()));
        }
        played.add(self[0]);
    }

    private static String number(Position before, Side mover) {
        return before.fullmoveNumber() + (mover == Side.WHITE ? "." : "...");
    }

    private static SideGame side(GameStats.SideStats s, Map<Phase, PhaseTotals> phases) {
        return new SideGame(s.moves(), s.accuracy(), s.acpl(), s.count(Judgement.INACCURACY), s.count(Judgement.MISTAKE),
                s.count(Judgement.BLUNDER), phases);
    }

    /** The games, in batch order. */
    public synchronized List<Game> games() {
        List<Game> out = new ArrayList<>(played);
        out.sort(Comparator.comparingInt(Game::ordinal));
        return out;
    }

    /** The games that could not be evaluated, with why. */
    public synchronized List<String> broken() {
        return List.copyOf(broken);
    }

    /** The game of the batch ({@code chess} or {@code xiangqi}; the first game's), empty before any game. */
    public synchronized String gameId() {
        return gameId;
    }

    /**
     * The players, most games first then by name; only those whose name contains {@code only} (ignoring
     * case, as {@code --player} selects games) when given.
     */
    public List<Player> players(Optional<String> only) {
        Map<String, List<PlayerGame>> by = new TreeMap<>();
        for (Game g : games()) {
            for (Side s : Side.values()) {
                by.computeIfAbsent(name(g.player(s)), k -> new ArrayList<>()).add(new PlayerGame(g, s));
            }
        }
        Optional<String> needle = only.map(o -> o.strip().toLowerCase(Locale.ROOT)).filter(o -> !o.isEmpty());
        List<Player> out = new ArrayList<>();
        by.forEach((n, list) -> {
            if (needle.isEmpty() || n.toLowerCase(Locale.ROOT).contains(needle.get())) {
                out.add(new Player(n, list));
            }
        });
        out.sort(Comparator.comparingInt((Player p) -> p.games().size()).reversed().thenComparing(Player::name));
        return out;
    }
}
