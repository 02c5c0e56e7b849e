package org.kibitz.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saves through symbolic links, and the temporary files a killed save leaves: a save replaced a
 * symlinked output with a regular file, and left {@code .tmp} files behind after a kill (5 of 10 tries).
 */
class AtomicFilesTest {

    @TempDir
    Path dir;

    private List<String> names() throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Temporary names are drawn from a plain random stream: each call still makes a new file of its own. */
    @Test
    void everyTemporaryFileIsANewOneOfThisProcess() throws Exception {
        Path target = dir.resolve("g.pgn");
        java.util.Set<Path> made = new java.util.HashSet<>();
        for (int i = 0; i < 300; i++) {
            Path tmp = AtomicFiles.newTemp(target);
            assertTrue(made.add(tmp), "a name given twice: " + tmp);
            assertTrue(tmp.getFileName().toString().matches("\\.g\\.pgn\\.kibitz-" + ProcessHandle.current().pid()
                    + "-[0-9a-z]{1,13}\\.tmp"), tmp.toString());
            assertEquals(0, Files.size(tmp));
        }
        assertEquals(300, names().size());
    }

    @Test
    void aSymbolicLinkIsWrittenThroughAndStaysALink() throws Exception {
        Files.createDirectories(dir.resolve("real"));
        Path target = dir.resolve("real").resolve("games.pgn");
        Files.writeString(target, "1. e4 *");
        var shared = java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--");
        Files.setPosixFilePermissions(target, shared);
        Path link = Files.createSymbolicLink(dir.resolve("games.pgn"), Path.of("real", "games.pgn"));
        AtomicFiles.write(link, "1. d4 *".getBytes());
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals(Path.of("real", "games.pgn"), Files.readSymbolicLink(link));
        assertEquals("1. d4 *", Files.readString(target));
        assertEquals(shared, Files.getPosixFilePermissions(target));
        assertEquals(List.of("games.pgn", "real"), names());
        try (var s = Files.list(dir.resolve("real"))) {
            assertEquals(1, s.count(), "no temporary file beside the real file");
        }
        // A link to a file not there yet: the file is made where the link points.
        Path dangling = Files.createSymbolicLink(dir.resolve("new.pgn"), Path.of("real", "new.pgn"));
        AtomicFiles.write(dangling, "*".getBytes());
        assertTrue(Files.isSymbolicLink(dangling));
        assertEquals("*", Files.readString(dir.resolve("real").resolve("new.pgn")));
    }

    @Test
    void leftoversOfSavesWhoseProcessEndedAreRemovedOnTheNextSave() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor(10, TimeUnit.SECONDS);
        long deadPid = ended.pid();
        Path target = dir.resolve("g.pgn");
        Files.createFile(dir.resolve(".g.pgn.kibitz-" + deadPid + "-abc.tmp"));
        Path oldStyle = Files.createFile(dir.resolve(".g.pgn.k3j5h2.tmp"));
        Files.setLastModifiedTime(oldStyle, FileTime.from(Instant.now().minusSeconds(7200)));
        Path live = Files.createFile(dir.resolve(".g.pgn.kibitz-" + ProcessHandle.current().pid() + "-xyz.tmp"));
        Path other = Files.createFile(dir.resolve(".other.pgn.kibitz-" + deadPid + "-abc.tmp"));
        AtomicFiles.write(target, "*".getBytes());
        assertEquals(List.of(live.getFileName().toString(), other.getFileName().toString(), "g.pgn"), names(),
                "a running save's file and other files' leftovers stay");
    }

    @Test
    void aSaveKilledHalfWayLeavesTheOldFileAndItsLeftoverGoesWithTheNextSave() throws Exception {
        Path target = dir.resolve("g.pgn");
        Files.writeString(target, "1. e4 *");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                AtomicFilesKillChild.class.getName(), target.toString()).redirectErrorStream(true).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (names().size() < 2) {
                if (!child.isAlive()) {
                    throw new AssertionError("the child died: " + new String(child.getInputStream().readAllBytes()));
                }
                assertTrue(System.nanoTime() < deadline, "the child's save never started");
                Thread.sleep(20);
            }
            Thread.sleep(100);
        } finally {
            child.destroyForcibly();
            child.waitFor(20, TimeUnit.SECONDS);
        }
        assertEquals(2, names().size(), "the kill left its temporary file: " + names());
        assertEquals("1. e4 *", Files.readString(target), "the old file is whole");
        AtomicFiles.write(target, "1. d4 *".getBytes());
        assertEquals(List.of("g.pgn"), names());
        assertEquals("1. d4 *", Files.readString(target));
    }
}
