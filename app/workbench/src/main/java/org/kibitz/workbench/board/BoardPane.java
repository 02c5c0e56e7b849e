package org.kibitz.workbench.board;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
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
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.game.GameKeys;
import org.kibitz.core.GameDocument;
import org.kibitz.workbench.Icons;
import org.kibitz.api.analysis.Score;
import org.kibitz.core.analysis.EvalBarFill;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.judge.WinModel;

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
    private final RuleSetChoice rules;
    private final BoardLook look;
    private final ComboBox<String> ruleBox = new ComboBox<>();
    private final Tooltip stateTip = new Tooltip();
    private final Tooltip evalTip = new Tooltip();
    private GamePlugin shownGame;

    public BoardPane(GameDocument document, BoardController controller, I18n i18n, Consumer<String> status) {
        this(document, controller, i18n, status, new RuleSetChoice(() -> null));
    }

    public BoardPane(GameDocument document, BoardController controller, I18n i18n, Consumer<String> status,
                     RuleSetChoice rules) {
        this(document, controller, i18n, status, rules, new BoardLook(() -> null));
    }

    public BoardPane(GameDocument document, BoardController controller, I18n i18n, Consumer<String> status,
                     RuleSetChoice rules, BoardLook look) {
        this.rules = rules;
        this.look = look;
        this.document = document;
        this.controller = controller;
        this.i18n = i18n;
        this.status = status;
        setId("board-pane");
        getStyleClass().add("board-pane");
        board.setId("board");
        Tooltip.install(board.evalBar(), evalTip);
        StackPane holder = new StackPane(board);
        holder.setPadding(new Insets(4));
        holder.getStyleClass().add("board-holder");
        setCenter(holder);
        setBottom(toolbar());
        setTop(controller.topBarProperty().get());
        controller.topBarProperty().addListener((o, a, b) -> setTop(b));

        board.setOnMove(this::played);
        board.setOnRefused(this::refused);
        board.setFlipped(controller.isFlipped());
        controller.flippedProperty().addListener((o, a, b) -> board.setFlipped(b));
        controller.arrowsRevisionProperty().addListener((o, a, b) -> showArrows());
        controller.evaluationProperty().addListener((o, a, b) -> showEvaluation());
        i18n.localeProperty().addListener((o, a, b) -> {
            board.setRiverText(i18n.get("board.river.left"), i18n.get("board.river.right"));
            showRuleSets();
            showState();
        });
        rules.revisionProperty().addListener((o, a, b) -> showState());
        look.revisionProperty().addListener((o, a, b) -> showLook());
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
        ruleBox.setId("board-rules");
        ruleBox.setFocusTraversable(false);
        ruleBox.getStyleClass().add("board-rules");
        Tooltip ruleTip = new Tooltip();
        ruleTip.textProperty().bind(i18n.text("board.rules.tip"));
        ruleBox.setTooltip(ruleTip);
        ruleBox.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : i18n.get("rules." + item));
            }
        });
        ruleBox.setButtonCell(ruleBox.getCellFactory().call(null));
        ruleBox.setOnAction(e -> {
            if (!updatingRules && ruleBox.getValue() != null) {
                rules.setRuleSet(document.game(), ruleBox.getValue());
            }
        });
        state.setTooltip(stateTip);
        HBox bar = new HBox(2, first, back, forward, last, spring(), state, spring(), ruleBox, flip);
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

    private boolean updatingRules;

    /** The rule-set box: the game's rule sets, the chosen one selected; hidden for a game without. */
    private void showRuleSets() {
        GamePlugin g = document.game();
        updatingRules = true;
        try {
            ruleBox.getItems().setAll(g.ruleSets());
            ruleBox.setValue(g.ruleSets().isEmpty() ? null : rules.ruleSet(g));
            ruleBox.setButtonCell(ruleBox.getCellFactory().call(null));
        } finally {
            updatingRules = false;
        }
        ruleBox.setVisible(!g.ruleSets().isEmpty());
        ruleBox.setManaged(!g.ruleSets().isEmpty());
    }

    private void show() {
        if (shownGame != document.game()) {
            shownGame = document.game();
            showLook();
            board.setGame(shownGame);
            showRuleSets();
        }
        GameNode at = document.cursor();
        board.setPosition(at.position(), at.move(), controller.arrowsFor(at.position()));
        showEvaluation();
        showState();
    }

    /** The bar shows the first running engine's score while it is of the position on the board; else it is neutral. */
    private void showEvaluation() {
        Optional<BoardController.Evaluation> e = controller.evaluationFor(document.position());
        if (e.isEmpty()) {
            board.clearEvaluation();
            evalTip.textProperty().bind(i18n.text("evalbar.none"));
            return;
        }
        Score w = e.get().whiteView();
        WinModel model = JudgementModel.forGame(document.game().id()).win();
        board.setEvaluation(EvalBarFill.whiteShare(w, model), EvalBarFill.label(w), EvalBarFill.whiteAhead(w));
        evalTip.textProperty().unbind();
        evalTip.setText(i18n.get("evalbar.tip", e.get().engine(), sideName(org.kibitz.api.game.Side.WHITE)));
    }

    private void showLook() {
        GamePlugin g = shownGame != null ? shownGame : document.game();
        board.setLook(look.pieceSet(g), look.theme(g));
    }

    private void showArrows() {
        board.setArrows(controller.arrowsFor(document.position()));
    }

    private void showState() {
        Position p = document.position();
        Optional<Ruling> ruling = ruling();
        String text;
        if (ruling.isPresent()) {
            Outcome o = ruling.get().outcome();
            String result = o.winner().map(w -> i18n.get("board.wins", sideName(w))).orElse(i18n.get("board.draw"));
            text = result + " · " + i18n.get("termination." + o.termination().name());
            if (ruling.get().isRepetition()) {
                text += " (" + i18n.get("rules." + ruling.get().ruleSet()) + ")";
            }
        } else {
            text = i18n.get(p.inCheck() ? "board.toMoveInCheck" : "board.toMove", sideName(p.sideToMove()));
        }
        state.setText(text);
        List<Move> banned = ruling.isPresent() ? List.of() : bannedAtCursor();
        board.setBanned(banned);
        String why = ruling.filter(Ruling::isRepetition).map(this::explain).orElse("");
        if (!banned.isEmpty()) {
            text += " · " + i18n.get("board.banned", banned.size());
            state.setText(text);
            why = i18n.get("board.bannedTip", i18n.get("rules." + rules.ruleSet(document.game())),
                    String.join(i18n.get("board.bannedSeparator"), banned.stream().map(m -> name(document.cursor(), m)).toList()));
        }
        stateTip.setText(why);
        state.setTooltip(why.isEmpty() ? null : stateTip);
    }

    /**
     * A repetition ruling in words: who lost by what and why, then the cycle move by move (check,
     * chase of which piece, idle), in the move list's notation.
     */
    String explain(Ruling r) {
        StringBuilder b = new StringBuilder();
        String loser = r.outcome().winner().map(w -> sideName(w.opposite())).orElse("");
        String rulesName = i18n.get("rules." + r.ruleSet());
        b.append(i18n.get("ruling." + r.rule(), loser, rulesName));
        b.append('\n').append(i18n.get("ruling.cycle", r.cycleStart(), r.cycleEnd()));
        List<Position> line = document.positionsToCursor();
        for (Ruling.Step s : r.cycle()) {
            Position before = line.get(s.ply() - 1);
            Position after = line.get(s.ply());
            String move = before.legalMoves().stream()
                    .filter(m -> m.from().equals(s.from()) && m.to().equals(s.to()))
                    .findFirst().map(m -> document.game().notations().get(0).format(before, m))
                    .orElse(s.from().name(document.game().coordinateRankBase()) + s.to().name(document.game().coordinateRankBase()));
            String what = switch (s.kind()) {
                case CHECK -> i18n.get("ruling.step.check");
                case IDLE -> i18n.get("ruling.step.idle");
                case CHASE -> i18n.get("ruling.step.chase", pieces(after, s.chased()));
            };
            if (s.kind() == Ruling.Kind.CHECK && !s.chased().isEmpty()) {
                what += ", " + i18n.get("ruling.step.chase", pieces(after, s.chased()));
            }
            b.append('\n').append(i18n.get("ruling.step", s.ply(), sideName(s.mover()), move, what));
        }
        return b.toString();
    }

    private String pieces(Position p, List<Square> squares) {
        List<String> out = new ArrayList<>();
        for (Square q : squares) {
            String piece = p.pieceAt(q).map(pc -> document.game().pieceLabel(pc)).orElse("?");
            out.add(piece + " " + q.name(document.game().coordinateRankBase()));
        }
        return String.join(", ", out);
    }

    /** The positions from the game's start to the cursor. */
    /** The moves at the cursor that would lose by repetition under the chosen rule set (drawn crossed out). */
    private List<Move> bannedAtCursor() {
        GamePlugin g = document.game();
        if (g.ruleSets().isEmpty()) {
            return List.of();
        }
        try {
            return g.bannedMoves(document.positionsToCursor(), rules.ruleSet(g));
        } catch (RuntimeException e) {
            return List.of(); // a line through a null move: no history to judge
        }
    }

    /** How the game stands at the cursor, with the rules that need the line's history, under the chosen rule set. */
    private Optional<Ruling> ruling() {
        Position p = document.position();
        Optional<Outcome> own = p.outcome();
        if (own.isPresent()) {
            return Optional.of(Ruling.of(own.get(), "", "position"));
        }
        try {
            return document.game().rule(document.positionsToCursor(), rules.ruleSet(document.game()));
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
        if (controller.handled(move)) {
            return;
        }
        try {
            GameNode before = document.cursor();
            boolean newBranch = !before.children().isEmpty() && before.child(move).isEmpty();
            document.play(move);
            Optional<Ruling> r = ruling();
            if (r.isPresent() && r.get().isRepetition() && r.get().outcome().winner().isPresent()
                    && r.get().outcome().winner().get() != before.position().sideToMove()) {
                // The move just played loses by repetition: say so where the user looks.
                status.accept(i18n.get("board.losesByRepetition", name(before, move),
                        i18n.get("termination." + r.get().outcome().termination().name()),
                        i18n.get("rules." + r.get().ruleSet())));
            } else if (newBranch) {
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
