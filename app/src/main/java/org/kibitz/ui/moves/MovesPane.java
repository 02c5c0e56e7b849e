package org.kibitz.ui.moves;

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
import javafx.scene.control.Label;
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
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
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
import org.kibitz.ui.I18n;
import org.kibitz.ui.game.GameKeys;
import org.kibitz.workbench.GameDocument;
import org.kibitz.workbench.MoveNames;
import org.kibitz.workbench.MoveText;
import org.kibitz.workbench.Nags;

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
    /** The move labels on screen now, by node. */
    private final Map<GameNode, Label> shown = new IdentityHashMap<>();
    /** Which paragraph holds each node's move. */
    private final Map<GameNode, Integer> paragraphOf = new HashMap<>();
    private MoveNames names;
    private GamePlugin namesGame;
    private Label current;

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
        list.setCellFactory(v -> new ParagraphCell());
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

    /** The label showing a node's move, if it is on screen. */
    public Optional<Label> labelOf(GameNode node) {
        return Optional.ofNullable(shown.get(node));
    }

    /** Scrolls so that {@code node}'s move is on screen. */
    public void reveal(GameNode node) {
        Integer i = paragraphOf.get(node);
        if (i != null) {
            ensureVisible(i);
        }
    }

    private Region top() {
        notationBox.setId("moves-notation");
        notationBox.setFocusTraversable(false);
        notationBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(Notation n) {
                return n == null ? "" : i18n.get("notation." + n.id());
            }

            @Override
            public Notation fromString(String s) {
                return null;
            }
        });
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

        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox bar = new HBox(6, notationBox, spring, layout);
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
        current = null;
        paragraphs.setAll(laid);
        showHeader();
        showCursor();
    }

    private void showHeader() {
        GameTree tree = document.tree();
        var tags = tree.tags();
        String white = tags.get("White").or(() -> tags.get("Red")).orElse("");
        String black = tags.get("Black").orElse("");
        List<String> parts = new ArrayList<>();
        if (!white.isBlank() || !black.isBlank()) {
            parts.add((white.isBlank() ? "?" : white) + " – " + (black.isBlank() ? "?" : black));
        }
        tags.get("Event").filter(s -> !s.isBlank() && !s.equals("?")).ifPresent(parts::add);
        tags.get("Date").filter(s -> !s.isBlank() && !s.startsWith("?")).ifPresent(parts::add);
        tags.get("Result").filter(s -> !s.equals("*")).ifPresent(parts::add);
        header.setText(String.join(" · ", parts));
        header.setManaged(!parts.isEmpty());
        header.setVisible(!parts.isEmpty());
    }

    private void showCursor() {
        if (current != null) {
            current.getStyleClass().remove("current");
            current = null;
        }
        GameNode at = document.cursor();
        Label l = shown.get(at);
        if (l != null) {
            l.getStyleClass().add("current");
            current = l;
        }
        Integer i = paragraphOf.get(at);
        ensureVisible(i == null ? 0 : i);
    }

    private void ensureVisible(int index) {
        if (paragraphs.isEmpty()) {
            return;
        }
        VirtualFlow<?> flow = (VirtualFlow<?>) list.lookup(".virtual-flow");
        if (flow == null || flow.getFirstVisibleCell() == null) {
            list.scrollTo(index);
            return;
        }
        // Scroll only when the paragraph is not wholly in view: scrolling rebuilds cells.
        javafx.scene.control.IndexedCell<?> cell = flow.getVisibleCell(index);
        if (cell == null) {
            flow.scrollTo(index);
            return;
        }
        javafx.geometry.Bounds b = cell.getBoundsInParent();
        if (b.getMinY() < 0 || b.getMaxY() > flow.getHeight()) {
            flow.scrollTo(index);
        }
    }

    /** One paragraph of the list: move numbers, moves, comments and brackets in a flow that wraps. */
    private final class ParagraphCell extends ListCell<MoveText.Paragraph> {
        private final TextFlow flow = new TextFlow();
        private final List<GameNode> registered = new ArrayList<>();

        ParagraphCell() {
            getStyleClass().add("paragraph-cell");
            flow.getStyleClass().add("paragraph");
            flow.maxWidthProperty().bind(list.widthProperty().subtract(28));
            flow.prefWidthProperty().bind(list.widthProperty().subtract(28));
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(MoveText.Paragraph p, boolean empty) {
            super.updateItem(p, empty);
            for (GameNode n : registered) {
                Label l = shown.get(n);
                if (l != null && l.getParent() == flow) {
                    shown.remove(n);
                }
            }
            registered.clear();
            flow.getChildren().clear();
            if (empty || p == null) {
                setGraphic(null);
                return;
            }
            flow.setPadding(new Insets(1, 0, 1, 18 * p.depth()));
            flow.getStyleClass().removeIf(s -> s.startsWith("depth-"));
            flow.getStyleClass().add("depth-" + Math.min(p.depth(), 3));
            boolean space = false;
            for (MoveText.Token t : p.tokens()) {
                switch (t) {
                    case MoveText.MoveToken m -> {
                        if (space) {
                            flow.getChildren().add(new Text(" "));
                        }
                        if (!m.number().isEmpty()) {
                            Text num = new Text(m.number() + " ");
                            num.getStyleClass().addAll("move-number", m.level() == 0 ? "main" : "variation");
                            flow.getChildren().add(num);
                        }
                        flow.getChildren().add(moveLabel(m));
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
            if (current == null || current.getParent() == null) {
                Label l = shown.get(document.cursor());
                if (l != null) {
                    if (current != null) {
                        current.getStyleClass().remove("current");
                    }
                    l.getStyleClass().add("current");
                    current = l;
                }
            }
        }

        private Node moveLabel(MoveText.MoveToken m) {
            Label l = new Label(m.text() + m.nags());
            l.getStyleClass().addAll("move-token", m.level() == 0 ? "main" : "variation");
            l.setUserData(m.node());
            // The secondary button as well as the platform's trigger: not every platform sends both.
            l.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY) {
                    document.goTo(m.node());
                    list.requestFocus();
                } else if (e.getButton() == MouseButton.SECONDARY) {
                    showMenu(l, m.node(), e.getScreenX(), e.getScreenY());
                }
                e.consume();
            });
            l.setOnContextMenuRequested(e -> {
                showMenu(l, m.node(), e.getScreenX(), e.getScreenY());
                e.consume();
            });
            if (document.cursor() == m.node()) {
                l.getStyleClass().add("current");
                if (current != null && current != l) {
                    current.getStyleClass().remove("current");
                }
                current = l;
            }
            shown.put(m.node(), l);
            registered.add(m.node());
            return l;
        }
    }

    private ContextMenu showing;

    private void showMenu(Label anchor, GameNode node, double x, double y) {
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
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.setOnShown(e -> area.requestFocus());
        d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
            String text = area.getText().strip();
            if (beforeMove) {
                document.setStartingComment(node, text);
            } else {
                document.setComment(node, text);
            }
        });
    }
}
