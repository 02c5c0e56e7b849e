package org.kibitz.api.format;

import java.io.Closeable;
import java.io.IOException;
import org.kibitz.api.tree.GameTree;

/** Writes games one after another to one file. */
public interface GameWriter extends Closeable {

    void write(GameTree game) throws IOException;
}
