package org.kibitz.workbench;

import java.util.Objects;
import java.util.function.Supplier;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The JavaFX application. JavaFX creates it itself, so the window's factory is handed over before
 * launch by {@link #launch(Supplier, Runnable)}.
 */
public final class WorkbenchApp extends Application {

    private static volatile Supplier<MainWindow> windowFactory;
    private static volatile Runnable whenShown;

    /**
     * Shows the workbench and returns when its window is closed.
     *
     * @param shown run on the FX thread once the window is shown (to open the files named on the
     *              command line, say)
     */
    public static int launch(Supplier<MainWindow> factory, Runnable shown) {
        windowFactory = Objects.requireNonNull(factory, "factory");
        whenShown = Objects.requireNonNull(shown, "shown");
        Application.launch(WorkbenchApp.class);
        return 0;
    }

    @Override
    public void start(Stage stage) {
        MainWindow window = windowFactory.get();
        window.show(stage);
        // After the first layout pass, as if the user had dropped the files on the open window.
        Platform.runLater(whenShown);
    }
}
