package org.kibitz.core;

import java.nio.file.Path;
import java.util.List;

/** Starts the graphical workbench; the CLI calls it when no command is given. */
@FunctionalInterface
public interface WorkbenchStarter {

    /**
     * Shows the window, opens the first of {@code files} (as if dropped on it) when there are any,
     * and returns the exit status when the window is closed.
     */
    int start(List<Path> files);
}
