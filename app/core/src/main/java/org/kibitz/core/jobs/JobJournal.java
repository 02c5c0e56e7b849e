package org.kibitz.core.jobs;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.kibitz.api.i18n.Text;

/**
 * The append-only record of a job's finished items, one JSON object a line (see
 * {@code docs/decisions/0003-job-journal.md}): a header with the job's kind, parameters and their
 * fingerprint, then {@code {"id":..,"result":..}} for each item done and {@code {"id":..,"error":..}}
 * for each that failed. Lines are written whole with one write each and forced to disk in batches; a
 * torn last line (the process killed mid-write) is dropped when the journal is opened again.
 * Not thread-safe: the runner writes under its lock.
 */
public final class JobJournal implements AutoCloseable {

    /** The header's {@code format} value. */
    static final String FORMAT = "kibitz-job-journal";
    static final int VERSION = 1;
    /** Forced to disk after this many lines... */
    static final int SYNC_LINES = 1000;
    /** ...or when the oldest unforced line is this old, whichever comes first. */
    static final long SYNC_NANOS = 1_000_000_000L;

    static final ObjectMapper JSON = new ObjectMapper().registerModule(new Jdk8Module())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** What an earlier run recorded. */
    public record Recorded(Map<String, JsonNode> results, Map<String, String> failures) {
    }

    private final Path file;
    /** Not a FileChannel: an interrupt (a job cancelled at once) would close a channel under the writer. */
    private final RandomAccessFile channel;
    private final Recorded recorded;
    /** The lock that makes this the journal's one writer; released on close. */
    private RunLock lock;
    /** What opening it had to repair, for the user. */
    private java.util.Optional<Text> notice = java.util.Optional.empty();
    private int unsynced;
    private long oldestUnsynced;

    private JobJournal(Path file, RandomAccessFile channel, Recorded recorded) {
        this.file = file;
        this.channel = channel;
        this.recorded = recorded;
    }

    /**
     * Opens the journal of {@code job} at {@code file}: a new one, or with {@code resume} the one there
     * (whose header must be this job's).
     *
     * @throws JournalException the file exists without {@code resume}, was written for other work, or is damaged
     */
    public static JobJournal open(Path file, Job<?, ?> job, List<String> ids, boolean resume) throws IOException {
        // One writer per journal: two runs of one request appending to one file tore its lines.
        RunLock lock = RunLock.acquire(file);
        try {
            JobJournal j = openLocked(file, job, ids, resume);
            j.lock = lock;
            return j;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static JobJournal openLocked(Path file, Job<?, ?> job, List<String> ids, boolean resume) throws IOException {
        ObjectNode header = header(job, ids);
        java.util.Optional<Text> notice = java.util.Optional.empty();
        if (resume && Files.exists(file)) {
            try {
                return reopen(file, header);
            } catch (DamagedHeader e) {
                // Nothing in it can be trusted without its header: set aside, start over.
                Path aside = org.kibitz.core.AtomicFiles.setAside(file);
                notice = java.util.Optional.of(Text.of(JobJournal.class, "journal.headerSetAside", file.toString(),
                        aside.getFileName().toString()));
            }
        }
        if (!resume && Files.exists(file)) {
            throw new JournalException(Text.of(JobJournal.class, "journal.exists", file.toString()));
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.createFile(file);
        RandomAccessFile ch = new RandomAccessFile(file.toFile(), "rw");
        JobJournal journal = new JobJournal(file, ch, new Recorded(Map.of(), Map.of()));
        journal.notice = notice;
        try {
            journal.writeLine(header);
            journal.sync();
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return journal;
    }

    /** A journal whose first line is no header at all (scribbled over, not written for other work). */
    private static final class DamagedHeader extends IOException {
        DamagedHeader() {
            super("damaged header");
        }
    }

    /** What opening the journal had to repair (a damaged journal set aside), to tell the user; empty mostly. */
    public java.util.Optional<Text> notice() {
        return notice;
    }

    private static JobJournal reopen(Path file, ObjectNode header) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new JournalException(Text.of(JobJournal.class, "journal.vanished", file.toString()));
        }
        // Only lines ended by a newline were written whole; whatever follows the last one is torn.
        int end = lastNewline(bytes) + 1;
        if (end == 0) {
            // Empty, or killed before its header was whole: nothing was done yet.
            throw new DamagedHeader();
        }
        Map<String, JsonNode> results = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        int lineNo = 0;
        int start = 0;
        int firstBad = 0;
        String badLine = null;
        java.io.ByteArrayOutputStream good = new java.io.ByteArrayOutputStream();
        int goodLines = 0;
        while (start < end) {
            int nl = indexOf(bytes, (byte) '\n', start);
            lineNo++;
            int lineStart = start;
            String line = new String(bytes, start, nl - start, StandardCharsets.UTF_8);
            start = nl + 1;
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (IOException e) {
                node = null;
            }
            if (lineNo == 1) {
                if (node == null || !node.isObject()) {
                    throw new DamagedHeader();
                }
                checkHeader(file, node, header);
                good.write(bytes, lineStart, start - lineStart);
                continue;
            }
            if (node == null || !node.isObject() || !node.path("id").isTextual()) {
                // Not a kill's doing (that tears only the last line): a scribble, or two writers of old.
                if (firstBad == 0) {
                    firstBad = lineNo;
                    badLine = line;
                }
                continue;
            }
            good.write(bytes, lineStart, start - lineStart);
            goodLines++;
            String id = node.get("id").asText();
            if (node.has("result")) {
                results.put(id, node.get("result"));
                failures.remove(id);
            } else {
                failures.put(id, node.path("error").asText(""));
            }
        }
        if (firstBad > 0) {
            // The damaged file is kept for whoever wants to look; the run goes on from its good lines.
            Path aside = org.kibitz.core.AtomicFiles.setAside(file);
            org.kibitz.core.AtomicFiles.write(file, good.toByteArray());
            RandomAccessFile ch = new RandomAccessFile(file.toFile(), "rw");
            ch.seek(ch.length());
            JobJournal j = new JobJournal(file, ch, new Recorded(results, failures));
            j.notice = java.util.Optional.of(Text.of(JobJournal.class, "journal.setAside", file.toString(),
                    String.valueOf(firstBad), abbreviate(badLine), aside.getFileName().toString(), String.valueOf(goodLines)));
            return j;
        }
        RandomAccessFile ch = new RandomAccessFile(file.toFile(), "rw");
        if (end < bytes.length) {
            ch.setLength(end);
            ch.getFD().sync();
        }
        ch.seek(end);
        return new JobJournal(file, ch, new Recorded(results, failures));
    }

    private static void checkHeader(Path file, JsonNode node, ObjectNode wanted) throws JournalException {
        if (node == null || !FORMAT.equals(node.path("format").asText())) {
            throw new JournalException(Text.of(JobJournal.class, "journal.notJournal", file.toString(), FORMAT));
        }
        if (node.path("version").asInt() != VERSION) {
            throw new JournalException(Text.of(JobJournal.class, "journal.version", file.toString(), node.path("version").asText(),
                    String.valueOf(VERSION)));
        }
        if (!wanted.get("kind").equals(node.get("kind"))) {
            throw new JournalException(Text.of(JobJournal.class, "journal.kind", file.toString(), node.path("kind").asText(),
                    wanted.get("kind").asText()));
        }
        if (wanted.get("fingerprint").equals(node.get("fingerprint"))) {
            return;
        }
        JsonNode was = node.path("parameters");
        JsonNode now = wanted.get("parameters");
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        was.fieldNames().forEachRemaining(names::add);
        now.fieldNames().forEachRemaining(names::add);
        for (String n : names) {
            String a = was.has(n) ? was.get(n).asText() : "-";
            String b = now.has(n) ? now.get(n).asText() : "-";
            if (!a.equals(b)) {
                throw new JournalException(Text.of(JobJournal.class, "journal.otherParameters", file.toString(), n, a, b));
            }
        }
        throw new JournalException(Text.of(JobJournal.class, "journal.otherItems", file.toString(),
                String.valueOf(node.path("items").asInt()), String.valueOf(wanted.get("items").asInt())));
    }

    /** What the earlier runs recorded (empty for a new journal). */
    public Recorded recorded() {
        return recorded;
    }

    public Path file() {
        return file;
    }

    /** Records a done item. */
    public void done(String id, Object result, long nowNanos) throws IOException {
        // Written straight from the result, the same text as its tree would give: not through a tree
        // first (a batch writes a game's every position here, and the tree cost as much again).
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream(4096);
        try (com.fasterxml.jackson.core.JsonGenerator g = JSON.getFactory().createGenerator(buf)) {
            g.writeStartObject();
            g.writeStringField("id", id);
            g.writeFieldName("result");
            JSON.writeValue(g, result);
            g.writeEndObject();
        }
        buf.write('\n');
        appendLine(buf.toByteArray(), nowNanos);
    }

    /** Records a failed item (a resumed run tries it again). */
    public void failed(String id, String error, long nowNanos) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        line.put("id", id);
        line.put("error", error);
        append(line, nowNanos);
    }

    private void append(ObjectNode line, long nowNanos) throws IOException {
        byte[] json = JSON.writeValueAsBytes(line);
        byte[] bytes = java.util.Arrays.copyOf(json, json.length + 1);
        bytes[json.length] = '\n';
        appendLine(bytes, nowNanos);
    }

    private void appendLine(byte[] line, long nowNanos) throws IOException {
        channel.write(line);
        if (unsynced++ == 0) {
            oldestUnsynced = nowNanos;
        }
        if (unsynced >= SYNC_LINES || nowNanos - oldestUnsynced >= SYNC_NANOS) {
            sync();
        }
    }

    /** Forces what was written to disk. */
    public void sync() throws IOException {
        channel.getFD().sync();
        unsynced = 0;
    }

    private void writeLine(JsonNode node) throws IOException {
        byte[] json = JSON.writeValueAsBytes(node);
        byte[] line = java.util.Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        channel.write(line);
    }

    @Override
    public void close() throws IOException {
        try {
            sync();
        } finally {
            try {
                channel.close();
            } finally {
                if (lock != null) {
                    lock.close();
                }
            }
        }
    }

    /** The header of {@code job}'s journal; the fingerprint covers the kind, parameters and item ids. */
    static ObjectNode header(Job<?, ?> job, List<String> ids) {
        TreeMap<String, String> params = new TreeMap<>(job.parameters());
        ObjectNode h = JSON.createObjectNode();
        h.put("format", FORMAT);
        h.put("version", VERSION);
        h.put("kind", job.kind());
        h.put("fingerprint", fingerprint(job.kind(), params, ids));
        ObjectNode p = h.putObject("parameters");
        params.forEach(p::put);
        h.put("items", ids.size());
        h.put("created", java.time.Instant.now().toString());
        return h;
    }

    static String fingerprint(String kind, TreeMap<String, String> params, List<String> ids) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            update(sha, kind);
            params.forEach((k, v) -> {
                update(sha, k);
                update(sha, v);
            });
            update(sha, "items");
            ids.forEach(id -> update(sha, id));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The SHA-256 of a file's bytes, in hex: the parameter that ties a journal to an input file's content. */
    public static String digest(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Each string length-prefixed, so that ("ab","c") and ("a","bc") differ. */
    private static void update(MessageDigest sha, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        sha.update(ByteBuffer.allocate(4).putInt(b.length).array());
        sha.update(b);
    }

    private static int lastNewline(byte[] b) {
        for (int i = b.length - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] b, byte c, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return b.length;
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "…";
    }
}
