package org.kibitz.launcher;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.workbench.DockRegion;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.PaneProvider;
import org.kibitz.workbench.SimplePaneProvider;
import org.kibitz.workbench.StatusItem;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.jobs.JobsPane;
import org.kibitz.workbench.jobs.JobsStatus;
import org.kibitz.workbench.jobs.JobsUi;

/** The jobs half of the workbench: the Jobs pane and the running jobs in the status bar, over the shared runner. */
public final class JobsUiModule extends AbstractModule {

    @Provides
    @Singleton
    JobsUi jobsUi(JobRunner runner, I18n i18n, Provider<EnginesUi> engines, org.kibitz.core.analysis.EngineLogService log) {
        JobsUi ui = new JobsUi(runner, i18n);
        // "Show log" of a failed job opens the engine log at that job's lines.
        ui.setLogOpener(job -> engines.get().showLog(job));
        // What a job's engines are doing while it waits for them, and why one failed, in its row.
        log.onStatus(new org.kibitz.core.analysis.EngineLogService.StatusListener() {
            @Override
            public void status(String job, String engine, Object session, java.util.Optional<org.kibitz.api.i18n.Text> status) {
                ui.engineStatus(job, session, status);
            }

            @Override
            public void failed(String job, String engine, Object session, org.kibitz.api.i18n.Text why) {
                ui.engineFailed(job, session, why);
            }
        });
        return ui;
    }

    @ProvidesIntoSet
    PaneProvider jobsPane(Provider<JobsUi> ui) {
        return new SimplePaneProvider(JobsUi.PANE, "pane.jobs", DockRegion.BOTTOM, 40, () -> new JobsPane(ui.get()));
    }

    @ProvidesIntoSet
    StatusItem jobsStatus(Provider<JobsUi> ui) {
        return window -> {
            // Jobs stop with the window: no new item starts; what is done is in their journals.
            window.onClose(() -> ui.get().runner().jobs().forEach(j -> j.cancel()));
            return new JobsStatus(ui.get(), () -> window.docking().open(JobsUi.PANE));
        };
    }
}
