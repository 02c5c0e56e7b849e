package org.kibitz.workbench;

/** Starts the graphical workbench; the CLI calls it when no command is given. */
@FunctionalInterface
public interface WorkbenchStarter {

    /** Shows the window and returns the exit status when it is closed. */
    int start();
}
