package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Commands and injectable classes from Guice, picocli's helper types from picocli. */
class GuiceFactoryTest {

    static final class Service {
    }

    @CommandLine.Command(name = "demo")
    static final class DemoCommand {
        final Service service;

        @Inject
        DemoCommand(Service service) {
            this.service = service;
        }
    }

    static final class Plain {
    }

    @Test
    void commandsAreInjectedAndPicocliHelpersAreNotAskedOfGuice() throws Exception {
        Service service = new Service();
        Injector injector = Guice.createInjector(new AbstractModule() {
            @Override
            protected void configure() {
                bind(Service.class).toInstance(service);
            }
        });
        GuiceFactory factory = new GuiceFactory(injector);
        assertSame(service, factory.create(DemoCommand.class).service);
        assertTrue(GuiceFactory.forGuice(DemoCommand.class));
        assertFalse(GuiceFactory.forGuice(List.class));
        assertFalse(GuiceFactory.forGuice(Plain.class));
        assertInstanceOf(ArrayList.class, factory.create(List.class));
        assertEquals(Plain.class, factory.create(Plain.class).getClass());
        // Nothing was bound on the way: Guice made just-in-time bindings for the command only.
        assertTrue(injector.getExistingBinding(com.google.inject.Key.get(List.class)) == null);
    }
}
