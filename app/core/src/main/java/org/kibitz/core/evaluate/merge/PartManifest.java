package org.kibitz.core.evaluate.merge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.kibitz.api.i18n.Text;

/**
 * The manifest one shard of {@code kibitz evaluate} wrote beside its first output
 * ({@code <output>.manifest.json}), read for a merge: the shard it ran, its output files with their
 * digests, and each game's byte slice in each output.
 *
 * @param part     the file the user named (a shard's first output, or the manifest itself)
 * @param manifest the manifest's path
 * @param json     the manifest as written, for the fields a merge compares and copies
 * @param shard    which shards of how many it holds
 * @param outputs  its output files, resolved against the manifest's folder
 * @param digests  each output's SHA-256 (lower-case hex), as the manifest records it
 * @param games    its games, by ordinal
 */
public record PartManifest(Path part, Path manifest, ObjectNode json, Shards shard, Map<OutputKind, Path> outputs,
                           Map<OutputKind, String> digests, List<Game> games) {

    /** The {@code format} every manifest of {@code kibitz evaluate} carries. */
    public static final String FORMAT = "kibitz-evaluate-manifest";
    /** The newest manifest version this Kibitz reads. */
    public static final int VERSION = 1;
    /** What a manifest's name adds to its first output's. */
    public static final String SUFFIX = ".manifest.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    public PartManifest {
        outputs = Collections.unmodifiableMap(new EnumMap<>(outputs));
        digests = Collections.unmodifiableMap(new EnumMap<>(digests));
        games = List.copyOf(games);
    }

    /**
     * Which shards a part holds: one ({@code 2/4}), several after a partial merge ({@code 0,2/4}), or
     * the whole batch ({@code all}, written by a complete merge; {@code 0/1} is a run of one shard).
     *
     * @param indexes the shards held, from 0; empty for {@code all}
     * @param count   how many shards the batch was cut into; 0 for {@code all}
     */
    public record Shards(SortedSet<Integer> indexes, int count) {

        /** The whole batch, as a complete merge writes it. */
        public static final Shards ALL = new Shards(new TreeSet<>(), 0);

        public Shards {
            indexes = Collections.unmodifiableSortedSet(new TreeSet<>(indexes));
        }

        public boolean all() {
            return count == 0;
        }

        /** {@code all}, {@code I/N} or {@code I,J/N}: as manifests write it. */
        public static Optional<Shards> parse(String text) {
            String s = text.strip();
            if (s.equals("all")) {
                return Optional.of(ALL);
            }
            int slash = s.indexOf('/');
            if (slash <= 0) {
                return Optional.empty();
            }
            try {
                int count = Integer.parseInt(s.substring(slash + 1).strip());
                SortedSet<Integer> indexes = new TreeSet<>();
                for (String i : s.substring(0, slash).split(",")) {
                    int index = Integer.parseInt(i.strip());
                    if (index < 0 || index >= count || !indexes.add(index)) {
                        return Optional.empty();
                    }
                }
                return Optional.of(new Shards(indexes, count));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        /** Whether game {@code ordinal} is in one of these shards. */
        public boolean holds(int ordinal) {
            return all() || indexes.contains(ordinal % count);
        }

        @Override
        public String toString() {
            if (all()) {
                return "all";
            }
            return String.join(",", indexes.stream().map(String::valueOf).toList()) + "/" + count;
        }
    }

    /** A range of bytes of an output file. */
    public record Slice(long offset, long length) {
        public static final Slice NONE = new Slice(-1, 0);

        public long end() {
            return offset + length;
        }
    }

    /**
     * One game of a part.
     *
     * @param ordinal its place among all games of the inputs, from 0
     * @param json    its entry as the manifest has it (names, per-side figures, slices)
     * @param slices  its bytes in each output; an output without the game has none
     */
    public record Game(int ordinal, ObjectNode json, Map<OutputKind, Slice> slices) {
        public Game {
            slices = Collections.unmodifiableMap(new EnumMap<>(slices));
        }

        public Slice slice(OutputKind kind) {
            return slices.getOrDefault(kind, Slice.NONE);
        }
    }

    /** The manifest of a part the user named: {@code <part>.manifest.json}, or the part itself when it is one. */
    public static Path manifestOf(Path part) {
        String name = part.getFileName().toString();
        return name.endsWith(SUFFIX) ? part : part.resolveSibling(name + SUFFIX);
    }

    /**
     * Reads the manifest of the part {@code part}.
     *
     * @throws MergeException the manifest is missing, unreadable, not a manifest of {@code kibitz evaluate},
     *                        from a newer Kibitz, or a field is missing or malformed
     */
    public static PartManifest read(Path part) throws MergeException {
        Path manifest = manifestOf(part);
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(manifest));
        } catch (NoSuchFileException e) {
            throw new MergeException(Text.of(PartManifest.class, "merge.manifest.missing", manifest, part));
        } catch (JsonProcessingException e) {
            throw new MergeException(Text.of(PartManifest.class, "merge.manifest.unreadable", manifest,
                    e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new MergeException(Text.of(PartManifest.class, "merge.manifest.unreadable", manifest,
                    String.valueOf(e.getMessage())), e);
        }
        if (!(root instanceof ObjectNode o) || !FORMAT.equals(root.path("format").asText())) {
            throw new MergeException(Text.of(PartManifest.class, "merge.manifest.notOne", manifest, FORMAT));
        }
        int version = o.path("version").asInt(-1);
        if (version < 1) {
            throw field(manifest, "version");
        }
        if (version > VERSION) {
            throw new MergeException(Text.of(PartManifest.class, "merge.manifest.newer", manifest, version, VERSION));
        }
        Shards shards = Shards.parse(o.path("shard").asText("")).orElseThrow(() -> field(manifest, "shard"));
        Path folder = manifest.toAbsolutePath().getParent();
        Map<OutputKind, Path> outputs = new EnumMap<>(OutputKind.class);
        Map<OutputKind, String> digests = new EnumMap<>(OutputKind.class);
        for (OutputKind k : OutputKind.values()) {
            JsonNode name = o.path("outputs").path(k.key());
            if (name.isTextual() && !name.asText().isEmpty()) {
                outputs.put(k, folder.resolve(name.asText()));
                JsonNode sha = o.path("sha256").path(k.key());
                if (sha.isTextual()) {
                    digests.put(k, sha.asText().toLowerCase(java.util.Locale.ROOT));
                }
            }
        }
        List<Game> games = new ArrayList<>();
        JsonNode list = o.path("games");
        if (!list.isArray()) {
            throw field(manifest, "games");
        }
        for (JsonNode g : list) {
            if (!(g instanceof ObjectNode go) || !g.path("ordinal").canConvertToInt() || g.path("ordinal").asInt() < 0) {
                throw field(manifest, "games[" + games.size() + "].ordinal");
            }
            Map<OutputKind, Slice> slices = new EnumMap<>(OutputKind.class);
            for (OutputKind k : OutputKind.values()) {
                JsonNode s = g.get(k.key());
                if (s == null || s.isNull()) {
                    continue;
                }
                if (!s.isArray() || s.size() != 2 || !s.get(0).canConvertToLong() || !s.get(1).canConvertToLong()
                        || s.get(0).asLong() < 0 || s.get(1).asLong() < 0) {
                    throw field(manifest, "games[" + games.size() + "]." + k.key());
                }
                slices.put(k, new Slice(s.get(0).asLong(), s.get(1).asLong()));
            }
            games.add(new Game(g.path("ordinal").asInt(), go, slices));
        }
        return new PartManifest(part, manifest, o, shards, outputs, digests, games);
    }

    private static MergeException field(Path manifest, String field) {
        return new MergeException(Text.of(PartManifest.class, "merge.manifest.field", manifest, field));
    }
}
