package org.kibitz.app;

import com.google.inject.Injector;
import org.kibitz.ui.MainWindow;
import org.kibitz.ui.WorkbenchApp;

/**
 * Starts the JavaFX workbench. {@link Main} loads this class by name only when no command is given,
 * so the CLI never loads JavaFX.
 */
public final class WorkbenchLauncher {

    private WorkbenchLauncher() {
    }

    public static int launch(Injector injector) {
        Injector ui = injector.createChildInjector(new WorkbenchModule());
        return WorkbenchApp.launch(() -> ui.getInstance(MainWindow.class));
    }
}
