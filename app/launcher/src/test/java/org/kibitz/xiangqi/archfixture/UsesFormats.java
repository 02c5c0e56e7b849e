package org.kibitz.xiangqi.archfixture;

/** Breaks the layering on purpose: a rules class that reaches up into the formats. */
public final class UsesFormats {

    /** A formats-package type the rules must not know; the fixture names one that exists in this test tree. */
    Object reachUp() {
        return new org.kibitz.formats.archfixture.FormatsThing();
    }
}
