package org.kibitz.core.evaluate.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.evaluate.BatchEvaluation;

/**
 * The manifest of a batch's outputs, as {@code evaluate} and {@code compare} write it and {@code kibitz merge}
 * reads it ({@code docs/batch-evaluation.md}): the batch's inputs, engines, limits, selection, judgement and
 * shard, its counts, its outputs and their SHA-256, and each game's byte slices, one game a line. Field
 * order is fixed, so the same batch gives the same bytes.
 */
public final class BatchManifest {

    /** The manifest's {@code format}. */
    public static final String FORMAT = "kibitz-evaluate-manifest";
    public static final int VERSION = 1;

    static final ObjectMapper JSON = new ObjectMapper();

    private BatchManifest() {
    }

    /** The manifest's counts, summed as games arrive: games, broken, positions, evaluated, cached, failed. */
    public static final class Counts {
        private long games;
        private long broken;
        private long positions;
        private long evaluated;
        private long cached;
        private long failed;

        /** Adds a game's positions, each engine's; a broken game counts as broken only. */
        public void add(org.kibitz.core.evaluate.GameResults r) {
            if (r.broken().isPresent()) {
                broken++;
                return;
            }
            games++;
            for (org.kibitz.core.evaluate.GameEvaluation ev : r.byEngine()) {
                for (org.kibitz.core.evaluate.PositionEval p : ev.positions()) {
                    positions++;
                    switch (p.status()) {
                        case SEARCHED, TERMINAL -> evaluated++;
                        case STORED -> cached++;
                        case FAILED -> failed++;
                    }
                }
            }
        }

        /** The counts into the manifest's head, as {@code counts}. */
        public void into(ObjectNode head) {
            ObjectNode counts = head.putObject("counts");
            counts.put("games", games);
            counts.put("broken", broken);
            counts.put("positions", positions);
            counts.put("evaluated", evaluated);
            counts.put("cached", cached);
            counts.put("failed", failed);
        }
    }

    /**
     * The fields before the counts: format, version, (kind, for a comparison), inputs, engines, limits, selection, judge, shard.
     *
     * @param kind    {@code compare} for a comparison; empty for an evaluation (whose manifests name no kind)
     * @param engines the engines' fingerprints, or names where not known
     * @param judge   the judgement model (and, for a comparison, its threshold)
     */
    public static ObjectNode head(Optional<String> kind, BatchEvaluation.Plan plan, String[] engines, String judge) {
        ObjectNode head = JSON.createObjectNode();
        head.put("format", FORMAT);
        head.put("version", VERSION);
        kind.ifPresent(k -> head.put("kind", k));
        ArrayNode inputs = head.putArray("inputs");
        for (int i = 0; i < plan.opened().size(); i++) {
            ObjectNode in = inputs.addObject();
            in.put("name", plan.opened().get(i).file().getFileName().toString());
            in.put("sha256", plan.digests().get(i));
        }
        ArrayNode eng = head.putArray("engines");
        for (int i = 0; i < engines.length; i++) {
            eng.add(engines[i] != null ? engines[i] : plan.request().engines().get(i).name());
        }
        head.put("limits", plan.request().limitText());
        head.put("selection", plan.request().selection().describe());
        head.put("judge", judge);
        head.put("shard", plan.request().shard().toString());
        return head;
    }

    /** The outputs' names, the CSV header's length, and the outputs' SHA-256, after the counts. */
    public static void outputs(ObjectNode head, EvaluationOutputs.Targets targets, int csvHeaderBytes, PartFile out, PartFile csv,
                               PartFile jsonl) {
        ObjectNode outputs = head.putObject("outputs");
        putName(outputs, "out", targets.out());
        putName(outputs, "csv", targets.csv());
        putName(outputs, "jsonl", targets.jsonl());
        outputs.put("csv_header_bytes", csvHeaderBytes);
        // Which files this manifest describes: kibitz merge refuses a part changed since, or one whose
        // manifest outlived it (the manifest is moved into place before the outputs).
        ObjectNode sha = head.putObject("sha256");
        putDigest(sha, "out", out);
        putDigest(sha, "csv", csv);
        putDigest(sha, "jsonl", jsonl);
    }

    /** Writes {@code head} and then the game entries kept in {@code games} (one JSON object a line), atomically. */
    public static void write(Path target, ObjectNode head, PartFile games) throws IOException {
        AtomicFiles.write(target, o -> {
            StringBuilder b = new StringBuilder("{\n");
            var it = head.fields();
            while (it.hasNext()) {
                var f = it.next();
                b.append("  ").append(json(f.getKey())).append(": ").append(json(f.getValue())).append(",\n");
            }
            b.append("  \"games\": [");
            o.write(b.toString().getBytes(StandardCharsets.UTF_8));
            copyEntries(games, o);
            o.write("\n  ]\n}\n".getBytes(StandardCharsets.UTF_8));
        });
    }

    /** A game's entry as one line of the games part. */
    public static void entry(PartFile games, ObjectNode entry) throws IOException {
        if (games != null) {
            games.append((json(entry) + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Appends {@code bytes} to {@code part} and gives its slice, {@code [offset, length]}. */
    public static ArrayNode slice(PartFile part, byte[] bytes) throws IOException {
        long at = part.append(bytes);
        ArrayNode a = JSON.createArrayNode();
        a.add(at);
        a.add(bytes.length);
        return a;
    }

    /** The game entries, one a line, each indented and all but the last followed by a comma. */
    private static void copyEntries(PartFile games, OutputStream o) throws IOException {
        boolean first = true;
        try (java.io.BufferedReader lines = games.reader()) {
            for (String line; (line = lines.readLine()) != null; ) {
                if (line.isEmpty()) {
                    continue;
                }
                o.write(((first ? "\n    " : ",\n    ") + line).getBytes(StandardCharsets.UTF_8));
                first = false;
            }
        }
    }

    private static void putDigest(ObjectNode o, String key, PartFile p) {
        if (p != null) {
            o.put(key, p.sha256());
        } else {
            o.putNull(key);
        }
    }

    private static void putName(ObjectNode o, String key, Optional<Path> p) {
        if (p.isPresent()) {
            o.put(key, p.get().getFileName().toString());
        } else {
            o.putNull(key);
        }
    }

    static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
