package org.kibitz.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import com.google.inject.Injector;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;

/**
 * The work the launcher records once after each build, so that later command-line runs start
 * from a cache of loaded, linked and profiled classes (JDK 25's ahead-of-time cache, or a
 * class-data archive on older JDKs) instead of each learning it again: see decision 0010.
 *
 * <p>It runs the commands scripts run most, on games it makes up itself (random legal games,
 * from a fixed seed, so every build trains on the same thing and no file outside the build is
 * needed): conversions of chess in SAN and of a few xiangqi games in ICCS and Chinese notation.
 * Not the help or the plugin list: every class in the cache is loaded at every start, and the
 * classes of all the commands the help lists made each start 25 ms slower (a 30 MB cache against
 * 23 MB); those commands load theirs from the jars. Everything happens in a folder the launcher
 * removes afterwards; the user's settings, engines and analysis store are not touched.
 */
public final class Training {

    /** Games of each kind converted: enough for the hot paths to be compiled and profiled. */
    static final int GAMES = 600;
    static final int MAX_PLIES = 130;
    /** Games of each other game and notation: enough to load their classes, too few to count in the profiles. */
    static final int OTHER_GAMES = 6;

    private Training() {
    }

    /**
     * {@code make DIR}: writes the training games into DIR; {@code run DIR}: runs the commands on
     * them. Two processes, and only the second one recorded: making the games plays and writes
     * them through the same code the conversions run, and its profiles, recorded too, were a
     * twentieth of a later conversion's time.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !(args[0].equals("make") || args[0].equals("run") || args[0].equals("match"))) {
            throw new IllegalArgumentException("usage: Training make|run|match DIR");
        }
        Path dir = Path.of(args[1]);
        System.setProperty("kibitz.home", dir.resolve("home").toString());
        if (args[0].equals("match")) {
            match(dir);
            return;
        }
        try (PluginSet plugins = PluginDiscovery.discover(Training.class.getClassLoader(), Optional.empty(),
                com.google.inject.Module.class)) {
            Injector injector = Main.createInjector(plugins, KibitzPaths.current());
            Games games = injector.getInstance(Games.class);
            List<TrainingFile> files = files(dir, games);
            if (args[0].equals("make")) {
                make(files, injector.getInstance(Formats.class).byId("pgn").orElseThrow(), games);
            } else {
                run(files, dir);
            }
        }
    }

    /** A file of training games: which game, in which notation, where. */
    private record TrainingFile(GamePlugin game, String notation, Path path) {
    }

    /**
     * The training files in the order {@link #run} converts them. Chess, and just enough of the
     * other games to have their classes in the cache: the profiles recorded are where the compilers
     * start from, and a chess file converted after a training that was half xiangqi, or that ran
     * perft, took a twentieth longer (calls to the notation and the position were no longer of one
     * class). So the others come first, and chess last and most.
     */
    private static List<TrainingFile> files(Path dir, Games games) {
        List<TrainingFile> files = new java.util.ArrayList<>();
        GamePlugin chess = null;
        for (GamePlugin game : games.all()) {
            if (game.id().equals("chess")) {
                chess = game;
                continue;
            }
            List<String> notations = game.id().equals("xiangqi") ? List.of("iccs", "chinese")
                    : List.of(game.notations().get(0).id());
            for (String notation : notations) {
                files.add(new TrainingFile(game, notation, dir.resolve(game.id() + "-" + notation + ".pgn")));
            }
        }
        if (chess != null) {
            files.add(new TrainingFile(chess, "san", dir.resolve("chess-san.pgn")));
        }
        return files;
    }

    private static void make(List<TrainingFile> files, FormatPlugin pgn, Games games) throws IOException {
        // Made in the games' order (the random stream is shared), converted in the files' order.
        Random random = new Random(20261125L);
        for (GamePlugin game : games.all()) {
            for (TrainingFile f : files) {
                if (f.game() == game) {
                    write(f.path(), pgn, games, game, f.notation(), game.id().equals("chess") ? GAMES : OTHER_GAMES, random);
                }
            }
        }
    }

    private static void run(List<TrainingFile> files, Path dir) {
        int n = 0;
        for (TrainingFile f : files) {
            run("convert", f.path().toString(), dir.resolve("out-" + n++ + ".pgn").toString());
        }
    }

    /**
     * Random legal games of one game, written in one notation, made to look like real ones where
     * that changes which code runs hot: tags with values, castling taken when it is there (random
     * play almost never castles, and code the training never ran is compiled as a trap that
     * deoptimizes on first use), and lengths of real games.
     */
    private static void write(Path file, FormatPlugin pgn, Games games, GamePlugin game, String notation, int count,
                              Random random) throws IOException {
        WriteContext context = new WriteContext(games, Optional.of(notation), StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(file); GameWriter writer = pgn.writer(out, context)) {
            for (int g = 0; g < count; g++) {
                GameTree tree = new GameTree(game.startPosition());
                tree.tags().put("Event", "Training " + (g % 7));
                tree.tags().put("Site", "Kibitz");
                tree.tags().put("Date", (1900 + g % 120) + ".0" + (1 + g % 9) + ".1" + g % 10);
                tree.tags().put("Round", Integer.toString(1 + g % 13));
                tree.tags().put(game.id().equals("xiangqi") ? "Red" : "White", "Player " + random.nextInt(100) + ", A.");
                tree.tags().put("Black", "Player " + random.nextInt(100) + ", B.");
                tree.tags().put("ECO", (char) ('A' + g % 5) + String.format("%02d", g % 100));
                GameNode node = tree.root();
                int plies = 30 + random.nextInt(MAX_PLIES - 30);
                for (int ply = 0; ply < plies; ply++) {
                    Position p = node.position();
                    List<Move> moves = p.legalMoves();
                    if (moves.isEmpty()) {
                        break;
                    }
                    node = node.addChild(pick(p, moves, random));
                }
                writer.write(tree);
            }
        }
    }

    /** A random move, but a castling move when there is one (as players nearly always do). */
    private static Move pick(Position p, List<Move> moves, Random random) {
        for (Move m : moves) {
            if (Math.abs(m.from().file() - m.to().file()) >= 2
                    && p.pieceAt(m.from()).map(piece -> piece.type() == 'K').orElse(false)
                    && random.nextInt(4) > 0) {
                return m;
            }
        }
        return moves.get(random.nextInt(moves.size()));
    }

    /**
     * {@code match DIR}: what matches, tournaments and {@code bench match} start from (decision 0039):
     * short matches of the built-in engine against itself, run as a process over pipes as an outside
     * engine is, so that the runner's own code (the engines' readers, the sessions, the arbiter, the
     * clocks, the PGN and the journal) is loaded, linked and profiled before a real match begins.
     * Xiangqi over UCCI first, then chess over UCI, last and most: the profiles recorded last are
     * what the compilers start from, and most matches are chess over UCI.
     */
    private static void match(Path dir) throws IOException {
        Files.createDirectories(dir);
        String[][] matches = {{"xiangqi", "ucci", "2"}, {"chess", "uci", "4"}};
        int n = 0;
        for (String[] m : matches) {
            String engine = engineScript(dir, m[1]).toString();
            run("match", "--game", m[0],
                    "--engine", engine, "name=A", "proto=" + m[1], "--engine", engine, "name=B", "proto=" + m[1],
                    "--each", "tc=" + MATCH_TC, "timemargin=" + MATCH_MARGIN_MS, "--games", m[2], "--concurrency", "2",
                    "--journal", dir.resolve("match-" + n + ".jsonl").toString(),
                    "--pgnout", dir.resolve("match-" + n + ".pgn").toString());
            // A match whose engines would not start still ends well: it must have played its games.
            Path pgn = dir.resolve("match-" + n + ".pgn");
            long played = Files.exists(pgn) ? Files.readAllLines(pgn, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("[Result ")).count() : 0;
            if (played != Integer.parseInt(m[2])) {
                throw new IOException("training match " + String.join(" ", m) + " played " + played + " games");
            }
            n++;
        }
    }

    /** The clock of the training matches: a few seconds a game, as short as a real engine's games at a fast control. */
    static final String MATCH_TC = "2+0.02";
    /**
     * Their time margin: the built-in engine is a JVM that compiles as it plays, and on a busy machine
     * it ran over a clock this short in every game; a game lost on time trains less of the runner.
     */
    static final int MATCH_MARGIN_MS = 5000;

    /** A script that starts the built-in engine's process over {@code protocol}: a program, as a match takes one. */
    private static Path engineScript(Path dir, String protocol) throws IOException {
        Path script = dir.resolve("engine-" + protocol);
        StringBuilder line = new StringBuilder("exec");
        List<String> command = new java.util.ArrayList<>(org.kibitz.engine.BuiltinEngine.command(protocol));
        // The engine starts in its own folder: its class path must not depend on ours.
        int cp = command.indexOf("-cp") + 1;
        StringBuilder absolute = new StringBuilder();
        for (String entry : command.get(cp).split(java.io.File.pathSeparator)) {
            absolute.append(absolute.isEmpty() ? "" : java.io.File.pathSeparator).append(Path.of(entry).toAbsolutePath());
        }
        command.set(cp, absolute.toString());
        for (String word : command) {
            line.append(" '").append(word.replace("'", "'\\''")).append('\'');
        }
        Files.writeString(script, "#!/bin/sh\n" + line + "\n", StandardCharsets.UTF_8);
        if (!script.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + script + " executable");
        }
        return script;
    }

    private static void run(String... args) {
        PrintWriter sink = new PrintWriter(Writer.nullWriter());
        int exit = Main.run(args, sink, sink);
        if (exit > 1) {
            throw new UncheckedIOException(new IOException("training command failed (" + exit + "): " + String.join(" ", args)));
        }
    }
}
