package org.kibitz.launcher;

import com.google.inject.Injector;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
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

    /** Shows the workbench and, once it is up, opens the first of {@code files} as if it were dropped. */
    public static int launch(Injector injector, List<Path> files) {
        Injector ui = injector.createChildInjector(new WorkbenchModule());
        List<File> toOpen = files.stream().map(Path::toFile).toList();
        return WorkbenchApp.launch(() -> ui.getInstance(MainWindow.class), () -> {
            if (!toOpen.isEmpty()) {
                ui.getInstance(FileActions.class).openDropped(toOpen);
            }
        });
    }
}
