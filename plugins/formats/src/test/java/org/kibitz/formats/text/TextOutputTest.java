package org.kibitz.formats.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The bytes written are the JDK's for the same text: UTF-8 by hand, others through the JDK. */
class TextOutputTest {

    private static final String[] PIECES = {
        "[Event \"Hastings\"]\n", "1. e4 e5 2. Nf3 ", "炮二平五 马８进７ ", "Ｃ２＝５ ", "½-½", "é", "\u00A0",
        "\uD83D\uDE00", "\uD83D", "\uDE00", "x\uD800y", "\n\n", "♔♕♖", "{a comment} ",
    };

    @ParameterizedTest
    @ValueSource(strings = {"UTF-8", "GB18030", "Big5-HKSCS", "windows-1252"})
    void writesWhatTheJdksEncoderWrites(String name) throws IOException {
        Charset charset = Charset.forName(name);
        Random random = new Random(20261126L);
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        ByteArrayOutputStream jdk = new ByteArrayOutputStream();
        try (TextOutput out = TextOutput.open(ours, charset);
             Writer w = new OutputStreamWriter(jdk, charset)) {
            for (int game = 0; game < 3000; game++) {
                StringBuilder sb = new StringBuilder();
                int n = random.nextInt(40);
                for (int i = 0; i < n; i++) {
                    sb.append(PIECES[random.nextInt(PIECES.length)]);
                }
                // A game ends with a blank line, as PGN's writer ends it: no pair is split between two.
                sb.append('\n');
                out.write(sb);
                w.append(sb);
            }
            // Longer than the buffer at once.
            StringBuilder big = new StringBuilder();
            while (big.length() < 200_000) {
                big.append(PIECES[random.nextInt(PIECES.length)]);
            }
            big.append('\n');
            out.write(big);
            w.append(big);
        }
        assertArrayEquals(jdk.toByteArray(), ours.toByteArray(), name);
    }

    @Test
    void nothingWrittenIsAnEmptyFile() throws IOException {
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        TextOutput.open(ours, StandardCharsets.UTF_8).close();
        assertArrayEquals(new byte[0], ours.toByteArray());
    }
}
