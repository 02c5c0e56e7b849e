package org.kibitz.workbench.engines;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.protocols.ssh.SshHosts;
import org.kibitz.protocols.ssh.SshTarget;
import org.kibitz.workbench.I18n;

/**
 * The workbench's question before it connects to an engine on another computer whose host key is not
 * known: the computer and its fingerprints are shown, and the keys are added to known_hosts only on
 * yes (decision 0032). Asked by the engine manager's Test connection and before an analysis panel
 * starts such an engine; never answered by Kibitz itself.
 */
public final class HostTrust {

    /** Answers the question instead of a dialog (tests): given the host and its fingerprints. */
    private static volatile Predicate<String> question;

    private HostTrust() {
    }

    /** For tests: who answers "trust this computer?" instead of a dialog (null: the dialog). */
    public static void setQuestion(Predicate<String> answer) {
        question = answer;
    }

    /** A host and the keys it showed; no keys when it is known already. */
    record Check(SshHosts.Resolved where, List<SshHosts.HostKey> keys) {
    }

    /** Looks the host up in known_hosts, and scans its keys when it is not there. Not on the FX thread. */
    static Check check(SshTarget target) throws SshHosts.SshException {
        SshHosts.Resolved where = SshHosts.resolve(target);
        return SshHosts.isKnown(where) ? new Check(where, List.of()) : new Check(where, SshHosts.scan(where));
    }

    /** Asks whether to trust a computer whose host key is not known, showing its fingerprints. On the FX thread. */
    static boolean ask(Check h, I18n i18n, Window owner) {
        StringBuilder keys = new StringBuilder();
        for (SshHosts.HostKey k : h.keys()) {
            keys.append(k.type()).append("  ").append(k.fingerprint()).append('\n');
        }
        Predicate<String> q = question;
        if (q != null) {
            return q.test(h.where().knownHostsName() + "\n" + keys);
        }
        ButtonType trust = new ButtonType(i18n.get("manager.ssh.trust"), ButtonBar.ButtonData.YES);
        ButtonType no = new ButtonType(i18n.get("manager.ssh.dontTrust"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, i18n.get("manager.ssh.unknownHost", h.where().knownHostsName(),
                keys.toString().strip(), h.where().knownHosts().get(0)), no, trust);
        if (owner != null) {
            a.initOwner(owner);
        }
        a.setTitle(i18n.get("manager.ssh.unknownHost.title"));
        a.setHeaderText(null);
        a.getDialogPane().setId("ssh-host-question");
        return a.showAndWait().filter(b -> b == trust).isPresent();
    }

    /** Why a job's engines were not started: a computer not trusted, or its host key not looked up. */
    public static final class NotTrusted extends Exception {
        public NotTrusted(String message) {
            super(message);
        }
    }

    /**
     * For a job (a batch, a comparison, a match) about to start its engines, off the FX thread: each
     * engine on another computer is looked up, and for a computer not known yet the user is asked on the
     * FX thread (this thread waits for the answer), as an analysis panel asks before it starts. On no, or
     * when the lookup fails, nothing is started and {@link NotTrusted} says why in the user's words,
     * instead of the job failing later with ssh's "Host key verification failed".
     */
    public static void ensureKnown(java.util.Collection<EngineEntry> engines, I18n i18n,
                                   java.util.function.Supplier<Window> owner) throws NotTrusted, InterruptedException {
        java.util.Set<String> done = new java.util.HashSet<>();
        for (EngineEntry engine : engines) {
            if (engine.ssh().isEmpty()) {
                continue;
            }
            Check h;
            try {
                h = check(engine.ssh().get());
            } catch (SshHosts.SshException | RuntimeException e) {
                throw new NotTrusted(String.valueOf(e.getMessage()));
            }
            if (h.keys().isEmpty() || !done.add(h.where().knownHostsName())) {
                continue;
            }
            java.util.concurrent.CompletableFuture<Boolean> answer = new java.util.concurrent.CompletableFuture<>();
            Platform.runLater(() -> {
                try {
                    answer.complete(ask(h, i18n, owner.get()));
                } catch (RuntimeException e) {
                    answer.completeExceptionally(e);
                }
            });
            boolean yes;
            try {
                yes = answer.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new NotTrusted(String.valueOf(e.getCause().getMessage()));
            }
            if (!yes) {
                throw new NotTrusted(i18n.get("manager.ssh.notTrusted", h.where().knownHostsName()));
            }
            try {
                SshHosts.trust(h.where(), h.keys());
            } catch (IOException e) {
                throw new NotTrusted(i18n.get("manager.ssh.trustFailed", String.valueOf(e.getMessage())));
            }
        }
    }

    /**
     * Runs {@code start} on the FX thread once {@code engine}'s computer is known: at once for an engine
     * on this computer; else after looking its host key up off the FX thread, and, when it is unknown,
     * after the user said yes to trusting it (its keys then added). On no, or when the lookup fails,
     * {@code refused} gets the reason and nothing is started.
     */
    static void beforeStart(EngineEntry engine, I18n i18n, Window owner, Runnable start, Consumer<String> refused) {
        if (engine.ssh().isEmpty()) {
            start.run();
            return;
        }
        Thread t = new Thread(() -> {
            // The same lookup, question and trust as a job's start: one path for both.
            try {
                ensureKnown(List.of(engine), i18n, () -> owner);
            } catch (NotTrusted e) {
                Platform.runLater(() -> refused.accept(e.getMessage()));
                return;
            } catch (InterruptedException e) {
                return;
            }
            Platform.runLater(start);
        }, "ssh-host-check");
        t.setDaemon(true);
        t.start();
    }
}
