package org.kibitz.core.engines;

import java.util.List;

/**
 * The content of {@code engines.json}.
 *
 * @param version        the file's format version
 * @param engines        the engines, in the user's order
 * @param offersAnswered whether the engines found on the first start were offered already (so they
 *                       are not offered again after the user said no)
 */
public record EngineListFile(int version, List<EngineEntry> engines, boolean offersAnswered) {

    public static final int VERSION = 1;

    public EngineListFile {
        engines = engines == null ? List.of() : List.copyOf(engines);
    }
}
