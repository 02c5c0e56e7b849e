package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.api.game.Games;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.board.BoardLook;
import org.kibitz.workbench.board.BoardLookMenu;
import org.kibitz.workbench.board.BoardPane;
import org.kibitz.workbench.board.RuleSetChoice;
import org.kibitz.workbench.files.ClipboardActions;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.files.GameList;
import org.kibitz.workbench.files.GameListPane;
import org.kibitz.workbench.game.ViewMenu;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.workbench.moves.MovesPane;
import org.kibitz.core.Formats;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.GameText;

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
    RuleSetChoice ruleSetChoice(Provider<MainWindow> window) {
        return new RuleSetChoice(window::get);
    }

    @Provides
    @Singleton
    BoardLook boardLook(Provider<MainWindow> window) {
        return new BoardLook(window::get);
    }

    @ProvidesIntoSet
    MenuContributor boardLookMenu(GameDocument document, BoardLook look, I18n i18n) {
        return new BoardLookMenu(document, look, i18n);
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

    @Provides
    @Singleton
    ClipboardActions clipboardActions(GameDocument document, GameFiles files, I18n i18n, FileActions actions) {
        return new ClipboardActions(document, new GameText(files.games(), files.formats()), i18n, actions);
    }

    @ProvidesIntoSet
    MenuContributor editMenu(ClipboardActions actions) {
        return actions;
    }

    @ProvidesIntoSet
    MenuContributor viewMenu(GameDocument document, MoveListOptions options, BoardController board, I18n i18n) {
        return new ViewMenu(document, options, board, i18n);
    }

    @ProvidesIntoSet
    PaneProvider boardPane(GameDocument document, BoardController board, I18n i18n, Provider<MainWindow> window,
                           RuleSetChoice rules, BoardLook look) {
        return new SimplePaneProvider(BOARD, "pane.board", DockRegion.CENTER, 0,
                () -> new BoardPane(document, board, i18n, s -> window.get().setStatus(s), rules, look));
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
