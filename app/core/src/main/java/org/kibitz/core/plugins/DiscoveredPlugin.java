package org.kibitz.core.plugins;

import java.util.Comparator;
import org.kibitz.api.Plugin;
import org.kibitz.api.PluginKind;

/**
 * A plugin found by discovery.
 *
 * @param origin {@code classpath} for plugins shipped with Kibitz, else the path of the jar it came from
 */
public record DiscoveredPlugin(PluginKind kind, Plugin plugin, String origin) {

    public static final String CLASSPATH = "classpath";

    /** Listing order: kind, then id, then origin. */
    public static final Comparator<DiscoveredPlugin> ORDER = Comparator
            .comparing((DiscoveredPlugin p) -> p.kind().label())
            .thenComparing(p -> p.plugin().id())
            .thenComparing(DiscoveredPlugin::origin);

    public String id() {
        return plugin.id();
    }

    /** One listing line: {@code <kind> <id> <version> <origin>}. */
    public String line() {
        return kind.label() + " " + plugin.id() + " " + plugin.version() + " " + origin;
    }
}
