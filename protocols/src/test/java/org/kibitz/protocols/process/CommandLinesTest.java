package org.kibitz.protocols.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class CommandLinesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            stockfish                                  | stockfish
            '  gnuchess   -x  '                        | gnuchess,-x
            fairy-stockfish load 'my variants.ini'     | fairy-stockfish,load,my variants.ini
            "/opt/My Engines/pikafish" --threads=2     | /opt/My Engines/pikafish,--threads=2
            engine "say \\"hi\\"" x                    | engine,say "hi",x
            engine 'a "b" c'                           | engine,a "b" c
            engine a\\ b                               | engine,a b
            C:\\Engines\\pikafish.exe                  | C:\\Engines\\pikafish.exe
            engine ''                                  | engine,
            engine $HOME *.ini                         | engine,$HOME,*.ini
            """)
    void splitsLikeAShellWithoutExpanding(String line, String words) {
        List<String> expected = words.endsWith(",") ? List.of(words.substring(0, words.length() - 1), "")
                : List.of(words.split(","));
        assertEquals(expected, CommandLines.split(line.startsWith("'  ") ? line.substring(1, line.length() - 1) : line));
    }

    @Test
    void unclosedQuotesSayWhere() {
        assertEquals("unclosed \" at column 8",
                assertThrows(IllegalArgumentException.class, () -> CommandLines.split("engine \"abc")).getMessage());
        assertEquals("unclosed ' at column 1",
                assertThrows(IllegalArgumentException.class, () -> CommandLines.split("'engine")).getMessage());
        assertEquals(List.of(), CommandLines.split("   "));
    }
}
