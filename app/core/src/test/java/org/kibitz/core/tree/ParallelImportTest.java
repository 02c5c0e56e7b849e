package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.core.Formats;
import org.kibitz.core.TestGames;

/**
 * An import that prepares games on many threads writes exactly the database a one-thread import
 * writes (decision 0038, third round): the same games rows with the same ids, the same counts, the
 * same runs and blocks of references, the same problems reported in the same order, on the real files
 * of {@code testdata/} with broken games planted among them.
 */
class ParallelImportTest {

    private static final Formats FORMATS = TestGames.formats();
    private static final List<String> TABLES = List.of("meta", "files", "games", "moves", "ref_runs", "ref_blocks");

    @TempDir
    Path dir;

    /** One import's database rows, table by table, and what it reported. */
    private record Outcome(TreeImporter.Summary summary, List<String> rows, List<String> problems) {
    }

    private Outcome importWith(String name, List<Path> inputs, String game, int workers, int chunk, int batchGames)
            throws IOException, SQLException {
        List<String> problems = new ArrayList<>();
        TreeImporter importer = new TreeImporter(TestGames.GAMES, FORMATS, batchGames, OpeningTree.MAX_RUNS).workers(workers, chunk);
        try (OpeningTree tree = OpeningTree.open(dir.resolve(name + ".sqlite"))) {
            TreeImporter.Summary s = importer.run(tree, inputs, new TreeImporter.Options(Optional.of(game), 0), new TreeImporter.Listener() {
                @Override
                public void problem(FormatProblem p) {
                    problems.add(p.source() + ":" + p.gameNumber() + ":" + p.location() + ":" + p.severity() + ":" + p.render(java.util.Locale.ROOT));
                }

                @Override
                public void otherGame(String source, int gameNumber, String gameId, String treeGame) {
                    problems.add(source + ":" + gameNumber + ": " + gameId);
                }
            });
            List<String> rows = new ArrayList<>();
            try (Statement st = tree.db.createStatement()) {
                for (String table : TABLES) {
                    int columns;
                    try (ResultSet rs = st.executeQuery("SELECT * FROM " + table + " LIMIT 0")) {
                        columns = rs.getMetaData().getColumnCount();
                    }
                    // Every column in the order: some tables have no rowid, and equal rows sort alike anyway.
                    String order = String.join(", ", java.util.stream.IntStream.rangeClosed(1, columns).mapToObj(Integer::toString).toList());
                    try (ResultSet rs = st.executeQuery("SELECT * FROM " + table + " ORDER BY " + order)) {
                        ResultSetMetaData md = rs.getMetaData();
                        while (rs.next()) {
                            StringBuilder row = new StringBuilder(table);
                            for (int c = 1; c <= md.getColumnCount(); c++) {
                                Object v = rs.getObject(c);
                                row.append('|').append(v instanceof byte[] b ? Arrays.toString(b) : String.valueOf(v));
                            }
                            rows.add(row.toString());
                        }
                    }
                }
            }
            return new Outcome(s, rows, problems);
        }
    }

    /** The files of a testdata folder, with a file of broken games planted among them. */
    private List<Path> inputs(String folder, String broken) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(TestGames.shared(folder))) {
            // Every PGN file but the 37 MB archive, which would make this test minutes long.
            s.filter(p -> p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".pgn"))
                    .filter(p -> size(p) < 4 << 20).sorted().forEach(files::add);
        }
        Path planted = dir.resolve("planted-" + folder.replace('/', '-') + ".pgn");
        Files.writeString(planted, broken, StandardCharsets.UTF_8);
        files.add(files.size() / 2, planted);
        return files;
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void assertSameOnEveryThreadCount(List<Path> inputs, String game, int minGames, int batchGames) throws Exception {
        // Small batches: many flushes, many runs of references, ids across them.
        Outcome serial = importWith(game + "-1", inputs, game, 1, ParallelRead.CHUNK, batchGames);
        assertTrue(serial.summary().games() >= minGames, "games read: " + serial.summary());
        assertTrue(serial.summary().broken() >= 2, "the planted broken games: " + serial.summary());
        for (int[] set : new int[][]{{3, 1}, {2, 7}}) {
            Outcome parallel = importWith(game + "-" + set[0] + "x" + set[1], inputs, game, set[0], set[1], batchGames);
            assertEquals(serial.summary(), parallel.summary(), set[0] + " workers, chunks of " + set[1]);
            assertEquals(serial.problems(), parallel.problems(), set[0] + " workers, chunks of " + set[1]);
            assertEquals(serial.rows().size(), parallel.rows().size(), "rows");
            for (int i = 0; i < serial.rows().size(); i++) {
                assertEquals(serial.rows().get(i), parallel.rows().get(i),
                        "row " + i + " with " + set[0] + " workers, chunks of " + set[1]);
            }
        }
    }

    @Test
    void chessOnManyThreadsWritesTheRowsOfOneThread() throws Exception {
        List<Path> inputs = inputs("chess/pgn", """
                [Event "ok"]
                [Result "1-0"]

                1. e4 e5 2. Nf3 Nc6 1-0

                [Event "illegal"]
                [Result "0-1"]

                1. e4 e5 2. Ke3 Nc6 0-1

                [Event "ambiguous"]
                [Result "*"]

                1. Nf3 d5 2. Nc3 e5 3. Nd4 *

                [Event "variation"]
                [Result "1/2-1/2"]

                1. d4 (1. c4 e5) d5 2. c4 1/2-1/2
                """);
        assertSameOnEveryThreadCount(inputs, "chess", 500, 97);
    }

    @Test
    void xiangqiOnManyThreadsWritesTheRowsOfOneThread() throws Exception {
        List<Path> inputs = inputs("xiangqi/pgn", """
                [Game "Chinese Chess"]
                [Result "1-0"]

                1. h2e2 h9g7 2. h0g2 1-0

                [Game "Chinese Chess"]
                [Result "0-1"]

                1. h2e2 h9g7 2. e2e9 0-1

                [Game "Chinese Chess"]
                [Result "*"]

                1. h2e2 zz99 *
                """);
        assertSameOnEveryThreadCount(inputs, "xiangqi", 1000, 701);
    }
}
