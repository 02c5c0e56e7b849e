package org.kibitz.launcher;

import com.google.inject.Injector;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.WorkbenchApp;
import org.kibitz.workbench.files.FileActions;

/**
 * Starts the JavaFX workbench. {@link Main} loads this class by name only when no command is given,
 * so the CLI never loads JavaFX.
 */
public final class WorkbenchLauncher {

    private WorkbenchLauncher() {
    }

    /**
     * Shows the workbench and, once it is up, opens the first of {@code files} as if it were dropped.
     * The window shows first; {@code injector} may still be in the making meanwhile.
     */
    public static int launch(CompletableFuture<Injector> injector, List<Path> files) {
        // Made where the parent is made (the wiring thread, while JavaFX starts), unless it is there already.
        Future<Injector> child = injector.thenApply(parent -> {
            Injector made = parent.createChildInjector(new WorkbenchModule());
            org.kibitz.core.StartupTrace.mark("workbench injector");
            // The services behind the panes that need no JavaFX, made here while the window comes
            // up rather than on the FX thread after it: the analysis store opens its database.
            made.getInstance(org.kibitz.core.analysis.AnalysisService.class);
            org.kibitz.core.StartupTrace.mark("services");
            return made;
        });
        Injector[] ui = new Injector[1];
        List<File> toOpen = files.stream().map(Path::toFile).toList();
        return WorkbenchApp.launch(() -> {
            ui[0] = join(child);
            return ui[0].getInstance(MainWindow.class);
        }, () -> {
            if (!toOpen.isEmpty()) {
                ui[0].getInstance(FileActions.class).openDropped(toOpen);
            }
        });
    }

    private static Injector join(Future<Injector> injector) {
        try {
            return injector.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the workbench was wired", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("the workbench could not be wired", e.getCause());
        }
    }
}
