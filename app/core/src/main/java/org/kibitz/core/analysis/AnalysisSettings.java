package org.kibitz.core.analysis;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the user set up the engine panes, kept in {@code analysis.json} in the config folder.
 *
 * @param scoreUnit  scores as pawns or centipawns
 * @param curveClip  the evaluation curve's band, in pawns either side of equal (mates sit at its edges)
 * @param arrows     whether the engines' best moves are drawn on the board
 * @param panels     the analysis panels side by side, in order
 */
public record AnalysisSettings(AnalysisText.Unit scoreUnit, double curveClip, boolean arrows, List<Panel> panels) {

    public static final double DEFAULT_CLIP = 6.0;

    public static final AnalysisSettings DEFAULT = new AnalysisSettings(AnalysisText.Unit.PAWNS, DEFAULT_CLIP, true,
            List.of(Panel.first()));

    public AnalysisSettings {
        scoreUnit = scoreUnit == null ? AnalysisText.Unit.PAWNS : scoreUnit;
        curveClip = curveClip >= 1 && curveClip <= 100 ? curveClip : DEFAULT_CLIP;
        panels = panels == null || panels.isEmpty() ? List.of(Panel.first()) : List.copyOf(panels);
    }

    public AnalysisSettings withScoreUnit(AnalysisText.Unit u) {
        return new AnalysisSettings(u, curveClip, arrows, panels);
    }

    public AnalysisSettings withCurveClip(double pawns) {
        return new AnalysisSettings(scoreUnit, pawns, arrows, panels);
    }

    public AnalysisSettings withArrows(boolean on) {
        return new AnalysisSettings(scoreUnit, curveClip, on, panels);
    }

    public AnalysisSettings withPanels(List<Panel> p) {
        return new AnalysisSettings(scoreUnit, curveClip, arrows, p);
    }

    /**
     * One analysis panel.
     *
     * @param id           the panel's (and its analysis slot's) id
     * @param engineByGame the engine chosen in it for each game, by engine id
     * @param multiPv      how many lines it asks for
     */
    public record Panel(String id, Map<String, String> engineByGame, int multiPv) {

        public Panel {
            engineByGame = engineByGame == null ? Map.of() : Map.copyOf(engineByGame);
            multiPv = Math.max(1, Math.min(AnalysisSlot.MAX_PV, multiPv));
        }

        public static Panel first() {
            return new Panel("1", Map.of(), 1);
        }

        public Optional<String> engineFor(String gameId) {
            return Optional.ofNullable(engineByGame.get(gameId));
        }

        public Panel withEngine(String gameId, String engineId) {
            Map<String, String> m = new HashMap<>(engineByGame);
            m.put(gameId, engineId);
            return new Panel(id, m, multiPv);
        }

        public Panel withMultiPv(int k) {
            return new Panel(id, engineByGame, k);
        }
    }
}
