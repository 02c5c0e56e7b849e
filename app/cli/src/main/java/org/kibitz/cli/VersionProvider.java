package org.kibitz.cli;

import picocli.CommandLine;

/** {@code kibitz --version}: the version from the jar manifest. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String v = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"Kibitz " + (v == null ? "dev" : v)};
    }
}
