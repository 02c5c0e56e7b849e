package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the real entry point with no command in its own JVM (headless, under Monocle) and checks
 * that the workbench window comes up through Main, Guice and the launcher without an exception,
 * and that a game file named on the command line is opened in it.
 */
class WorkbenchStartTest {

    @TempDir
    Path home;

    @Test
    void mainWithNoCommandOpensTheWorkbench() throws IOException, InterruptedException {
        // The window saves its layout as soon as it is shown: that is the sign it is up.
        runUntil(List.of(), home.resolve("config").resolve("layout.json"), text -> true);
    }

    @Test
    void mainWithAGameFileOpensItInTheWorkbench() throws IOException, InterruptedException {
        Path xqf = Path.of(System.getProperty("kibitz.testdata"), "xiangqi", "xqf", "eleeye-SAMPLE.XQF");
        // An opened file goes to the top of the recent files, which are saved at once.
        runUntil(List.of(xqf.toString()), home.resolve("config").resolve("settings.json"),
                text -> text.contains("eleeye-SAMPLE.XQF"));
    }

    @Test
    void theFirstFrameHookPrintsTheWindowsFramesAndQuits() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(javaCommand());
        cmd.add(1, "-Dkibitz.firstframe.exit=true");
        Process p = new ProcessBuilder(cmd).redirectError(home.resolve("stderr.txt").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "it quits by itself");
        assertEquals(0, p.exitValue(), Files.readString(home.resolve("stderr.txt")));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?s)first-frame (\\d+)\\R.*ready-frame (\\d+)\\R").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(Long.parseLong(m.group(1)) <= Long.parseLong(m.group(2)), "the empty window comes before the whole workbench: " + out);
        assertTrue(Files.exists(home.resolve("config").resolve("layout.json")), "the whole workbench was shown");
    }

    @Test
    void aMistypedCommandIsNotTakenForAFile() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new String[] {"--plugins", home.toString(), "pluggins"},
                new PrintWriter(out), new PrintWriter(err));
        assertEquals(2, status);
        assertTrue(err.toString().contains("pluggins"), err.toString());
    }

    /** The entry point in a JVM of its own, headless, with the user's folders in the test's. */
    private List<String> javaCommand() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return List.of(java.toString(), "-Dkibitz.home=" + home,
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"),
                Main.class.getName());
    }

    private void runUntil(List<String> args, Path file, Predicate<String> content) throws IOException, InterruptedException {
        Path err = home.resolve("stderr.txt");
        List<String> cmd = new ArrayList<>(javaCommand());
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
                .redirectOutput(home.resolve("stdout.txt").toFile())
                .redirectError(err.toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!(Files.exists(file) && content.test(Files.readString(file)))) {
                if (!p.isAlive()) {
                    fail("the workbench ended with status " + p.exitValue() + ":\n" + Files.readString(err));
                }
                if (System.nanoTime() > deadline) {
                    fail("not seen within 60 s in " + file + ":\n" + Files.readString(err));
                }
                Thread.sleep(100);
            }
            assertTrue(p.isAlive(), "the window stays open");
            // What the start printed, read before the process is killed: JavaFX may report a pulse cut
            // short by the kill (a RejectedExecutionException from its stopped renderer), which is not
            // the start's.
            Thread.sleep(500);
            String errors = Files.readString(err);
            assertFalse(errors.contains("Exception") || errors.contains("Error:"), errors);
        } finally {
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }
}
