package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.testing.PluginJars;

/** {@code kibitz plugins} end to end: discovery of a user jar through Main and the command's output. */
class PluginsCommandTest {

    @TempDir
    Path dir;

    private Path goodJar(String name, String cls, String id) throws IOException {
        return PluginJars.build(dir.resolve(name), Map.of("test." + cls, PluginJars.formatPluginSource(cls, id, "")),
                Map.of(FormatPlugin.class.getName(), List.of("test." + cls)));
    }

    @Test
    void pluginsCommandListsOneSortedLinePerPlugin() throws IOException {
        Path jar = goodJar("zz.jar", "ZzFormat", "zz");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = Main.run(new String[] {"--plugins", dir.toString(), "plugins"}, new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, rc, err.toString());
        List<String> lines = out.toString().lines().toList();
        assertTrue(lines.contains("format zz 9.9.9-test " + jar), lines.toString());
        List<String> sorted = lines.stream().sorted(java.util.Comparator
                .comparing((String l) -> l.split(" ")[0]).thenComparing(l -> l.split(" ")[1])).toList();
        assertEquals(sorted, lines, "sorted by kind, then id");
        for (String l : lines) {
            assertTrue(l.matches("(game|protocol|format) \\S+ \\S+ \\S+"), l);
        }
    }
}
