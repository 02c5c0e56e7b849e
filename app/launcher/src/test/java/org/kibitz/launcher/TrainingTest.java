package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's training run (see {@link Training}): it must finish, or every command after a
 * build runs without its quick-start cache and nothing says so but a log line.
 */
class TrainingTest {

    @TempDir
    Path dir;

    @Test
    void makesLifelikeGamesAndConvertsThemAll() throws IOException {
        String home = System.getProperty("kibitz.home");
        try {
            Training.main(new String[] {"make", dir.toString()});
            Path chess = dir.resolve("chess-san.pgn");
            String text = Files.readString(chess);
            assertEquals(Training.GAMES, text.split("\\[Event ", -1).length - 1);
            assertTrue(text.contains("O-O"), "castling is in the training");
            assertTrue(text.contains("[White \"Player "), "tags with values");
            assertTrue(Files.exists(dir.resolve("xiangqi-chinese.pgn")) && Files.exists(dir.resolve("xiangqi-iccs.pgn")));

            Training.main(new String[] {"run", dir.toString()});
            try (var files = Files.list(dir)) {
                long outputs = files.filter(p -> p.getFileName().toString().startsWith("out-")).count();
                assertEquals(3, outputs, "one conversion per file");
            }
            try (var files = Files.list(dir)) {
                for (Path out : files.filter(p -> p.getFileName().toString().startsWith("out-")).toList()) {
                    assertTrue(Files.size(out) > 1000, out.toString());
                }
            }
        } finally {
            if (home == null) {
                System.clearProperty("kibitz.home");
            } else {
                System.setProperty("kibitz.home", home);
            }
        }
    }

    @Test
    void theMatchesTrainingPlaysItsGamesOverPipes() throws IOException {
        String home = System.getProperty("kibitz.home");
        try {
            Training.main(new String[] {"match", dir.toString()});
            // Xiangqi over UCCI, then chess over UCI: each match's games played to their end by the
            // built-in engine's processes (a match whose engines never start still ends well, with none).
            String xiangqi = Files.readString(dir.resolve("match-0.pgn"));
            String chess = Files.readString(dir.resolve("match-1.pgn"));
            assertEquals(2, xiangqi.split("\\[Result ", -1).length - 1, xiangqi);
            assertEquals(4, chess.split("\\[Result ", -1).length - 1, chess);
            assertTrue(xiangqi.contains("[Red \"A\"]") || xiangqi.contains("[Red \"B\"]"), "a xiangqi game");
            assertTrue(Files.readString(dir.resolve("engine-ucci")).contains("--protocol' 'ucci'"), "over UCCI");
            assertTrue(Files.readString(dir.resolve("engine-uci")).contains("--protocol' 'uci'"), "over UCI");
            for (String pgn : new String[] {xiangqi, chess}) {
                var plies = java.util.regex.Pattern.compile("\\[PlyCount \"(\\d+)\"\\]").matcher(pgn);
                int games = 0;
                while (plies.find()) {
                    games++;
                    assertTrue(Integer.parseInt(plies.group(1)) > 0, pgn);
                }
                assertTrue(games > 0, pgn);
            }
        } finally {
            if (home == null) {
                System.clearProperty("kibitz.home");
            } else {
                System.setProperty("kibitz.home", home);
            }
        }
    }

    @Test
    void aCommandLineHoldsOnlyTheCommandItRuns() throws Exception {
        try (CliHarness cli = CliHarness.open(dir)) {
            var factory = new GuiceFactory(cli.service(com.google.inject.Injector.class));
            assertEquals(java.util.Set.of("convert"),
                    org.kibitz.cli.KibitzCommand.commandLine(factory, "convert", "a.pgn", "b.pgn").getSubcommands().keySet());
            assertEquals(java.util.Set.of("evaluate", "eval"),
                    org.kibitz.cli.KibitzCommand.commandLine(factory, "--plugins", "x", "eval", "a.pgn").getSubcommands().keySet());
            // Help, a version, files to open, a mistyped command: every command, as picocli needs them.
            for (String[] args : new String[][] {{"--help"}, {}, {"game.pgn"}, {"convrt"}}) {
                assertTrue(org.kibitz.cli.KibitzCommand.commandLine(factory, args).getSubcommands().size() > 10,
                        String.join(" ", args));
            }
            // Within a group, likewise: tree query does not build tree deep (its engines and job journal).
            var query = org.kibitz.cli.KibitzCommand.commandLine(factory, "tree", "query", "--db", "d", "--moves", "e4");
            assertEquals(java.util.Set.of("tree"), query.getSubcommands().keySet());
            assertEquals(java.util.Set.of("query"), query.getSubcommands().get("tree").getSubcommands().keySet());
            var bench = org.kibitz.cli.KibitzCommand.commandLine(factory, "--plugins=x", "bench", "tree", "--scale=0");
            assertEquals(java.util.Set.of("tree"), bench.getSubcommands().get("bench").getSubcommands().keySet());
            // A group's help, the group alone, a mistyped subcommand: all of the group's subcommands.
            for (String[] args : new String[][] {{"tree", "--help"}, {"tree"}, {"tree", "qury"}}) {
                assertEquals(java.util.Set.of("import", "query", "deep"), org.kibitz.cli.KibitzCommand.commandLine(factory, args)
                        .getSubcommands().get("tree").getSubcommands().keySet(), String.join(" ", args));
            }
            assertEquals(java.util.Set.of("make", "probe"), org.kibitz.cli.KibitzCommand.commandLine(factory, "--help")
                    .getSubcommands().get("book").getSubcommands().keySet());
        }
    }
}
