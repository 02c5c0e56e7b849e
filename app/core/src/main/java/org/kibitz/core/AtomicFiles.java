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
        // Not Files.createTempFile: it makes the file owner-only (0600), and the move would hand those
        // rights to the user's saved game. A plain new file gets the user's umask, as any editor's save.
        Path tmp = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
                 OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
                writer.write(out);
                out.flush();
                ch.force(true);
            }
            keepPermissions(target, tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A file saved over keeps the rights its owner gave it (a shared game folder stays shared). */
    private static void keepPermissions(Path target, Path tmp) {
        try {
            if (Files.exists(target)) {
                Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
            }
        } catch (UnsupportedOperationException | IOException e) {
            // Not a POSIX file system, or not ours to change: the new file keeps the default rights.
        }
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

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
