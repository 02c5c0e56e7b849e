package org.kibitz.workbench.board;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.game.GameKeys;
import org.kibitz.core.GameDocument;
import org.kibitz.workbench.Icons;

/**
 * The board pane: the document's position on a {@link BoardView}, moves played on it go into the
 * game (a new variation where the game went another way), and a bar with the navigation buttons,
 * the flip button and who is to move (or how the game ended).
 */
public final class BoardPane extends BorderPane {

    private final GameDocument document;
    private final BoardController controller;
    private final I18n i18n;
    private final Consumer<String> status;
    private final BoardView board = new BoardView();
    private final Label state = new Label();
    private GamePlugin shownGame;

    public BoardPane(GameDocument document, BoardController controller, I18n i18n, Consumer<String> status) {
        this.document = document;
        this.controller = controller;
        this.i18n = i18n;
        this.status = status;
        setId("board-pane");
        getStyleClass().add("board-pane");
        board.setId("board");
        StackPane holder = new StackPane(board);
        holder.setPadding(new Insets(6));
        holder.getStyleClass().add("board-holder");
        setCenter(holder);
        setBottom(toolbar());

        board.setOnMove(this::played);
        board.setOnRefused(this::refused);
        board.setFlipped(controller.isFlipped());
        controller.flippedProperty().addListener((o, a, b) -> board.setFlipped(b));
        controller.arrowsRevisionProperty().addListener((o, a, b) -> showArrows());
        i18n.localeProperty().addListener((o, a, b) -> {
            board.setRiverText(i18n.get("board.river.left"), i18n.get("board.river.right"));
            showState();
        });
        board.setRiverText(i18n.get("board.river.left"), i18n.get("board.river.right"));
        document.addListener((d, change) -> {
            if (change != GameDocument.Change.FILE && change != GameDocument.Change.ANALYSIS) {
                show();
            }
        });
        GameKeys.install(this, document);
        // The board has the keys first: a text field elsewhere taking the focus would swallow the arrows.
        sceneProperty().addListener((o, a, scene) -> {
            if (scene != null && a == null) {
                javafx.application.Platform.runLater(board::requestFocus);
            }
        });
        show();
    }

    public BoardView board() {
        return board;
    }

    private Region toolbar() {
        Button first = button("board-first", "mdi2p-page-first", "board.first", document::toStart);
        Button back = button("board-back", "mdi2c-chevron-left", "board.back", document::back);
        Button forward = button("board-forward", "mdi2c-chevron-right", "board.forward", document::forward);
        Button last = button("board-last", "mdi2p-page-last", "board.last", document::toEnd);
        Button flip = button("board-flip", "mdi2s-swap-vertical", "board.flip", () -> controller.setFlipped(!controller.isFlipped()));
        state.setId("board-state");
        state.getStyleClass().add("board-state");
        HBox bar = new HBox(2, first, back, forward, last, spring(), state, spring(), flip);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(2, 6, 4, 6));
        bar.getStyleClass().add("board-toolbar");
        return bar;
    }

    private static Region spring() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }

    private Button button(String id, String icon, String tipKey, Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.setGraphic(Icons.of(icon));
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(i18n.text(tipKey));
        b.setTooltip(tip);
        b.setFocusTraversable(false);
        b.getStyleClass().add("flat");
        b.setOnAction(e -> action.run());
        return b;
    }

    private void show() {
        if (shownGame != document.game()) {
            shownGame = document.game();
            board.setGame(shownGame);
        }
        GameNode at = document.cursor();
        board.setPosition(at.position(), at.move(), controller.arrowsFor(at.position()));
        showState();
    }

    private void showArrows() {
        board.setArrows(controller.arrowsFor(document.position()));
    }

    private void showState() {
        Position p = document.position();
        Optional<Outcome> outcome = outcome();
        String text;
        if (outcome.isPresent()) {
            Outcome o = outcome.get();
            String result = o.winner().map(w -> i18n.get("board.wins", sideName(w))).orElse(i18n.get("board.draw"));
            text = result + " · " + i18n.get("termination." + o.termination().name());
        } else {
            text = i18n.get(p.inCheck() ? "board.toMoveInCheck" : "board.toMove", sideName(p.sideToMove()));
        }
        state.setText(text);
    }

    /** How the game stands at the cursor, with the rules that need the line's history. */
    private Optional<Outcome> outcome() {
        Position p = document.position();
        Optional<Outcome> own = p.outcome();
        if (own.isPresent()) {
            return own;
        }
        List<Position> line = new ArrayList<>();
        line.add(document.tree().startPosition());
        for (GameNode n : document.cursor().pathFromRoot()) {
            line.add(n.position());
        }
        try {
            return document.game().adjudicate(line);
        } catch (RuntimeException e) {
            // A line with a null move in it is no game history the rules can judge.
            return Optional.empty();
        }
    }

    private String sideName(org.kibitz.api.game.Side side) {
        String key = "side." + document.game().id() + "." + side.name();
        String s = i18n.get(key);
        return s.equals(key) ? i18n.get("side." + side.name()) : s;
    }

    private void played(Move move) {
        try {
            GameNode before = document.cursor();
            boolean newBranch = !before.children().isEmpty() && before.child(move).isEmpty();
            document.play(move);
            if (newBranch) {
                status.accept(i18n.get("board.variationAdded", name(before, move)));
            }
        } catch (IllegalArgumentException e) {
            status.accept(i18n.get("board.illegal", move.coordinates(document.game().coordinateRankBase())));
        }
    }

    private String name(GameNode before, Move move) {
        try {
            return document.game().notations().get(0).format(before.position(), move);
        } catch (RuntimeException e) {
            return move.coordinates(document.game().coordinateRankBase());
        }
    }

    private void refused(Square from, Square to) {
        int base = document.game().coordinateRankBase();
        status.accept(i18n.get("board.illegal", from.name(base) + to.name(base)));
    }
}
