package org.kibitz.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.api.game.Games;
import org.kibitz.ui.DockRegion;
import org.kibitz.ui.I18n;
import org.kibitz.ui.MainWindow;
import org.kibitz.ui.MenuContributor;
import org.kibitz.ui.PaneProvider;
import org.kibitz.ui.SimplePaneProvider;
import org.kibitz.ui.board.BoardController;
import org.kibitz.ui.board.BoardPane;
import org.kibitz.ui.files.FileActions;
import org.kibitz.ui.files.GameList;
import org.kibitz.ui.files.GameListPane;
import org.kibitz.ui.game.ViewMenu;
import org.kibitz.ui.moves.MoveListOptions;
import org.kibitz.ui.moves.MovesPane;
import org.kibitz.workbench.Formats;
import org.kibitz.workbench.GameDocument;
import org.kibitz.workbench.GameFiles;

/**
 * The game half of the workbench: the board, move list and game list panes, the File menu's game
 * commands and the View menu's board and notation items, and the services they share. Other
 * features (engines) bind their panes in modules of their own.
 */
public final class GameUiModule extends AbstractModule {

    /** Pane ids, as saved in layouts. */
    public static final String BOARD = "board";
    public static final String MOVES = "moves";

    @Provides
    @Singleton
    BoardController boardController(GameDocument document) {
        return new BoardController(document);
    }

    @Provides
    @Singleton
    GameFiles gameFiles(Games games, Formats formats) {
        return new GameFiles(games, formats);
    }

    @Provides
    @Singleton
    GameList gameList() {
        return new GameList();
    }

    @Provides
    @Singleton
    MoveListOptions moveListOptions(Provider<MainWindow> window) {
        return new MoveListOptions(window::get);
    }

    @Provides
    @Singleton
    FileActions fileActions(GameDocument document, GameFiles files, GameList list, I18n i18n, Provider<MainWindow> window) {
        return new FileActions(document, files, list, i18n, window::get);
    }

    @ProvidesIntoSet
    MenuContributor fileMenu(FileActions actions) {
        return actions;
    }

    @ProvidesIntoSet
    MenuContributor viewMenu(GameDocument document, MoveListOptions options, BoardController board, I18n i18n) {
        return new ViewMenu(document, options, board, i18n);
    }

    @ProvidesIntoSet
    PaneProvider boardPane(GameDocument document, BoardController board, I18n i18n, Provider<MainWindow> window) {
        return new SimplePaneProvider(BOARD, "pane.board", DockRegion.CENTER, 0,
                () -> new BoardPane(document, board, i18n, s -> window.get().setStatus(s)));
    }

    @ProvidesIntoSet
    PaneProvider movesPane(GameDocument document, MoveListOptions options, I18n i18n, Provider<MainWindow> window) {
        return new SimplePaneProvider(MOVES, "pane.moves", DockRegion.RIGHT, 10,
                () -> new MovesPane(document, options, i18n, s -> window.get().setStatus(s)));
    }

    @ProvidesIntoSet
    PaneProvider gameListPane(GameList list, I18n i18n, Provider<FileActions> actions) {
        return new SimplePaneProvider(FileActions.GAME_LIST_PANE, "pane.games", DockRegion.BOTTOM, 50,
                () -> new GameListPane(list, i18n, e -> actions.get().openGame(e)));
    }
}
