package org.kibitz.workbench;

import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.workbench.evaluate.EvaluateUi;

/**
 * Pictures of a real evaluation of three games with Stockfish: the move list with its glyphs, the curve
 * with its marks and the Report pane, in English and Chinese, written to {@code KIBITZ_SNAPSHOTS}
 * (default /tmp/kibitz-snapshots) for a person to look at. Not run by the build ({@code -Dtest=EvaluateSnapshots}).
 */
@ExtendWith(FxStages.class)
class EvaluateSnapshots {

    @TempDir
    Path home;

    @Test
    void evaluatedFile() throws Exception {
        WorkbenchFixture w = EvaluateUiTest.openWithStockfish(home);
        EvaluateUi ui = w.injector.getInstance(EvaluateUi.class);
        EvaluateUi.Choice choice = EvaluateUiTest.stockfish(ui);
        EvaluateUi.Run run = onFx(() -> ui.evaluate(EvaluateUi.Scope.FILE, choice)).get(60, TimeUnit.SECONDS);
        run.batch().handle().result().get(120, TimeUnit.SECONDS);
        waitUntil(() -> ui.summaries().size() == 3);
        // The third game, on the board, at its worst move.
        var third = onFx(() -> ui.summaries().get(2));
        onFx(() -> ui.open(third)).get(20, TimeUnit.SECONDS);
        waitUntil(() -> ui.onBoardProperty().get().map(s -> s.gameNumber() == 3).orElse(false));
        runFx(() -> ui.goTo(third, third.swingPly()));
        runFx(() -> w.window.docking().open(EvaluateUi.REPORT_PANE));
        Thread.sleep(800);
        w.snapshot("evaluate-report-en");
        runFx(() -> w.window.i18n().localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        Thread.sleep(800);
        w.snapshot("evaluate-report-zh");
    }
}
