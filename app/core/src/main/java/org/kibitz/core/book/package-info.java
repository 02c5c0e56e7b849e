/**
 * Opening books: Polyglot {@code .bin} books for chess (read and written), ElephantEye's
 * {@code BOOK.DAT} for xiangqi (read), and Kibitz's Polyglot-style xiangqi book (read and written,
 * see {@code docs/xiangqi-book-format.md}); {@link org.kibitz.core.book.BookMaker} makes a book from
 * game files.
 */
package org.kibitz.core.book;
