package org.kibitz.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TerminalTest {

    @Test
    void controlsAreShownEscapedAndPlainTextIsLeftAlone() {
        String plain = "Carlsen, Magnus – 卡尔森\tok\n";
        assertSame(plain, Terminal.safe(plain));
        assertEquals("\\x1B]0;pwned\\x07Evil\\x1B[2J \\x0D\\x9B\\u202E", Terminal.safe("\u001b]0;pwned\u0007Evil\u001b[2J \r\u009b\u202e"));
    }

    @Test
    void theEscapingWriterKeepsLineEndsAndEscapesALoneCr() {
        StringWriter out = new StringWriter();
        PrintWriter w = Terminal.escaping(new PrintWriter(out));
        w.print("a\r\nb\rc\u001b");
        w.println("d");
        w.print("e\r");
        w.flush();
        assertEquals("a\r\nb\\x0Dc\\x1Bd" + System.lineSeparator() + "e\\x0D", out.toString());
    }
}
