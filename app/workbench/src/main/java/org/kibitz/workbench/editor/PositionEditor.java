package org.kibitz.workbench.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.StringConverter;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.FenSetup;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.board.SetupBoard;

/**
 * The position editor: a board to set up any position of either game from a palette of pieces
 * (click a piece then points, or drag it on), with the side to move, castling rights, en passant file
 * and counters, a FEN kept in step both ways, and the verdict of the game's rules with every reason
 * the position is impossible. OK, only enabled for a legal position, gives that position as a new game.
 */
public final class PositionEditor extends Dialog<FenSetup.Setup> {

    private static final double PALETTE_SIZE = 40;
    private static final double DRAG_THRESHOLD = 4;

    private final Games games;
    private final I18n i18n;
    private final Position initial;
    private final SetupBoard board = new SetupBoard();
    private final ComboBox<GamePlugin> game = new ComboBox<>();
    private final GridPane palette = new GridPane();
    private final ToggleGroup tools = new ToggleGroup();
    private final RadioButton white = new RadioButton();
    private final RadioButton black = new RadioButton();
    private final ToggleGroup side = new ToggleGroup();
    private final VBox castlingBox = new VBox(4);
    private final List<CheckBox> castling = new ArrayList<>();
    private final ComboBox<Optional<Square>> enPassant = new ComboBox<>();
    private final Label enPassantLabel = new Label();
    private final Spinner<Integer> halfmove = new Spinner<>(0, 9999, 0);
    private final Spinner<Integer> fullmove = new Spinner<>(1, 9999, 1);
    private final TextField fen = new TextField();
    private final Label verdict = new Label();
    private final Button okButton;

    private GamePlugin current;
    private PositionDraft draft;
    private List<Text> problems = List.of();
    private boolean syncing;

    /**
     * @param start the position to start from (the board's), of {@code startGame}
     */
    public PositionEditor(Window owner, Games games, I18n i18n, GamePlugin startGame, Position start, boolean flipped) {
        this.games = games;
        this.i18n = i18n;
        this.initial = start;
        initOwner(owner);
        setTitle(i18n.get("setup.title"));
        setResizable(true);
        getDialogPane().setId("setup-dialog");
        getDialogPane().getStyleClass().add("position-editor");
        // For tests and tools that find the dialog by its pane.
        getDialogPane().getProperties().put(PositionEditor.class, this);

        board.setId("setup-board");
        board.setFlipped(flipped);
        board.setRiverText(i18n.get("board.river.left"), i18n.get("board.river.right"));
        board.setOnClick(this::clicked);
        board.setOnMove((from, to) -> edit(draft.moved(from, to)));
        board.setOnRemove(s -> edit(draft.without(s)));
        BorderPane.setMargin(board, new Insets(0, 10, 0, 0));

        game.setId("setup-game");
        game.getItems().addAll(games.all());
        game.setConverter(new StringConverter<>() {
            @Override
            public String toString(GamePlugin g) {
                return g == null ? "" : gameName(g);
            }

            @Override
            public GamePlugin fromString(String s) {
                return null;
            }
        });
        game.valueProperty().addListener((o, was, now) -> {
            if (!syncing && now != null && now != current) {
                switchGame(now, PositionDraft.of(now.startPosition(), now.geometry()));
            }
        });

        ButtonType okType = new ButtonType(i18n.get("dialog.ok"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancelType = new ButtonType(i18n.get("dialog.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().addAll(okType, cancelType);
        okButton = (Button) getDialogPane().lookupButton(okType);
        okButton.setId("setup-ok");

        getDialogPane().setContent(layout());
        switchGame(startGame, PositionDraft.of(start, startGame.geometry()));
        setResultConverter(b -> b == okType ? setup().orElse(null) : null);
    }

    private Node layout() {
        Button clear = button("setup-clear", "setup.clear", () -> edit(PositionDraft.empty(current.geometry())
                .withSideToMove(draft.sideToMove())));
        Button startPos = button("setup-start", "setup.start",
                () -> edit(PositionDraft.of(current.startPosition(), current.geometry())));
        Button fromBoard = button("setup-current", "setup.current", () -> {
            if (initial.gameId().equals(current.id())) {
                edit(PositionDraft.of(initial, current.geometry()));
            }
        });
        Button flip = button("setup-flip", "setup.flip", () -> board.setFlipped(!board.isFlipped()));
        FlowPane actions = new FlowPane(6, 6, clear, startPos, fromBoard, flip);

        white.setId("setup-side-white");
        black.setId("setup-side-black");
        white.setToggleGroup(side);
        black.setToggleGroup(side);
        side.selectedToggleProperty().addListener((o, a, now) -> {
            if (!syncing && now != null) {
                Side s = now == white ? Side.WHITE : Side.BLACK;
                PositionDraft d = draft.withSideToMove(s);
                // The en passant square belongs to the side that moved last.
                edit(d.withEnPassant(Optional.empty()));
            }
        });
        HBox sides = new HBox(10, white, black);

        String[] rights = {"K", "Q", "k", "q"};
        for (String r : rights) {
            CheckBox c = new CheckBox();
            c.setId("setup-castle-" + (Character.isUpperCase(r.charAt(0)) ? "w" : "b") + r.toLowerCase());
            c.setUserData(r.charAt(0));
            c.selectedProperty().addListener((o, a, now) -> {
                if (!syncing) {
                    edit(draft.withCastling(castlingFromBoxes()));
                }
            });
            castling.add(c);
        }
        GridPane castleGrid = new GridPane();
        castleGrid.setHgap(10);
        castleGrid.setVgap(4);
        castleGrid.addRow(0, castling.get(0), castling.get(1));
        castleGrid.addRow(1, castling.get(2), castling.get(3));
        Label castleLabel = new Label();
        castleLabel.textProperty().bind(i18n.text("setup.castling"));
        enPassant.setId("setup-ep");
        enPassant.setConverter(new StringConverter<>() {
            @Override
            public String toString(Optional<Square> s) {
                return s == null ? "" : s.map(q -> q.name(1)).orElse("–");
            }

            @Override
            public Optional<Square> fromString(String s) {
                return Optional.empty();
            }
        });
        enPassant.valueProperty().addListener((o, a, now) -> {
            if (!syncing && now != null) {
                edit(draft.withEnPassant(now));
            }
        });
        enPassantLabel.textProperty().bind(i18n.text("setup.enPassant"));
        HBox epRow = new HBox(8, enPassantLabel, enPassant);
        epRow.setAlignment(Pos.CENTER_LEFT);
        castlingBox.getChildren().addAll(castleLabel, castleGrid, epRow);

        halfmove.setId("setup-halfmove");
        fullmove.setId("setup-fullmove");
        for (Spinner<Integer> s : List.of(halfmove, fullmove)) {
            s.setEditable(true);
            s.setPrefWidth(90);
            s.valueProperty().addListener((o, a, now) -> {
                if (!syncing && now != null) {
                    edit(draft.withCounters(halfmove.getValue(), fullmove.getValue()));
                }
            });
        }
        GridPane counters = new GridPane();
        counters.setHgap(8);
        counters.setVgap(4);
        counters.addRow(0, label("setup.halfmove"), halfmove);
        counters.addRow(1, label("setup.fullmove"), fullmove);

        palette.setId("setup-palette");
        palette.setHgap(4);
        palette.setVgap(4);
        VBox side = new VBox(10, labelled("setup.game", game), label("setup.palette"), palette, actions,
                label("setup.sideToMove"), sides, castlingBox, counters);
        side.setPrefWidth(420);
        side.setMinWidth(400);

        fen.setId("setup-fen");
        fen.setPrefColumnCount(50);
        fen.textProperty().addListener((o, a, now) -> {
            if (!syncing) {
                typed(now);
            }
        });
        verdict.setId("setup-verdict");
        verdict.setWrapText(true);
        // Room for five reasons, so the board keeps its size while they come and go.
        verdict.setMinHeight(92);
        verdict.setAlignment(Pos.TOP_LEFT);
        verdict.setMaxWidth(Double.MAX_VALUE);
        HBox fenRow = new HBox(8, label("setup.fen"), fen);
        fenRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(fen, Priority.ALWAYS);

        BorderPane root = new BorderPane(board);
        root.setRight(side);
        VBox bottom = new VBox(6, fenRow, verdict);
        bottom.setPadding(new Insets(10, 0, 0, 0));
        root.setBottom(bottom);
        root.setPadding(new Insets(10));
        root.setPrefSize(980, 660);
        return root;
    }

    private Label label(String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        l.setWrapText(true);
        return l;
    }

    private HBox labelled(String key, Node node) {
        HBox h = new HBox(8, label(key), node);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    private Button button(String id, String key, Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setOnAction(e -> action.run());
        return b;
    }

    /** A game's name for people, its id when the bundle has none. */
    private String gameName(GamePlugin g) {
        String key = "game." + g.id();
        String s = i18n.get(key);
        return s.equals(key) ? g.id() : s;
    }

    // ---- state ----

    private void switchGame(GamePlugin g, PositionDraft d) {
        switchGame(g, d, false);
    }

    private void switchGame(GamePlugin g, PositionDraft d, boolean fromFen) {
        boolean wasSyncing = syncing;
        syncing = true;
        try {
            current = g;
            game.setValue(g);
            board.setGame(g);
            buildPalette();
            String sideKey = "setup.side." + g.id();
            white.setText(i18n.get(sideKey + ".white").startsWith("setup.") ? i18n.get("setup.side.white")
                    : i18n.get(sideKey + ".white"));
            black.setText(i18n.get("setup.side.black"));
            boolean castles = !g.possibleCastling(PositionDraft.of(g.startPosition(), g.geometry())).isEmpty();
            castlingBox.setVisible(castles);
            castlingBox.setManaged(castles);
            for (CheckBox c : castling) {
                char r = (char) c.getUserData();
                c.setText(i18n.get("setup.castle." + r));
            }
        } finally {
            syncing = wasSyncing;
        }
        show(d, fromFen);
    }

    private String castlingFromBoxes() {
        StringBuilder rights = new StringBuilder();
        for (CheckBox c : castling) {
            if (c.isSelected()) {
                rights.append((char) c.getUserData());
            }
        }
        return rights.toString();
    }

    private void buildPalette() {
        palette.getChildren().clear();
        tools.getToggles().clear();
        for (Side s : Side.values()) {
            int column = 0;
            for (char t : current.pieceTypes().toCharArray()) {
                Piece p = new Piece(s, t);
                ToggleButton b = new ToggleButton();
                b.setId("setup-piece-" + p.fenLetter());
                b.setGraphic(board.pieceImage(p, PALETTE_SIZE));
                b.setUserData(p);
                b.setToggleGroup(tools);
                b.getStyleClass().add("palette-piece");
                b.setStyle("-fx-padding: 3;");
                b.setTooltip(new Tooltip(current.pieceLabel(p) + " " + p.fenLetter()));
                dragFromPalette(b, p);
                palette.add(b, column++, s.ordinal());
            }
        }
        ToggleButton eraser = new ToggleButton();
        eraser.setId("setup-eraser");
        eraser.textProperty().bind(i18n.text("setup.eraser"));
        eraser.setToggleGroup(tools);
        eraser.setMaxWidth(Double.MAX_VALUE);
        palette.add(eraser, 0, 2, current.pieceTypes().length(), 1);
    }

    /** A palette piece dragged onto a point is put there, whichever tool is chosen. */
    private void dragFromPalette(ToggleButton b, Piece p) {
        double[] press = new double[2];
        boolean[] dragging = new boolean[1];
        b.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            press[0] = e.getSceneX();
            press[1] = e.getSceneY();
            dragging[0] = false;
        });
        b.addEventFilter(MouseEvent.MOUSE_DRAGGED, e -> {
            dragging[0] |= Math.hypot(e.getSceneX() - press[0], e.getSceneY() - press[1]) >= DRAG_THRESHOLD;
            if (dragging[0]) {
                board.carry(p, e.getSceneX(), e.getSceneY());
            }
        });
        b.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> {
            if (dragging[0]) {
                board.carry(null, 0, 0);
                board.squareAtScene(e.getSceneX(), e.getSceneY()).ifPresent(s -> edit(place(draft, s, p)));
                dragging[0] = false;
                // A drag is no click: the tool chosen stays as it was.
                e.consume();
            }
        });
    }

    private void clicked(Square s) {
        Object tool = tools.getSelectedToggle() == null ? null : tools.getSelectedToggle().getUserData();
        if (tool instanceof Piece p) {
            edit(draft.pieceAt(s).equals(Optional.of(p)) ? draft.without(s) : place(draft, s, p));
        } else if (tools.getSelectedToggle() != null) {
            edit(draft.without(s));
        }
    }

    /**
     * {@code d} with {@code p} on {@code s}. A king (general) is moved rather than added when its side
     * has one already, as a player setting up a position means; a second one can still be typed in the FEN.
     */
    static PositionDraft place(PositionDraft d, Square s, Piece p) {
        PositionDraft out = d;
        if (p.type() == 'K') {
            List<Square> kings = d.pieces().entrySet().stream().filter(e -> e.getValue().equals(p))
                    .map(java.util.Map.Entry::getKey).toList();
            if (kings.size() == 1) {
                out = out.without(kings.get(0));
            }
        }
        return out.with(s, p);
    }

    /** An edit on the board or a control: castling rights whose pieces left are dropped, as is a stale en passant. */
    private void edit(PositionDraft d) {
        String fits = current.possibleCastling(d);
        StringBuilder kept = new StringBuilder();
        for (char c : d.castling().toCharArray()) {
            if (fits.indexOf(c) >= 0) {
                kept.append(c);
            }
        }
        PositionDraft cleaned = d.withCastling(kept.toString());
        if (cleaned.enPassant().isPresent() && !current.possibleEnPassant(cleaned).contains(cleaned.enPassant().get())) {
            cleaned = cleaned.withEnPassant(Optional.empty());
        }
        show(cleaned, false);
    }

    /** A FEN typed or pasted: drawn as far as it can be, of whichever game reads it. */
    private void typed(String text) {
        try {
            show(current.draft(text), true);
            return;
        } catch (FenException e) {
            for (GamePlugin g : games.all()) {
                if (g != current) {
                    try {
                        PositionDraft d = g.draft(text);
                        switchGame(g, d, true);
                        return;
                    } catch (FenException other) {
                        // not this game either
                    }
                }
            }
            problems = List.of(e.text());
            showVerdict();
        }
    }

    private void show(PositionDraft d, boolean fromFen) {
        draft = d;
        syncing = true;
        try {
            board.setDraft(d);
            (d.sideToMove() == Side.WHITE ? white : black).setSelected(true);
            String fits = current.possibleCastling(d);
            for (CheckBox c : castling) {
                char r = (char) c.getUserData();
                c.setSelected(d.castling().indexOf(r) >= 0);
                c.setDisable(fits.indexOf(r) < 0 && !c.isSelected());
            }
            List<Optional<Square>> eps = new ArrayList<>();
            eps.add(Optional.empty());
            current.possibleEnPassant(d).forEach(s -> eps.add(Optional.of(s)));
            d.enPassant().filter(s -> !eps.contains(Optional.of(s))).ifPresent(s -> eps.add(Optional.of(s)));
            enPassant.getItems().setAll(eps);
            enPassant.setValue(d.enPassant());
            enPassant.setDisable(eps.size() == 1);
            halfmove.getValueFactory().setValue(d.halfmoveClock());
            fullmove.getValueFactory().setValue(d.fullmoveNumber());
            if (!fromFen) {
                fen.setText(d.fen());
            }
        } finally {
            syncing = false;
        }
        problems = current.setupProblems(d);
        showVerdict();
    }

    private void showVerdict() {
        if (problems.isEmpty()) {
            String mover = draft.sideToMove() == Side.WHITE ? white.getText() : black.getText();
            verdict.setText(i18n.get("setup.legal", mover));
            verdict.setStyle("-fx-text-fill: #1e6b2f; -fx-font-weight: bold;");
        } else {
            verdict.setText(String.join("\n", problems.stream().map(i18n::render).toList()));
            verdict.setStyle("-fx-text-fill: #b3261e;");
        }
        okButton.setDisable(!problems.isEmpty());
    }

    // ---- for the caller and tests ----

    /** The position set up, when it is legal. */
    public Optional<FenSetup.Setup> setup() {
        if (!problems.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new FenSetup.Setup(current, current.parseFen(draft.fen())));
        } catch (FenException e) {
            return Optional.empty();
        }
    }

    /** The draft shown now. */
    public PositionDraft draft() {
        return draft;
    }

    /** The verdict shown now: the reasons the position is impossible, one a line, or that it is legal. */
    public String verdictText() {
        return verdict.getText();
    }
}
