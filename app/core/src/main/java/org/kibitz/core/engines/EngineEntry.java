package org.kibitz.core.engines;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineConventions;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.EngineTimeouts;
import org.kibitz.engine.BuiltinEngine;
import org.kibitz.protocols.ssh.SshCommand;
import org.kibitz.protocols.ssh.SshTarget;

/**
 * One engine of the user's engine list, as kept in {@code engines.json}: how to start it, what it
 * said about itself at the last probe (so the option dialog and the game filter need no new start),
 * the option values the user chose and the conventions and timeouts set for it.
 *
 * <p>The built-in engine is an entry like the others, except that its command is not stored: it is
 * Kibitz's own Java and class path, which change with every install.
 *
 * @param id          stable identifier (panes and settings refer to engines by it)
 * @param name        the name shown in lists
 * @param command     program and arguments, run directly; empty for the built-in engine
 * @param workingDirectory where to run it; the program's folder when empty
 * @param protocol    the protocol to speak; detected at the next start when empty
 * @param games       games it plays, from the last probe; empty when not probed yet
 * @param engineName  its own name ({@code id name}) from the last probe
 * @param author      its author from the last probe
 * @param conventions conventions set for it; empty fields are detected
 * @param options     option values the user set, by the engine's option names (others stay at their defaults)
 * @param declared    the options it declared at the last probe, with their defaults
 * @param timeouts    the named waits
 * @param builtin     whether this is Kibitz's own engine
 * @param ssh         the computer it runs on when that is another one (decision 0032): then {@code command}
 *                    and {@code workingDirectory} are the program and folder there, and it starts through ssh
 * @param winModels   the win models fitted to it by {@code bench calibrate --save}, by game id
 */
public record EngineEntry(String id, String name, List<String> command, Optional<String> workingDirectory,
                          Optional<String> protocol, Set<String> games, Optional<String> engineName,
                          Optional<String> author, Conventions conventions, Map<String, String> options,
                          List<OptionDecl> declared, Timeouts timeouts, boolean builtin, Optional<SshTarget> ssh,
                          Map<String, FittedModel> winModels) {

    /** The built-in engine's id. */
    public static final String BUILTIN_ID = "builtin";

    public EngineEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        command = command == null ? List.of() : List.copyOf(command);
        workingDirectory = workingDirectory == null ? Optional.empty() : workingDirectory;
        protocol = protocol == null ? Optional.empty() : protocol;
        games = games == null ? Set.of() : Set.copyOf(new TreeSet<>(games));
        engineName = engineName == null ? Optional.empty() : engineName;
        author = author == null ? Optional.empty() : author;
        conventions = conventions == null ? Conventions.DETECT : conventions;
        options = options == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
        declared = declared == null ? List.of() : List.copyOf(declared);
        timeouts = timeouts == null ? Timeouts.DEFAULT : timeouts;
        ssh = ssh == null || builtin ? Optional.empty() : ssh;
        winModels = winModels == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(winModels));
        if (!builtin && command.isEmpty()) {
            throw new IllegalArgumentException("the engine " + name + " has no command");
        }
    }

    /** An engine on this computer (no {@code ssh}), without fitted win models. */
    public EngineEntry(String id, String name, List<String> command, Optional<String> workingDirectory,
                       Optional<String> protocol, Set<String> games, Optional<String> engineName,
                       Optional<String> author, Conventions conventions, Map<String, String> options,
                       List<OptionDecl> declared, Timeouts timeouts, boolean builtin) {
        this(id, name, command, workingDirectory, protocol, games, engineName, author, conventions, options, declared,
                timeouts, builtin, Optional.empty(), Map.of());
    }

    /** An engine on {@code ssh}'s computer (or this one when empty), without fitted win models. */
    public EngineEntry(String id, String name, List<String> command, Optional<String> workingDirectory,
                       Optional<String> protocol, Set<String> games, Optional<String> engineName,
                       Optional<String> author, Conventions conventions, Map<String, String> options,
                       List<OptionDecl> declared, Timeouts timeouts, boolean builtin, Optional<SshTarget> ssh) {
        this(id, name, command, workingDirectory, protocol, games, engineName, author, conventions, options, declared,
                timeouts, builtin, ssh, Map.of());
    }

    /** An engine on this computer with the win models fitted to it. */
    public EngineEntry(String id, String name, List<String> command, Optional<String> workingDirectory,
                       Optional<String> protocol, Set<String> games, Optional<String> engineName,
                       Optional<String> author, Conventions conventions, Map<String, String> options,
                       List<OptionDecl> declared, Timeouts timeouts, boolean builtin, Map<String, FittedModel> winModels) {
        this(id, name, command, workingDirectory, protocol, games, engineName, author, conventions, options, declared,
                timeouts, builtin, Optional.empty(), winModels);
    }

    /** Whether it runs on another computer, started through ssh. */
    public boolean remote() {
        return ssh.isPresent();
    }

    /** This entry run on {@code target} (its command and folder then being the remote ones), or here when empty. */
    public EngineEntry withSsh(Optional<SshTarget> target) {
        return new EngineEntry(id, name, command, workingDirectory, protocol, games, engineName, author, conventions,
                options, declared, timeouts, builtin, target, winModels);
    }

    /**
     * A win model fitted to an engine: {@code k} of {@code 1/(1+e^(-k·cp))}, the limit it was fitted at
     * (as {@code nodes 10000}), how many positions of how many games, and the 95% interval.
     */
    public record FittedModel(double k, String limit, int positions, int games, double low, double high) {
        public FittedModel {
            Objects.requireNonNull(limit, "limit");
            if (!(k > 0) || Double.isInfinite(k)) {
                throw new IllegalArgumentException("k must be a positive number: " + k);
            }
        }
    }

    /** This entry with the win model fitted for {@code gameId} (replacing an earlier one). */
    public EngineEntry withWinModel(String gameId, FittedModel model) {
        Map<String, FittedModel> m = new java.util.TreeMap<>(winModels);
        m.put(gameId, model);
        return withWinModels(m);
    }

    public EngineEntry withWinModels(Map<String, FittedModel> m) {
        return new EngineEntry(id, name, command, workingDirectory, protocol, games, engineName, author, conventions,
                options, declared, timeouts, builtin, ssh, m);
    }

    /** A new entry for the engine started by {@code command}, not probed yet. */
    public static EngineEntry of(String id, String name, List<String> command) {
        return new EngineEntry(id, name, command, Optional.empty(), Optional.empty(), Set.of(), Optional.empty(),
                Optional.empty(), Conventions.DETECT, Map.of(), List.of(), Timeouts.DEFAULT, false);
    }

    /** The built-in engine, not probed yet (it speaks UCI for both games). */
    public static EngineEntry builtinEngine() {
        return new EngineEntry(BUILTIN_ID, BuiltinEngine.NAME, List.of(), Optional.empty(),
                Optional.of(BuiltinEngine.DEFAULT_PROTOCOL), Set.of("chess", "xiangqi"), Optional.of(BuiltinEngine.NAME),
                Optional.empty(), Conventions.DETECT, Map.of(), List.of(), Timeouts.DEFAULT, true);
    }

    /** The command that starts it now (the built-in engine's is this install's Java and class path). */
    public List<String> commandLine() {
        if (builtin) {
            return BuiltinEngine.command(protocol.orElse(BuiltinEngine.DEFAULT_PROTOCOL));
        }
        return ssh.map(t -> SshCommand.command(t, workingDirectory, command)).orElse(command);
    }

    /** Whether it is known to play {@code gameId}; an engine never probed is assumed to. */
    public boolean plays(String gameId) {
        return games.isEmpty() || games.contains(gameId);
    }

    /** What the protocol clients need to start and set it up. */
    public EngineConfig toConfig() {
        List<String> cmd = commandLine();
        // An engine on another computer has its folder there: ssh runs here wherever it likes.
        Optional<Path> dir = builtin || ssh.isPresent() ? Optional.empty() : workingDirectory.map(Path::of);
        EngineConfig c = new EngineConfig(name, cmd, dir, protocol, conventions.toApi(), options, timeouts.toApi());
        // The built-in engine runs in this JVM: no JVM to start, whatever the machine's load.
        return builtin ? c.withInProcess(BuiltinEngine.inProcess(protocol.orElse(BuiltinEngine.DEFAULT_PROTOCOL))) : c;
    }

    /** The options it declared, with the user's values applied, in its declaration order. */
    public List<EngineOption> optionsWithValues() {
        List<EngineOption> out = new ArrayList<>();
        for (OptionDecl d : declared) {
            EngineOption o = d.toOption();
            String v = valueOf(o.name());
            if (v != null) {
                try {
                    o = o.withValue(v);
                } catch (IllegalArgumentException e) {
                    // a value the engine no longer takes (it was updated): its default stands
                }
            }
            out.add(o);
        }
        return out;
    }

    private String valueOf(String optionName) {
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equalsIgnoreCase(optionName)) {
                return e.getValue();
            }
        }
        return null;
    }

    public EngineEntry withName(String n) {
        return new EngineEntry(id, n, command, workingDirectory, protocol, games, engineName, author, conventions,
                options, declared, timeouts, builtin, ssh, winModels);
    }

    public EngineEntry withCommand(List<String> c, Optional<String> dir) {
        return new EngineEntry(id, name, c, dir, protocol, games, engineName, author, conventions, options, declared,
                timeouts, builtin, ssh, winModels);
    }

    public EngineEntry withProtocol(Optional<String> p) {
        return new EngineEntry(id, name, command, workingDirectory, p, games, engineName, author, conventions, options,
                declared, timeouts, builtin, ssh, winModels);
    }

    public EngineEntry withConventions(Conventions c) {
        return new EngineEntry(id, name, command, workingDirectory, protocol, games, engineName, author, c, options,
                declared, timeouts, builtin, ssh, winModels);
    }

    public EngineEntry withOptions(Map<String, String> values) {
        return new EngineEntry(id, name, command, workingDirectory, protocol, games, engineName, author, conventions,
                values, declared, timeouts, builtin, ssh, winModels);
    }

    /** This entry playing {@code g}: the user's word where the engine's own does not say (engine manager). */
    public EngineEntry withGames(java.util.Set<String> g) {
        return new EngineEntry(id, name, command, workingDirectory, protocol, g, engineName, author, conventions,
                options, declared, timeouts, builtin, ssh, winModels);
    }

    public EngineEntry withTimeouts(Timeouts t) {
        return new EngineEntry(id, name, command, workingDirectory, protocol, games, engineName, author, conventions,
                options, declared, t, builtin, ssh, winModels);
    }

    /**
     * This entry updated with what a probe found: the protocol it answered, its games, name, author
     * and declared options. The user's name, option values, conventions and timeouts stay.
     */
    public EngineEntry withProbe(String protocolId, EngineInfo info) {
        List<OptionDecl> decl = info.options().stream().map(OptionDecl::of).toList();
        return new EngineEntry(id, name, command, workingDirectory, Optional.of(protocolId), info.games(),
                Optional.of(info.name()), info.author(), conventions, options, decl, timeouts, builtin, ssh, winModels);
    }

    /**
     * Per-engine conventions as the user sets them; an empty field is detected by the protocol client.
     *
     * @param rankBase     0 or 1
     * @param pieceLetters {@code NB} or {@code HE}
     * @param sideLetter   {@code w} or {@code r}
     * @param uciVariant   the {@code UCI_Variant} value to set
     * @param useMillisec  UCCI {@code usemillisec}
     */
    public record Conventions(Optional<Integer> rankBase, Optional<String> pieceLetters, Optional<String> sideLetter,
                              Optional<String> uciVariant, Optional<Boolean> useMillisec) {

        public static final Conventions DETECT = new Conventions(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());

        public Conventions {
            rankBase = rankBase == null ? Optional.empty() : rankBase;
            pieceLetters = pieceLetters == null ? Optional.empty() : pieceLetters.map(String::strip).filter(s -> !s.isEmpty());
            sideLetter = sideLetter == null ? Optional.empty() : sideLetter.map(String::strip).filter(s -> !s.isEmpty());
            uciVariant = uciVariant == null ? Optional.empty() : uciVariant.map(String::strip).filter(s -> !s.isEmpty());
            useMillisec = useMillisec == null ? Optional.empty() : useMillisec;
            rankBase.ifPresent(b -> {
                if (b != 0 && b != 1) {
                    throw new IllegalArgumentException("rank base " + b + ": 0 or 1");
                }
            });
            pieceLetters.ifPresent(p -> EngineConventions.PieceLetters.valueOf(p));
            sideLetter.ifPresent(s -> {
                if (!s.equals("w") && !s.equals("r")) {
                    throw new IllegalArgumentException("side letter " + s + ": w or r");
                }
            });
        }

        public EngineConventions toApi() {
            return new EngineConventions(rankBase.map(OptionalInt::of).orElse(OptionalInt.empty()),
                    pieceLetters.map(EngineConventions.PieceLetters::valueOf), sideLetter.map(s -> s.charAt(0)),
                    uciVariant, useMillisec);
        }
    }

    /** The named waits, in milliseconds (as people write them in a JSON file). */
    public record Timeouts(long handshakeMs, long readyMs, long stopMs, long quitMs, long killMs) {

        public static final Timeouts DEFAULT = of(EngineTimeouts.DEFAULT);

        public Timeouts {
            for (long v : new long[] {handshakeMs, readyMs, stopMs, quitMs, killMs}) {
                if (v <= 0) {
                    throw new IllegalArgumentException("a timeout must be positive: " + v + " ms");
                }
            }
        }

        public static Timeouts of(EngineTimeouts t) {
            return new Timeouts(t.handshake().toMillis(), t.ready().toMillis(), t.stop().toMillis(), t.quit().toMillis(),
                    t.kill().toMillis());
        }

        public EngineTimeouts toApi() {
            return new EngineTimeouts(Duration.ofMillis(handshakeMs), Duration.ofMillis(readyMs), Duration.ofMillis(stopMs),
                    Duration.ofMillis(quitMs), Duration.ofMillis(killMs));
        }
    }

    /**
     * One option as the engine declared it, in a form that reads well in JSON.
     *
     * @param type    {@code spin check combo button string file path}
     * @param value   the default in text form
     * @param min     for spins
     * @param max     for spins
     * @param choices for combos
     */
    public record OptionDecl(String name, String type, String value, Optional<Long> min, Optional<Long> max,
                             List<String> choices) {

        public OptionDecl {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            value = value == null ? "" : value;
            min = min == null ? Optional.empty() : min;
            max = max == null ? Optional.empty() : max;
            choices = choices == null ? List.of() : List.copyOf(choices);
        }

        public static OptionDecl of(EngineOption o) {
            return switch (o) {
                case EngineOption.Spin s -> new OptionDecl(s.name(), "spin", s.value(), Optional.of(s.min()), Optional.of(s.max()), List.of());
                case EngineOption.Check c -> new OptionDecl(c.name(), "check", c.value(), Optional.empty(), Optional.empty(), List.of());
                case EngineOption.Combo c -> new OptionDecl(c.name(), "combo", c.value(), Optional.empty(), Optional.empty(), c.choices());
                case EngineOption.Button b -> new OptionDecl(b.name(), "button", "", Optional.empty(), Optional.empty(), List.of());
                case EngineOption.Text t -> new OptionDecl(t.name(), switch (t.kind()) {
                    case STRING -> "string";
                    case FILE -> "file";
                    case PATH -> "path";
                }, t.value(), Optional.empty(), Optional.empty(), List.of());
            };
        }

        public EngineOption toOption() {
            return switch (type) {
                case "spin" -> new EngineOption.Spin(name, parseLong(value, min.orElse(0L)), min.orElse(Long.MIN_VALUE),
                        max.orElse(Long.MAX_VALUE));
                case "check" -> new EngineOption.Check(name, Boolean.parseBoolean(value.strip()));
                case "combo" -> new EngineOption.Combo(name, value, choices);
                case "button" -> new EngineOption.Button(name);
                case "file" -> new EngineOption.Text(name, value, EngineOption.TextKind.FILE);
                case "path" -> new EngineOption.Text(name, value, EngineOption.TextKind.PATH);
                default -> new EngineOption.Text(name, value, EngineOption.TextKind.STRING);
            };
        }

        private static long parseLong(String s, long fallback) {
            try {
                return Long.parseLong(s.strip());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
    }

    /** Option values the user set that differ from the engine's defaults, kept in declaration order. */
    public static Map<String, String> changedValues(List<EngineOption> defaults, List<EngineOption> edited) {
        Map<String, String> out = new LinkedHashMap<>();
        for (EngineOption e : edited) {
            if (e instanceof EngineOption.Button) {
                continue;
            }
            defaults.stream().filter(d -> d.name().equals(e.name())).findFirst()
                    .filter(d -> !d.value().equals(e.value()))
                    .ifPresent(d -> out.put(e.name(), e.value()));
        }
        return out;
    }
}
