package org.kibitz.workbench.moves;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Dialog;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.shape.Rectangle;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.util.StringConverter;
import org.controlsfx.control.SegmentedButton;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Notation;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.game.GameKeys;
import org.kibitz.core.GameDocument;
import org.kibitz.core.MoveNames;
import org.kibitz.core.MoveText;
import org.kibitz.core.Nags;

/**
 * The move list: the document's whole tree in the chosen notation, with comments, annotation glyphs
 * and variations (indented or inline), the current move highlighted. Click a move to go there;
 * the arrow keys step through the game; a move's context menu promotes or deletes its variation and
 * edits its comment and glyphs.
 *
 * <p>Built for long games: the text is laid out headless ({@link MoveText}) into paragraphs shown
 * in a virtualised list, so only the paragraphs on screen exist as nodes, and moving the cursor
 * restyles two labels instead of rebuilding anything.
 */
public final class MovesPane extends BorderPane {

    private final GameDocument document;
    private final MoveListOptions options;
    private final I18n i18n;
    private final Consumer<String> status;
    private final ListView<MoveText.Paragraph> list = new ListView<>();
    private final ObservableList<MoveText.Paragraph> paragraphs = FXCollections.observableArrayList();
    private final ComboBox<Notation> notationBox = new ComboBox<>();
    private final Label header = new Label();
    private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
    /** The moves on screen now, by node. */
    private final Map<GameNode, Text> shown = new IdentityHashMap<>();
    /** Which paragraph holds each node's move. */
    private final Map<GameNode, Integer> paragraphOf = new HashMap<>();
    /** Every cell the list made (a few dozen: the list reuses them). */
    private final List<ParagraphCell> cells = new ArrayList<>();
    private MoveNames names;
    private GamePlugin namesGame;
    private Text current;
    private ParagraphCell currentCell;

    public MovesPane(GameDocument document, MoveListOptions options, I18n i18n, Consumer<String> status) {
        this.document = document;
        this.options = options;
        this.i18n = i18n;
        this.status = status;
        setId("moves-pane");
        getStyleClass().add("moves-pane");

        list.setId("moves-list");
        list.getStyleClass().add("moves-list");
        list.setItems(paragraphs);
        list.setCellFactory(v -> {
            ParagraphCell c = new ParagraphCell();
            cells.add(c);
            return c;
        });
        list.setSelectionModel(new NoSelectionModel<>());
        list.setFocusTraversable(true);
        setCenter(list);
        setTop(top());
        GameKeys.install(list, document);

        document.addListener((d, change) -> {
            switch (change) {
                case CURSOR -> showCursor();
                case TREE, GAME -> rebuild();
                case FILE -> { }
            }
        });
        options.revisionProperty().addListener((o, a, b) -> rebuild());
        i18n.localeProperty().addListener((o, a, b) -> showHeader());
        rebuild();
    }

    /** The list, for tests. */
    public ListView<MoveText.Paragraph> list() {
        return list;
    }

    /** The text showing a node's move, if it is on screen. */
    public Optional<Text> moveTextOf(GameNode node) {
        return Optional.ofNullable(shown.get(node));
    }

    /** Whether a node's move is marked as the current one on screen. */
    public boolean isMarkedCurrent(GameNode node) {
        Text t = shown.get(node);
        return t != null && t == current && t.getPseudoClassStates().contains(CURRENT);
    }

    /** Scrolls so that {@code node}'s move is on screen. */
    public void reveal(GameNode node) {
        Integer i = paragraphOf.get(node);
        if (i != null) {
            ensureVisible(node, i);
        }
    }

    private javafx.scene.control.ListCell<Notation> notationCell() {
        return new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Notation n, boolean empty) {
                super.updateItem(n, empty);
                textProperty().unbind();
                if (empty || n == null) {
                    setText(null);
                } else {
                    textProperty().bind(i18n.text("notation." + n.id()));
                }
            }
        };
    }

    private StringConverter<Notation> notationNames() {
        return new StringConverter<>() {
            @Override
            public String toString(Notation n) {
                return n == null ? "" : i18n.get("notation." + n.id());
            }

            @Override
            public Notation fromString(String s) {
                return null;
            }
        };
    }

    private Region top() {
        notationBox.setId("moves-notation");
        notationBox.setFocusTraversable(false);
        notationBox.setConverter(notationNames());
        // Cells whose text is bound to the language: a combo renders its shown value once, and a
        // switch of language must rename it at once.
        notationBox.setCellFactory(list -> notationCell());
        notationBox.setButtonCell(notationCell());
        notationBox.setOnAction(e -> {
            Notation n = notationBox.getValue();
            if (n != null && namesGame != null) {
                options.setNotation(namesGame, n);
            }
        });
        ToggleButton indented = new ToggleButton();
        indented.setId("moves-indented");
        indented.textProperty().bind(i18n.text("moves.layout.indented"));
        ToggleButton inline = new ToggleButton();
        inline.setId("moves-inline");
        inline.textProperty().bind(i18n.text("moves.layout.inline"));
        SegmentedButton layout = new SegmentedButton(indented, inline);
        layout.getButtons().forEach(b -> b.setFocusTraversable(false));
        (options.style() == MoveText.Style.INLINE ? inline : indented).setSelected(true);
        indented.setOnAction(e -> {
            indented.setSelected(true);
            options.setStyle(MoveText.Style.INDENTED);
        });
        inline.setOnAction(e -> {
            inline.setSelected(true);
            options.setStyle(MoveText.Style.INLINE);
        });
        options.revisionProperty().addListener((o, a, b) ->
                (options.style() == MoveText.Style.INLINE ? inline : indented).setSelected(true));

        // A flow, not a row: in a narrow pane the two controls wrap instead of being cut to nothing.
        notationBox.setMinWidth(Region.USE_PREF_SIZE);
        layout.setMinWidth(Region.USE_PREF_SIZE);
        javafx.scene.layout.FlowPane bar = new javafx.scene.layout.FlowPane(10, 4, notationBox, layout);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        header.setId("moves-header");
        header.getStyleClass().add("moves-header");
        header.setWrapText(true);
        header.setPadding(new Insets(0, 8, 4, 8));
        return new VBox(bar, header);
    }

    private void rebuild() {
        GamePlugin game = document.game();
        Notation notation = options.notation(game);
        if (names == null || namesGame != game || !names.notation().id().equals(notation.id())) {
            names = new MoveNames(notation, game.coordinateRankBase());
        }
        if (namesGame != game || !notationBox.getItems().equals(game.notations())) {
            notationBox.getItems().setAll(game.notations());
        }
        namesGame = game;
        notationBox.setValue(notation);
        List<MoveText.Paragraph> laid = MoveText.layout(document.tree(), names, options.style());
        paragraphOf.clear();
        for (int i = 0; i < laid.size(); i++) {
            for (MoveText.Token t : laid.get(i).tokens()) {
                if (t instanceof MoveText.MoveToken m) {
                    paragraphOf.put(m.node(), i);
                }
            }
        }
        paragraphs.setAll(laid);
        showHeader();
        showCursor();
    }

    private void showHeader() {
        GameTree tree = document.tree();
        var tags = tree.tags();
        String white = known(tags.get("White").or(() -> tags.get("Red")).orElse(""));
        String black = known(tags.get("Black").orElse(""));
        List<String> parts = new ArrayList<>();
        if (!white.isBlank() || !black.isBlank()) {
            parts.add((white.isBlank() ? "?" : white) + " – " + (black.isBlank() ? "?" : black));
        }
        tags.get("Event").map(MovesPane::known).filter(s -> !s.isBlank()).ifPresent(parts::add);
        tags.get("Date").filter(s -> !s.isBlank() && !s.startsWith("?")).ifPresent(parts::add);
        tags.get("Result").filter(s -> !s.equals("*")).ifPresent(parts::add);
        header.setText(String.join(" · ", parts));
        header.setManaged(!parts.isEmpty());
        header.setVisible(!parts.isEmpty());
    }

    /** A tag's value, blank for PGN's "unknown" ({@code ?}). */
    private static String known(String value) {
        return value.strip().equals("?") || value.strip().equals("-") ? "" : value.strip();
    }

    private void showCursor() {
        GameNode at = document.cursor();
        Text t = shown.get(at);
        if (currentCell != null && (t == null || currentCell.registered.indexOf(t) < 0)) {
            currentCell.markCurrent(null);
        }
        if (t != null) {
            for (ParagraphCell c : cells) {
                if (c.registered.contains(t)) {
                    c.markCurrent(t);
                    break;
                }
            }
        }
        Integer i = paragraphOf.get(at);
        ensureVisible(at, i == null ? 0 : i);
    }

    /**
     * Scrolls the least needed to show {@code node}'s move (the top of its paragraph for the
     * start): by the move itself, not its paragraph, as a paragraph with long comments can be
     * taller than the list. Nothing scrolls when the move is in view, as scrolling rebuilds cells.
     */
    private void ensureVisible(GameNode node, int index) {
        if (paragraphs.isEmpty()) {
            return;
        }
        VirtualFlow<?> flow = (VirtualFlow<?>) list.lookup(".virtual-flow");
        if (flow == null || flow.getFirstVisibleCell() == null) {
            list.scrollTo(index);
            return;
        }
        javafx.scene.control.IndexedCell<?> cell = flow.getVisibleCell(index);
        if (cell == null) {
            flow.scrollToTop(index);
            flow.layout();
            cell = flow.getVisibleCell(index);
            if (cell == null) {
                return;
            }
        }
        Text t = shown.get(node);
        javafx.geometry.Bounds b = t != null && t.getScene() != null
                ? flow.sceneToLocal(t.localToScene(t.getBoundsInLocal()))
                : cell.getBoundsInParent();
        double margin = t != null ? 4 : 0;
        if (b.getMinY() < margin || node.isRoot()) {
            if (node.isRoot()) {
                flow.scrollToTop(index);
            } else {
                flow.scrollPixels(b.getMinY() - margin);
            }
        } else if (b.getMaxY() > flow.getHeight() - margin) {
            flow.scrollPixels(Math.min(b.getMaxY() - flow.getHeight() + margin, b.getMinY() - margin));
        }
    }

    /**
     * One paragraph of the list: plain Text nodes in a flow that wraps (a label per move would cost
     * a skin each). Behind each move lies a highlight shape, shaped when the flow is laid out and
     * made opaque for the current move: changing only its opacity changes no bounds, so stepping
     * through a game never makes the list lay itself out again.
     */
    private final class ParagraphCell extends ListCell<MoveText.Paragraph> {
        private final TextFlow flow = new TextFlow();
        private final List<Text> registered = new ArrayList<>();
        private final Map<Text, Rectangle> highlights = new IdentityHashMap<>();
        private Text marked;

        ParagraphCell() {
            getStyleClass().add("paragraph-cell");
            flow.getStyleClass().add("paragraph");
            // Wrap at the cell's own width: a cell asks its graphic for a height without giving a
            // width, so the flow must know it (the list's width would ignore its scroll bar).
            javafx.beans.binding.DoubleBinding inner = javafx.beans.binding.Bindings.createDoubleBinding(
                    () -> Math.max(40, getWidth() - getInsets().getLeft() - getInsets().getRight()),
                    widthProperty(), insetsProperty());
            flow.prefWidthProperty().bind(inner);
            flow.maxWidthProperty().bind(inner);
            setAlignment(Pos.TOP_LEFT);
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(MoveText.Paragraph p, boolean empty) {
            super.updateItem(p, empty);
            for (Text t : registered) {
                shown.remove((GameNode) t.getUserData(), t);
            }
            if (currentCell == this) {
                currentCell = null;
                current = null;
            }
            registered.clear();
            highlights.clear();
            marked = null;
            flow.getChildren().clear();
            if (empty || p == null) {
                setGraphic(null);
                return;
            }
            flow.setPadding(new Insets(1, 0, 1, 18 * p.depth()));
            flow.getStyleClass().removeIf(c -> c.startsWith("depth-"));
            flow.getStyleClass().add("depth-" + Math.min(p.depth(), 3));
            boolean space = false;
            for (MoveText.Token t : p.tokens()) {
                switch (t) {
                    case MoveText.MoveToken m -> {
                        if (space) {
                            flow.getChildren().add(new Text(" "));
                        }
                        Text num = null;
                        if (!m.number().isEmpty()) {
                            num = new Text(m.number() + " ");
                            num.getStyleClass().addAll("move-number", m.level() == 0 ? "main" : "variation");
                        }
                        Text move = moveText(m);
                        MoveChip chip = new MoveChip(num, move);
                        highlights.put(move, chip.highlight);
                        chip.setOnMouseClicked(move.getOnMouseClicked());
                        flow.getChildren().add(chip);
                        if (m.level() == 0 && options.bookMoves().contains(m.node())) {
                            // As chess.com's reports mark them: a move of the open opening tree.
                            Text label = new Text("\u00a0" + i18n.get("moves.book"));
                            label.getStyleClass().add("move-book");
                            flow.getChildren().add(label);
                        }
                        space = true;
                    }
                    case MoveText.CommentToken c -> {
                        if (space) {
                            flow.getChildren().add(new Text(" "));
                        }
                        Text text = new Text(c.text());
                        text.getStyleClass().add("move-comment");
                        text.setOnMouseClicked(e -> {
                            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                                editComment(c.node(), c.beforeMove());
                            } else if (e.getButton() == MouseButton.PRIMARY) {
                                document.goTo(c.node());
                            }
                        });
                        flow.getChildren().add(text);
                        space = true;
                    }
                    case MoveText.Punctuation q -> {
                        boolean open = q.text().equals("(");
                        if (space && !q.text().equals(")")) {
                            flow.getChildren().add(new Text(" "));
                        }
                        Text text = new Text(q.text());
                        text.getStyleClass().add(open || q.text().equals(")") ? "move-bracket" : "move-result");
                        flow.getChildren().add(text);
                        space = !open;
                    }
                }
            }
            setGraphic(flow);
            Text cur = shown.get(document.cursor());
            if (cur != null && highlights.containsKey(cur)) {
                markCurrent(cur);
            }
        }

        private Text moveText(MoveText.MoveToken m) {
            // No-break spaces: an assessment glyph stays on the line of its move.
            Text t = new Text(m.text() + m.nags().replace(' ', '\u00a0'));
            t.getStyleClass().addAll("move-token", m.level() == 0 ? "main" : "variation");
            judgementStyle(m.node().nags()).ifPresent(t.getStyleClass()::add);
            t.setUserData(m.node());
            // The secondary button as well as the platform's trigger: not every platform sends both.
            t.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY) {
                    document.goTo(m.node());
                    list.requestFocus();
                } else if (e.getButton() == MouseButton.SECONDARY) {
                    showMenu(t, m.node(), e.getScreenX(), e.getScreenY());
                }
                e.consume();
            });
            t.setOnContextMenuRequested(e -> {
                showMenu(t, m.node(), e.getScreenX(), e.getScreenY());
                e.consume();
            });
            shown.put(m.node(), t);
            registered.add(t);
            return t;
        }

        /** Marks {@code t} (one of this cell's moves) as the current move, or none when null. */
        void markCurrent(Text t) {
            if (marked != null) {
                marked.pseudoClassStateChanged(CURRENT, false);
                highlights.get(marked).setOpacity(0);
            }
            marked = t;
            if (t != null) {
                if (currentCell != null && currentCell != this) {
                    currentCell.markCurrent(null);
                }
                t.pseudoClassStateChanged(CURRENT, true);
                highlights.get(t).setOpacity(1);
                current = t;
                currentCell = this;
            } else if (currentCell == this) {
                current = null;
                currentCell = null;
            }
        }

    }

    /** The colour class of a move's quality glyph: blunders red, mistakes orange, inaccuracies yellow, good moves green. */
    static Optional<String> judgementStyle(List<Integer> nags) {
        for (int nag : nags) {
            switch (nag) {
                case 4 -> { return Optional.of("judgement-blunder"); }
                case 2 -> { return Optional.of("judgement-mistake"); }
                case 6 -> { return Optional.of("judgement-inaccuracy"); }
                case 1 -> { return Optional.of("judgement-good"); }
                case 3 -> { return Optional.of("judgement-brilliant"); }
                default -> { }
            }
        }
        return Optional.empty();
    }

    /**
     * A move with its number as one piece of the flow, which never breaks it across lines (a
     * flow breaks Chinese text between any two characters), and its highlight behind the move:
     * shown by opacity alone, it changes no bounds, so stepping through a game never makes the
     * list lay itself out again.
     */
    private static final class MoveChip extends javafx.scene.Parent {
        final Rectangle highlight = new Rectangle();
        private final Text number;
        private final Text move;

        MoveChip(Text number, Text move) {
            this.number = number;
            this.move = move;
            getStyleClass().add("move-chip");
            highlight.setManaged(false);
            highlight.setMouseTransparent(true);
            highlight.setOpacity(0);
            highlight.getStyleClass().add("move-highlight");
            getChildren().add(highlight);
            if (number != null) {
                number.setTextOrigin(javafx.geometry.VPos.TOP);
                getChildren().add(number);
                number.layoutBoundsProperty().addListener(o -> place());
            }
            move.setTextOrigin(javafx.geometry.VPos.TOP);
            getChildren().add(move);
            move.layoutBoundsProperty().addListener(o -> place());
            place();
        }

        /** Puts the move after its number and the highlight under the move (again when CSS changes the fonts). */
        private void place() {
            double x = number == null ? 0 : number.getLayoutBounds().getWidth();
            move.setLayoutX(x);
            javafx.geometry.Bounds b = move.getLayoutBounds();
            highlight.setX(x - 2);
            highlight.setY(b.getMinY());
            highlight.setWidth(b.getWidth() + 4);
            highlight.setHeight(b.getHeight());
        }
    }

    private ContextMenu showing;

    private void showMenu(Node anchor, GameNode node, double x, double y) {
        if (showing != null && showing.isShowing()) {
            showing.hide();
        }
        showing = contextMenu(node);
        showing.show(anchor, x, y);
    }

    /** The menu of one move: variation edits, comments, glyphs. */
    ContextMenu contextMenu(GameNode node) {
        Optional<GameNode> variation = GameDocument.variationStart(node);
        MenuItem promote = item("moves-promote", "moves.promote", () -> document.promote(node));
        promote.setDisable(variation.isEmpty());
        MenuItem main = item("moves-make-main", "moves.makeMain", () -> document.promoteToMain(node));
        main.setDisable(node.isMainline());
        MenuItem deleteVariation = item("moves-delete-variation", "moves.deleteVariation", () -> {
            document.deleteVariation(node);
            status.accept(i18n.get("moves.deleted"));
        });
        deleteVariation.setDisable(variation.isEmpty());
        MenuItem deleteFrom = item("moves-delete-from", "moves.deleteFromHere", () -> {
            document.delete(node);
            status.accept(i18n.get("moves.deleted"));
        });
        MenuItem comment = item("moves-comment", "moves.editComment", () -> editComment(node, false));
        MenuItem before = item("moves-comment-before", "moves.editCommentBefore", () -> editComment(node, true));
        Menu glyphs = new Menu();
        glyphs.setId("moves-nags");
        glyphs.setText(i18n.get("moves.nags"));
        for (List<Integer> group : List.of(Nags.MOVE_QUALITY, Nags.POSITION)) {
            if (!glyphs.getItems().isEmpty()) {
                glyphs.getItems().add(new SeparatorMenuItem());
            }
            for (int nag : group) {
                CheckMenuItem c = new CheckMenuItem(Nags.glyph(nag) + "   " + i18n.get("nag." + nag));
                c.setId("nag-" + nag);
                c.setSelected(node.nags().contains(nag));
                c.setOnAction(e -> document.setNags(node, Nags.toggle(node.nags(), nag)));
                glyphs.getItems().add(c);
            }
        }
        MenuItem clear = item("moves-clear-nags", "moves.clearNags", () -> document.setNags(node, List.of()));
        clear.setDisable(node.nags().isEmpty());
        glyphs.getItems().addAll(new SeparatorMenuItem(), clear);
        ContextMenu menu = new ContextMenu(promote, main, deleteVariation, deleteFrom, new SeparatorMenuItem(),
                comment, before, glyphs);
        menu.setId("moves-context");
        return menu;
    }

    private MenuItem item(String id, String key, Runnable action) {
        MenuItem m = new MenuItem(i18n.get(key));
        m.setId(id);
        m.setOnAction(e -> action.run());
        return m;
    }

    /** Asks for a node's comment (after its move, or before it). */
    void editComment(GameNode node, boolean beforeMove) {
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(getScene() == null ? null : getScene().getWindow());
        d.setTitle(i18n.get(beforeMove ? "moves.editCommentBefore.title" : "moves.editComment.title"));
        String name = names.of(node);
        d.setHeaderText(name.isEmpty() ? i18n.get("moves.gameComment") : i18n.get("moves.commentFor", name));
        TextArea area = new TextArea(beforeMove ? node.startingComment() : node.comment());
        area.setId("comment-editor");
        area.setWrapText(true);
        area.setPrefRowCount(6);
        area.setPrefColumnCount(40);
        d.getDialogPane().setContent(area);
        ButtonType ok = new ButtonType(i18n.get("dialog.ok"), javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        d.getDialogPane().getButtonTypes().addAll(ok,
                new ButtonType(i18n.get("dialog.cancel"), javafx.scene.control.ButtonBar.ButtonData.CANCEL_CLOSE));
        d.getDialogPane().lookupButton(ok).setId("comment-ok");
        d.setOnShown(e -> area.requestFocus());
        d.showAndWait().filter(b -> b == ok).ifPresent(b -> {
            String text = area.getText().strip();
            if (beforeMove) {
                document.setStartingComment(node, text);
            } else {
                document.setComment(node, text);
            }
        });
    }
}
