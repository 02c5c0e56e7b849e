package org.kibitz.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the rare class outside the CLI that must use {@code System.out}/{@code System.in} (an engine
 * speaking a protocol on stdin/stdout, say). The layering test allows it only with a reason.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface UsesStandardStreams {
    /** Why this class needs the process's standard streams. */
    String value();
}
