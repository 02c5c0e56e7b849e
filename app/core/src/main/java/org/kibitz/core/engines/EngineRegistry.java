package org.kibitz.core.engines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.game.Games;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Protocols;

/**
 * The user's engine list: loaded from and saved to {@code engines.json} in the config folder, with
 * the built-in engine always in it. Adds engines by probing their executable, opens sessions for
 * them, and finds well-known engines installed on the computer to offer on the first start.
 *
 * <p>Thread-safe; listeners are called on the thread that made the change.
 */
public final class EngineRegistry {

    /** How loading went, for the user. */
    public sealed interface LoadReport {
        /** The list was read. */
        record Loaded() implements LoadReport {
        }

        /** There was no list yet: the first start. */
        record FirstStart() implements LoadReport {
        }

        /** The file could not be read; it was set aside and the list starts empty. */
        record Corrupt(String reason, Optional<Path> setAside) implements LoadReport {
        }
    }

    private final JsonStore<EngineListFile> store;
    private final Protocols protocols;
    private final EngineDiscovery discovery;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    /** Read when an engine is added, not at start: the management beans cost a start tens of ms. */
    private final java.util.function.Supplier<EngineDefaults.Machine> machine;

    /** How many engines run at once, for the threads and hash a new engine is offered (the workbench tells). */
    private volatile java.util.function.Supplier<EngineDefaults.Load> load = () -> EngineDefaults.Load.TYPICAL;

    private List<EngineEntry> entries = List.of(EngineEntry.builtinEngine());
    private boolean offersAnswered;
    /** Whether the list was read from its file yet ({@link #load}): names resolve only once it was. */
    private boolean loaded;

    public EngineRegistry(JsonStore<EngineListFile> store, Protocols protocols, EngineDiscovery discovery) {
        this(store, protocols, discovery, EngineDefaults.Machine::current);
    }

    /** A registry that sizes new engines' threads and hash for {@code machine} (tests give another machine). */
    public EngineRegistry(JsonStore<EngineListFile> store, Protocols protocols, EngineDiscovery discovery,
                          java.util.function.Supplier<EngineDefaults.Machine> machine) {
        this.store = Objects.requireNonNull(store, "store");
        this.protocols = Objects.requireNonNull(protocols, "protocols");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
        this.machine = Objects.requireNonNull(machine, "machine");
    }

    /** The games a probe asks an engine about when it does not say which it plays; null until told. */
    private volatile Games probeGames;

    /** The games probes ask engines about that do not say which they play (a renamed xiangqi engine). */
    public void probeGamesFrom(Games games) {
        this.probeGames = games;
    }

    /** Tells the registry how many engines run at once (analysis panels, a job's sessions), for new engines' defaults. */
    public void loadFrom(java.util.function.Supplier<EngineDefaults.Load> load) {
        this.load = Objects.requireNonNull(load, "load");
    }

    /** What a new engine is offered now, and from which figures ({@link EngineDefaults#suggest}). */
    public EngineDefaults.Suggestion suggestion() {
        return EngineDefaults.suggest(machine.get(), load.get());
    }

    /** The machine's figures the defaults are computed from. */
    public EngineDefaults.Machine machine() {
        return machine.get();
    }

    /** How many engines run at once, as last told. */
    public EngineDefaults.Load engineLoad() {
        return load.get();
    }

    public Path file() {
        return store.file();
    }

    /** Reads the list; a missing or unreadable file leaves the built-in engine alone in it. */
    public synchronized LoadReport load() {
        LoadReport report;
        List<EngineEntry> read = List.of();
        switch (store.load()) {
            case JsonStore.Loaded.Ok<EngineListFile> ok -> {
                read = ok.value().engines();
                offersAnswered = ok.value().offersAnswered();
                report = new LoadReport.Loaded();
            }
            case JsonStore.Loaded.Missing<EngineListFile> m -> report = new LoadReport.FirstStart();
            case JsonStore.Loaded.Corrupt<EngineListFile> c -> report = new LoadReport.Corrupt(c.reason(), c.setAside());
        }
        entries = withBuiltin(read);
        loaded = true;
        fire();
        return report;
    }

    /** Whether the well-known engines found on this computer should be offered (not answered yet). */
    public synchronized boolean shouldOffer() {
        return !offersAnswered;
    }

    /** Records that the user answered the offer (added the engines or declined), and saves. */
    public void offersAnswered() throws IOException {
        synchronized (this) {
            offersAnswered = true;
        }
        save();
    }

    /** Well-known engines installed on this computer that are not in the list yet. */
    public List<EngineDiscovery.Found> offers() {
        List<EngineDiscovery.Found> found = discovery.findWellKnown();
        Set<Path> known = new HashSet<>();
        for (EngineEntry e : entries()) {
            if (!e.builtin() && !e.remote() && !e.command().isEmpty()) {
                known.add(canonical(Path.of(e.command().get(0))));
            }
        }
        return found.stream().filter(f -> !known.contains(canonical(f.path()))).toList();
    }

    private static Path canonical(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    public synchronized List<EngineEntry> entries() {
        return entries;
    }

    public synchronized Optional<EngineEntry> byId(String id) {
        return entries.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /**
     * The engine {@code text} names, as {@code --engine} takes it: an entry of the list by id or name
     * (ignoring case; the built-in engine also as {@code kibitz}), else a command line.
     *
     * @see EngineRef#resolve(String, List)
     */
    public EngineRef resolve(String text) throws EngineRef.ResolveException {
        synchronized (this) {
            if (!loaded) {
                // Every command that takes --engine names engines of the list the same way, also
                // those that did not read it first (decision 0004; `match` took ids for programs).
                load();
            }
        }
        return EngineRef.resolve(text, entries());
    }

    public synchronized EngineEntry builtinEntry() {
        return entries.stream().filter(EngineEntry::builtin).findFirst().orElseThrow();
    }

    /** The engines known to play {@code gameId} (or not probed yet), in list order. */
    public synchronized List<EngineEntry> playing(String gameId) {
        return entries.stream().filter(e -> e.plays(gameId)).toList();
    }

    /**
     * The engine to use for {@code gameId} when the user has not chosen one: the first configured
     * engine that plays it, else the built-in engine.
     */
    public synchronized EngineEntry preferredFor(String gameId) {
        return entries.stream().filter(e -> !e.builtin() && e.games().contains(gameId)).findFirst()
                .orElseGet(this::builtinEntry);
    }

    /** Adds an engine, or replaces the one with the same id, and saves the list. */
    public void put(EngineEntry entry) throws IOException {
        synchronized (this) {
            List<EngineEntry> next = new ArrayList<>(entries);
            int i = indexOf(entry.id());
            if (i >= 0) {
                if (next.get(i).builtin() != entry.builtin()) {
                    throw new IllegalArgumentException("the built-in engine cannot be replaced by another");
                }
                next.set(i, entry);
            } else {
                if (entry.builtin()) {
                    throw new IllegalArgumentException("there is one built-in engine");
                }
                int builtinAt = indexOfBuiltin(next);
                next.add(builtinAt, entry);
            }
            entries = List.copyOf(next);
        }
        fire();
        save();
    }

    /**
     * Keeps what an engine said about itself when it started (its protocol, the games it plays, its
     * options) in its entry of the list, when no probe had done it: an engine added by hand to
     * {@code engines.json}, used by the workbench or a command, is detected once, not at every start.
     * A failure to save is logged; the engine ran all the same.
     *
     * @param used the entry the engine was started from (its id finds it in the list)
     */
    public void learn(EngineEntry used, EngineInfo info) {
        Optional<EngineEntry> now = byId(used.id());
        if (now.isEmpty()) {
            return;
        }
        EngineEntry e = now.get();
        if (e.protocol().isPresent() && !e.games().isEmpty() && !e.declared().isEmpty()) {
            return;
        }
        try {
            put(e.withProbe(info.protocol(), info));
        } catch (IOException | RuntimeException ex) {
            System.getLogger(EngineRegistry.class.getName()).log(System.Logger.Level.WARNING, "engine list not saved", ex);
        }
    }

    /** Removes an engine (not the built-in one) and saves the list. */
    public void remove(String id) throws IOException {
        synchronized (this) {
            int i = indexOf(id);
            if (i < 0) {
                return;
            }
            if (entries.get(i).builtin()) {
                throw new IllegalArgumentException("the built-in engine stays in the list");
            }
            List<EngineEntry> next = new ArrayList<>(entries);
            next.remove(i);
            entries = List.copyOf(next);
        }
        fire();
        save();
    }

    /** Moves an engine up ({@code -1}) or down ({@code +1}) in the list, and saves. */
    public void move(String id, int delta) throws IOException {
        synchronized (this) {
            int i = indexOf(id);
            int j = i + delta;
            if (i < 0 || j < 0 || j >= entries.size()) {
                return;
            }
            List<EngineEntry> next = new ArrayList<>(entries);
            next.add(j, next.remove(i));
            entries = List.copyOf(next);
        }
        fire();
        save();
    }

    /** Writes the list to its file, atomically. */
    public void save() throws IOException {
        EngineListFile f;
        synchronized (this) {
            f = new EngineListFile(EngineListFile.VERSION, entries, offersAnswered);
        }
        store.save(f);
    }

    /** Called after every change of the list. */
    public void addListener(Runnable l) {
        listeners.add(l);
    }

    public void removeListener(Runnable l) {
        listeners.remove(l);
    }

    /** An id for a new engine: from its name, unique in the list. */
    public synchronized String newId(String name) {
        String base = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+)|(-+$)", "");
        if (base.isEmpty() || base.equals(EngineEntry.BUILTIN_ID)) {
            base = "engine";
        }
        String id = base;
        for (int n = 2; indexOf(id) >= 0; n++) {
            id = base + "-" + n;
        }
        return id;
    }

    /** A name not used by another engine of the list: {@code name}, else {@code name (2)}... */
    public synchronized String uniqueName(String name, String exceptId) {
        String n = name;
        for (int k = 2; nameTaken(n, exceptId); k++) {
            n = name + " (" + k + ")";
        }
        return n;
    }

    private boolean nameTaken(String name, String exceptId) {
        return entries.stream().anyMatch(e -> !e.id().equals(exceptId) && e.name().equals(name));
    }

    /**
     * Starts the program, finds out which protocol it speaks (or tries only {@code protocol}) and
     * what it says about itself, and stops it again. Slow (seconds): never on the UI thread.
     *
     * @return a new entry, not in the list yet, named by the engine's own name, with threads and
     *         hash sized to the machine ({@link EngineDefaults})
     */
    public EngineEntry probeNew(List<String> command, Optional<String> workingDirectory, Optional<String> protocol)
            throws EngineException {
        return probeNew(Optional.empty(), command, workingDirectory, protocol);
    }

    /**
     * As {@link #probeNew(List, Optional, Optional)}, for an engine on the computer {@code ssh} names when
     * present ({@code command} and {@code workingDirectory} are then the remote ones; its name says where).
     * Threads and hash are left at the engine's defaults for a remote engine: this machine's figures say
     * nothing about that one's.
     */
    public EngineEntry probeNew(Optional<org.kibitz.protocols.ssh.SshTarget> ssh, List<String> command,
                                Optional<String> workingDirectory, Optional<String> protocol) throws EngineException {
        String program = Path.of(command.get(0)).getFileName() == null ? command.get(0)
                : Path.of(command.get(0)).getFileName().toString();
        EngineEntry draft = EngineEntry.of("new", program, command).withCommand(command, workingDirectory)
                .withProtocol(protocol).withSsh(ssh);
        EngineEntry probed = probe(draft);
        String own = probed.engineName().filter(s -> !s.isBlank()).orElse(program);
        String name = uniqueName(ssh.map(t -> own + " @ " + t.host()).orElse(own), "");
        EngineEntry entry = new EngineEntry(newId(name), name, probed.command(), probed.workingDirectory(),
                probed.protocol(), probed.games(), probed.engineName(), probed.author(), probed.conventions(),
                probed.options(), probed.declared(), probed.timeouts(), false, ssh);
        return ssh.isPresent() ? entry : EngineDefaults.applyTo(entry, machine.get(), load.get());
    }

    /**
     * Probes an engine again (after an update of the program, or to detect another protocol):
     * {@code entry} with what the engine says now. Protocol: the entry's when set, else detected.
     */
    public EngineEntry probe(EngineEntry entry) throws EngineException {
        if (!entry.builtin() && !entry.remote()) {
            Path program = Path.of(entry.command().get(0));
            if (program.isAbsolute() && !Files.isExecutable(program)) {
                throw new EngineException(EngineException.Kind.START_FAILED,
                        org.kibitz.api.i18n.Text.of(EngineRegistry.class, "engine.notExecutable", program));
            }
        }
        EngineProber prober = new EngineProber(protocols.all());
        Games g = probeGames;
        // The probe's conversation is in the engine log, as every session's is.
        EngineProber.Result r = (g == null ? prober : prober.withGames(g)).probe(entry.toConfig(), recognition(entry),
                sessionTap.tap(entry.name()));
        return entry.withProbe(r.protocol().id(), r.info());
    }

    /**
     * What "Test connection" found for an engine (on another computer, mostly): the entry as the engine
     * described itself, the shortest round trip seen (empty for a local engine), and how long it took
     * from nothing to an engine that answered (connection, login and the engine's own start).
     */
    public record Connection(EngineEntry probed, Optional<Duration> roundTrip, Duration started) {
    }

    /**
     * Starts the engine as a probe does, then once more for a session that is asked {@code isready} a few
     * times, to time the round trip; ends both. Slow (seconds): never on the UI thread.
     */
    public Connection testConnection(EngineEntry entry) throws EngineException {
        long t0 = System.nanoTime();
        EngineEntry probed = probe(entry);
        Duration started = Duration.ofNanos(System.nanoTime() - t0);
        Optional<Duration> roundTrip = Optional.empty();
        Games g = probeGames;
        if (g != null) {
            EngineSession s = open(probed, g, null);
            try {
                for (int i = 0; i < 3; i++) {
                    s.sync();
                }
                roundTrip = s.roundTrip();
            } finally {
                s.close();
            }
        }
        return new Connection(probed, roundTrip, started);
    }

    /** How long each protocol may take to show itself: a little more for slow starters (Java, big networks). */
    private static Duration recognition(EngineEntry entry) {
        Duration base = entry.builtin() ? Duration.ofSeconds(8) : EngineProber.DEFAULT_RECOGNITION;
        Duration configured = Duration.ofMillis(entry.timeouts().handshakeMs());
        return base.compareTo(configured) < 0 ? base : configured;
    }

    private volatile SessionTap sessionTap = SessionTap.NONE;

    /**
     * Who hears the sessions of this process's engines (the engine log, set once where the program
     * is wired): the pools {@link SessionPool#of(EngineRegistry, Games, int, int)} makes and the
     * sessions started with a {@link SessionTap#tap tap} of it.
     */
    public void setSessionTap(SessionTap tap) {
        this.sessionTap = java.util.Objects.requireNonNull(tap, "tap");
    }

    /** Who hears the sessions of this process's engines ({@link SessionTap#NONE} unless set). */
    public SessionTap sessionTap() {
        return sessionTap;
    }

    /**
     * Starts an engine and completes its handshake; its protocol is detected first if the entry has
     * none. Slow: never on the UI thread.
     */
    public EngineSession open(EngineEntry entry, Games games) throws EngineException {
        return new EngineProber(protocols.all()).open(entry.toConfig(), games, null, recognition(entry));
    }

    /** Opens as {@link #open(EngineEntry, Games)} does, {@code listener} hearing the engine from its first line. */
    public EngineSession open(EngineEntry entry, Games games, org.kibitz.api.engine.EngineListener listener)
            throws EngineException {
        return new EngineProber(protocols.all()).open(entry.toConfig(), games, listener, recognition(entry));
    }

    /**
     * Opens as {@link #open(EngineEntry, Games, org.kibitz.api.engine.EngineListener)} does; a probe gives each
     * protocol {@code recognition} to show itself (a slow starter on a busy machine, {@code analyse --wait}).
     */
    public EngineSession open(EngineEntry entry, Games games, org.kibitz.api.engine.EngineListener listener,
                              Duration recognition) throws EngineException {
        return new EngineProber(protocols.all()).open(entry.toConfig(), games, listener, recognition);
    }

    private int indexOf(String id) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfBuiltin(List<EngineEntry> list) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).builtin()) {
                return i;
            }
        }
        return list.size();
    }

    /** The list read, with exactly one built-in engine (kept where the user put it, else last). */
    private static List<EngineEntry> withBuiltin(List<EngineEntry> read) {
        List<EngineEntry> out = new ArrayList<>();
        boolean seen = false;
        Set<String> ids = new HashSet<>();
        for (EngineEntry e : read) {
            if (e.builtin()) {
                if (!seen) {
                    // Keep the user's settings for it, with the fixed id and the games it always plays.
                    EngineEntry b = EngineEntry.builtinEngine();
                    out.add(new EngineEntry(EngineEntry.BUILTIN_ID, e.name(), List.of(), Optional.empty(),
                            e.protocol().or(b::protocol), e.games().isEmpty() ? b.games() : e.games(), e.engineName(),
                            e.author(), e.conventions(), e.options(), e.declared(), e.timeouts(), true, e.winModels()));
                    ids.add(EngineEntry.BUILTIN_ID);
                    seen = true;
                }
            } else if (ids.add(e.id())) {
                out.add(e);
            }
        }
        if (!seen) {
            out.add(EngineEntry.builtinEngine());
        }
        return List.copyOf(out);
    }

    private void fire() {
        for (Runnable l : listeners) {
            l.run();
        }
    }
}
