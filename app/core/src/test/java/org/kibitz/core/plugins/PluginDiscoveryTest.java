package org.kibitz.core.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.PluginKind;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.testing.PluginJars;

class PluginDiscoveryTest {

    private static final String FORMAT_SERVICE = FormatPlugin.class.getName();

    @TempDir
    Path dir;

    private Path goodJar(String name, String cls, String id) throws IOException {
        return PluginJars.build(dir.resolve(name), Map.of("test." + cls, PluginJars.formatPluginSource(cls, id, "")),
                Map.of(FORMAT_SERVICE, List.of("test." + cls)));
    }

    @Test
    void findsAPluginJarBuiltAtTestTime() throws IOException {
        Path jar = goodJar("toy.jar", "ToyFormat", "toy");
        try (PluginSet set = PluginDiscovery.discover(getClass().getClassLoader(), Optional.of(dir))) {
            DiscoveredPlugin toy = set.find(PluginKind.FORMAT, "toy").orElseThrow();
            assertEquals(jar.toString(), toy.origin());
            assertEquals("9.9.9-test", toy.plugin().version());
            assertEquals("format toy 9.9.9-test " + jar, toy.line());
            assertTrue(set.problems().isEmpty(), set.problems().toString());
        }
    }

    @Test
    void reportsBrokenJarsByNameAndStillLoadsTheOthers() throws IOException {
        goodJar("a-good.jar", "GoodFormat", "good");
        Files.write(dir.resolve("b-corrupt.jar"), new byte[] {'P', 'K', 3, 4, 0, 0, 1, 2, 3, 4, 5, 6, 7});
        Path truncated = dir.resolve("c-truncated.jar");
        byte[] whole = Files.readAllBytes(goodJar("tmp.jar", "Truncated", "truncated"));
        Files.delete(dir.resolve("tmp.jar"));
        Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 2));
        PluginJars.build(dir.resolve("d-missing-class.jar"), Map.of(), Map.of(FORMAT_SERVICE, List.of("test.NotThere")));
        PluginJars.build(dir.resolve("e-throws.jar"),
                Map.of("test.Throws", PluginJars.formatPluginSource("Throws", "throws", "throw new IllegalStateException(\"boom\");")),
                Map.of(FORMAT_SERVICE, List.of("test.Throws")));
        goodJar("f-also-good.jar", "AlsoGood", "alsogood");

        try (PluginSet set = PluginDiscovery.discover(getClass().getClassLoader(), Optional.of(dir))) {
            assertTrue(set.find(PluginKind.FORMAT, "good").isPresent());
            assertTrue(set.find(PluginKind.FORMAT, "alsogood").isPresent(), "a jar after the broken ones still loads");
            assertFalse(set.find(PluginKind.FORMAT, "throws").isPresent());
            List<String> problemJars = set.problems().stream().map(p -> p.jar().getFileName().toString()).sorted().toList();
            assertEquals(List.of("b-corrupt.jar", "c-truncated.jar", "d-missing-class.jar", "e-throws.jar"), problemJars);
            String throwsMessage = set.problems().stream().filter(p -> p.jar().endsWith("e-throws.jar")).findFirst().orElseThrow().toString();
            assertTrue(throwsMessage.contains("boom"), throwsMessage);
        }
    }

    @Test
    void aDuplicateIdIsReportedNotLoadedTwice() throws IOException {
        goodJar("one.jar", "One", "same");
        goodJar("two.jar", "Two", "same");
        try (PluginSet set = PluginDiscovery.discover(getClass().getClassLoader(), Optional.of(dir))) {
            assertEquals(1, set.all().stream().filter(p -> p.id().equals("same")).count());
            assertEquals(1, set.problems().size());
            assertTrue(set.problems().get(0).toString().contains("same"));
        }
    }

    @Test
    void aMissingPluginFolderIsNoError() {
        try (PluginSet set = PluginDiscovery.discover(getClass().getClassLoader(), Optional.of(dir.resolve("nope")))) {
            assertTrue(set.problems().isEmpty());
        }
    }

    @Test
    void nothingStaysLoadedAfterTheSetIsClosed() throws Exception {
        goodJar("toy.jar", "ToyFormat", "toy");
        WeakReference<ClassLoader> loader = loadAndClose();
        for (int i = 0; i < 50 && loader.get() != null; i++) {
            System.gc();
            byte[][] pressure = new byte[64][];
            for (int j = 0; j < pressure.length; j++) {
                pressure[j] = new byte[64 * 1024];
            }
            Thread.sleep(20);
        }
        assertNull(loader.get(), "the plugin jar's class loader is still reachable after close");
    }

    private WeakReference<ClassLoader> loadAndClose() {
        try (PluginSet set = PluginDiscovery.discover(getClass().getClassLoader(), Optional.of(dir))) {
            return new WeakReference<>(set.find(PluginKind.FORMAT, "toy").orElseThrow().plugin().getClass().getClassLoader());
        }
    }
}
