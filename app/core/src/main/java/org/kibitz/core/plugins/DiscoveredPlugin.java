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

    /**
     * Listing order: kind, then id, then origin. Written out: the combinators' lambdas live in
     * java.util.Comparator, whose call sites the quick-start cache does not keep, and every start
     * made them again (decision 0010).
     */
    public static final Comparator<DiscoveredPlugin> ORDER = (a, b) -> {
        int c = a.kind().label().compareTo(b.kind().label());
        if (c == 0) {
            c = a.plugin().id().compareTo(b.plugin().id());
        }
        return c != 0 ? c : a.origin().compareTo(b.origin());
    };

    public String id() {
        return plugin.id();
    }

    /** One listing line: {@code <kind> <id> <version> <origin>}. */
    public String line() {
        return kind.label() + " " + plugin.id() + " " + plugin.version() + " " + origin;
    }
}
