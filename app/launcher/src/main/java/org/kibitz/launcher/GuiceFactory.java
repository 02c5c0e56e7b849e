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

    @Override
    public <K> K create(Class<K> cls) throws Exception {
        try {
            return injector.getInstance(cls);
        } catch (ConfigurationException e) {
            // picocli also asks for its own helper types (converters, collections): build those itself.
            return CommandLine.defaultFactory().create(cls);
        }
    }
}
