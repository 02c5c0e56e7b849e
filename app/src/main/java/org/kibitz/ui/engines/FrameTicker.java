package org.kibitz.ui.engines;

import java.util.ArrayList;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import org.kibitz.workbench.analysis.ChangeSignal;

/**
 * Brings engine news to the panes at most once per frame. Engine threads only raise
 * {@link ChangeSignal}s; the first raise starts an {@link AnimationTimer}, which on each pulse takes
 * the signals and runs the readers of those that were raised, and stops itself after a few quiet
 * frames so an idle window does not pulse for nothing. FX thread only, except {@link #watch}'s
 * signals, which any thread may raise.
 */
public final class FrameTicker {

    /** Quiet frames before the timer stops. */
    private static final int IDLE_FRAMES = 30;

    private record Reader(ChangeSignal signal, Runnable read) {
    }

    private final List<Reader> readers = new ArrayList<>();
    private final List<Runnable> everyFrame = new ArrayList<>();
    private final AnimationTimer timer;
    private boolean running;
    private int idle;

    public FrameTicker() {
        timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                tick();
            }
        };
    }

    /** Runs {@code read} on the FX thread, once per frame at most, after {@code signal} was raised. */
    public void watch(ChangeSignal signal, Runnable read) {
        readers.add(new Reader(signal, read));
        signal.onRaise(this::wake);
        if (signal.isRaised()) {
            wake();
        }
    }

    /** Runs {@code r} on every frame while the ticker runs (after the readers). */
    public void onFrame(Runnable r) {
        everyFrame.add(r);
    }

    /** Makes sure the timer runs (callable from any thread). */
    public void wake() {
        if (Platform.isFxApplicationThread()) {
            start();
        } else {
            Platform.runLater(this::start);
        }
    }

    private void start() {
        idle = 0;
        if (!running) {
            running = true;
            timer.start();
        }
    }

    /** One frame's reading; public for tests that drive frames by hand. */
    public void tick() {
        boolean any = false;
        for (int i = 0; i < readers.size(); i++) {
            Reader r = readers.get(i);
            if (r.signal().take()) {
                any = true;
                r.read().run();
            }
        }
        for (Runnable r : everyFrame) {
            r.run();
        }
        if (any) {
            idle = 0;
        } else if (++idle > IDLE_FRAMES) {
            timer.stop();
            running = false;
            // A raise between the takes above and this stop woke nobody (the timer was running):
            // look once more so it is not lost.
            for (Reader r : readers) {
                if (r.signal().isRaised()) {
                    start();
                    break;
                }
            }
        }
    }
}
