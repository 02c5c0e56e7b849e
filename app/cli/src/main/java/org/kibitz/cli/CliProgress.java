package org.kibitz.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;
import org.kibitz.core.jobs.Progress;

/**
 * A job's progress on stderr: a bar redrawn in place on a terminal, a plain line now and then when
 * stderr goes to a file or a pipe (logs, CI), or nothing. Fed by a job's {@link Progress}; the rate and
 * ETA shown are the job runner's (a sliding window), not the bar library's own.
 */
final class CliProgress implements AutoCloseable {

    /** How to show progress; {@code auto} picks a bar on a terminal and plain lines elsewhere. */
    enum Mode {
        AUTO, BAR, PLAIN, NONE;

        Mode resolved() {
            if (this != AUTO) {
                return this;
            }
            // Java 21: a console only when both standard input and output are a terminal, which is the
            // case of a user at a prompt; redirected output (a pipe, a log) gets plain lines.
            return System.console() != null && !"dumb".equals(System.getenv("TERM")) ? BAR : PLAIN;
        }
    }

    /** Plain lines come at most this often: enough to see a long run moving in a log, not to fill it. */
    static final Duration PLAIN_INTERVAL = Duration.ofSeconds(10);

    private final Mode mode;
    private final PrintWriter err;
    private final String task;
    private ProgressBar bar;
    private volatile Progress latest;
    private String lastPlain;
    /** The length of the words after the bar, so that a plain line keeps them whole (the bar gets 100). */
    private volatile int extraLength;

    private CliProgress(Mode mode, PrintWriter err, String task) {
        this.mode = mode;
        this.err = err;
        this.task = task;
    }

    /** Progress of the task {@code task}; plain lines go to {@code err}, a bar to the process's stderr. */
    static CliProgress open(Mode mode, PrintWriter err, String task) {
        return new CliProgress(mode.resolved(), err, task);
    }

    /** The job's progress now; called from the job runner's threads. */
    synchronized void update(Progress p) {
        update(p, "");
    }

    /** The job's progress now, with more to say after the rate ({@code more} may be empty). */
    synchronized void update(Progress p, String more) {
        latest = p;
        if (mode == Mode.NONE) {
            return;
        }
        if (bar == null) {
            bar = build(p.total());
        }
        bar.maxHint(p.total());
        bar.stepTo(p.done() + p.failed());
        String message = more.isEmpty() ? extra(p) : more + " " + extra(p);
        extraLength = message.length();
        bar.setExtraMessage(message);
    }

    private ProgressBar build(int total) {
        ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                .setEtaFunction(state -> Optional.ofNullable(latest).flatMap(Progress::eta));
        if (mode == Mode.BAR) {
            PrintStream stderr = System.err;
            b.setConsumer(new ConsoleProgressBarConsumer(stderr)).setUpdateIntervalMillis(200);
        } else {
            b.setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis((int) PLAIN_INTERVAL.toMillis())
                    .setConsumer(new PlainLines());
        }
        return b.build();
    }

    /**
     * Plain lines for a log: the bar's width stays 100 characters and the line grows with what is said
     * after it, so nothing is cut ("... 1 from the jo" was, at a fixed 100).
     */
    private final class PlainLines implements ProgressBarConsumer {
        @Override
        public int getMaxRenderedLength() {
            return 100 + extraLength;
        }

        @Override
        public void accept(String line) {
            String text = line.strip();
            synchronized (err) {
                // The bar's close draws the last state again: one line of it is enough in a log.
                if (!text.equals(lastPlain)) {
                    err.println(text);
                    err.flush();
                    lastPlain = text;
                }
            }
        }

        @Override
        public void close() {
            // err belongs to the command
        }
    }

    private static String extra(Progress p) {
        String rate = String.format(Locale.ROOT, "%.1f", p.itemsPerSecond());
        String text = Messages.get("progress.rate", rate);
        if (p.failed() > 0) {
            text += " " + Messages.get("progress.failed", String.valueOf(p.failed()));
        }
        if (p.resumed() > 0) {
            text += " " + Messages.get("progress.resumed", String.valueOf(p.resumed()));
        }
        return text;
    }

    /** Draws the last state and lets the bar go. */
    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
