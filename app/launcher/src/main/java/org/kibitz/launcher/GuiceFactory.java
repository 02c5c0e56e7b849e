package org.kibitz.launcher;

import com.google.inject.ConfigurationException;
import com.google.inject.Injector;
import picocli.CommandLine;

/** Lets picocli build commands with Guice, so commands get their services by constructor. */
final class GuiceFactory implements CommandLine.IFactory {

    private final Injector injector;

    GuiceFactory(Injector injector) {
        this.injector = injector;
    }

    /**
     * Commands, and classes that ask for their services, from Guice; picocli's own helper types
     * (the collections of multi-valued options, converters, its help command) from picocli. Asking
     * Guice for those first failed with a {@link ConfigurationException}, whose message Guice
     * formats, several times at every start.
     */
    @Override
    public <K> K create(Class<K> cls) throws Exception {
        if (!forGuice(cls)) {
            return CommandLine.defaultFactory().create(cls);
        }
        try {
            return injector.getInstance(cls);
        } catch (ConfigurationException e) {
            return CommandLine.defaultFactory().create(cls);
        }
    }

    /** A command, or a class with an injectable constructor. */
    static boolean forGuice(Class<?> cls) {
        if (cls.isAnnotationPresent(CommandLine.Command.class)) {
            return true;
        }
        for (java.lang.reflect.Constructor<?> c : cls.getDeclaredConstructors()) {
            if (c.isAnnotationPresent(jakarta.inject.Inject.class) || c.isAnnotationPresent(com.google.inject.Inject.class)) {
                return true;
            }
        }
        return false;
    }
}
