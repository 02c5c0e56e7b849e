package org.kibitz.core.evaluate.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import org.kibitz.core.evaluate.report.ReportFormat;

/**
 * A comparison's figures, summed game by game: each pair's agreement over all positions, per phase and
 * per game; each engine's search figures; the strongest disagreements of the first two engines.
 */
public final class ComparisonSummary {

    /** How many of the strongest disagreements the summary keeps. */
    public static final int TOP = 20;

    /** One of the strongest disagreements. */
    public record Top(String file, int game, ComparedPosition position, PairView pair) {
    }

    /** A move played that the first two engines judge differently. */
    public record Verdicts(String file, int game, ComparedPosition position, EngineView a, EngineView b) {
        /** How far apart their losses for the move are, in win% points. */
        public double gap() {
            return Math.abs(a.playedLoss().orElse(0.0) - b.playedLoss().orElse(0.0));
        }
    }

    /** One game's figures for the first two engines. */
    public record GameLine(String file, int game, String white, String black, PairStats stats) {
    }

    /** An engine's search figures over the positions it evaluated. */
    public static final class Speed {
        private long positions;
        private long searched;
        private long depth;
        private long nodes;
        private long timeMs;

        void add(EngineView v) {
            positions++;
            if (!v.stored()) {
                searched++;
            }
            depth += v.depth();
            nodes += v.nodes();
            timeMs += v.timeMs();
        }

        public long positions() {
            return positions;
        }

        /** Positions it searched in this run (the rest came from the store). */
        public long searched() {
            return searched;
        }

        public double meanDepth() {
            return positions == 0 ? 0 : (double) depth / positions;
        }

        public double meanNodes() {
            return positions == 0 ? 0 : (double) nodes / positions;
        }

        public double meanTimeMs() {
            return positions == 0 ? 0 : (double) timeMs / positions;
        }

        /** Nodes per second of its own search time; empty when it reported no time. */
        public OptionalDouble nodesPerSecond() {
            return timeMs == 0 ? OptionalDouble.empty() : OptionalDouble.of(nodes * 1000.0 / timeMs);
        }
    }

    private final List<String> engines;
    private final Map<String, PairStats> pairs = new LinkedHashMap<>();
    private final Map<String, EnumMap<Phase, PairStats>> phases = new LinkedHashMap<>();
    private final List<GameLine> games = new ArrayList<>();
    private final List<Speed> speeds = new ArrayList<>();
    private final long[] errors;
    private final List<Top> top = new ArrayList<>();
    private final List<Verdicts> verdicts = new ArrayList<>();
    private final List<String> broken = new ArrayList<>();

    public ComparisonSummary(List<String> engines) {
        this.engines = List.copyOf(engines);
        for (int a = 0; a < engines.size(); a++) {
            speeds.add(new Speed());
            for (int b = a + 1; b < engines.size(); b++) {
                pairs.put(key(a, b), new PairStats());
                EnumMap<Phase, PairStats> byPhase = new EnumMap<>(Phase.class);
                for (Phase p : Phase.values()) {
                    byPhase.put(p, new PairStats());
                }
                phases.put(key(a, b), byPhase);
            }
        }
        errors = new long[engines.size()];
    }

    private static String key(int a, int b) {
        return a + "-" + b;
    }

    /** Adds a game. */
    public synchronized void add(GameComparison g) {
        PairStats game = new PairStats();
        for (ComparedPosition p : g.positions()) {
            for (int e = 0; e < p.engines().size() && e < speeds.size(); e++) {
                EngineView v = p.engines().get(e);
                if (v != null) {
                    speeds.get(e).add(v);
                    if (v.verdict().isPresent() && (v.verdict().get().isError())) {
                        errors[e]++;
                    }
                }
            }
            for (PairView v : p.pairs()) {
                PairStats s = pairs.get(key(v.a(), v.b()));
                if (s == null) {
                    continue;
                }
                s.add(p, v);
                phases.get(key(v.a(), v.b())).get(p.phase()).add(p, v);
                if (v.a() == 0 && v.b() == 1) {
                    game.add(p, v);
                    if (v.disagrees()) {
                        offer(new Top(g.fileName(), g.game(), p, v));
                    }
                    if (v.verdictsDiffer()) {
                        offer(new Verdicts(g.fileName(), g.game(), p, p.engine(0).orElseThrow(), p.engine(1).orElseThrow()));
                    }
                }
            }
        }
        games.add(new GameLine(g.fileName(), g.game(), g.results().entry().white(), g.results().entry().black(), game));
    }

    /** A game that could not be compared (broken, or no engine could evaluate it). */
    public synchronized void broken(String reason) {
        broken.add(reason);
    }

    private void offer(Top t) {
        top.add(t);
        top.sort(Comparator.comparingDouble((Top x) -> -x.pair().magnitude()));
        if (top.size() > TOP) {
            top.remove(top.size() - 1);
        }
    }

    private void offer(Verdicts v) {
        verdicts.add(v);
        verdicts.sort(Comparator.comparingDouble((Verdicts x) -> -x.gap()));
        if (verdicts.size() > TOP) {
            verdicts.remove(verdicts.size() - 1);
        }
    }

    /** The moves played the first two engines judge most differently, by the gap of their losses. */
    public synchronized List<Verdicts> verdicts() {
        return List.copyOf(verdicts);
    }

    public List<String> engines() {
        return engines;
    }

    /** The figures of engines {@code a} and {@code b}. */
    public synchronized PairStats pair(int a, int b) {
        PairStats s = pairs.get(key(a, b));
        return s == null ? new PairStats() : s;
    }

    /** The first two engines' figures: what the last line reports. */
    public PairStats first() {
        return pair(0, 1);
    }

    public synchronized PairStats phase(int a, int b, Phase phase) {
        EnumMap<Phase, PairStats> m = phases.get(key(a, b));
        return m == null ? new PairStats() : m.get(phase);
    }

    public synchronized List<GameLine> games() {
        return List.copyOf(games);
    }

    public synchronized Speed speed(int engine) {
        return speeds.get(engine);
    }

    /** Moves engine {@code e} calls a mistake or a blunder (or ?!). */
    public synchronized long errors(int e) {
        return errors[e];
    }

    public synchronized List<Top> top() {
        return List.copyOf(top);
    }

    public synchronized List<String> brokenGames() {
        return List.copyOf(broken);
    }

    /** The summary as text in {@code locale}, without the last line. */
    public synchronized List<String> lines(Locale locale) {
        List<String> out = new ArrayList<>();
        for (int a = 0; a < engines.size(); a++) {
            for (int b = a + 1; b < engines.size(); b++) {
                PairStats s = pairs.get(key(a, b));
                out.add(text(locale, "compare.pair", engines.get(a), engines.get(b)));
                out.add("  " + figures(locale, s));
                for (Phase ph : Phase.values()) {
                    PairStats p = phases.get(key(a, b)).get(ph);
                    if (p.positions() > 0) {
                        out.add("  " + text(locale, "compare.phase." + ph.key()) + ": " + figures(locale, p));
                    }
                }
                if (s.judged() > 0) {
                    out.add("  " + text(locale, "compare.verdicts", s.judged(), s.verdictsDiffer(), engines.get(a), errors[a],
                            engines.get(b), errors[b]));
                }
            }
        }
        out.add(text(locale, "compare.speed"));
        for (int e = 0; e < engines.size(); e++) {
            Speed sp = speeds.get(e);
            out.add("  " + text(locale, "compare.speed.engine", engines.get(e), sp.positions(), sp.searched(),
                    fixed(sp.meanDepth(), 1), fixed(sp.meanNodes(), 0), fixed(sp.meanTimeMs(), 1),
                    sp.nodesPerSecond().isPresent() ? fixed(sp.nodesPerSecond().getAsDouble(), 0) : "-"));
        }
        if (engines.size() >= 2 && games.size() > 1) {
            List<GameLine> shown = new ArrayList<>(games);
            boolean all = shown.size() <= 20;
            if (!all) {
                shown.sort(Comparator.comparingDouble((GameLine g) -> -g.stats().meanDWin()));
                shown = shown.subList(0, 10);
            }
            out.add(text(locale, all ? "compare.games" : "compare.games.worst"));
            for (GameLine g : shown) {
                out.add("  " + g.file() + " #" + g.game() + " " + g.white() + " - " + g.black() + ": " + figures(locale, g.stats()));
            }
        }
        if (!top.isEmpty()) {
            out.add(text(locale, "compare.top", engines.get(0), engines.get(1)));
            for (Top t : top) {
                out.add("  " + describe(locale, t));
            }
        }
        if (!verdicts.isEmpty()) {
            out.add(text(locale, "compare.verdicts.top", engines.get(0), engines.get(1)));
            for (Verdicts v : verdicts) {
                out.add("  " + text(locale, "compare.verdicts.line", v.file(), v.game(), v.position().moveLabel(),
                        v.position().playedSan(), v.a().name(), verdictText(locale, v.a()), v.b().name(), verdictText(locale, v.b())));
            }
        }
        if (!broken.isEmpty()) {
            out.add(text(locale, "compare.broken"));
            broken.forEach(b -> out.add("  " + b));
        }
        return out;
    }

    /** One disagreement on one line: where, what was played, each engine's move, evaluation and line. */
    public static String describe(Locale locale, Top t) {
        ComparedPosition p = t.position();
        EngineView a = p.engine(t.pair().a()).orElseThrow();
        EngineView b = p.engine(t.pair().b()).orElseThrow();
        return text(locale, "compare.top.line", t.file(), t.game(), p.moveLabel(), fixed(t.pair().magnitude(), 1),
                kinds(locale, t.pair()), a.name(), evalText(a, p), String.join(" ", a.line()), b.name(), evalText(b, p),
                String.join(" ", b.line()));
    }

    /** {@code ?? (−18.2)}: the judgement's glyph (or "good") and the loss, in win% points. */
    static String verdictText(Locale locale, EngineView v) {
        String glyph = v.verdict().filter(j -> j.isError()).map(j -> j.glyph()).orElse(text(locale, "compare.verdict.fine"));
        return glyph + " (" + fixed(v.playedLoss().orElse(0.0), 1) + ")";
    }

    static String kinds(Locale locale, PairView v) {
        return String.join(", ", v.kinds().stream().map(k -> text(locale, "compare.kind." + k.key())).toList());
    }

    /** An engine's evaluation as the game's player in White's/Red's view writes it: {@code +0.35}. */
    static String evalText(EngineView v, ComparedPosition p) {
        return ReportFormat.commentEval(v.score().forWhite(p.toMove()));
    }

    static String figures(Locale locale, PairStats s) {
        OptionalDouble r = s.correlation();
        return text(locale, "compare.figures", s.positions(), fixed(s.agreement(), 1), Comparison.TOP_K, fixed(s.topK(), 1),
                fixed(s.meanDWin(), 1), fixed(s.p90DWin(), 1), r.isPresent() ? fixed(r.getAsDouble(), 3) : "-", s.disagreements());
    }

    static String fixed(double v, int decimals) {
        return ReportFormat.fixed(v, decimals);
    }

    static String text(Locale locale, String key, Object... args) {
        return org.kibitz.api.i18n.Text.of(ComparisonSummary.class, key, args).render(locale);
    }
}
