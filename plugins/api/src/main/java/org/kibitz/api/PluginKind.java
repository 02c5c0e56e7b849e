package org.kibitz.api;

import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;

/** The kinds of plugin Kibitz discovers, each with the service interface it is found under. */
public enum PluginKind {
    GAME("game", GamePlugin.class),
    PROTOCOL("protocol", ProtocolPlugin.class),
    FORMAT("format", FormatPlugin.class);

    private final String label;
    private final Class<? extends Plugin> service;

    PluginKind(String label, Class<? extends Plugin> service) {
        this.label = label;
        this.service = service;
    }

    /** The word used for this kind in listings ({@code game}, {@code protocol}, {@code format}). */
    public String label() {
        return label;
    }

    /** The interface that plugins of this kind implement and register under in {@code META-INF/services}. */
    public Class<? extends Plugin> service() {
        return service;
    }
}
