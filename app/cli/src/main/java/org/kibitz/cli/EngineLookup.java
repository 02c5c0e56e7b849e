package org.kibitz.cli;

import java.io.PrintWriter;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Finding the engines that {@code --engine} names, with errors a user can act on. The option itself
 * stays with each command: its arity, whether it is required and its help differ from one to the next.
 */
final class EngineLookup {

    private EngineLookup() {
    }

    /**
     * Reads the engine list now, so that names are looked up in what is on disk, and says on stderr when
     * the list could not be read: {@code key} of {@code text} with {@code {0}} the list's file, {@code {1}}
     * why, {@code {2}} where it was set aside ({@code -} when it was not).
     */
    static void readList(EngineRegistry registry, PrintWriter err, Messages text, String key) {
        if (registry.load() instanceof EngineRegistry.LoadReport.Corrupt c) {
            err.println(text.text(key, registry.file(), c.reason(), c.setAside().map(Object::toString).orElse("-")));
        }
    }

    /**
     * The program {@code --engine} names on a bench that runs programs itself (peers, perft): an
     * entry of the engine list (by id or name, as everywhere) gives its program, anything else is a path.
     */
    static java.nio.file.Path program(EngineRegistry registry, String text, CommandSpec spec) {
        EngineRef ref = resolve(registry, text, spec);
        if (ref.source() == EngineRef.Source.LIST && !ref.entry().builtin()) {
            String p = ref.entry().command().get(0);
            return p.contains("/") ? java.nio.file.Path.of(p)
                    : org.kibitz.protocols.process.ProgramSearch.current().locate(p).orElse(java.nio.file.Path.of(p));
        }
        return java.nio.file.Path.of(text);
    }

    /** The engine of the list by id or name, else the command line; a usage error saying why neither fits. */
    static EngineRef resolve(EngineRegistry registry, String name, CommandSpec spec) {
        EngineRef ref;
        try {
            ref = registry.resolve(name);
        } catch (EngineRef.ResolveException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.text().render());
        }
        requireKnownHost(spec, ref, name);
        return ref;
    }

    /**
     * Refuses an engine on another computer whose host key the user has not accepted, before anything
     * is started, with the command that accepts it (ssh would refuse it too, with {@code StrictHostKeyChecking=yes},
     * but in words that do not say what to do). The command line never asks: it is often a script.
     *
     * @param given how the user named the engine (an {@code ssh://} reference or a name of the list)
     */
    static void requireKnownHost(CommandSpec spec, EngineRef ref, String given) {
        if (ref.entry().ssh().isEmpty()) {
            return;
        }
        org.kibitz.protocols.ssh.SshTarget target = ref.entry().ssh().get();
        try {
            org.kibitz.protocols.ssh.SshHosts.Resolved where = org.kibitz.protocols.ssh.SshHosts.resolve(target);
            if (!org.kibitz.protocols.ssh.SshHosts.isKnown(where)) {
                String files = String.join(", ", where.knownHosts().stream().map(Object::toString).toList());
                throw new CommandLine.ParameterException(spec.commandLine(), Terminal.safe(org.kibitz.protocols.ProtocolMessages
                        .text("ssh.unknownHost", where.knownHostsName(), files, trustArgument(given)).render()));
            }
        } catch (org.kibitz.protocols.ssh.SshHosts.SshException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), Terminal.safe(e.getMessage()));
        }
    }

    /** What to give {@code engine trust-host}: the {@code ssh://} part of a reference, a name of the list quoted when it has spaces. */
    static String trustArgument(String given) {
        String g = given.strip();
        if (org.kibitz.protocols.ssh.SshTarget.isReference(g)) {
            int sp = g.indexOf(' ');
            return sp < 0 ? g : g.substring(0, sp);
        }
        return g.contains(" ") ? "'" + g.replace("'", "'\\''") + "'" : g;
    }

    /**
     * Refuses, as a usage error naming it, a value that would not stay one line on its way to an engine
     * (CR, LF or NUL: {@code --option 'SyzygyPath=/x\nquit'} would have sent {@code quit}).
     *
     * @param what how the user gave it: {@code --option Hash}, {@code --engine}...
     */
    static void requireOneLine(CommandSpec spec, String what, String value) {
        if (value != null && org.kibitz.protocols.process.LineSafety.breaksLine(value)) {
            throw new CommandLine.ParameterException(spec.commandLine(), ENGINE_TEXT.text("value.lineBreak", Terminal.safe(what),
                    org.kibitz.protocols.process.LineSafety.visible(Terminal.safe(value))));
        }
    }

    /** {@link #requireOneLine} for the options given on the command line and everything {@code ref} would send or run. */
    static EngineRef requireOneLine(CommandSpec spec, EngineRef ref) {
        for (var e : ref.entry().options().entrySet()) {
            requireOneLine(spec, "--option " + e.getKey(), e.getKey());
            requireOneLine(spec, "--option " + e.getKey(), e.getValue());
        }
        for (String part : ref.entry().commandLine()) {
            requireOneLine(spec, "--engine", part);
        }
        return ref;
    }

    private static final Messages ENGINE_TEXT = Messages.of("engine");
}
