package org.kibitz.workbench.files;

import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.stage.Window;
import javafx.util.StringConverter;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.workbench.I18n;
import org.kibitz.core.FenSetup;

/**
 * Asks for a FEN to start a new game from. The game is detected from the FEN (or chosen), and
 * what is wrong with the FEN is shown as it is typed, with OK only enabled for a position that reads.
 */
public final class FenDialog extends Dialog<FenSetup.Setup> {

    private final Games games;
    private final I18n i18n;
    private final TextField fen = new TextField();
    private final ComboBox<Optional<GamePlugin>> game = new ComboBox<>();
    private final Label error = new Label();
    private FenSetup.Setup setup;
    private ButtonType ok;

    public FenDialog(Window owner, Games games, I18n i18n, String initial) {
        this.games = games;
        this.i18n = i18n;
        initOwner(owner);
        setTitle(i18n.get("fen.title"));
        setHeaderText(i18n.get("fen.header"));
        getDialogPane().setId("fen-dialog");

        fen.setId("fen-text");
        fen.setPrefColumnCount(48);
        fen.setText(initial);
        game.setId("fen-game");
        game.getItems().add(Optional.empty());
        games.all().forEach(g -> game.getItems().add(Optional.of(g)));
        game.setValue(Optional.empty());
        game.setConverter(new StringConverter<>() {
            @Override
            public String toString(Optional<GamePlugin> g) {
                return g == null ? "" : g.map(p -> gameName(i18n, p)).orElse(i18n.get("fen.detect"));
            }

            @Override
            public Optional<GamePlugin> fromString(String s) {
                return Optional.empty();
            }
        });
        error.setId("fen-error");
        error.getStyleClass().add("error-text");
        error.setWrapText(true);
        error.setMaxWidth(520);

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label(i18n.get("fen.game")), game);
        grid.addRow(1, new Label(i18n.get("fen.fen")), fen);
        grid.add(error, 1, 2);
        GridPane.setHgrow(fen, Priority.ALWAYS);
        getDialogPane().setContent(grid);
        ButtonType okType = new ButtonType(i18n.get("dialog.ok"), javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        ButtonType cancelType = new ButtonType(i18n.get("dialog.cancel"), javafx.scene.control.ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().addAll(okType, cancelType);
        this.ok = okType;
        Node okButton = getDialogPane().lookupButton(okType);
        okButton.setId("fen-ok");

        fen.textProperty().addListener((o, a, b) -> check());
        game.valueProperty().addListener((o, a, b) -> check());
        check();
        setOnShown(e -> fen.requestFocus());
        setResultConverter(b -> b == okType ? setup : null);
    }

    /** A game's name for people ({@code Xiangqi}, {@code 象棋}), its id when the bundle has none. */
    static String gameName(I18n i18n, GamePlugin g) {
        String key = "game." + g.id();
        String s = i18n.get(key);
        return s.equals(key) ? g.id() : s;
    }

    /** The error shown now, empty when the FEN reads. */
    public String errorText() {
        return error.getText();
    }

    private void check() {
        if (ok == null) {
            return;
        }
        Node okButton = getDialogPane().lookupButton(ok);
        try {
            setup = FenSetup.read(games, game.getValue(), fen.getText());
            error.setText(i18n.get("fen.ok", gameName(i18n, setup.game())));
            error.getStyleClass().remove("error");
            okButton.setDisable(false);
        } catch (FenException e) {
            setup = null;
            error.setText(fen.getText().isBlank() ? "" : i18n.render(e.text()));
            if (!error.getStyleClass().contains("error")) {
                error.getStyleClass().add("error");
            }
            okButton.setDisable(true);
        }
    }
}
