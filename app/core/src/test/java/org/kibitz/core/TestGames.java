package org.kibitz.core;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.ServiceLoader;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.chess.ChessPlugin;
import org.kibitz.xiangqi.XiangqiPlugin;

/** Games, formats and files the workbench tests share. */
public final class TestGames {

    public static final GamePlugin CHESS = new ChessPlugin();
    public static final GamePlugin XIANGQI = new XiangqiPlugin();
    public static final Games GAMES = Games.of(List.of(CHESS, XIANGQI));

    private TestGames() {
    }

    /** Every format plugin on the class path, as the application finds them. */
    public static Formats formats() {
        return new Formats(ServiceLoader.load(FormatPlugin.class).stream().map(ServiceLoader.Provider::get).toList());
    }

    public static GameFiles files() {
        return new GameFiles(GAMES, formats());
    }

    /**
     * A file of the test resources' {@code games} folder. The core's own tests read it in place; the
     * modules above get it inside the core's test-jar, so it is copied out to a file once.
     */
    public static synchronized Path resource(String name) {
        try {
            java.net.URL url = TestGames.class.getResource("/games/" + name);
            if (url == null) {
                throw new IllegalArgumentException("no test resource games/" + name);
            }
            if (url.getProtocol().equals("file")) {
                return Path.of(url.toURI());
            }
            if (copies == null) {
                copies = java.nio.file.Files.createTempDirectory("kibitz-test-games");
                copies.toFile().deleteOnExit();
            }
            Path copy = copies.resolve(name);
            if (!java.nio.file.Files.exists(copy)) {
                try (java.io.InputStream in = url.openStream()) {
                    java.nio.file.Files.copy(in, copy);
                }
                copy.toFile().deleteOnExit();
            }
            return copy;
        } catch (Exception e) {
            throw new IllegalStateException(name, e);
        }
    }

    private static Path copies;

    /** A file of the repository's test data (testdata/). */
    public static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata"), relative);
    }

    /**
     * A long random game of mostly quiet moves (the same for a seed) with a variation every {@code variationEvery} plies,
     * each a few moves long: a big tree for speed and layout checks.
     */
    public static GameTree randomGame(GamePlugin game, long seed, int plies, int variationEvery) {
        Random rnd = new Random(seed);
        GameTree tree = new GameTree(game.startPosition());
        GameNode n = tree.root();
        for (int i = 0; i < plies; i++) {
            List<Move> moves = n.position().legalMoves();
            if (moves.isEmpty()) {
                break;
            }
            GameNode parent = n;
            // Mostly quiet moves, so that the game keeps its pieces and runs long.
            List<Move> quiet = moves.stream().filter(m -> !parent.position().isCapture(m)).toList();
            List<Move> pool = !quiet.isEmpty() && rnd.nextInt(100) < 90 ? quiet : moves;
            n = n.addChild(pool.get(rnd.nextInt(pool.size())));
            if (variationEvery > 0 && i % variationEvery == variationEvery - 1 && moves.size() > 1) {
                GameNode v = parent;
                for (Move alt : moves) {
                    if (!alt.equals(n.move().orElseThrow())) {
                        v = parent.addChild(alt);
                        break;
                    }
                }
                for (int k = 0; k < 4 && !v.position().legalMoves().isEmpty(); k++) {
                    List<Move> vm = v.position().legalMoves();
                    v = v.addChild(vm.get(rnd.nextInt(vm.size())));
                }
            }
        }
        return tree;
    }
}
