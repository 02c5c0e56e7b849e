package org.kibitz.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the real entry point with no command in its own JVM (headless, under Monocle) and checks
 * that the workbench window comes up through Main, Guice and the launcher without an exception.
 */
class WorkbenchStartTest {

    @TempDir
    Path home;

    @Test
    void mainWithNoCommandOpensTheWorkbench() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path err = home.resolve("stderr.txt");
        List<String> cmd = new ArrayList<>(List.of(java.toString(),
                "-Dkibitz.home=" + home,
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
                .redirectOutput(home.resolve("stdout.txt").toFile())
                .redirectError(err.toFile())
                .start();
        try {
            Path layout = home.resolve("config").resolve("layout.json");
            // The window saves its layout as soon as it is shown: that is the sign it is up.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(layout)) {
                if (!p.isAlive()) {
                    fail("the workbench ended with status " + p.exitValue() + ":\n" + Files.readString(err));
                }
                if (System.nanoTime() > deadline) {
                    fail("no window within 60 s:\n" + Files.readString(err));
                }
                Thread.sleep(100);
            }
            assertTrue(p.isAlive(), "the window stays open");
        } finally {
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        String errors = Files.readString(err);
        assertFalse(errors.contains("Exception") || errors.contains("Error:"), errors);
    }
}
