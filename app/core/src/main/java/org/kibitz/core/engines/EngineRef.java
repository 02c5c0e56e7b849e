package org.kibitz.core.engines;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.i18n.Text;
import org.kibitz.protocols.process.CommandLines;
import org.kibitz.protocols.ssh.SshTarget;

/**
 * An engine as a user names it, resolved to what starts it: an entry of the engine list
 * ({@code engines.json}, by id or name) with its options, conventions and timeouts, or a command line
 * run as given. {@link SessionPool} opens sessions by it; two refs are the same engine when their
 * entries are equal.
 *
 * <p>The rule ({@link #resolve}): a name of the list wins (ids and names, case-insensitive; the
 * built-in engine also as {@code kibitz}); text that names no entry is a command line; text that
 * names two entries is an error that lists them.
 *
 * @param entry  how to start the engine and set it up
 * @param source where it came from
 */
public record EngineRef(EngineEntry entry, Source source) {

    /** Another word for the built-in engine, as users call it. */
    public static final String BUILTIN_ALIAS = "kibitz";

    /** Where a reference came from. */
    public enum Source {
        /** An entry of the engine list. */
        LIST,
        /** A command line given by the user. */
        COMMAND_LINE
    }

    /** Why a text names no engine. */
    public static final class ResolveException extends Exception {

        /** What was wrong. */
        public enum Kind { EMPTY, UNREADABLE, AMBIGUOUS }

        private final Kind kind;
        private final transient Text text;

        public ResolveException(Kind kind, Text text) {
            super(text.toString());
            this.kind = kind;
            this.text = text;
        }

        public Kind kind() {
            return kind;
        }

        /** The reason, for the user. */
        public Text text() {
            return text;
        }
    }

    public EngineRef {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(source, "source");
    }

    /** The engine's name, for messages. */
    public String name() {
        return entry.name();
    }

    /** An entry of the engine list. */
    public static EngineRef listed(EngineEntry entry) {
        return new EngineRef(entry, Source.LIST);
    }

    /** A command line, run as given (protocol detected), named after its program. */
    public static EngineRef commandLine(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("an empty command line");
        }
        Path program = Path.of(command.get(0)).getFileName();
        String name = program == null ? command.get(0) : program.toString();
        return new EngineRef(EngineEntry.of("command-line", name, command), Source.COMMAND_LINE);
    }

    /**
     * The engine {@code text} names: an entry of {@code list} when its id or name is {@code text}
     * (ignoring case; the built-in engine also as {@code kibitz}), else the command line {@code text}
     * is, split as a shell would (quotes allowed).
     *
     * @throws ResolveException when {@code text} is empty, names more than one entry, or is no readable command line
     */
    public static EngineRef resolve(String text, List<EngineEntry> list) throws ResolveException {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            throw new ResolveException(ResolveException.Kind.EMPTY, Text.of(EngineRef.class, "ref.empty"));
        }
        List<EngineEntry> named = named(t, list);
        if (named.size() == 1) {
            return listed(named.get(0));
        }
        if (named.size() > 1) {
            throw new ResolveException(ResolveException.Kind.AMBIGUOUS,
                    Text.of(EngineRef.class, "ref.ambiguous", t, describe(named)));
        }
        List<String> command;
        try {
            command = CommandLines.split(t);
        } catch (IllegalArgumentException e) {
            throw new ResolveException(ResolveException.Kind.UNREADABLE,
                    Text.of(EngineRef.class, "ref.unreadable", t, e.getMessage()));
        }
        if (command.isEmpty()) {
            throw new ResolveException(ResolveException.Kind.EMPTY, Text.of(EngineRef.class, "ref.empty"));
        }
        if (SshTarget.isReference(command.get(0))) {
            try {
                return remote(SshTarget.parse(command.get(0)), command.subList(1, command.size()));
            } catch (IllegalArgumentException e) {
                throw new ResolveException(ResolveException.Kind.UNREADABLE,
                        Text.of(EngineRef.class, "ref.unreadable", t, e.getMessage()));
            }
        }
        return commandLine(command);
    }

    /**
     * An engine on another computer ({@code ssh://[user@]host[:port]/path/to/engine args...}), named
     * {@code program@host}; the user's ssh config and agent say the rest (decision 0032).
     */
    public static EngineRef remote(SshTarget.Reference where, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(where.program());
        command.addAll(args);
        Path program = Path.of(where.program()).getFileName();
        String name = (program == null ? where.program() : program.toString()) + "@" + where.target().host();
        return new EngineRef(EngineEntry.of("command-line", name, command).withSsh(Optional.of(where.target())),
                Source.COMMAND_LINE);
    }

    /** The entries {@code text} names, in list order: by id, name or (the built-in one) {@code kibitz}. */
    public static List<EngineEntry> named(String text, List<EngineEntry> list) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        List<EngineEntry> out = new ArrayList<>();
        for (EngineEntry e : list) {
            if (e.id().toLowerCase(Locale.ROOT).equals(t) || e.name().toLowerCase(Locale.ROOT).equals(t)
                    || e.builtin() && t.equals(BUILTIN_ALIAS)) {
                out.add(e);
            }
        }
        return out;
    }

    /** The engines of a list as a user can name them: {@code Stockfish 15.1 (stockfish), Kibitz engine (builtin)}. */
    public static String describe(List<EngineEntry> list) {
        List<String> names = new ArrayList<>();
        for (EngineEntry e : list) {
            names.add(e.name().equals(e.id()) ? e.name() : e.name() + " (" + e.id() + ")");
        }
        return String.join(", ", names);
    }

    /** The same engine with these option values on top of its own ({@code --option} on the command line). */
    public EngineRef withOptions(Map<String, String> values) {
        if (values.isEmpty()) {
            return this;
        }
        Map<String, String> merged = new LinkedHashMap<>();
        for (Map.Entry<String, String> own : entry.options().entrySet()) {
            if (values.keySet().stream().noneMatch(k -> k.equalsIgnoreCase(own.getKey()))) {
                merged.put(own.getKey(), own.getValue());
            }
        }
        merged.putAll(values);
        return new EngineRef(entry.withOptions(merged), source);
    }

    /** The same engine spoken to in {@code protocol} ({@code --protocol}). */
    public EngineRef withProtocol(String protocol) {
        return new EngineRef(entry.withProtocol(Optional.of(protocol)), source);
    }
}
