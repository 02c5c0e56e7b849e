package org.kibitz.workbench;

import java.util.Objects;
import java.util.function.Supplier;
import javafx.application.Application;
import javafx.application.Platform;
import java.util.ResourceBundle;
import javafx.scene.Scene;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The JavaFX application. JavaFX creates it itself, so the window's factory is handed over before
 * launch by {@link #launch(Supplier, Runnable)}.
 */
public final class WorkbenchApp extends Application {

    private static volatile Supplier<MainWindow> windowFactory;
    private static volatile Runnable whenShown;
    /** The platform's way to open a document in its own program (the browser for a page), once started. */
    private static volatile javafx.application.HostServices hostServices;
    /** What made the workbench fail after its empty window was shown. */
    private static volatile Throwable failure;

    /**
     * Shows the workbench and returns when its window is closed.
     *
     * @param shown run on the FX thread once the window is shown (to open the files named on the
     *              command line, say)
     */
    public static int launch(Supplier<MainWindow> factory, Runnable shown) {
        windowFactory = Objects.requireNonNull(factory, "factory");
        whenShown = Objects.requireNonNull(shown, "shown");
        failure = null;
        Application.launch(WorkbenchApp.class);
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        return 0;
    }

    /**
     * Opens {@code uri} in the desktop's program for it (a page in the browser): through JavaFX's host
     * services when the workbench was launched, else {@code xdg-open}. False when neither could be asked.
     */
    public static boolean showDocument(String uri) {
        javafx.application.HostServices h = hostServices;
        if (h != null) {
            h.showDocument(uri);
            return true;
        }
        try {
            new ProcessBuilder("xdg-open", uri).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Override
    public void start(Stage stage) {
        hostServices = getHostServices();
        org.kibitz.core.StartupTrace.mark("fx toolkit");
        // The window first, empty, as soon as JavaFX is up: the services and panes behind it take
        // seconds more on a busy machine, with nothing on screen meanwhile if they came first.
        StackPane empty = new StackPane(new ProgressIndicator());
        empty.setId("workbench-starting");
        stage.setScene(new Scene(empty, PLACEHOLDER_WIDTH, PLACEHOLDER_HEIGHT));
        stage.setTitle(ResourceBundle.getBundle("org.kibitz.workbench.messages").getString("app.title"));
        stage.show();
        FirstFrame.whenDrawn(stage.getScene(), () -> {
            FirstFrame.firstFrameDrawn();
            MainWindow window;
            try {
                window = windowFactory.get();
            } catch (RuntimeException | Error e) {
                // Thrown from start() it would end launch(); from here it would leave an empty
                // window open for good. launch() throws it once JavaFX has ended.
                failure = e;
                Platform.exit();
                return;
            }
            org.kibitz.core.StartupTrace.mark("panes");
            window.show(stage);
            org.kibitz.core.StartupTrace.mark("window shown");
            FirstFrame.reportIfAsked(stage.getScene());
            // After the first layout pass, as if the user had dropped the files on the open window.
            Platform.runLater(whenShown);
        });
    }

    private static final double PLACEHOLDER_WIDTH = 1400;
    private static final double PLACEHOLDER_HEIGHT = 900;
}
