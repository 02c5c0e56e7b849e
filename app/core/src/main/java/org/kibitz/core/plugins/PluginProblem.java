package org.kibitz.core.plugins;

import java.nio.file.Path;
import org.kibitz.api.i18n.Text;

/** A plugin jar (or one of its plugins) that could not be loaded, and why. */
public record PluginProblem(Path jar, Text message) {

    @Override
    public String toString() {
        return jar + ": " + message;
    }
}
