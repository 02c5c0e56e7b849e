package org.kibitz.workbench.board;

import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyIntegerProperty;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.Settings;
import org.kibitz.workbench.MainWindow;

/**
 * How the board is drawn for each game: its piece set and colour theme, chosen in the View menu and
 * kept in the settings ({@code boardLook}: {@code chess.pieces}, {@code chess.theme}, ...). The
 * choices offered depend on the board's style, so any game on squares gets the chess sets and any
 * game on intersections the xiangqi ones. FX thread only.
 */
public final class BoardLook {

    private final SettingsChoices chosen;

    public BoardLook(Supplier<MainWindow> window) {
        this.chosen = new SettingsChoices(window, Settings::boardLook);
    }

    /** The piece sets a game's board offers, the default first. */
    public static List<String> pieceSets(GamePlugin game) {
        return intersections(game) ? IntersectionPainter.SETS : ChessPieces.SETS;
    }

    /** The colour themes a game's board offers, the default first. */
    public static List<String> themes(GamePlugin game) {
        return intersections(game)
                ? IntersectionPainter.THEMES.stream().map(IntersectionPainter.Theme::id).toList()
                : SquarePainter.THEMES.stream().map(SquarePainter.Theme::id).toList();
    }

    private static boolean intersections(GamePlugin game) {
        return game.geometry().style() == BoardGeometry.Style.INTERSECTIONS;
    }

    public String pieceSet(GamePlugin game) {
        return choice(game, "pieces", pieceSets(game));
    }

    public String theme(GamePlugin game) {
        return choice(game, "theme", themes(game));
    }

    public void setPieceSet(GamePlugin game, String id) {
        set(game, "pieces", id, pieceSets(game));
    }

    public void setTheme(GamePlugin game, String id) {
        set(game, "theme", id, themes(game));
    }

    /** Increases on every change; boards draw themselves again on it. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return chosen.revisionProperty();
    }

    private String choice(GamePlugin game, String aspect, List<String> offered) {
        String id = chosen.get(game.id() + "." + aspect);
        return id != null && offered.contains(id) ? id : offered.get(0);
    }

    private void set(GamePlugin game, String aspect, String id, List<String> offered) {
        if (id == null || !offered.contains(id) || id.equals(choice(game, aspect, offered))) {
            return;
        }
        String key = game.id() + "." + aspect;
        chosen.put(key, id, s -> s.withBoardLook(key, id));
    }
}
