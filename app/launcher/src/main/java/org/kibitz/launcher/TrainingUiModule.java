package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import java.time.Clock;
import org.kibitz.api.game.Games;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.puzzle.PuzzleFiles;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.board.BoardLook;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.core.jobs.Background;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.training.EngineMoveCheck;
import org.kibitz.workbench.training.PuzzleMaker;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.training.TrainingMenu;
import org.kibitz.workbench.training.TrainingPane;
import org.kibitz.workbench.training.TrainingUi;

/**
 * Training in the workbench: the Training pane (puzzles from a file, learning from a game's mistakes),
 * Engine → Training, and the progress kept in the data folder's {@code training/progress.json}.
 */
public final class TrainingUiModule extends AbstractModule {

    @Provides
    @Singleton
    TrainingUi trainingUi(Games games, I18n i18n, GameDocument document, MoveListOptions notation, KibitzPaths paths,
                          GameFiles files, EnginesUi engines, SessionPool pool, Provider<EvaluateUi> evaluation) {
        PuzzleFiles puzzles = new PuzzleFiles(files);
        TrainingUi ui = new TrainingUi(games, i18n, document, notation, paths.data(), Clock.systemUTC(), puzzles::read);
        // A move the game has no score for is checked at the window's evaluation's nodes (100,000 otherwise).
        ui.setChecker(new EngineMoveCheck(engines.registry(), pool, Background.threads(), () -> {
            var e = evaluation.get().remembered();
            return "nodes".equals(e.limitKind()) && e.limitValue() > 0 ? SearchLimits.nodes(e.limitValue()) : SearchLimits.nodes(100_000);
        }));
        return ui;
    }

    @Provides
    @Singleton
    PuzzleMaker puzzleMaker(EvaluateUi evaluation, TrainingUi ui, Games games, GameFiles files) {
        PuzzleFiles puzzles = new PuzzleFiles(files);
        return new PuzzleMaker(evaluation, ui, games, Background.threads(), puzzles::write);
    }

    @ProvidesIntoSet
    MenuContributor trainingMenu(TrainingUi ui, Provider<PuzzleMaker> maker) {
        return new TrainingMenu(ui, maker.get());
    }

    @ProvidesIntoSet
    PaneProvider trainingPane(Provider<PuzzleMaker> maker, BoardLook look) {
        return new SimplePaneProvider(TrainingUi.PANE, "pane.training", DockRegion.RIGHT, 60,
                () -> new TrainingPane(maker.get().ui(), look, maker.get()));
    }
}
