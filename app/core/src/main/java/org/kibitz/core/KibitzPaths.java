package org.kibitz.core;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Where Kibitz keeps its files: settings and the engine list (config), analysis caches and opening
 * trees (data), and the user's plugin jars.
 *
 * @param config  settings, layout, engine list (JSON)
 * @param data    analysis cache, opening trees (SQLite)
 * @param plugins the user plugin folder
 */
public record KibitzPaths(Path config, Path data, Path plugins) {

    public KibitzPaths {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(plugins, "plugins");
    }

    /**
     * The platform's folders: {@code $XDG_CONFIG_HOME/kibitz} and {@code $XDG_DATA_HOME/kibitz} on Linux
     * (defaulting to {@code ~/.config} and {@code ~/.local/share}), {@code ~/Library/Application Support/Kibitz}
     * on macOS, {@code %APPDATA%\Kibitz} on Windows. The system property {@code kibitz.home} puts
     * everything under one folder instead (tests, portable installs).
     */
    public static KibitzPaths forPlatform(Map<String, String> env, String osName, Path userHome, String homeOverride) {
        if (homeOverride != null && !homeOverride.isBlank()) {
            Path base = Path.of(homeOverride);
            return new KibitzPaths(base.resolve("config"), base.resolve("data"), base.resolve("config").resolve("plugins"));
        }
        String os = osName.toLowerCase(Locale.ROOT);
        Path config;
        Path data;
        if (os.contains("win")) {
            String appData = env.get("APPDATA");
            Path base = appData != null ? Path.of(appData) : userHome.resolve("AppData").resolve("Roaming");
            config = base.resolve("Kibitz");
            data = config.resolve("data");
        } else if (os.contains("mac")) {
            config = userHome.resolve("Library").resolve("Application Support").resolve("Kibitz");
            data = config.resolve("data");
        } else {
            config = xdg(env, "XDG_CONFIG_HOME", userHome.resolve(".config")).resolve("kibitz");
            data = xdg(env, "XDG_DATA_HOME", userHome.resolve(".local").resolve("share")).resolve("kibitz");
        }
        return new KibitzPaths(config, data, config.resolve("plugins"));
    }

    /** The folders of this process's platform and environment. */
    public static KibitzPaths current() {
        return forPlatform(System.getenv(), System.getProperty("os.name", ""), Path.of(System.getProperty("user.home")),
                System.getProperty("kibitz.home"));
    }

    /** The same folders with another plugin folder ({@code --plugins DIR}). */
    public KibitzPaths withPlugins(Path dir) {
        return new KibitzPaths(config, data, dir);
    }

    private static Path xdg(Map<String, String> env, String name, Path fallback) {
        String v = env.get(name);
        // The XDG spec: a relative path is invalid and must be ignored.
        return v != null && !v.isBlank() && Path.of(v).isAbsolute() ? Path.of(v) : fallback;
    }
}
