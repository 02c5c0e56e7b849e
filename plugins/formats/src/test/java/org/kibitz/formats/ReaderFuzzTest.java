package org.kibitz.formats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;

/**
 * Mutation fuzzing of every reader (PGN, XQF, FEN, EPD, DhtmlXQ, text move lists, CCBridge), seeded with the real files of
 * {@code testdata/} and the format tests' own: bit flips, bytes of the format's syntax inserted,
 * ranges deleted, duplicated and spliced between seeds, truncation, huge numbers, bursts of nesting.
 * Whatever the input, a reader gives games and located problems: no exception escapes it, and every
 * problem names its source, game and place.
 *
 * <p>Bounded in the build ({@code kibitz.fuzz.seconds}, default 3 per reader, seed {@code kibitz.fuzz.seed}
 * or the clock's, printed); longer by hand:
 * {@code mvn -pl plugins/formats test -Dtest=ReaderFuzzTest -Dkibitz.fuzz.seconds=600}. A failure prints the
 * seed and writes the input to {@code target/fuzz-failure-<format>.bin}.
 */
class ReaderFuzzTest {

    private static final byte[][] PGN_TOKENS = bytes("{", "}", "(", ")", "[", "]", "\"", "%", ";", "$", "$255", "1-0", "0-1",
            "1/2-1/2", "*", "O-O", "O-O-O", "e8=Q", "Nxf7+", "#", "--", "\n", "\r\n", "\t", "[FEN \"", "[Variant \"xiangqi\"]",
            "[SetUp \"1\"]", "99999999999999999999", "-1", "炮二平五", "马８进７", "進", "\u0000", "\\", "{[%eval #-0]}",
            "{[%clk 99:99:99]}", "[%eval 9999999]", "...", "1.", "1...", "..", "\ufeff");
    private static final byte[][] FEN_TOKENS = bytes("/", " ", "w", "b", "-", "KQkq", "e3", "8", "9", "0", "99999999999",
            "rnbakabnr", "p", "P", "\n", "\u0000", ";", "bm", "id \"x\";", "D1 20;", "k", "K");
    private static final byte[][] XQF_TOKENS = {{0}, {(byte) 0xff}, {'X', 'Q'}, {(byte) 0x80}, {10}, {(byte) 0x7f}, {0x0f},
            {(byte) 0xf0}, {(byte) 0x40}};

    private static final byte[][] DHTMLXQ_TOKENS = bytes("[DhtmlXQ]", "[/DhtmlXQ]", "[DhtmlXQ_movelist]", "[/DhtmlXQ_movelist]",
            "[DhtmlXQ_binit]", "[/DhtmlXQ_binit]", "[DhtmlXQ_move_0_1_1]", "[DhtmlXQ_move_9_99_2]", "[DhtmlXQ_comment0]",
            "[DhtmlXQ_comment1_3]", "7747", "9999", "99", "0", "||", "红胜", "[", "]", "\n", "\u0000");
    private static final byte[][] TEXT_TOKENS = bytes("1.", "炮二平五", "马８进７", "前炮平五", "C2.5", "h8+7", "+P+1", "h2e2", "H2-E2",
            "红胜", "1-0", "{", "}", "(", "（", "\n", "3k4r/9/9/9/9/9/9/9/9/R3K4 b", "[DhtmlXQ]", "[Event \"", "\u0000", "１．");
    private static final byte[][] CCBRIDGE_TOKENS = {{0}, {(byte) 0xff}, {1}, {2}, {4}, {5}, {7}, {(byte) 0x80}, {0x11}, {0x25},
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f}, "CCBridge Record\0".getBytes(StandardCharsets.US_ASCII)};

    private static byte[][] bytes(String... s) {
        return Arrays.stream(s).map(x -> x.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    static List<byte[]> seeds(String format) throws IOException {
        List<Path> files = new ArrayList<>();
        Path data = TestFiles.shared("");
        try (Stream<Path> all = Files.walk(data)) {
            all.filter(Files::isRegularFile).forEach(files::add);
        }
        List<byte[]> out = new ArrayList<>();
        for (Path f : files) {
            String n = f.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
            boolean fits = switch (format) {
                case "pgn" -> n.endsWith(".pgn");
                case "xqf" -> n.endsWith(".xqf");
                case "dhtmlxq" -> n.endsWith(".txt") && n.contains("ubb");
                case "text" -> n.endsWith("_move.txt") || n.startsWith("xqdb-xqdb_traditional");
                case "ccbridge" -> n.endsWith(".cbr") || n.endsWith(".cbf") || n.endsWith(".cbl");
                default -> n.endsWith(".epd") || n.endsWith(".fen");
            };
            if (fits) {
                byte[] b = Files.readAllBytes(f);
                if (format.equals("ccbridge") && b.length > 24_000) {
                    // A library: its 576-byte header, then three of its 4096-byte record blocks.
                    String latin = new String(b, StandardCharsets.ISO_8859_1);
                    int first = latin.indexOf("CCBridge Record", 576);
                    byte[] cut = Arrays.copyOf(b, 576 + 3 * 4096);
                    System.arraycopy(b, first, cut, 576, Math.min(3 * 4096, b.length - first));
                    b = cut;
                }
                // A head of the big collections: many games in few bytes, and fast to read again and again.
                out.add(b.length > 24_000 ? Arrays.copyOf(b, 24_000) : b);
            }
        }
        if (format.equals("fen")) {
            // One position a line: the EPD files' positions cut to their FEN fields.
            List<byte[]> fens = new ArrayList<>();
            for (byte[] epd : out) {
                StringBuilder sb = new StringBuilder();
                for (String line : new String(epd, StandardCharsets.UTF_8).split("\n")) {
                    String[] f = line.split(" ");
                    if (f.length >= 4) {
                        sb.append(String.join(" ", Arrays.copyOf(f, 4))).append(" 0 1\n");
                    }
                }
                fens.add(sb.toString().getBytes(StandardCharsets.UTF_8));
            }
            out = fens;
        }
        assertFalse(out.isEmpty(), "seeds for " + format);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"pgn", "xqf", "fen", "epd", "dhtmlxq", "text", "ccbridge"})
    void noInputMakesAReaderThrow(String format) throws Exception {
        List<byte[]> seeds = seeds(format);
        long seed = Long.getLong("kibitz.fuzz.seed", System.nanoTime());
        double seconds = Double.parseDouble(System.getProperty("kibitz.fuzz.seconds", "3"));
        Random random = new Random(seed);
        byte[][] tokens = switch (format) {
            case "pgn" -> PGN_TOKENS;
            case "xqf" -> XQF_TOKENS;
            case "dhtmlxq" -> DHTMLXQ_TOKENS;
            case "text" -> TEXT_TOKENS;
            case "ccbridge" -> CCBRIDGE_TOKENS;
            default -> FEN_TOKENS;
        };
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long inputs = 0;
        long games = 0;
        long problems = 0;
        while (System.nanoTime() < end) {
            byte[] input = seeds.get(random.nextInt(seeds.size()));
            int rounds = 1 + random.nextInt(6);
            for (int r = 0; r < rounds; r++) {
                input = mutate(input, random, tokens, seeds);
            }
            inputs++;
            try {
                long[] read = readChecked(format, input);
                games += read[0];
                problems += read[1];
            } catch (Throwable t) {
                Path keep = Path.of("target", "fuzz-failure-" + format + ".bin");
                Files.createDirectories(keep.getParent());
                Files.write(keep, input);
                throw new AssertionError(format + " reader, seed " + seed + ", input " + inputs + " (kept in " + keep + "): " + t, t);
            }
        }
        System.out.printf("fuzz %s: seed %d, %d inputs in %.0f s, %d games read, %d problems, nothing thrown%n",
                format, seed, inputs, seconds, games, problems);
        assertTrue(inputs > 10, "the fuzzer ran");
    }

    /**
     * Reads every game of {@code input} and checks what a reader promises whatever the input: no exception,
     * every problem located, named by its source, in a game. Returns games and problems read.
     */
    static long[] readChecked(String format, byte[] input) throws IOException {
        long games = 0;
        long problems = 0;
        for (ReadResult g : readAll(format, input)) {
            games += g.game().isPresent() ? 1 : 0;
            for (FormatProblem p : g.problems()) {
                problems++;
                assertNotNull(p.location(), "a problem without a place");
                assertTrue(p.source().equals("fuzz." + format), p.toString());
                assertTrue(p.gameNumber() >= 1 || g.gameNumber() >= 1, p.toString());
            }
        }
        return new long[] {games, problems};
    }

    private static List<ReadResult> readAll(String format, byte[] input) throws IOException {
        List<ReadResult> out = new ArrayList<>();
        InputStream in = new ByteArrayInputStream(input);
        try (GameReader r = Fixtures.format(format).reader(in, ReadContext.of("fuzz." + format, Fixtures.GAMES))) {
            for (ReadResult g; (g = r.next()) != null; ) {
                out.add(g);
            }
        }
        return out;
    }

    private static byte[] mutate(byte[] in, Random random, byte[][] tokens, List<byte[]> seeds) {
        if (in.length == 0) {
            return tokens[random.nextInt(tokens.length)].clone();
        }
        int at = random.nextInt(in.length);
        int len = 1 + random.nextInt(Math.min(64, in.length - at));
        switch (random.nextInt(9)) {
            case 0 -> { // flip a bit
                byte[] b = in.clone();
                b[at] ^= (byte) (1 << random.nextInt(8));
                return b;
            }
            case 1 -> { // insert a token of the format
                return splice(in, at, 0, tokens[random.nextInt(tokens.length)]);
            }
            case 2 -> { // delete a range
                return splice(in, at, len, new byte[0]);
            }
            case 3 -> { // duplicate a range
                return splice(in, at, 0, Arrays.copyOfRange(in, at, at + len));
            }
            case 4 -> { // splice in a piece of another seed
                byte[] other = seeds.get(random.nextInt(seeds.size()));
                int from = random.nextInt(Math.max(1, other.length));
                return splice(in, at, len, Arrays.copyOfRange(other, from, Math.min(other.length, from + 1 + random.nextInt(512))));
            }
            case 5 -> { // truncate
                return Arrays.copyOf(in, at);
            }
            case 6 -> { // a random byte
                byte[] b = in.clone();
                b[at] = (byte) random.nextInt(256);
                return b;
            }
            case 7 -> { // a burst of nesting (capped: deep trees have their own test)
                byte[] open = tokens[0];
                int n = 1 + random.nextInt(50);
                byte[] burst = new byte[n * open.length];
                for (int i = 0; i < n; i++) {
                    System.arraycopy(open, 0, burst, i * open.length, open.length);
                }
                return splice(in, at, 0, burst);
            }
            default -> { // a huge number
                return splice(in, at, 0, Long.toString(random.nextLong()).getBytes(StandardCharsets.US_ASCII));
            }
        }
    }

    private static byte[] splice(byte[] in, int at, int remove, byte[] insert) {
        int cut = Math.min(remove, in.length - at);
        byte[] out = new byte[in.length - cut + insert.length];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(in, at + cut, out, at + insert.length, in.length - at - cut);
        return out;
    }
}
