package org.kibitz.core.plugins;

import java.io.IOException;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.Plugin;
import org.kibitz.api.PluginKind;

/**
 * The plugins found at start-up, what could not be loaded, and the class loaders of the user's
 * plugin jars (closed with the set).
 */
public final class PluginSet implements AutoCloseable {

    private final List<DiscoveredPlugin> plugins;
    private final List<PluginProblem> problems;
    private final List<Object> extensions;
    private final List<URLClassLoader> loaders;

    PluginSet(List<DiscoveredPlugin> plugins, List<PluginProblem> problems,
              List<Object> extensions, List<URLClassLoader> loaders) {
        this.plugins = plugins.stream().sorted(DiscoveredPlugin.ORDER).toList();
        this.problems = List.copyOf(problems);
        this.extensions = List.copyOf(extensions);
        this.loaders = List.copyOf(loaders);
    }

    /** Every plugin, sorted by kind, id and origin. */
    public List<DiscoveredPlugin> all() {
        return plugins;
    }

    /** The plugins of one kind, as their service type. */
    public <T extends Plugin> List<T> ofKind(PluginKind kind, Class<T> type) {
        return plugins.stream().filter(p -> p.kind() == kind).map(p -> type.cast(p.plugin())).toList();
    }

    public Optional<DiscoveredPlugin> find(PluginKind kind, String id) {
        return plugins.stream().filter(p -> p.kind() == kind && p.id().equals(id)).findFirst();
    }

    /** Jars and plugins that could not be loaded. */
    public List<PluginProblem> problems() {
        return problems;
    }

    /** The extension services of {@code type} that plugin jars contributed (Guice modules, for the start-up layer). */
    public <T> List<T> extensions(Class<T> type) {
        return extensions.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Closes the class loaders of the user's plugin jars. */
    @Override
    public void close() {
        for (URLClassLoader l : loaders) {
            try {
                l.close();
            } catch (IOException ignored) {
                // Nothing to do: the jar stays open until the process ends.
            }
        }
    }
}
