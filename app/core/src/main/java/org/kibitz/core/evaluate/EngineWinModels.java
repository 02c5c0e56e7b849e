package org.kibitz.core.evaluate;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.judge.WinModel;

/**
 * The win model of each engine: the {@code k} that {@code bench calibrate --save} fitted to it for a game
 * and kept in its entry of {@code engines.json}; for the built-in engine, without one saved, the fit of
 * {@code docs/calibration.md}; else the judgement model's own (lichess's for chess, Kibitz's xiangqi
 * model). A {@code k} given with {@code --judge} is the user's choice and wins over all of these.
 */
public final class EngineWinModels {

    /**
     * The built-in engine's fits (docs/calibration.md), each at 10,000 nodes a position: chess on 5,643
     * positions of the 707 human games with results of {@code testdata/chess/pgn}, xiangqi on 6,980
     * positions of 6,980 Big5 master games. Change them there and here, nowhere else.
     */
    public static final Map<String, EngineEntry.FittedModel> BUILTIN = Map.of(
            "chess", new EngineEntry.FittedModel(0.00934304, "nodes 10000", 5643, 707, 0.00856222, 0.01028920),
            "xiangqi", new EngineEntry.FittedModel(0.00388818, "nodes 10000", 6980, 6980, 0.00369006, 0.00413774));

    private EngineWinModels() {
    }

    /** The model an engine is judged with, and where its {@code k} came from. */
    public record Chosen(JudgementModel model, Source source, Optional<EngineEntry.FittedModel> fit) {

        /** The win model's name and {@code k}, as every output names it: {@code Fairy-Stockfish@nodes=10000 k=0.0047}. */
        public String winText() {
            return model.win().name() + " k=" + plain(model.win().k());
        }

        /**
         * The limit {@code k} was fitted at when it is not the limit searched now ({@code nodes 10000}
         * against {@code nodes 1000}): an engine's {@code k} depends on its limit, so a fit used at
         * another limit is named as such. Empty for a {@code k} given or the model's own.
         */
        public Optional<String> fittedAtOtherLimit(org.kibitz.api.engine.SearchLimits limits) {
            if (fit.isEmpty() || (source != Source.SAVED && source != Source.BUILTIN)) {
                return Optional.empty();
            }
            String now = limits.nodes().isPresent() ? "nodes " + limits.nodes().getAsLong()
                    : limits.depth().isPresent() ? "depth " + limits.depth().getAsInt()
                    : limits.moveTime().map(t -> "movetime " + t.toMillis()).orElse("");
            String then = fit.get().limit().strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
            return then.equals(now) ? Optional.empty() : Optional.of(fit.get().limit());
        }

        /** Where {@code k} came from, for people. */
        public Text sourceText() {
            return switch (source) {
                case SAVED, BUILTIN -> Text.of(EngineWinModels.class, "model.source." + source.name().toLowerCase(Locale.ROOT),
                        fit.orElseThrow().limit(), fit.orElseThrow().positions());
                case GIVEN, DEFAULT -> Text.of(EngineWinModels.class, "model.source." + source.name().toLowerCase(Locale.ROOT));
            };
        }
    }

    /** Where an engine's {@code k} came from. */
    public enum Source {
        /** Fitted to it and saved in engines.json. */
        SAVED,
        /** The built-in engine's fit of docs/calibration.md. */
        BUILTIN,
        /** Given with {@code --judge}. */
        GIVEN,
        /** The judgement model's own. */
        DEFAULT
    }

    /**
     * The model {@code engine} is judged with in {@code gameId}: {@code base} with the engine's fitted
     * {@code k}, unless {@code kGiven} (the user set {@code k}) or the engine has no fit for the game.
     */
    public static Chosen choose(JudgementModel base, EngineEntry engine, String gameId, boolean kGiven) {
        if (kGiven) {
            return new Chosen(base, Source.GIVEN, Optional.empty());
        }
        Optional<EngineEntry.FittedModel> saved = Optional.ofNullable(engine.winModels().get(gameId));
        Source source = Source.SAVED;
        if (saved.isEmpty() && engine.builtin()) {
            saved = Optional.ofNullable(BUILTIN.get(gameId));
            source = Source.BUILTIN;
        }
        if (saved.isEmpty()) {
            return new Chosen(base, Source.DEFAULT, Optional.empty());
        }
        EngineEntry.FittedModel fit = saved.get();
        String name = (engine.name().strip().replaceAll("\\s+", "_") + "@" + fit.limit().strip().replaceAll("\\s+", "="))
                .replaceAll("[:,|]", "-");
        WinModel win = new WinModel(name, fit.k(), base.win().clampCp(), base.win().mateCp());
        return new Chosen(base.withWin(win), source, saved);
    }

    private static String plain(double d) {
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
        return b.scale() < 0 ? b.setScale(0).toPlainString() : b.toPlainString();
    }
}
