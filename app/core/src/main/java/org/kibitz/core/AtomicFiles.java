package org.kibitz.core;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Saves that never leave a half-written file: write beside the target, force to disk, then move over
 * it in one step. And the other half of that promise: a file that cannot be read is set aside, never
 * silently overwritten.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** What writes the content of a file. */
    @FunctionalInterface
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }

    /** Writes {@code bytes} to {@code target} atomically, creating its folder if needed. */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, out -> out.write(bytes));
    }

    /** Writes {@code target} atomically with what {@code writer} writes; on failure the old file is untouched. */
    public static void write(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
                writer.write(out);
                out.flush();
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Moves an unreadable file out of the way, to {@code <name>.corrupt-<timestamp>} beside it, and
     * returns where it went.
     */
    public static Path setAside(Path file) throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path aside = file.resolveSibling(file.getFileName() + ".corrupt-" + stamp);
        for (int i = 1; Files.exists(aside); i++) {
            aside = file.resolveSibling(file.getFileName() + ".corrupt-" + stamp + "-" + i);
        }
        Files.move(file, aside);
        return aside;
    }
}
