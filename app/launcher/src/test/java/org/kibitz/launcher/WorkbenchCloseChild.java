package org.kibitz.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
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
                // The panel's start button, pressed (again, while the window still fills in and the game
                // opens) until the engine runs.
                Stage stage = null;
                long pressed = 0;
                while (!Files.exists(started) || Files.readString(started).isBlank()) {
                    Thread.sleep(200);
                    if (System.nanoTime() - pressed < 5_000_000_000L) {
                        continue;
                    }
                    Stage found = onFx(() -> {
                        for (Window w : Window.getWindows()) {
                            if (w instanceof Stage s && s.getScene() != null
                                    && s.getScene().lookup("#analysis-toggle-1") instanceof javafx.scene.control.ToggleButton b
                                    && !b.isDisabled()) {
                                if (!b.isSelected()) {
                                    b.fire();
                                    System.out.println("analysis started");
                                }
                                return s;
                            }
                        }
                        return null;
                    });
                    if (found != null) {
                        stage = found;
                        pressed = System.nanoTime();
                    }
                }
                Thread.sleep(2000); // the engine at work
                if (close) {
                    Stage s = java.util.Objects.requireNonNull(stage);
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
        // With a game on the board (args[2]), as a user opens one to analyse.
        Main.main(new String[] {args[2]});
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
