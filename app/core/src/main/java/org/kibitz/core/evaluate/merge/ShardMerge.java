package org.kibitz.core.evaluate.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.evaluate.merge.PartManifest.Game;
import org.kibitz.core.evaluate.merge.PartManifest.Shards;
import org.kibitz.core.evaluate.merge.PartManifest.Slice;

/**
 * Joins the outputs of the shards of one {@code kibitz evaluate} batch into the files a single run
 * writes: every output is the part's leading bytes (the CSV's header line, the same in every part)
 * followed by each game's bytes, cut from the part that has it, in the order of the games'
 * ordinals. The outputs of a shard are made of whole games and the order of games is fixed, so the
 * result is byte for byte what one process would have written.
 *
 * <p>Everything is checked before anything is written, and a disagreement refuses the merge: parts
 * from different batches (inputs, engines, limits, selection, judgement model, shard count), a shard
 * given twice, a shard missing (unless {@link Request#partial}), a file that is not what its
 * manifest says (its digest), a manifest whose slices do not cover its file. The outputs are written
 * atomically, then a manifest of the whole ({@code shard} {@code all}, counts summed) beside the first.
 */
public final class ShardMerge {

    /**
     * The manifest fields every part of one batch must have equal, in the order they are checked (the
     * limits before the engines, whose fingerprints hold the limit too: the plainer message first).
     */
    public static final List<String> AGREED = List.of("kind", "inputs", "limits", "engines", "selection", "judge");

    /** The fields a merge makes anew or checks itself. */
    private static final Set<String> KNOWN = Set.of("format", "version", "shard", "counts", "outputs", "sha256", "games");

    /** The counts a summary line shows, in its order. */
    private static final List<String> SUMMARY = List.of("games", "positions", "evaluated", "cached", "failed");

    private static final ObjectMapper JSON = new ObjectMapper();
    /** How much of a disagreeing value a message quotes. */
    private static final int QUOTE = 160;

    private ShardMerge() {
    }

    /**
     * What to merge.
     *
     * @param parts   the shards' first outputs (their manifests beside them), or the manifests, in any order
     * @param targets where each merged output goes; every part must have each of these outputs
     * @param partial merge even when some shards are missing (the manifest then names the shards it holds)
     */
    public record Request(List<Path> parts, Map<OutputKind, Path> targets, boolean partial) {
        public Request {
            parts = List.copyOf(parts);
            targets = new EnumMap<>(targets);
            if (parts.isEmpty() || targets.isEmpty()) {
                throw new IllegalArgumentException("a merge needs parts and an output");
            }
        }

        /** The merged manifest's place: beside the first output, as {@code kibitz evaluate} puts its own. */
        public Path manifest() {
            Path first = targets.values().iterator().next();
            return first.resolveSibling(first.getFileName() + PartManifest.SUFFIX);
        }
    }

    /**
     * What a merge wrote.
     *
     * @param manifest the merged manifest
     * @param shard    the shards the result holds ({@code all} when complete)
     * @param missing  the shards a partial merge went without
     * @param counts   the summed counts, as the manifest has them
     */
    public record Result(Path manifest, Shards shard, SortedSet<Integer> missing, ObjectNode counts) {

        /** {@code games G positions P evaluated E cached C failed F}, the last line of {@code kibitz evaluate}. */
        public String summaryLine() {
            StringBuilder b = new StringBuilder();
            for (String k : SUMMARY) {
                b.append(b.isEmpty() ? "" : " ").append(k).append(' ').append(counts.path(k).asLong());
            }
            return b.toString();
        }
    }

    /**
     * Checks the parts and writes the merged outputs and their manifest.
     *
     * @throws MergeException the parts do not make one batch (nothing is written)
     * @throws IOException    a part cannot be read or an output written (outputs already written stay, whole)
     */
    public static Result merge(Request request) throws IOException {
        List<PartManifest> parts = new ArrayList<>();
        for (Path p : request.parts()) {
            parts.add(PartManifest.read(p));
        }
        agree(parts);
        Shards merged = shards(parts, request.partial());
        List<Piece> pieces = pieces(parts, merged);
        Map<OutputKind, Layout> layouts = new EnumMap<>(OutputKind.class);
        for (OutputKind kind : request.targets().keySet()) {
            layouts.put(kind, layout(parts, kind, request.targets().get(kind)));
        }
        Path manifestPath = request.manifest();
        for (PartManifest p : parts) {
            if (same(p.manifest(), manifestPath)) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.target.isPart", manifestPath, p.part()));
            }
        }

        Map<OutputKind, String> digests = new EnumMap<>(OutputKind.class);
        Map<OutputKind, long[]> offsets = new EnumMap<>(OutputKind.class);
        for (Map.Entry<OutputKind, Path> t : request.targets().entrySet()) {
            long[] at = new long[pieces.size()];
            digests.put(t.getKey(), write(t.getValue(), layouts.get(t.getKey()), pieces, t.getKey(), at));
            offsets.put(t.getKey(), at);
        }
        SortedSet<Integer> missing = new TreeSet<>();
        if (!merged.all()) {
            for (int i = 0; i < merged.count(); i++) {
                if (!merged.indexes().contains(i)) {
                    missing.add(i);
                }
            }
        }
        ObjectNode manifest = manifest(parts, merged, request, manifestPath, digests, pieces, offsets);
        AtomicFiles.write(manifestPath, layout(manifest));
        return new Result(manifestPath, merged, missing, (ObjectNode) manifest.get("counts"));
    }

    /** Every part agrees with the first on the batch's fields and on the shard count. */
    private static void agree(List<PartManifest> parts) throws MergeException {
        PartManifest first = parts.get(0);
        for (PartManifest p : parts.subList(1, parts.size())) {
            for (String field : AGREED) {
                JsonNode a = first.json().path(field);
                JsonNode b = p.json().path(field);
                if (!a.equals(b)) {
                    throw new MergeException(Text.of(ShardMerge.class, "merge.disagree", field, first.part(), p.part(),
                            quote(a), quote(b)));
                }
            }
            if (!first.shard().all() && !p.shard().all() && first.shard().count() != p.shard().count()) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.disagree", "shard count", first.part(),
                        p.part(), String.valueOf(first.shard().count()), String.valueOf(p.shard().count())));
            }
        }
    }

    /** The shards the parts hold together; refuses one held twice, and (unless partial) one missing. */
    private static Shards shards(List<PartManifest> parts, boolean partial) throws MergeException {
        Map<Integer, PartManifest> holder = new HashMap<>();
        int count = 0;
        for (PartManifest p : parts) {
            if (p.shard().all()) {
                if (parts.size() > 1) {
                    PartManifest other = parts.get(parts.get(0) == p ? 1 : 0);
                    throw new MergeException(Text.of(ShardMerge.class, "merge.shard.twice", "all", p.part(), other.part()));
                }
                return Shards.ALL;
            }
            count = p.shard().count();
            for (int i : p.shard().indexes()) {
                PartManifest before = holder.putIfAbsent(i, p);
                if (before != null) {
                    throw new MergeException(Text.of(ShardMerge.class, "merge.shard.twice", i + "/" + count,
                            before.part(), p.part()));
                }
            }
        }
        if (holder.size() == count) {
            return Shards.ALL;
        }
        if (!partial) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                if (!holder.containsKey(i)) {
                    missing.add(i + "/" + count);
                }
            }
            throw new MergeException(Text.of(ShardMerge.class, "merge.shard.missing", String.join(", ", missing),
                    String.valueOf(count)));
        }
        return new Shards(new TreeSet<>(holder.keySet()), count);
    }

    /** A game and the part that has it. */
    private record Piece(PartManifest part, Game game) {
    }

    /** Every part's games in ordinal order; refuses a game in a part whose shard does not take it, or in two parts. */
    private static List<Piece> pieces(List<PartManifest> parts, Shards merged) throws MergeException {
        List<Piece> all = new ArrayList<>();
        for (PartManifest p : parts) {
            for (Game g : p.games()) {
                if (!p.shard().holds(g.ordinal())) {
                    throw new MergeException(Text.of(ShardMerge.class, "merge.game.notShard", p.manifest(),
                            String.valueOf(g.ordinal()), p.shard()));
                }
                all.add(new Piece(p, g));
            }
        }
        all.sort(Comparator.comparingInt(x -> x.game().ordinal()));
        for (int i = 1; i < all.size(); i++) {
            if (all.get(i).game().ordinal() == all.get(i - 1).game().ordinal()) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.game.twice",
                        String.valueOf(all.get(i).game().ordinal()),
                        all.get(i - 1).part().part(), all.get(i).part().part()));
            }
        }
        return all;
    }

    /**
     * One output across the parts: each part's file, checked against its digest, and the leading bytes
     * they share.
     */
    private record Layout(Map<PartManifest, Path> files, byte[] head) {
    }

    private static Layout layout(List<PartManifest> parts, OutputKind kind, Path target) throws IOException {
        Map<PartManifest, Path> files = new LinkedHashMap<>();
        byte[] head = null;
        PartManifest headFrom = null;
        for (PartManifest p : parts) {
            Path file = p.outputs().get(kind);
            if (file == null) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.output.absent", p.part(), kind.key(),
                        String.join(", ", p.outputs().keySet().stream().map(OutputKind::key).toList())));
            }
            if (same(file, target)) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.target.isPart", target, p.part()));
            }
            String want = p.digests().get(kind);
            if (want == null) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.digest.absent", p.manifest(), kind.key()));
            }
            String have;
            long size;
            try {
                have = sha256(file);
                size = Files.size(file);
            } catch (NoSuchFileException e) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.output.missing", file, p.manifest()), e);
            }
            if (!have.equals(want)) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.digest.differs", file, p.manifest(), want, have));
            }
            long start = tile(p, kind, file, size);
            byte[] h = read(file, 0, start);
            if (head == null) {
                head = h;
                headFrom = p;
            } else if (!Arrays.equals(head, h)) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.disagree", kind.key() + " header", headFrom.part(),
                        p.part(), quote(head), quote(h)));
            }
            files.put(p, file);
        }
        return new Layout(files, head);
    }

    /**
     * Checks that a part's games, in ordinal order, are one run of bytes to the end of its file, and
     * returns where the first starts (what precedes it is the output's head, such as a CSV header).
     */
    private static long tile(PartManifest p, OutputKind kind, Path file, long size) throws MergeException {
        long start = -1;
        long at = -1;
        List<Game> games = new ArrayList<>(p.games());
        games.sort(Comparator.comparingInt(Game::ordinal));
        for (Game g : games) {
            Slice s = g.slice(kind);
            if (s.length() == 0) {
                continue;
            }
            if (start < 0) {
                start = s.offset();
                at = start;
            }
            if (s.offset() != at) {
                throw new MergeException(Text.of(ShardMerge.class, "merge.slices.gap", p.manifest(), kind.key(),
                        String.valueOf(g.ordinal()), String.valueOf(s.offset()), String.valueOf(at)));
            }
            at = s.end();
        }
        if (start < 0) {
            // No game has bytes here: the whole file is its head.
            return size;
        }
        if (at != size) {
            throw new MergeException(Text.of(ShardMerge.class, "merge.slices.end", p.manifest(), kind.key(), String.valueOf(at), String.valueOf(size)));
        }
        return start;
    }

    /** Writes one merged output: the head, then each game's bytes; returns its digest and fills each game's offset. */
    private static String write(Path target, Layout layout, List<Piece> pieces, OutputKind kind, long[] offsets)
            throws IOException {
        MessageDigest sha = sha256();
        Map<PartManifest, FileChannel> open = new HashMap<>();
        try {
            AtomicFiles.write(target, raw -> {
                CountingStream counted = new CountingStream(new DigestOutputStream(raw, sha));
                WritableByteChannel out = Channels.newChannel(counted);
                counted.write(layout.head());
                for (int i = 0; i < pieces.size(); i++) {
                    Piece piece = pieces.get(i);
                    Slice s = piece.game().slice(kind);
                    offsets[i] = counted.count;
                    if (s.length() == 0) {
                        continue;
                    }
                    FileChannel in = open.get(piece.part());
                    if (in == null) {
                        in = FileChannel.open(layout.files().get(piece.part()), StandardOpenOption.READ);
                        open.put(piece.part(), in);
                    }
                    for (long done = 0; done < s.length(); ) {
                        long n = in.transferTo(s.offset() + done, s.length() - done, out);
                        if (n <= 0) {
                            throw new IOException(layout.files().get(piece.part()) + " ended before byte " + s.end());
                        }
                        done += n;
                    }
                }
                counted.flush();
            });
        } finally {
            for (FileChannel c : open.values()) {
                c.close();
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The merged manifest: the first part's, with the shard, counts, outputs, digests and games of the whole. */
    private static ObjectNode manifest(List<PartManifest> parts, Shards merged, Request request, Path manifestPath,
                                       Map<OutputKind, String> digests, List<Piece> pieces,
                                       Map<OutputKind, long[]> offsets) {
        ObjectNode m = parts.get(0).json().deepCopy();
        // Fields this merge does not know are kept only when every part has them the same.
        List<String> names = new ArrayList<>();
        m.fieldNames().forEachRemaining(names::add);
        for (String f : names) {
            if (KNOWN.contains(f) || AGREED.contains(f)) {
                continue;
            }
            JsonNode v = m.get(f);
            if (parts.stream().anyMatch(p -> !Objects.equals(p.json().get(f), v))) {
                m.remove(f);
            }
        }
        m.put("shard", merged.toString());
        ObjectNode counts = JSON.createObjectNode();
        for (PartManifest p : parts) {
            for (Map.Entry<String, JsonNode> e : p.json().path("counts").properties()) {
                if (e.getValue().isIntegralNumber()) {
                    counts.put(e.getKey(), counts.path(e.getKey()).asLong() + e.getValue().asLong());
                }
            }
        }
        m.set("counts", counts);
        Path folder = manifestPath.toAbsolutePath().getParent();
        // The outputs' other facts (such as the CSV header's length) are the same in every part.
        ObjectNode outputs = m.path("outputs") instanceof ObjectNode o ? o : m.putObject("outputs");
        ObjectNode sha = m.path("sha256") instanceof ObjectNode o ? o : m.putObject("sha256");
        for (OutputKind k : OutputKind.values()) {
            Path t = request.targets().get(k);
            if (t == null) {
                outputs.putNull(k.key());
                sha.putNull(k.key());
            } else {
                outputs.put(k.key(), folder.relativize(t.toAbsolutePath()).toString());
                sha.put(k.key(), digests.get(k));
            }
        }
        ArrayNode games = JSON.createArrayNode();
        for (int i = 0; i < pieces.size(); i++) {
            Piece piece = pieces.get(i);
            ObjectNode g = piece.game().json().deepCopy();
            for (OutputKind k : OutputKind.values()) {
                if (!request.targets().containsKey(k)) {
                    g.remove(k.key());
                } else if (g.has(k.key())) {
                    g.putArray(k.key()).add(offsets.get(k)[i]).add(piece.game().slice(k).length());
                }
            }
            games.add(g);
        }
        m.set("games", games);
        return m;
    }

    /**
     * The manifest laid out as {@code kibitz evaluate} writes its own: a field a line, and the games one
     * entry a line, so that a merged manifest reads (and diffs) like a single run's.
     */
    static byte[] layout(ObjectNode manifest) throws IOException {
        StringBuilder b = new StringBuilder("{\n");
        List<String> names = new ArrayList<>();
        manifest.fieldNames().forEachRemaining(names::add);
        names.remove("games");
        for (String f : names) {
            b.append("  ").append(JSON.writeValueAsString(f)).append(": ").append(JSON.writeValueAsString(manifest.get(f)))
                    .append(",\n");
        }
        b.append("  \"games\": [");
        boolean first = true;
        for (JsonNode g : manifest.path("games")) {
            b.append(first ? "\n    " : ",\n    ").append(JSON.writeValueAsString(g));
            first = false;
        }
        return b.append("\n  ]\n}\n").toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String quote(JsonNode v) {
        return quote(v.isMissingNode() ? "(none)" : v.toString());
    }

    private static String quote(byte[] b) {
        return quote(new String(b, java.nio.charset.StandardCharsets.UTF_8).strip());
    }

    private static String quote(String s) {
        return s.length() <= QUOTE ? s : s.substring(0, QUOTE) + "…";
    }

    private static boolean same(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static byte[] read(Path file, long offset, long length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(length));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buf.hasRemaining() && ch.read(buf, offset + buf.position()) > 0) {
                // read on
            }
        }
        return buf.array();
    }

    static String sha256(Path file) throws IOException {
        MessageDigest sha = sha256();
        try (var in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Counts what passes, for the merged offsets. */
    private static final class CountingStream extends java.io.FilterOutputStream {
        long count;

        CountingStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
