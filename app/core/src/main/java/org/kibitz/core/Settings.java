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
 */
public record Settings(Optional<String> language, List<String> recentFiles, Map<String, String> notations,
                       Optional<String> variationLayout, boolean saveEngineLines) {

    public static final Settings DEFAULT = new Settings(Optional.empty(), List.of(), Map.of(), Optional.empty(), false);

    public Settings {
        language = language == null ? Optional.empty() : language;
        recentFiles = recentFiles == null ? List.of() : List.copyOf(recentFiles);
        notations = notations == null ? Map.of() : Map.copyOf(notations);
        variationLayout = variationLayout == null ? Optional.empty() : variationLayout;
    }

    /** Settings as the shell first wrote them (language and recent files). */
    public Settings(Optional<String> language, List<String> recentFiles) {
        this(language, recentFiles, Map.of(), Optional.empty(), false);
    }

    public Settings withLanguage(Optional<String> tag) {
        return new Settings(tag, recentFiles, notations, variationLayout, saveEngineLines);
    }

    public Settings withRecentFiles(List<String> files) {
        return new Settings(language, files, notations, variationLayout, saveEngineLines);
    }

    /** The settings with {@code notationId} chosen for games of {@code gameId}. */
    public Settings withNotation(String gameId, String notationId) {
        Map<String, String> m = new HashMap<>(notations);
        m.put(gameId, notationId);
        return new Settings(language, recentFiles, m, variationLayout, saveEngineLines);
    }

    public Settings withVariationLayout(String layout) {
        return new Settings(language, recentFiles, notations, Optional.of(layout), saveEngineLines);
    }

    public Settings withSaveEngineLines(boolean save) {
        return new Settings(language, recentFiles, notations, variationLayout, save);
    }
}
