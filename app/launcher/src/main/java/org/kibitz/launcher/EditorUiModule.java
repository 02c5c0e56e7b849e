package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.api.game.Games;
import org.kibitz.core.GameDocument;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.editor.EditorMenu;
import org.kibitz.workbench.files.FileActions;

/** The position editor, in File → New; installed after the game module, whose New menu it joins. */
public final class EditorUiModule extends AbstractModule {

    @ProvidesIntoSet
    MenuContributor editorMenu(Games games, I18n i18n, GameDocument document, BoardController board,
                               Provider<FileActions> files) {
        return new EditorMenu(games, i18n, document, board, setup -> files.get().newFromPosition(setup));
    }
}
