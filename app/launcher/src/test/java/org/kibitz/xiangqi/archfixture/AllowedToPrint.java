package org.kibitz.xiangqi.archfixture;

import org.kibitz.api.UsesStandardStreams;

/** Uses the console with a stated reason (test sources only). */
@UsesStandardStreams("a protocol spoken on stdout")
public class AllowedToPrint {
    public void say() {
        System.out.println("uciok");
    }
}
