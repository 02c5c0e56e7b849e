package org.kibitz.core;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

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

    /**
     * Writes {@code target} atomically with what {@code writer} writes; on failure the old file is
     * untouched. A symbolic link is written through (its target is replaced, the link stays); the file
     * keeps its permissions; temporary files that killed saves left beside it are removed.
     */
    public static void write(Path target, Writer writer) throws IOException {
        Path real = throughLinks(target);
        Path tmp = newTemp(real);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE);
                 OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
                writer.write(out);
                out.flush();
                ch.force(true);
            }
            moveOver(tmp, real);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * The file a save of {@code target} replaces: {@code target} itself, or where its symbolic links lead
     * (a link of the user's, say into a synced folder, must stay a link). A link whose target's folder
     * does not exist is refused: no folder is created through a link.
     */
    public static Path throughLinks(Path target) throws IOException {
        Path p = target.toAbsolutePath();
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == 40) {
                throw new java.nio.file.FileSystemException(target.toString(), null, "too many levels of symbolic links");
            }
            p = p.resolveSibling(Files.readSymbolicLink(p)).normalize();
        }
        Path parent = p.getParent();
        if (!p.equals(target.toAbsolutePath()) && parent != null && !Files.isDirectory(parent)) {
            // A dangling link into a folder that is not there: creating that folder, somewhere the link
            // chose, is not a save's business (a link left by someone else could point anywhere).
            throw new java.nio.file.FileSystemException(target.toString(), p.toString(),
                    org.kibitz.api.i18n.Text.of(AtomicFiles.class, "save.danglingLink", parent.toString()).render());
        }
        return p;
    }

    /**
     * A new, empty temporary file beside {@code real} ({@code .<name>.kibitz-<pid>-<random>.tmp}: this
     * process's, so that a later save can tell the leftovers of a killed one), creating the folder if
     * needed; leftovers of processes no longer running are removed first.
     */
    public static Path newTemp(Path real) throws IOException {
        Path dir = real.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        removeLeftovers(dir, real.getFileName().toString());
        // Not Files.createTempFile: it makes the file owner-only (0600), and the move would hand those
        // rights to the user's saved game. A plain new file gets the user's umask, as any editor's save.
        // The name need not be unguessable: createFile makes a new file or fails (O_EXCL, no link
        // followed), and a taken name is drawn again. So not SecureRandom, whose first use loads the
        // security providers: 40 ms of every command that writes a file, on one core.
        String prefix = TEMP_PREFIX_OF.apply(real.getFileName().toString()) + ProcessHandle.current().pid() + "-";
        for (int attempt = 1; ; attempt++) {
            Path tmp = dir.resolve(prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                Files.createFile(tmp);
                return tmp;
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** Moves a finished temporary file over {@code real} in one step, with {@code real}'s permissions. */
    public static void moveOver(Path tmp, Path real) throws IOException {
        keepPermissions(real, tmp);
        try {
            Files.move(tmp, real, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, real, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static final java.util.function.UnaryOperator<String> TEMP_PREFIX_OF = name -> "." + name + ".kibitz-";

    /** Temporary files of earlier versions ({@code .<name>.<random>.tmp}) are removed once this old. */
    private static final java.time.Duration OLD_STYLE_AGE = java.time.Duration.ofHours(1);

    /** Removes the temporary files of {@code name} that saves of processes no longer running left behind. */
    static void removeLeftovers(Path dir, String name) {
        String prefix = TEMP_PREFIX_OF.apply(name);
        String oldStyle = "." + name + ".";
        try (var entries = Files.newDirectoryStream(dir, e -> {
            String f = e.getFileName().toString();
            return f.endsWith(".tmp") && f.startsWith(oldStyle);
        })) {
            for (Path e : entries) {
                String f = e.getFileName().toString();
                boolean stale;
                if (f.startsWith(prefix)) {
                    String rest = f.substring(prefix.length());
                    int dash = rest.indexOf('-');
                    long pid = dash > 0 ? parsePid(rest.substring(0, dash)) : -1;
                    stale = pid <= 0 || ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
                } else {
                    String middle = f.substring(oldStyle.length(), f.length() - ".tmp".length());
                    stale = middle.matches("[0-9a-z]{1,13}") && Files.getLastModifiedTime(e).toInstant()
                            .isBefore(java.time.Instant.now().minus(OLD_STYLE_AGE));
                }
                if (stale) {
                    Files.deleteIfExists(e);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Cleaning is a courtesy: a save never fails for it.
        }
    }

    private static long parsePid(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
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
