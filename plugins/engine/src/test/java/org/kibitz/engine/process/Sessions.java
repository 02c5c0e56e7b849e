package org.kibitz.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/** What the process tests share: the real games and protocol clients, an event recorder, legality checks, peers. */
final class Sessions {

    static final Games GAMES;

    static {
        List<GamePlugin> found = new ArrayList<>();
        ServiceLoader.load(GamePlugin.class).forEach(found::add);
        GAMES = Games.of(found);
    }

    private Sessions() {
    }

    static GamePlugin game(String id) {
        return GAMES.byId(id).orElseThrow();
    }

    static ProtocolPlugin protocol(String id) {
        for (ProtocolPlugin p : ServiceLoader.load(ProtocolPlugin.class)) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        throw new AssertionError("no protocol plugin " + id + " on the class path");
    }

    static Position fen(GamePlugin game, String fen) {
        try {
            return game.parseFen(fen);
        } catch (FenException e) {
            throw new AssertionError(e);
        }
    }

    static List<Move> moves(GamePlugin game, Position from, String... coordinates) {
        List<Move> out = new ArrayList<>();
        Position p = from;
        for (String c : coordinates) {
            Move m = Move.parseCoordinates(c, game.coordinateRankBase());
            assertTrue(p.isLegal(m), c + " legal in " + p.fen());
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    /** Keeps every event of a session. */
    static final class Recorder implements EngineListener {
        final List<EngineEvent> events = new CopyOnWriteArrayList<>();

        @Override
        public void onEvent(EngineEvent event) {
            events.add(event);
        }

        <T extends EngineEvent> List<T> of(Class<T> type) {
            return events.stream().filter(type::isInstance).map(type::cast).toList();
        }

        void clear() {
            events.clear();
        }
    }

    /** The best move and every reported PV are legal from {@code root}. */
    static void assertLegal(Position root, BestMove best, List<AnalysisUpdate> updates) {
        assertTrue(best.move().isPresent(), "a best move");
        assertTrue(root.isLegal(best.move().get()), best + " legal in " + root.fen());
        best.ponder().ifPresent(p -> assertTrue(root.play(best.move().get()).isLegal(p), "ponder move legal"));
        for (AnalysisUpdate u : updates) {
            assertEquals(root.fen(), u.position().fen());
            Position p = u.position();
            for (Move m : u.pv()) {
                assertTrue(p.isLegal(m), m + " legal in " + p.fen());
                p = p.play(m);
            }
        }
    }

    /** A peer engine from the PATH or /usr/games; skips, or fails in CI, when it is not installed. */
    static String requireEngine(String program) {
        Optional<Path> found = Optional.empty();
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.add("/usr/games");
        for (String d : dirs) {
            Path p = Path.of(d, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                found = Optional.of(p);
                break;
            }
        }
        if (found.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail(program + " is not installed, and CI installs it");
            }
            assumeTrue(false, program + " is not installed");
        }
        return found.get().toString();
    }
}
