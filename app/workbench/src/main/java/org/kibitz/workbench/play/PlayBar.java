package org.kibitz.workbench.play;

import java.time.Duration;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kibitz.api.game.Side;
import org.kibitz.core.match.PlaySession;
import org.kibitz.workbench.I18n;

/**
 * Above the board while a game is played: both clocks (the one running highlighted), the engine's
 * thinking or the game's end in one line, and Takeback, Offer draw, Resign and Stop.
 */
final class PlayBar extends VBox {

    private final PlayUi ui;
    private final PlaySession session;
    private final Label[] names = {new Label(), new Label()};
    private final Label[] clocks = {new Label(), new Label()};
    private final HBox[] boxes = new HBox[2];
    private final Label line = new Label();
    private final Button takeback;
    private final Button draw;
    private final Button resign;
    private final Button stop;
    private final Button close;

    PlayBar(PlayUi ui, PlaySession session) {
        this.ui = ui;
        this.session = session;
        I18n i18n = ui.i18n();
        setId("play-bar");
        getStyleClass().add("play-bar");
        for (Side side : Side.values()) {
            int i = side.ordinal();
            String id = side.name().toLowerCase(Locale.ROOT);
            names[i].setText(sideText(side));
            names[i].getStyleClass().add("play-name");
            clocks[i].setId("play-clock-" + id);
            clocks[i].getStyleClass().add("play-time");
            boxes[i] = new HBox(8, names[i], clocks[i]);
            boxes[i].setId("play-side-" + id);
            boxes[i].setAlignment(Pos.CENTER_LEFT);
            boxes[i].getStyleClass().add("play-clock");
        }
        boolean person = PlayUi.personSide(session).isPresent();
        takeback = button("play-takeback", "play.takeback", ui::takeback);
        draw = button("play-draw", "play.offerDraw", ui::offerDraw);
        draw.setTooltip(new Tooltip(i18n.get("play.offerDraw.tip", PlaySession.DRAW_AFTER_MOVES,
                String.format(Locale.ROOT, "%.1f", PlaySession.DRAW_SCORE / 100.0))));
        resign = button("play-resign", "play.resign", ui::resign);
        stop = button("play-stop", "play.stop", ui::stopGame);
        close = button("play-close", "play.close", ui::dismiss);
        close.setVisible(false);
        close.setManaged(false);
        for (Button b : new Button[] {takeback, draw, resign}) {
            b.setVisible(person);
            b.setManaged(person);
        }
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox top = new HBox(6, boxes[0], boxes[1], spring, takeback, draw, resign, stop, close);
        top.setAlignment(Pos.CENTER_LEFT);
        line.setId("play-line");
        line.getStyleClass().add("play-line");
        line.setMaxWidth(Double.MAX_VALUE);
        getChildren().addAll(top, line);
        setSpacing(3);
        setPadding(new Insets(4, 6, 4, 6));
        // Another language: the sides, the players (the built-in engine, "you") and the end in its words.
        // Held weakly by the bar's life: the bar goes with its game, and the listener is removed then.
        localeListener = (o, a, b) -> relabel();
        i18n.localeProperty().addListener(new javafx.beans.value.WeakChangeListener<>(localeListener));
    }

    private final javafx.beans.value.ChangeListener<Locale> localeListener;
    private java.util.function.Supplier<String> end;

    private String sideText(Side side) {
        return ui.sideName(session.settings().game(), side) + " · " + ui.playerName(session.player(side));
    }

    private void relabel() {
        for (Side side : Side.values()) {
            names[side.ordinal()].setText(sideText(side));
        }
        if (end != null) {
            line.setText(end.get());
        } else if (!session.over()) {
            update("");
        }
    }

    private Button button(String id, String key, Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(ui.i18n().text(key));
        b.setFocusTraversable(false);
        b.setOnAction(e -> action.run());
        return b;
    }

    /** Shows the clocks as they stand and {@code thinking} (the engine's line), when the game is on. */
    void update(String thinking) {
        for (Side side : Side.values()) {
            int i = side.ordinal();
            clocks[i].setText(session.clocked() ? format(session.left(side)) : "—");
            boolean running = !session.over() && session.position().sideToMove() == side;
            boxes[i].getStyleClass().remove("play-clock-running");
            if (running) {
                boxes[i].getStyleClass().add("play-clock-running");
            }
        }
        if (!session.over()) {
            line.setText(thinking.isEmpty() && session.humanToMove() ? ui.i18n().get("play.yourMove") : thinking);
            takeback.setDisable(!session.humanToMove() && session.thinking().isEmpty());
            draw.setDisable(false);
        }
    }

    /** The game is over: its result in words (in the language of the moment), and only Close is left. */
    void showEnd(java.util.function.Supplier<String> text) {
        end = text;
        line.setText(text.get());
        line.getStyleClass().add("play-line-end");
        for (Button b : new Button[] {takeback, draw, resign, stop}) {
            b.setVisible(false);
            b.setManaged(false);
        }
        close.setVisible(true);
        close.setManaged(true);
        for (HBox b : boxes) {
            b.getStyleClass().remove("play-clock-running");
        }
        for (Side side : Side.values()) {
            clocks[side.ordinal()].setText(session.clocked() ? format(session.left(side)) : "—");
        }
    }

    /** {@code 1:02:03}, {@code 4:05}, under ten seconds {@code 0:09.4}. */
    static String format(Duration d) {
        long ms = Math.max(0, d.toMillis());
        long h = ms / 3_600_000;
        long m = ms / 60_000 % 60;
        long s = ms / 1000 % 60;
        if (h > 0) {
            return String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s);
        }
        if (ms < 10_000) {
            return String.format(Locale.ROOT, "%d:%02d.%d", m, s, ms / 100 % 10);
        }
        return String.format(Locale.ROOT, "%d:%02d", m, s);
    }
}
