package org.kibitz.workbench;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;

/**
 * The small kit every pane that runs a job shares (Evaluate, Compare, Match, Deep analysis, Tree
 * import), so that the next such pane is short:
 * <ul>
 *   <li>{@link #start}: the slow part of a start (reading games, starting engines) off the FX thread,
 *       its answer or failure back on it;</li>
 *   <li>{@link #whenOver}: what a pane does once its job is over, on the FX thread;</li>
 *   <li>{@link Ticks}: progress read a few times a second, one {@code runLater} queued at a time
 *       however slow the FX thread is, stopped when the job is over;</li>
 *   <li>{@link #reportFailure}: a start or job that failed says why in the window's notification,
 *       in the current language;</li>
 *   <li>{@link #button}, {@link #bar}, {@link #table}: the pane's Start/Stop buttons (translated,
 *       enabled by the job's state), a button bar that wraps instead of cutting its buttons, and a
 *       results table set up by {@link Tables#fit} (rows from the font, columns sized to content,
 *       cut cells' text in tooltips) with its placeholder.</li>
 * </ul>
 * The job's own state machine (running, paused, stopped...) stays the pane's: it is what differs.
 */
public final class JobKit {

    private JobKit() {
    }

    /** The slow part of a start, run off the FX thread. */
    @FunctionalInterface
    public interface Start<R> {
        R start() throws Exception;
    }

    // ------------------------------------------------------------------ starting and ending

    /**
     * Runs {@code start} on {@code background} (never on the FX thread: it reads files and starts
     * engines) and completes the returned future on the FX thread with its result, or fails it there
     * with what it threw.
     */
    public static <R> CompletableFuture<R> start(Executor background, Start<R> start) {
        return start(background, start, r -> { });
    }

    /**
     * As {@link #start(Executor, Start)}, with {@code started} run on the FX thread with the result
     * before the returned future completes (the pane takes the run as its own and opens what follows
     * it, so whoever waits for the start finds it done); a failing {@code started} fails the future.
     */
    public static <R> CompletableFuture<R> start(Executor background, Start<R> start, java.util.function.Consumer<R> started) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(started, "started");
        CompletableFuture<R> done = new CompletableFuture<>();
        background.execute(() -> {
            try {
                R r = start.start();
                Platform.runLater(() -> {
                    try {
                        started.accept(r);
                        done.complete(r);
                    } catch (RuntimeException e) {
                        done.completeExceptionally(e);
                    }
                });
            } catch (Exception | Error e) {
                Platform.runLater(() -> done.completeExceptionally(e));
            }
        });
        return done;
    }

    /** {@link #start(Executor, Start, java.util.function.Consumer)} on a named thread of {@link org.kibitz.core.jobs.Background}. */
    public static <R> CompletableFuture<R> start(org.kibitz.core.jobs.Background background, String task, Start<R> start,
                                                 java.util.function.Consumer<R> started) {
        return start(r -> background.run(task, r), start, started);
    }

    /**
     * Once {@code over} completes (a job's result, however it ended), runs {@code then} on the FX
     * thread with its value (null when it failed) and its failure (null when it did not).
     */
    public static <T> void whenOver(CompletionStage<T> over, java.util.function.BiConsumer<T, Throwable> then) {
        over.whenComplete((r, x) -> Platform.runLater(() -> then.accept(r, x == null ? null : cause(x))));
    }

    /**
     * A start (or a run) that fails tells the window why: its notification, as {@code key} words it
     * with the reason as its argument, in the current language.
     */
    public static void reportFailure(CompletionStage<?> started, Supplier<Optional<MainWindow>> window, I18n i18n, String key) {
        started.whenComplete((r, x) -> {
            if (x != null) {
                String why = reason(x);
                Runnable say = () -> window.get().ifPresent(w -> w.notify(i18n.get(key, why)));
                if (Platform.isFxApplicationThread()) {
                    say.run();
                } else {
                    Platform.runLater(say);
                }
            }
        });
    }

    /** What went wrong, in words: the cause's message, not the wrapper's. */
    public static String reason(Throwable x) {
        Throwable c = cause(x);
        String m = c.getMessage();
        return m == null || m.isBlank() ? c.getClass().getSimpleName() : m;
    }

    private static Throwable cause(Throwable x) {
        Throwable c = x;
        while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }

    // ------------------------------------------------------------------ progress

    /**
     * Progress read every {@code every} while a job runs: at most one {@code runLater} queued at a time,
     * so a busy FX thread is never flooded with ticks. {@link #start()} and {@link #stop()} on the FX thread.
     */
    public static final class Ticks {
        private final String name;
        private final Duration every;
        private final Runnable onFx;
        private final AtomicBoolean queued = new AtomicBoolean();
        private ScheduledExecutorService clock;
        private ScheduledFuture<?> ticking;

        /**
         * @param name the clock thread's name
         * @param onFx run on the FX thread at each tick
         */
        public Ticks(String name, Duration every, Runnable onFx) {
            this.name = Objects.requireNonNull(name, "name");
            this.every = Objects.requireNonNull(every, "every");
            this.onFx = Objects.requireNonNull(onFx, "onFx");
        }

        /** Starts ticking (again); nothing when already ticking. */
        public void start() {
            if (clock == null) {
                clock = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name(name).unstarted(r));
            }
            if (ticking != null) {
                return;
            }
            long ms = Math.max(1, every.toMillis());
            ticking = clock.scheduleAtFixedRate(() -> {
                if (queued.compareAndSet(false, true)) {
                    Platform.runLater(() -> {
                        queued.set(false);
                        if (ticking != null) {
                            onFx.run();
                        }
                    });
                }
            }, ms, ms, TimeUnit.MILLISECONDS);
        }

        /** Stops ticking; a tick already queued does nothing. */
        public void stop() {
            if (ticking != null) {
                ticking.cancel(false);
                ticking = null;
            }
        }

        /** Whether it ticks now. */
        public boolean running() {
            return ticking != null;
        }

        /** Stops for good, the clock's thread with it (the window closes). */
        public void close() {
            stop();
            if (clock != null) {
                clock.shutdownNow();
                clock = null;
            }
        }
    }

    // ------------------------------------------------------------------ the pane's parts

    /**
     * A button of a job pane: its text from {@code key} (following a language switch), its id, its
     * tooltip from {@code tipKey} (none when null), disabled while {@code disabled} holds (none when null).
     */
    public static Button button(I18n i18n, String id, String key, String tipKey, ObservableBooleanValue disabled,
                                Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        if (tipKey != null) {
            b.setTooltip(tooltip(i18n, tipKey));
        }
        if (disabled != null) {
            b.disableProperty().bind(disabled);
        }
        if (action != null) {
            b.setOnAction(e -> action.run());
        }
        return b;
    }

    /** A tooltip from {@code key}, following a language switch. */
    public static Tooltip tooltip(I18n i18n, String key) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(i18n.text(key));
        t.setWrapText(true);
        t.setMaxWidth(480);
        return t;
    }

    /**
     * A job pane's bar of buttons and progress: it wraps to a second line rather than cut its buttons
     * to "..." in a narrow pane (a 1280 px window's dock).
     */
    public static FlowPane bar(Node... items) {
        FlowPane bar = new FlowPane(6, 4, items);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 6, 3, 6));
        return bar;
    }

    /**
     * A results table: {@link Tables#fit} (rows as tall as their font over {@code lines} lines,
     * columns sized to their titles and content, cut cells' text in tooltips), its id, and a
     * placeholder from {@code placeholderKey} while it has no rows.
     */
    public static <T> TableView<T> table(TableView<T> table, I18n i18n, String id, String placeholderKey, int lines) {
        table.setId(id);
        if (placeholderKey != null) {
            Label none = new Label();
            none.textProperty().bind(i18n.text(placeholderKey));
            none.setWrapText(true);
            none.setPadding(new Insets(8));
            table.setPlaceholder(none);
        }
        Tables.fit(table, lines);
        return table;
    }

    /**
     * A results table's column whose value is the row itself, titled by {@code key} (following a
     * language switch), showing {@code text} of each row, sorted by {@code order} (when not null);
     * {@link Tables} sizes it by that text.
     */
    public static <T> TableColumn<T, T> column(I18n i18n, String key, String id, double width,
                                               java.util.Comparator<T> order, Function<T, String> text) {
        TableColumn<T, T> c = new TableColumn<>();
        c.textProperty().bind(i18n.text(key));
        c.setId(id);
        c.setPrefWidth(width);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue()));
        if (order != null) {
            c.setComparator(order);
        }
        Tables.text(c, text);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(T row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : text.apply(row));
            }
        });
        return c;
    }

    /**
     * A job pane's two parts side by side while the pane is more than {@code ratio} times as wide as
     * high (a wide, low bottom dock), one over the other otherwise (a task layout's tall leaf), so that
     * the results table has the pane's width instead of a third of it.
     */
    public static void sideBySideWhenWide(javafx.scene.control.SplitPane split, javafx.scene.layout.Region pane, double ratio,
                                          double sideBySide, double stacked) {
        javafx.beans.InvalidationListener shape = o -> {
            if (pane.getWidth() <= 0 || pane.getHeight() <= 0) {
                return;
            }
            javafx.geometry.Orientation want = pane.getWidth() > ratio * pane.getHeight()
                    ? javafx.geometry.Orientation.HORIZONTAL : javafx.geometry.Orientation.VERTICAL;
            if (split.getOrientation() != want) {
                split.setOrientation(want);
                split.setDividerPositions(want == javafx.geometry.Orientation.HORIZONTAL ? sideBySide : stacked);
            }
        };
        pane.widthProperty().addListener(shape);
        pane.heightProperty().addListener(shape);
    }
}
