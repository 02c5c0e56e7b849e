package org.kibitz.workbench.evaluate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.GameOrigin;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.jobs.JobJournal;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.files.GameList;

/**
 * The games a batch of the workbench reads (the game on the board, the listed file, the games selected
 * in the list) and the way back from a batch's result to its game on the board. One per window, shared
 * by the evaluation and the comparison, so that the board's game written for one is known to both.
 * Used on the FX thread.
 */
public final class BatchGames {

    /** A game of a file: the file and the game's number in it, from 1. */
    public record Key(Path file, int game) {
    }

    /** What a batch reads: one file and which of its games. */
    record Target(Path file, GameSelection selection) {
    }

    private final GameFiles files;
    private final Path runs;
    private final GameDocument document;
    private final GameList list;
    private final I18n i18n;
    private final Function<GameFiles.Entry, CompletableFuture<Boolean>> openGame;
    /** Files written from the board's game (it was new or changed), and the tree each was written from. */
    private final Map<Path, GameTree> boardCopies = new HashMap<>();

    /**
     * @param runs     the data folder's {@code runs/}, where the board's game is written when it has no file of its own
     * @param openGame opens a game of the listed file on the board
     */
    public BatchGames(GameFiles files, Path runs, GameDocument document, GameList list, I18n i18n,
                      Function<GameFiles.Entry, CompletableFuture<Boolean>> openGame) {
        this.files = Objects.requireNonNull(files, "files");
        this.runs = Objects.requireNonNull(runs, "runs");
        this.document = Objects.requireNonNull(document, "document");
        this.list = Objects.requireNonNull(list, "list");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        this.openGame = Objects.requireNonNull(openGame, "openGame");
    }

    public GameFiles files() {
        return files;
    }

    public Path runs() {
        return runs;
    }

    /** Whether {@code scope} has games now. */
    public boolean available(EvaluateUi.Scope scope) {
        return switch (scope) {
            case GAME -> document.tree().mainline().size() > 0;
            case FILE -> list.file().isPresent() || document.origin().isPresent();
            case SELECTED -> list.file().isPresent() && !list.selected().isEmpty();
        };
    }

    /** The file and games {@code scope} stands for now; the board's game is written to a file of its own when it has none. */
    Target target(EvaluateUi.Scope scope) throws IOException {
        return switch (scope) {
            case FILE -> new Target(list.file().map(GameFiles.OpenedFile::file).or(() -> document.origin().map(GameOrigin::file))
                    .orElseThrow(() -> new IOException(i18n.get("evaluate.noFile"))), GameSelection.ALL);
            case SELECTED -> new Target(list.file().map(GameFiles.OpenedFile::file)
                    .orElseThrow(() -> new IOException(i18n.get("evaluate.noFile"))),
                    numbers(list.selected().stream().map(GameFiles.Entry::gameNumber).toList()));
            case GAME -> {
                Optional<GameOrigin> o = document.origin();
                if (o.isPresent() && !document.modified() && Files.isRegularFile(o.get().file())) {
                    yield new Target(o.get().file(), numbers(List.of(o.get().gameNumber())));
                }
                yield new Target(boardCopy(), GameSelection.ALL);
            }
        };
    }

    private static GameSelection numbers(List<Integer> games) {
        List<GameSelection.Range> ranges = games.stream().sorted().map(n -> new GameSelection.Range(n, n)).toList();
        return new GameSelection(ranges, 1, GameSelection.SideFilter.BOTH, Optional.empty());
    }

    /**
     * The board's game written to {@code runs/} under a name made from its content, so the same game
     * is the same file (and the same run, resumable) and a run never reads a file being rewritten.
     */
    private Path boardCopy() throws IOException {
        GameTree tree = document.tree();
        Files.createDirectories(runs);
        String ext = "pgn";
        FormatPlugin format = files.formatForSaving(Path.of("game." + ext), document.game().id())
                .orElseThrow(() -> new IOException("no format writes " + document.game().id()));
        Path tmp = Files.createTempFile(runs, "board-", "." + ext);
        files.write(tmp, format, tree, false);
        Path file = runs.resolve("board-" + JobJournal.digest(tmp).substring(0, 16) + "." + ext);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        boardCopies.put(file, tree);
        return file;
    }

    /** The game on the board as a batch knows it, when it came from a file or was written for a batch. */
    public Optional<Key> keyOfBoard() {
        for (var e : boardCopies.entrySet()) {
            if (e.getValue() == document.tree()) {
                return Optional.of(new Key(e.getKey(), 1));
            }
        }
        return document.origin().map(o -> new Key(o.file(), o.gameNumber()));
    }

    /** Whether the board shows the game {@code key}. */
    public boolean showing(Key key) {
        GameTree copied = boardCopies.get(key.file());
        if (copied != null) {
            return copied == document.tree() && key.game() == 1;
        }
        return document.origin().filter(o -> o.file().equals(key.file()) && o.gameNumber() == key.game()).isPresent();
    }

    /** The node of {@code tree}'s main line after {@code ply} moves; null past its end. */
    public static GameNode nodeAt(GameTree tree, int ply) {
        if (ply == 0) {
            return tree.root();
        }
        List<GameNode> line = tree.mainline();
        return ply <= line.size() ? line.get(ply - 1) : null;
    }

    /** Opens the game {@code key} on the board (a game of the listed file); true when it is there. */
    public CompletableFuture<Boolean> open(Key key) {
        if (showing(key)) {
            return CompletableFuture.completedFuture(true);
        }
        Optional<GameFiles.Entry> entry = list.file().filter(f -> f.file().equals(key.file()))
                .flatMap(f -> f.entries().stream().filter(e -> e.gameNumber() == key.game()).findFirst());
        return entry.map(openGame).orElse(CompletableFuture.completedFuture(false));
    }

    /**
     * Goes to the position after {@code ply} moves of game {@code key}: on the board when the game is
     * there, else after opening it. Completes with the node gone to, on the FX thread.
     */
    public CompletableFuture<Optional<GameNode>> goTo(Key key, int ply) {
        CompletableFuture<Optional<GameNode>> done = new CompletableFuture<>();
        Runnable go = () -> {
            GameNode node = showing(key) ? nodeAt(document.tree(), ply) : null;
            if (node != null) {
                document.goTo(node);
            }
            done.complete(Optional.ofNullable(node));
        };
        if (showing(key)) {
            go.run();
        } else {
            open(key).whenComplete((ok, x) -> javafx.application.Platform.runLater(go));
        }
        return done;
    }

    /** Whether the board's main line is {@code coords} (the game a batch evaluated, not edited since). */
    public boolean sameMoves(List<String> coords) {
        List<GameNode> line = document.tree().mainline();
        int base = document.game().coordinateRankBase();
        if (line.size() != coords.size()) {
            return false;
        }
        for (int i = 0; i < line.size(); i++) {
            if (!line.get(i).move().map(m -> m.coordinates(base)).orElse("").equals(coords.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * One position's evaluation into its main-line node of {@code tree}, as a kept engine line (unless a
     * deeper one of the same engine is kept), and as the node's {@code [%eval]} when {@code asEval}.
     *
     * @return whether the node changed
     */
    public boolean put(GameTree tree, String engine, PositionEval e, boolean asEval) {
        Optional<Score> score = e.sideToMoveScore();
        if (score.isEmpty() || e.status() == PositionEval.Status.TERMINAL) {
            return false;
        }
        GameNode node = nodeAt(tree, e.ply());
        if (node == null) {
            return false;
        }
        Position p = node.position();
        int base = files.games().byId(p.gameId()).map(GamePlugin::coordinateRankBase).orElse(0);
        List<Move> pv = new ArrayList<>();
        Position at = p;
        for (String c : e.pv()) {
            try {
                Move m = Move.parseCoordinates(c, base);
                if (!at.isLegal(m)) {
                    break;
                }
                pv.add(m);
                at = at.play(m);
            } catch (RuntimeException ex) {
                break;
            }
        }
        for (NodeAnalysis a : node.analysis()) {
            if (a.engine().equals(engine) && a.multipv() == 1 && a.depth() > e.depth()) {
                return false; // something deeper is kept
            }
        }
        node.putAnalysis(new NodeAnalysis(engine, e.depth(), 1, score.get(), Optional.empty(), e.nodes(),
                Duration.ofMillis(e.timeMs()), pv, Instant.now()));
        if (asEval) {
            node.setEvalForWhite(score.get().forWhite(p.sideToMove()));
        }
        return true;
    }
}
