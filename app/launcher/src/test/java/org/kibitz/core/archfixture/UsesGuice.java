package org.kibitz.core.archfixture;

/** Uses Guice outside the app package on purpose (test sources only). */
public class UsesGuice {
    public com.google.inject.Injector injector() {
        return com.google.inject.Guice.createInjector();
    }
}
