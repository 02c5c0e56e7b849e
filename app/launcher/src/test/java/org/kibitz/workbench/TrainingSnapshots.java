package org.kibitz.workbench;

import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.puzzle.PuzzleFiles;
import org.kibitz.workbench.training.TrainingUi;

/**
 * Pictures of the Training layout at 1280x800, a chess puzzle with a hint and a xiangqi one, in English
 * and Chinese, for a person to look at (nothing cut). Not run by the build ({@code -Dtest=TrainingSnapshots}).
 */
@ExtendWith(FxStages.class)
class TrainingSnapshots {

    @TempDir
    Path home;

    @Test
    void pictures() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.open(home);
        TrainingUi ui = w.injector.getInstance(TrainingUi.class);
        runFx(() -> w.window.useTask(TaskLayout.TRAINING));
        Path file = home.resolve("p.csv");
        Files.writeString(file, PuzzleFiles.CSV_HEADER + "\n"
                + "00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,75,94,512,"
                + "crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,\n"
                + "xq0001,rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1,h2e2 h9g7 h0g2 i9h9,1500,120,0,0,"
                + "opening,file:x.pgn:1,\n", StandardCharsets.UTF_8);
        runFx(() -> ui.openFile(file));
        waitUntil(() -> !ui.busy() && ui.viewProperty().get() != null && ui.viewProperty().get().interactive());
        runFx(ui::hint);
        w.snapshot("training-chess-hint-en");
        I18n i18n = w.injector.getInstance(I18n.class);
        runFx(() -> i18n.localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        w.snapshot("training-chess-hint-zh");
        runFx(ui::showSolution);
        runFx(ui::nextPuzzle);
        waitUntil(() -> !ui.busy() && ui.viewProperty().get() != null && ui.viewProperty().get().interactive());
        w.snapshot("training-xiangqi-zh");
        runFx(() -> i18n.localeProperty().set(Locale.ENGLISH));
        runFx(() -> ui.learnFromMistakes(org.kibitz.api.game.Side.WHITE));
        w.snapshot("training-mistakes-none-en");
    }

    @Test
    void madePuzzles() throws Exception {
        WorkbenchFixture w = EvaluateUiTest.openWithStockfish(home);
        var eval = w.injector.getInstance(org.kibitz.workbench.evaluate.EvaluateUi.class);
        var maker = w.injector.getInstance(org.kibitz.workbench.training.PuzzleMaker.class);
        TrainingUi ui = w.injector.getInstance(TrainingUi.class);
        runFx(() -> w.window.useTask(TaskLayout.TRAINING));
        w.snapshot("training-make-disabled-en");
        onFx(() -> eval.evaluate(org.kibitz.workbench.evaluate.EvaluateUi.Scope.GAME, EvaluateUiTest.stockfish(eval)))
                .get(60, java.util.concurrent.TimeUnit.SECONDS);
        waitUntil(() -> !eval.summaries().isEmpty());
        runFx(() -> w.window.useTask(TaskLayout.TRAINING));
        onFx(maker::make).get(10, java.util.concurrent.TimeUnit.MINUTES);
        waitUntil(() -> !ui.busy() && ui.viewProperty().get() != null && ui.viewProperty().get().interactive());
        w.snapshot("training-made-en");
        I18n i18n = w.injector.getInstance(I18n.class);
        runFx(() -> i18n.localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        w.snapshot("training-made-zh");
        runFx(() -> ui.mistakesSideProperty().set(org.kibitz.api.game.Side.BLACK));
        runFx(() -> ui.learnFromMistakes(org.kibitz.api.game.Side.BLACK));
        runFx(() -> ui.tell("training.mistakes.noEngine", "3…a6"));
        w.snapshot("training-noengine-zh");
        runFx(() -> i18n.localeProperty().set(Locale.ENGLISH));
        w.snapshot("training-noengine-en");
    }
}
