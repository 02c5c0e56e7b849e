package org.kibitz.core.evaluate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.core.evaluate.BatchEvaluation;

/**
 * What {@code evaluate}'s and {@code compare}'s outputs share: a game whose writing fails stops the
 * writing and is what closing says, nothing is written once dropped, and the {@code --out} format each
 * command may take.
 */
class OutputPartsTest {

    @TempDir
    Path dir;

    private BatchEvaluation.Plan plan() throws Exception {
        Path f = dir.resolve("one.pgn");
        Files.writeString(f, "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
        return Batches.plan(List.of(f), 1);
    }

    private OutputParts keepCsv() throws Exception {
        Files.writeString(dir.resolve("keep.csv"), "old");
        return OutputParts.open(new EvaluationOutputs.Targets(Optional.empty(), Optional.of(dir.resolve("keep.csv")),
                Optional.empty(), Optional.empty(), false), plan(), "header\n");
    }

    private Set<String> files() throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    @Test
    void aGameThatFailsToWriteStopsTheWritingAndClosingThrowsItLeavingTheTargets() throws Exception {
        OutputParts parts = keepCsv();
        AtomicInteger after = new AtomicInteger();
        parts.write(() -> {
            throw new IOException("disk full");
        });
        parts.write(after::incrementAndGet);
        assertEquals(0, after.get(), "no game is written after one failed");
        IOException thrown = assertThrows(IOException.class, () -> parts.close(Optional.empty(), "lichess"));
        assertEquals("disk full", thrown.getMessage());
        assertEquals("old", Files.readString(dir.resolve("keep.csv")));
        assertEquals(Set.of("one.pgn", "keep.csv"), files(), "no part left behind");
    }

    @Test
    void nothingIsWrittenOrReplacedOnceDropped() throws Exception {
        OutputParts parts = keepCsv();
        parts.abort();
        AtomicInteger written = new AtomicInteger();
        parts.write(written::incrementAndGet);
        parts.close(Optional.empty(), "lichess");
        assertEquals(0, written.get());
        assertEquals("old", Files.readString(dir.resolve("keep.csv")));
        assertEquals(Set.of("one.pgn", "keep.csv"), files());
    }

    @Test
    void aClosedRunReplacesTheTargetOnce() throws Exception {
        OutputParts parts = keepCsv();
        parts.close(Optional.empty(), "lichess");
        parts.close(Optional.empty(), "lichess");
        assertEquals("header\n", Files.readString(dir.resolve("keep.csv")));
        assertTrue(Files.exists(dir.resolve("keep.csv.manifest.json")));
    }

    @Test
    void theOutFormatIsTheFirstThatWritesTheNameAndPassesTheCommandsCondition() {
        FormatPlugin pgn = GameRewriter.writer(Batches.FILES, dir.resolve("games.pgn"), Locale.ROOT, f -> true);
        assertTrue(pgn.matchesName("games.pgn"));
        FormatPlugin xqf = GameRewriter.writer(Batches.FILES, dir.resolve("game.xqf"), Locale.ROOT, f -> true);
        assertTrue(xqf.oneGamePerFile(), "evaluate takes a one-game format and checks the number of games itself");
        assertThrows(IllegalArgumentException.class,
                () -> GameRewriter.writer(Batches.FILES, dir.resolve("game.xqf"), Locale.ROOT, f -> !f.oneGamePerFile()),
                "compare takes only a format that holds several games");
        assertThrows(IllegalArgumentException.class,
                () -> GameRewriter.writer(Batches.FILES, dir.resolve("games.odt"), Locale.ROOT, f -> true));
    }
}
