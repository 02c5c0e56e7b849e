package org.kibitz.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The user's settings, kept in {@code settings.json} in the config folder.
 *
 * @param language        a language tag ({@code en}, {@code zh-CN}), or empty to follow the system
 * @param recentFiles     recently opened files, newest first
 * @param notations       the notation chosen for the move list, by game id ({@code xiangqi} → {@code wxf})
 * @param variationLayout how the move list shows variations: {@code INDENTED} or {@code INLINE}
 * @param saveEngineLines whether a save writes the best line each engine left in a position as a
 *                        variation, besides its evaluation as {@code [%eval]} (absent in older files: no)
 * @param evaluation      what the last batch evaluation was asked with, offered again (absent: the defaults)
 * @param comparison      what the last engine comparison was asked with, offered again (absent: the defaults)
 * @param ruleSets        the rule set the board rules by, by game id ({@code xiangqi} → {@code chinese});
 *                        absent: the game's default
 * @param boardLook       how the board is drawn, by game id and aspect ({@code chess.pieces} → {@code staunton},
 *                        {@code xiangqi.theme} → {@code paper}); absent: the first set and theme
 */
public record Settings(Optional<String> language, List<String> recentFiles, Map<String, String> notations,
                       Optional<String> variationLayout, boolean saveEngineLines, Optional<Evaluation> evaluation,
                       Optional<Comparison> comparison, Map<String, String> ruleSets,
                       Map<String, String> boardLook) {

    public static final Settings DEFAULT = new Settings(Optional.empty(), List.of(), Map.of(), Optional.empty(), false);

    /**
     * The choices of the workbench's "Evaluate games" dialog, remembered.
     *
     * @param engines    engine ids of the engine list, one or two
     * @param limitKind  {@code nodes}, {@code depth} or {@code movetime}
     * @param limitValue nodes, plies or milliseconds
     * @param jobs       searches at once; 0 for as many as cores
     * @param judge      the judgement preset ({@code lichess}, {@code encroissant}, {@code lucas}, {@code xiangqi}),
     *                   empty for the game's own
     */
    public record Evaluation(List<String> engines, String limitKind, long limitValue, int jobs, String judge) {

        public static final Evaluation DEFAULT = new Evaluation(List.of(), "nodes", 100_000, 0, "");

        public Evaluation {
            engines = engines == null ? List.of() : List.copyOf(engines);
            limitKind = limitKind == null ? "nodes" : limitKind;
            judge = judge == null ? "" : judge;
        }
    }

    /**
     * The choices of the workbench's "Compare engines" dialog, remembered.
     *
     * @param engines    engine ids of the engine list, two to four
     * @param limitKind  {@code nodes}, {@code depth} or {@code movetime}
     * @param limitValue nodes, plies or milliseconds
     * @param multipv    lines each engine searches (its top moves, for "A's move in B's top 3")
     * @param threshold  win% points from which two engines are said to disagree
     * @param jobs       searches at once; 0 for as many as cores
     * @param judge      the judgement preset, empty for the game's own
     */
    public record Comparison(List<String> engines, String limitKind, long limitValue, int multipv, double threshold, int jobs,
                             String judge) {

        public static final Comparison DEFAULT = new Comparison(List.of(), "nodes", 100_000, 3, 10, 0, "");

        public Comparison {
            engines = engines == null ? List.of() : List.copyOf(engines);
            limitKind = limitKind == null ? "nodes" : limitKind;
            judge = judge == null ? "" : judge;
            multipv = multipv < 1 ? 3 : multipv;
            threshold = threshold > 0 && threshold <= 100 ? threshold : 10;
        }
    }

    public Settings {
        comparison = comparison == null ? Optional.empty() : comparison;
        ruleSets = ruleSets == null ? Map.of() : Map.copyOf(ruleSets);
        boardLook = boardLook == null ? Map.of() : Map.copyOf(boardLook);
        language = language == null ? Optional.empty() : language;
        recentFiles = recentFiles == null ? List.of() : List.copyOf(recentFiles);
        notations = notations == null ? Map.of() : Map.copyOf(notations);
        variationLayout = variationLayout == null ? Optional.empty() : variationLayout;
        evaluation = evaluation == null ? Optional.empty() : evaluation;
    }

    public Settings(Optional<String> language, List<String> recentFiles, Map<String, String> notations,
                    Optional<String> variationLayout, boolean saveEngineLines) {
        this(language, recentFiles, notations, variationLayout, saveEngineLines, Optional.empty(), Optional.empty(), Map.of(), Map.of());
    }

    /** Settings as the shell first wrote them (language and recent files). */
    public Settings(Optional<String> language, List<String> recentFiles) {
        this(language, recentFiles, Map.of(), Optional.empty(), false);
    }

    public Settings withLanguage(Optional<String> tag) {
        return new Settings(tag, recentFiles, notations, variationLayout, saveEngineLines, evaluation, comparison, ruleSets, boardLook);
    }

    public Settings withRecentFiles(List<String> files) {
        return new Settings(language, files, notations, variationLayout, saveEngineLines, evaluation, comparison, ruleSets, boardLook);
    }

    /** The settings with {@code notationId} chosen for games of {@code gameId}. */
    public Settings withNotation(String gameId, String notationId) {
        Map<String, String> m = new HashMap<>(notations);
        m.put(gameId, notationId);
        return new Settings(language, recentFiles, m, variationLayout, saveEngineLines, evaluation, comparison, ruleSets, boardLook);
    }

    public Settings withVariationLayout(String layout) {
        return new Settings(language, recentFiles, notations, Optional.of(layout), saveEngineLines, evaluation, comparison, ruleSets, boardLook);
    }

    public Settings withSaveEngineLines(boolean save) {
        return new Settings(language, recentFiles, notations, variationLayout, save, evaluation, comparison, ruleSets, boardLook);
    }

    public Settings withEvaluation(Evaluation e) {
        return new Settings(language, recentFiles, notations, variationLayout, saveEngineLines, Optional.of(e), comparison, ruleSets, boardLook);
    }

    public Settings withComparison(Comparison c) {
        return new Settings(language, recentFiles, notations, variationLayout, saveEngineLines, evaluation, Optional.of(c), ruleSets, boardLook);
    }

    /** The settings with {@code ruleSet} chosen for games of {@code gameId}. */
    public Settings withRuleSet(String gameId, String ruleSet) {
        Map<String, String> m = new HashMap<>(ruleSets);
        m.put(gameId, ruleSet);
        return new Settings(language, recentFiles, notations, variationLayout, saveEngineLines, evaluation, comparison, m, boardLook);
    }

    /** The settings with {@code value} chosen for {@code key} of the board's look ({@code chess.theme} → {@code blue}). */
    public Settings withBoardLook(String key, String value) {
        Map<String, String> m = new HashMap<>(boardLook);
        m.put(key, value);
        return new Settings(language, recentFiles, notations, variationLayout, saveEngineLines, evaluation, comparison, ruleSets, m);
    }
}
