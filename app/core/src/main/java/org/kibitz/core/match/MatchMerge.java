package org.kibitz.core.match;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.match.stats.Sprt;

/**
 * Joins the journals of the shards of one match ({@code kibitz match --shard I/N} on N machines) into
 * what a single run gives: every game once, in game-number order, as one PGN file, and the statistics
 * computed once from the summed counts (pairs are never split between shards, so the pentanomial
 * counts add up). Deterministic: the same journals give the same bytes, whatever order they are named in.
 */
public final class MatchMerge {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Why journals cannot be merged. */
    public static final class MergeException extends Exception {
        public MergeException(String message) {
            super(message);
        }
    }

    /**
     * The merged match.
     *
     * @param shards  the shards found (their indexes), of {@code count}
     * @param missing the shards of {@code count} not among the parts
     */
    public record Result(List<String> names, List<MatchJob.Finished> games, MatchTally tally, int count,
                         List<Integer> shards, List<Integer> missing) {
    }

    private MatchMerge() {
    }

    /** Whether {@code file} is a match journal (its first line says so). */
    public static boolean isMatchJournal(Path file) {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = r.readLine();
            if (first == null) {
                return false;
            }
            JsonNode h = JSON.readTree(first);
            return h.path("format").asText().equals("kibitz-job-journal") && h.path("kind").asText().equals("match");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Reads the journals.
     *
     * @param partial accept shards missing (the statistics are then of the games there are)
     * @throws MergeException the parts are not shards of one match, a shard is given twice, or shards
     *                        are missing without {@code partial}
     */
    public static Result merge(List<Path> journals, boolean partial) throws IOException, MergeException {
        Map<String, String> common = null;
        Path first = null;
        TreeMap<Integer, Path> shards = new TreeMap<>();
        TreeMap<Integer, MatchJob.Finished> games = new TreeMap<>();
        int count = -1;
        for (Path j : journals) {
            List<String> lines = Files.readAllLines(j, StandardCharsets.UTF_8);
            if (lines.isEmpty()) {
                throw new MergeException(j + ": empty, not a match journal");
            }
            JsonNode h = JSON.readTree(lines.get(0));
            if (!h.path("kind").asText().equals("match")) {
                throw new MergeException(j + ": not a match journal");
            }
            Map<String, String> params = new TreeMap<>();
            h.path("parameters").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            String shard = params.remove("shard");
            int[] s = shard == null ? new int[] {0, 1} : Arrays.stream(shard.split("/")).mapToInt(Integer::parseInt).toArray();
            if (common == null) {
                common = params;
                first = j;
                count = s[1];
            } else if (!common.equals(params) || count != s[1]) {
                throw new MergeException(j + ": another match than " + first + " (" + differing(common, params) + ")");
            }
            Path before = shards.put(s[0], j);
            if (before != null) {
                throw new MergeException("shard " + s[0] + "/" + s[1] + " is given twice: " + before + " and " + j);
            }
            for (int i = 1; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n;
                try {
                    n = JSON.readTree(line);
                } catch (IOException e) {
                    if (i == lines.size() - 1) {
                        break; // a torn last line: the shard was killed mid-write
                    }
                    throw new MergeException(j + ": line " + (i + 1) + " is damaged");
                }
                if (n.has("result")) {
                    MatchJob.Finished f = JSON.treeToValue(n.get("result"), MatchJob.Finished.class);
                    games.put(f.number(), f);
                }
            }
        }
        if (common == null) {
            throw new MergeException("no journals");
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (!shards.containsKey(i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty() && !partial) {
            throw new MergeException("shards missing: " + missing + " of " + count + " (--partial merges what there is)");
        }
        List<String> names = List.of(common.getOrDefault("engines", "").split(","));
        MatchTally tally = new MatchTally(names);
        for (MatchJob.Finished f : games.values()) {
            int w = names.indexOf(f.white());
            int b = names.indexOf(f.black());
            if (w >= 0 && b >= 0) {
                tally.add(w, b, f.pair(), f.result());
            }
        }
        return new Result(names, List.copyOf(games.values()), tally, count, List.copyOf(shards.keySet()), missing);
    }

    /** Writes the games in game-number order as one PGN file, atomically. */
    public static void writePgn(Result r, Path out) throws IOException {
        StringBuilder b = new StringBuilder();
        for (MatchJob.Finished f : r.games()) {
            b.append(f.pgn());
            if (!f.pgn().endsWith("\n\n")) {
                b.append(f.pgn().endsWith("\n") ? "\n" : "\n\n");
            }
        }
        AtomicFiles.write(out, b.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The statistics lines a single run ends with (two engines), or the standings (more). */
    public static List<String> summary(Result r, Optional<Sprt> sprt) {
        Objects.requireNonNull(sprt, "sprt");
        if (r.names().size() == 2) {
            return r.tally().lines(0, 1, sprt);
        }
        return List.of(r.tally().standings().split("\n"));
    }

    private static String differing(Map<String, String> a, Map<String, String> b) {
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            if (!Objects.equals(a.get(k), b.get(k))) {
                return k + ": " + a.get(k) + " vs " + b.get(k);
            }
        }
        return "?";
    }
}
