package org.kibitz.workbench;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import org.kibitz.api.UsesStandardStreams;
import org.kibitz.core.StartupTrace;

/**
 * Marks the first frame of a window, for the start-up benchmark ({@code bench/startup.sh}) and the
 * training run that records the workbench's quick-start cache: with
 * {@code -Dkibitz.firstframe.exit=true}, prints {@code first-frame <ms since the process started>}
 * once the window has been drawn, {@code ready-frame <ms>} once the whole workbench has, and quits.
 */
@UsesStandardStreams("the start-up benchmark reads the first frame's time from standard output")
public final class FirstFrame {

    /** The system property that makes the window quit after its first frame. */
    public static final String EXIT_PROPERTY = "kibitz.firstframe.exit";

    private FirstFrame() {
    }

    /** Whether this run ends at the first frame. */
    public static boolean exitWanted() {
        return Boolean.getBoolean(EXIT_PROPERTY);
    }

    /**
     * Calls {@code drawn} on the FX thread once {@code scene}'s window has been drawn: at the pulse
     * after the first one that laid it out while showing (a pulse lays the scene out and hands it to
     * the renderer; the next begins once that frame is drawn).
     */
    public static void whenDrawn(Scene scene, Runnable drawn) {
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (scene.getWindow() == null || !scene.getWindow().isShowing()) {
                return;
            }
            scene.removePostLayoutPulseListener(listener[0]);
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    stop();
                    drawn.run();
                }
            }.start();
        };
        scene.addPostLayoutPulseListener(listener[0]);
    }

    /** Marks the first frame (of the window still empty); prints its time when the benchmark asks. */
    public static void firstFrameDrawn() {
        StartupTrace.mark("first frame");
        if (exitWanted()) {
            System.out.println("first-frame " + StartupTrace.uptimeMs());
            System.out.flush();
        }
    }

    /**
     * When asked, once {@code scene} (the whole workbench) has been drawn: prints its time as
     * {@code ready-frame <ms>} and quits ({@value #EXIT_PROPERTY}), and prints where the start went
     * ({@value StartupTrace#PROPERTY}).
     */
    public static void reportIfAsked(Scene scene) {
        if (!exitWanted() && !StartupTrace.wanted()) {
            return;
        }
        whenDrawn(scene, () -> {
            StartupTrace.mark("ready frame");
            if (StartupTrace.wanted()) {
                System.err.println("kibitz startup: " + StartupTrace.summary());
            }
            if (exitWanted()) {
                System.out.println("ready-frame " + StartupTrace.uptimeMs());
                System.out.flush();
                Platform.exit();
            }
        });
    }
}
