package org.kibitz.core.jobs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.kibitz.api.i18n.Text;

/**
 * The one writer of a run journal: an exclusive lock on {@code <journal>.lock} beside it, holding the
 * pid of the process that runs it. A second run of the same request, in another process or this one,
 * is refused with that pid ("already running (pid N)") instead of appending to the same file, which
 * tore its lines. The OS drops the lock when its process ends, however it ends, so a killed run never
 * blocks the next. The lock file itself stays (deleting it would let two runs lock two different files).
 */
public final class RunLock implements AutoCloseable {

    /** Journals this process runs: a file lock does not keep out the process that holds it. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(Path key, FileChannel channel, FileLock lock) {
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock file of {@code journal}. */
    public static Path lockFile(Path journal) {
        return journal.resolveSibling(journal.getFileName() + ".lock");
    }

    /**
     * Takes the lock of {@code journal}, creating its folder if needed.
     *
     * @throws JournalException another run holds it (the message names its pid and what to do)
     */
    public static RunLock acquire(Path journal) throws IOException {
        Path file = lockFile(journal.toAbsolutePath().normalize());
        Path parent = file.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!HELD.add(file)) {
            throw running(journal, ProcessHandle.current().pid());
        }
        FileChannel ch = null;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                long pid = readPid(ch);
                ch.close();
                HELD.remove(file);
                throw running(journal, pid);
            }
            ch.truncate(0);
            ch.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            return new RunLock(file, ch, lock);
        } catch (IOException | RuntimeException e) {
            if (ch != null && ch.isOpen()) {
                ch.close();
                HELD.remove(file);
            }
            throw e;
        }
    }

    /** Refuses when another run holds {@code journal}'s lock; takes and gives it back otherwise. */
    public static void check(Path journal) throws IOException {
        acquire(journal).close();
    }

    private static JournalException running(Path journal, long pid) {
        return new JournalException(Text.of(RunLock.class, "journal.running", journal.toString(),
                pid > 0 ? String.valueOf(pid) : "?"));
    }

    private static long readPid(FileChannel ch) {
        try {
            ByteBuffer b = ByteBuffer.allocate(32);
            ch.read(b, 0);
            String s = new String(b.array(), 0, b.position(), StandardCharsets.US_ASCII).trim();
            return s.isEmpty() ? -1 : Long.parseLong(s);
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            try {
                channel.close();
            } finally {
                HELD.remove(key);
            }
        }
    }
}
