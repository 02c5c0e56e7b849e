package org.kibitz.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.control.ButtonBase;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The workbench as a user runs it ({@link Main} with no command), in a JVM of its own for
 * {@link WorkbenchCloseTest}: once the window is up it starts the first analysis panel, as its
 * start button does; with {@code close} it then closes the window as the window manager's close
 * button does (a close request, then the window closes unless it was refused) once the engine's
 * pid file ({@code args[1]}) names a process.
 */
public final class WorkbenchCloseChild {

    private WorkbenchCloseChild() {
    }

    public static void main(String[] args) {
        boolean close = args[0].equals("close");
        Path started = Path.of(args[1]);
        Thread driver = new Thread(() -> {
            try {
                Stage stage = null;
                while (stage == null) {
                    Thread.sleep(200);
                    stage = onFx(() -> {
                        for (Window w : Window.getWindows()) {
                            if (w instanceof Stage s && s.getScene() != null
                                    && s.getScene().lookup("#analysis-toggle-1") instanceof ButtonBase b && !b.isDisabled()) {
                                b.fire();
                                return s;
                            }
                        }
                        return null;
                    });
                }
                System.out.println("analysis started");
                while (!Files.exists(started) || Files.readString(started).isBlank()) {
                    Thread.sleep(100);
                }
                Thread.sleep(2000); // the engine at work
                if (close) {
                    Stage s = stage;
                    Platform.runLater(() -> {
                        WindowEvent request = new WindowEvent(s, WindowEvent.WINDOW_CLOSE_REQUEST);
                        if (s.getOnCloseRequest() != null) {
                            s.getOnCloseRequest().handle(request);
                        }
                        if (!request.isConsumed()) {
                            System.out.println("closing");
                            s.close();
                        }
                    });
                }
            } catch (InterruptedException | java.io.IOException e) {
                e.printStackTrace();
            }
        }, "close-driver");
        driver.setDaemon(true);
        driver.start();
        Main.main(new String[0]);
    }

    /** Runs {@code c} on the FX thread once JavaFX is up; null before. */
    private static <T> T onFx(java.util.concurrent.Callable<T> c) throws InterruptedException {
        java.util.concurrent.CompletableFuture<T> f = new java.util.concurrent.CompletableFuture<>();
        try {
            Platform.runLater(() -> {
                try {
                    f.complete(c.call());
                } catch (Exception e) {
                    f.completeExceptionally(e);
                }
            });
        } catch (IllegalStateException notYet) {
            return null;
        }
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
