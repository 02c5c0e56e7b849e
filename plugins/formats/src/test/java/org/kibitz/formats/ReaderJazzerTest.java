package org.kibitz.formats;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/**
 * Coverage-guided fuzzing of every reader with Jazzer: the inputs are mutated toward code not yet
 * reached, where {@link ReaderFuzzTest} mutates blindly. The promise checked is the same
 * ({@link ReaderFuzzTest#readChecked}): whatever the bytes, a reader gives games and located problems,
 * and nothing is thrown.
 *
 * <p>In the build (regression mode) each method reads its seeds once: the heads of the real files of
 * the test data ({@link TestFiles#shared}, copied into {@code ReaderJazzerTestInputs/<method>/} on the
 * test class path) and the inputs kept in {@code src/test/resources/org/kibitz/formats/ReaderJazzerTestInputs/<method>/},
 * where Jazzer puts each input that made a reader fail: a finding stays a regression test. Fuzzing for
 * real: {@code bench/fuzz.sh [minutes]} ({@code JAZZER_FUZZ=1}, one method at a time).
 */
class ReaderJazzerTest {

    /** Jazzer's seeds for each method, from the shared real files, before any method asks for them. */
    @BeforeAll
    static void seedsFromTheRealFiles() throws IOException {
        Path inputs = Path.of("target", "test-classes", "org", "kibitz", "formats", "ReaderJazzerTestInputs");
        for (String format : List.of("pgn", "xqf", "fen", "epd")) {
            Path dir = Files.createDirectories(inputs.resolve("fuzz" + Character.toUpperCase(format.charAt(0)) + format.substring(1)));
            List<byte[]> seeds = ReaderFuzzTest.seeds(format);
            for (int i = 0; i < seeds.size(); i++) {
                Files.write(dir.resolve("seed-" + format + "-" + i), cut(seeds.get(i)));
            }
        }
    }

    /** Small seeds fuzz faster: a few games of each file are enough to reach every branch they reach. */
    private static byte[] cut(byte[] seed) {
        return seed.length > 4096 ? java.util.Arrays.copyOf(seed, 4096) : seed;
    }

    @FuzzTest(maxDuration = "10s")
    void fuzzPgn(byte[] input) throws IOException {
        ReaderFuzzTest.readChecked("pgn", input);
    }

    @FuzzTest(maxDuration = "10s")
    void fuzzXqf(byte[] input) throws IOException {
        ReaderFuzzTest.readChecked("xqf", input);
    }

    @FuzzTest(maxDuration = "10s")
    void fuzzFen(byte[] input) throws IOException {
        ReaderFuzzTest.readChecked("fen", input);
    }

    @FuzzTest(maxDuration = "10s")
    void fuzzEpd(byte[] input) throws IOException {
        ReaderFuzzTest.readChecked("epd", input);
    }
}
