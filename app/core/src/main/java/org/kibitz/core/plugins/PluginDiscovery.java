package org.kibitz.core.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.kibitz.api.Plugin;
import org.kibitz.api.PluginKind;
import org.kibitz.api.i18n.Text;

/**
 * Finds plugins with {@link ServiceLoader}: those on the class path, and those in every jar of the
 * user's plugin folder. Each jar gets a class loader of its own, so a broken jar is reported by name
 * and skipped while the others still load.
 */
public final class PluginDiscovery {

    private PluginDiscovery() {
    }

    /**
     * Discovers plugins on {@code parent}'s class path and in the jars of {@code pluginDir}.
     *
     * @param pluginDir the user plugin folder; a missing folder is no error
     */
    public static PluginSet discover(ClassLoader parent, Optional<Path> pluginDir) {
        return discover(parent, pluginDir, null);
    }

    /**
     * As {@link #discover(ClassLoader, Optional)}, also loading from each plugin jar the services of
     * {@code extension} it declares (the start-up layer passes Guice's {@code Module}, so a plugin may
     * add bindings; this layer does not know Guice).
     *
     * @param extension a service type plugin jars may provide, or null for none
     */
    public static PluginSet discover(ClassLoader parent, Optional<Path> pluginDir, Class<?> extension) {
        List<DiscoveredPlugin> found = new ArrayList<>();
        List<PluginProblem> problems = new ArrayList<>();
        List<Object> extensions = new ArrayList<>();
        List<URLClassLoader> loaders = new ArrayList<>();
        Set<String> seen = new HashSet<>();

        for (PluginKind kind : PluginKind.values()) {
            ServiceLoader<? extends Plugin> sl = ServiceLoader.load(kind.service(), parent);
            for (ServiceLoader.Provider<? extends Plugin> provider : sl.stream().toList()) {
                // A class-path plugin that fails is a bug of ours: let it surface.
                Plugin plugin = provider.get();
                if (seen.add(kind + "/" + plugin.id())) {
                    found.add(new DiscoveredPlugin(kind, plugin, DiscoveredPlugin.CLASSPATH));
                }
            }
        }

        for (Path jar : jarsIn(pluginDir, problems)) {
            Optional<Text> broken = checkJar(jar);
            if (broken.isPresent()) {
                problems.add(new PluginProblem(jar, broken.get()));
                continue;
            }
            URLClassLoader loader;
            try {
                loader = new URLClassLoader("kibitz-plugin:" + jar.getFileName(), new URL[] {jar.toUri().toURL()}, parent);
            } catch (MalformedURLException e) {
                problems.add(new PluginProblem(jar, Text.of(PluginDiscovery.class, "plugin.unreadable", e.getMessage())));
                continue;
            }
            int before = found.size();
            int problemsBefore = problems.size();
            for (PluginKind kind : PluginKind.values()) {
                loadFromJar(kind, kind.service(), jar, loader, seen, found, problems);
            }
            if (extension != null) {
                loadExtensions(extension, jar, loader, extensions, problems);
            }
            if (found.size() == before && problems.size() == problemsBefore) {
                problems.add(new PluginProblem(jar, Text.of(PluginDiscovery.class, "plugin.none")));
            }
            loaders.add(loader);
        }
        return new PluginSet(found, problems, extensions, loaders);
    }

    private static void loadFromJar(PluginKind kind, Class<? extends Plugin> service, Path jar, URLClassLoader loader,
                                    Set<String> seen, List<DiscoveredPlugin> found, List<PluginProblem> problems) {
        List<? extends ServiceLoader.Provider<? extends Plugin>> providers;
        try {
            providers = ServiceLoader.load(service, loader).stream().toList();
        } catch (ServiceConfigurationError | LinkageError e) {
            problems.add(new PluginProblem(jar, Text.of(PluginDiscovery.class, "plugin.broken", describe(e))));
            return;
        }
        for (ServiceLoader.Provider<? extends Plugin> provider : providers) {
            try {
                if (provider.type().getClassLoader() != loader) {
                    continue; // found through the parent: a class-path plugin, already listed
                }
                Plugin plugin = provider.get();
                if (!seen.add(kind + "/" + plugin.id())) {
                    problems.add(new PluginProblem(jar, Text.of(PluginDiscovery.class, "plugin.duplicate", kind.label(), plugin.id())));
                    continue;
                }
                found.add(new DiscoveredPlugin(kind, plugin, jar.toString()));
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                problems.add(new PluginProblem(jar, Text.of(PluginDiscovery.class, "plugin.broken", describe(e))));
            }
        }
    }

    private static void loadExtensions(Class<?> extension, Path jar, URLClassLoader loader, List<Object> extensions,
                                       List<PluginProblem> problems) {
        try {
            for (ServiceLoader.Provider<?> p : ServiceLoader.load(extension, loader).stream().toList()) {
                if (p.type().getClassLoader() == loader) {
                    extensions.add(p.get());
                }
            }
        } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
            problems.add(new PluginProblem(jar, Text.of(PluginDiscovery.class, "plugin.broken", describe(e))));
        }
    }

    /** The jars of the plugin folder, sorted by name. */
    private static List<Path> jarsIn(Optional<Path> dir, List<PluginProblem> problems) {
        if (dir.isEmpty() || !Files.isDirectory(dir.get())) {
            return List.of();
        }
        TreeSet<Path> jars = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir.get(), "*.jar")) {
            for (Path p : ds) {
                if (Files.isRegularFile(p)) {
                    jars.add(p);
                }
            }
        } catch (IOException e) {
            problems.add(new PluginProblem(dir.get(), Text.of(PluginDiscovery.class, "plugin.folder", e.getMessage())));
        }
        return List.copyOf(jars);
    }

    /**
     * Reads every entry of a jar before a class loader sees it: a truncated or corrupt jar fails here
     * with a clear reason instead of half-way through loading.
     */
    private static Optional<Text> checkJar(Path jar) {
        try (JarFile jf = new JarFile(jar.toFile(), true)) {
            byte[] buffer = new byte[8192];
            Enumeration<JarEntry> entries = jf.entries();
            while (entries.hasMoreElements()) {
                JarEntry e = entries.nextElement();
                try (InputStream in = jf.getInputStream(e)) {
                    while (in.read(buffer) >= 0) {
                        // read through to check the data
                    }
                }
            }
            return Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.of(Text.of(PluginDiscovery.class, "plugin.corrupt", describe(e)));
        }
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage();
        return root.getClass().getSimpleName() + (msg == null ? "" : ": " + msg);
    }
}
