package org.kibitz.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Builds plugin jars inside a test: compiles Java sources against the test class path and packs them with service files. */
public final class PluginJars {

    private PluginJars() {
    }

    /**
     * Compiles {@code sources} (class name to source text) and writes a jar with them and the given
     * {@code META-INF/services} entries (service interface to provider class names).
     */
    public static Path build(Path jar, Map<String, String> sources, Map<String, List<String>> services) throws IOException {
        Path work = Files.createTempDirectory("plugin-src");
        Path src = work.resolve("src");
        Path classes = work.resolve("classes");
        Files.createDirectories(classes);
        List<String> files = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            files.add(f.toString());
        }
        if (!files.isEmpty()) {
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            if (javac == null) {
                throw new IllegalStateException("tests need a JDK, not a JRE");
            }
            List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                    "--release", "21", "-proc:none"));
            args.addAll(files);
            int rc = javac.run(null, null, null, args.toArray(String[]::new));
            if (rc != 0) {
                throw new IllegalStateException("test plugin did not compile");
            }
        }
        Manifest mf = new Manifest();
        mf.getMainAttributes().putValue("Manifest-Version", "1.0");
        mf.getMainAttributes().putValue("Implementation-Version", "9.9.9-test");
        try (OutputStream fos = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(fos, mf)) {
            try (var walk = Files.walk(classes)) {
                for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                    out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                    out.write(Files.readAllBytes(p));
                    out.closeEntry();
                }
            }
            for (Map.Entry<String, List<String>> s : services.entrySet()) {
                out.putNextEntry(new JarEntry("META-INF/services/" + s.getKey()));
                out.write((String.join("\n", s.getValue()) + "\n").getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }

    /** Source of a minimal format plugin {@code test.<cls>} with the given id. */
    public static String formatPluginSource(String cls, String id, String constructorBody) {
        return """
                package test;

                import java.io.InputStream;
                import java.io.OutputStream;
                import java.util.List;
                import org.kibitz.api.format.*;

                public class %s implements FormatPlugin {
                    public %s() { %s }
                    public String id() { return "%s"; }
                    public List<String> extensions() { return List.of("%s"); }
                    public boolean canRead() { return false; }
                    public boolean canWrite() { return false; }
                    public GameReader reader(InputStream in, ReadContext c) { throw new UnsupportedOperationException(); }
                    public GameWriter writer(OutputStream out, WriteContext c) { throw new UnsupportedOperationException(); }
                }
                """.formatted(cls, cls, constructorBody, id, id);
    }
}
