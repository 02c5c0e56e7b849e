package org.kibitz.workbench;

import java.util.List;
import java.util.Optional;

/**
 * The user's settings, kept in {@code settings.json} in the config folder.
 *
 * @param language    a language tag ({@code en}, {@code zh-CN}), or empty to follow the system
 * @param recentFiles recently opened files, newest first
 */
public record Settings(Optional<String> language, List<String> recentFiles) {

    public static final Settings DEFAULT = new Settings(Optional.empty(), List.of());

    public Settings {
        language = language == null ? Optional.empty() : language;
        recentFiles = recentFiles == null ? List.of() : List.copyOf(recentFiles);
    }

    public Settings withLanguage(Optional<String> tag) {
        return new Settings(tag, recentFiles);
    }

    public Settings withRecentFiles(List<String> files) {
        return new Settings(language, files);
    }
}
