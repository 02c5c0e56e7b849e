package org.kibitz.api;

/**
 * What every plugin found by discovery has: a stable id and a version.
 *
 * <p>Plugins are found with {@link java.util.ServiceLoader} under one of the kind interfaces
 * ({@link org.kibitz.api.game.GamePlugin}, {@link org.kibitz.api.format.FormatPlugin},
 * {@link org.kibitz.api.engine.ProtocolPlugin}); they need a public no-argument constructor and
 * must keep it cheap, since every start of the program instantiates them.
 */
public interface Plugin {

    /** Stable lower-case identifier, unique within its kind ({@code xiangqi}, {@code uci}, {@code pgn}). */
    String id();

    /** The plugin's version: its jar's {@code Implementation-Version}, or {@code dev} when run from classes. */
    default String version() {
        Package p = getClass().getPackage();
        String v = p == null ? null : p.getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
