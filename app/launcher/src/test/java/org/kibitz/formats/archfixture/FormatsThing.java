package org.kibitz.formats.archfixture;

/** Stands for any class of the formats module, for the layering rules' own test. */
public final class FormatsThing {
}
