package org.kibitz.ui;

import java.util.Objects;
import java.util.function.Supplier;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The JavaFX application. JavaFX creates it itself, so the window's factory is handed over before
 * launch by {@link #launch(Supplier)}.
 */
public final class WorkbenchApp extends Application {

    private static volatile Supplier<MainWindow> windowFactory;

    /** Shows the workbench and returns when its window is closed. */
    public static int launch(Supplier<MainWindow> factory) {
        windowFactory = Objects.requireNonNull(factory, "factory");
        Application.launch(WorkbenchApp.class);
        return 0;
    }

    @Override
    public void start(Stage stage) {
        MainWindow window = windowFactory.get();
        window.show(stage);
    }
}
