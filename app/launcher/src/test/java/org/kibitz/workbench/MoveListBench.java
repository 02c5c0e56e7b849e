package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.GameTrees;
import org.kibitz.core.MoveNames;
import org.kibitz.core.MoveText;
import org.kibitz.core.TestGames;

/**
 * Measurements for the report, not run by the build ({@code mvn -pl app -am verify -Dtest=MoveListBench
 * -Dsurefire.failIfNoSpecifiedTests=false}): the move list with a game of 1,000+ plies and
 * variations, stepping through it in the real window, and opening big files against the format
 * reader alone and against pgn-extract.
 */
@ExtendWith(FxStages.class)
class MoveListBench {

    private static final int STEPS = Integer.parseInt(System.getenv().getOrDefault("BENCH_STEPS", "500"));

    @TempDir
    Path home;

    private static void report(String line) {
        System.out.println("BENCH " + line);
    }

    private static GameTree bigGame() {
        // A xiangqi game of 1,200 plies with a 5-move variation every 8 plies (random, fixed seed).
        GameTree t = TestGames.randomGame(TestGames.XIANGQI, 42, 1200, 8);
        return t;
    }

    @Test
    void layoutOfABigTree() {
        GameTree tree = bigGame();
        int nodes = GameTrees.size(tree);
        report("tree: " + tree.mainline().size() + " plies on the main line, " + nodes + " nodes");
        assertTrue(tree.mainline().size() >= 1000, "main line " + tree.mainline().size());
        for (String id : List.of("chinese", "wxf", "iccs")) {
            MoveNames names = new MoveNames(TestGames.XIANGQI.notation(id).orElseThrow(), 0);
            long t0 = System.nanoTime();
            List<MoveText.Paragraph> cold = MoveText.layout(tree, names, MoveText.Style.INDENTED);
            long t1 = System.nanoTime();
            List<Long> warm = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                long a = System.nanoTime();
                MoveText.layout(tree, names, i % 2 == 0 ? MoveText.Style.INDENTED : MoveText.Style.INLINE);
                warm.add(System.nanoTime() - a);
            }
            Collections.sort(warm);
            report(String.format("layout %s: first %.1f ms (formatting every move), then median %.2f ms; %d paragraphs",
                    id, (t1 - t0) / 1e6, warm.get(warm.size() / 2) / 1e6, cold.size()));
        }
    }

    @Test
    void steppingThroughABigGameInTheWindow() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        GameTree tree = bigGame();
        GamePlugin xiangqi = TestGames.XIANGQI;
        List<Long> open = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            GameTree copy = GameTrees.copy(tree);
            open.add(onFx(() -> {
                long t0 = System.nanoTime();
                w.document.open(xiangqi, copy, Optional.empty());
                w.window.stage().getScene().getRoot().applyCss();
                w.window.stage().getScene().getRoot().layout();
                return System.nanoTime() - t0;
            }));
        }
        Collections.sort(open);
        report(String.format("open a %d-node game in the window (tree + list + board, css and layout): median %.1f ms, max %.1f ms",
                GameTrees.size(tree), open.get(2) / 1e6, open.get(4) / 1e6));

        List<Long> steps = new ArrayList<>();
        for (int i = 0; i < STEPS; i++) {
            steps.add(onFx(() -> {
                long t0 = System.nanoTime();
                w.document.forward();
                w.window.stage().getScene().getRoot().applyCss();
                w.window.stage().getScene().getRoot().layout();
                return System.nanoTime() - t0;
            }));
        }
        assertEquals(STEPS, onFx(() -> w.document.cursor().ply()));
        List<Long> jumps = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            int target = (i * 397) % (tree.mainline().size() - 1) + 1;
            jumps.add(onFx(() -> {
                long t0 = System.nanoTime();
                w.document.goTo(w.document.tree().mainline().get(target - 1));
                w.window.stage().getScene().getRoot().applyCss();
                w.window.stage().getScene().getRoot().layout();
                return System.nanoTime() - t0;
            }));
        }
        List<Long> plays = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            plays.add(onFx(() -> {
                long t0 = System.nanoTime();
                var moves = w.document.position().legalMoves();
                w.document.play(moves.get(moves.size() - 1));
                w.window.stage().getScene().getRoot().applyCss();
                w.window.stage().getScene().getRoot().layout();
                w.document.back();
                return System.nanoTime() - t0;
            }));
        }
        report("step forward (" + STEPS + " steps): " + stats(steps));
        report("jump to a far move (50 jumps, scrolling the list): " + stats(jumps));
        report("play a new variation move and step back (50, relayout of the whole list): " + stats(plays));
    }

    private static String stats(List<Long> ns) {
        List<Long> s = new ArrayList<>(ns);
        Collections.sort(s);
        return String.format("median %.2f ms, p95 %.2f ms, max %.2f ms", s.get(s.size() / 2) / 1e6,
                s.get((int) (s.size() * 0.95)) / 1e6, s.get(s.size() - 1) / 1e6);
    }

    @Test
    void openingBigFiles() throws Exception {
        Games games = TestGames.GAMES;
        Formats formats = TestGames.formats();
        GameFiles files = new GameFiles(games, formats);
        for (String rel : List.of("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn", "chess/pgn/Capablanca.pgn")) {
            Path file = TestGames.shared(rel);
            // Warm up, then three runs of each.
            files.read(file);
            List<Long> reader = new ArrayList<>();
            List<Long> workbench = new ArrayList<>();
            int count = 0;
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                FormatPlugin pgn = formats.byId("pgn").orElseThrow();
                try (InputStream in = Files.newInputStream(file);
                     GameReader r = pgn.reader(in, ReadContext.of(file.getFileName().toString(), games))) {
                    count = 0;
                    while (r.next() != null) {
                        count++;
                    }
                }
                reader.add(System.nanoTime() - t0);
                long t1 = System.nanoTime();
                GameFiles.OpenedFile f = files.read(file);
                workbench.add(System.nanoTime() - t1);
                assertEquals(count, f.entries().size());
            }
            Collections.sort(reader);
            Collections.sort(workbench);
            String peer = "";
            Optional<Path> pgnExtract = find("pgn-extract");
            if (pgnExtract.isPresent() && rel.startsWith("chess")) {
                List<Long> pe = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    long t0 = System.nanoTime();
                    Process p = new ProcessBuilder(pgnExtract.get().toString(), "-s", "-o", "/dev/null", file.toString())
                            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    p.waitFor();
                    pe.add(System.nanoTime() - t0);
                }
                Collections.sort(pe);
                peer = String.format("; pgn-extract (parse, check and rewrite every game) %.0f ms: ratio workbench/pgn-extract %.2f",
                        pe.get(1) / 1e6, (double) workbench.get(1) / pe.get(1));
            }
            Runtime rt = Runtime.getRuntime();
            System.gc();
            long before = rt.totalMemory() - rt.freeMemory();
            GameFiles.OpenedFile kept = files.read(file);
            System.gc();
            long after = rt.totalMemory() - rt.freeMemory();
            report(String.format("%s: the open file's list of %d games holds about %.1f MB", file.getFileName(), kept.entries().size(),
                    (after - before) / 1e6));
            GameFiles.Entry last = kept.entries().get(kept.entries().size() - 1);
            List<Long> picks = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                files.readGame(kept, last);
                picks.add(System.nanoTime() - t0);
            }
            Collections.sort(picks);
            report(String.format("%s: picking the last game (read again up to it) %.0f ms", file.getFileName(), picks.get(1) / 1e6));
            report(String.format("%s: %d games; format reader alone %.0f ms, workbench open (entries, tags) %.0f ms, ratio %.2f%s",
                    file.getFileName(), count, reader.get(1) / 1e6, workbench.get(1) / 1e6,
                    (double) workbench.get(1) / reader.get(1), peer));
        }
    }

    private static Optional<Path> find(String name) {
        for (String dir : (System.getenv("PATH") + ":/usr/games:/usr/bin").split(":")) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
