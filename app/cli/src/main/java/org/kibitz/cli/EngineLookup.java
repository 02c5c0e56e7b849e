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
        try {
            return registry.resolve(name);
        } catch (EngineRef.ResolveException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.text().render());
        }
    }
}
