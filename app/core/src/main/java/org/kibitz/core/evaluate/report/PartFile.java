package org.kibitz.core.evaluate.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * An output written as a batch goes, into a file beside its target, and moved over the target in one
 * step when done ({@link #commit}), as {@link org.kibitz.core.AtomicFiles} does for files written at once:
 * a run that fails or is killed never leaves half an output under the target's name. Counts its bytes,
 * so that each game's place in it can be recorded, and digests them, so that a manifest can say which
 * file it describes (a merge of shards checks it).
 */
public final class PartFile implements AutoCloseable {

    private final Path target;
    private final Path tmp;
    private final FileChannel channel;
    private final OutputStream out;
    private final MessageDigest sha;
    private String digest;
    private long size;
    private boolean done;

    private PartFile(Path target, Path tmp, FileChannel channel) {
        this.target = target;
        this.tmp = tmp;
        this.channel = channel;
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
        try {
            this.sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /**
     * A new, empty part beside {@code target} (through its symbolic links, as {@link org.kibitz.core.AtomicFiles}
     * names its temporary files, whose leftovers from killed runs it removes), creating the folder if needed.
     */
    public static PartFile open(Path target) throws IOException {
        Path real = org.kibitz.core.AtomicFiles.throughLinks(target);
        Path tmp = org.kibitz.core.AtomicFiles.newTemp(real);
        FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE);
        return new PartFile(real, tmp, ch);
    }

    Path target() {
        return target;
    }

    /** Bytes written so far: where the next append starts. */
    long size() {
        return size;
    }

    /** Appends {@code bytes}; returns where they start. */
    public long append(byte[] bytes) throws IOException {
        if (digest != null) {
            throw new IllegalStateException("appended to after its digest was taken: " + target);
        }
        long at = size;
        out.write(bytes);
        sha.update(bytes);
        size += bytes.length;
        return at;
    }

    /** The SHA-256 of everything appended, in lower-case hex; nothing may be appended after. */
    public String sha256() {
        if (digest == null) {
            digest = HexFormat.of().formatHex(sha.digest());
        }
        return digest;
    }

    /** A reader of the part as written so far, as UTF-8 text (flushing it first). */
    public java.io.BufferedReader reader() throws IOException {
        out.flush();
        return Files.newBufferedReader(tmp, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Forces the part to disk and moves it over the target. */
    public void commit() throws IOException {
        if (done) {
            return;
        }
        done = true;
        try {
            out.flush();
            channel.force(true);
            out.close();
            org.kibitz.core.AtomicFiles.moveOver(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Drops the part; the target stays as it was. */
    @Override
    public void close() throws IOException {
        if (done) {
            return;
        }
        done = true;
        try {
            out.close();
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
