package org.kibitz.protocols.uci;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.EngineException;
import org.kibitz.protocols.process.EngineProcess;
import org.kibitz.protocols.testing.ScriptedChannel;

/**
 * A value with a line break never becomes a second engine command (issue 37): refused where option
 * values become commands, for whatever the caller (CLI, engines.json, a dialog), naming the option.
 */
class LineSafetyTest {

    @Test
    void anOptionValueWithALineBreakOrNulIsRefusedNamingTheOption() throws Exception {
        ScriptedChannel ch = UciScriptTest.stockfishHandshake();
        UciSession s = UciScriptTest.open(ch, UciSession.Dialect.UCI);
        for (String bad : List.of("/x\nquit", "/x\rsetoption name Hash value 1", "/x\u0000")) {
            EngineException e = assertThrows(EngineException.class, () -> s.setOption("SyzygyPath", bad));
            String m = e.text().render(Locale.ROOT);
            assertTrue(m.startsWith("SyzygyPath: a value with a line break or NUL"), m);
            assertTrue(e.text().render(Locale.SIMPLIFIED_CHINESE).contains("换行符"), "in Chinese too");
        }
    }

    @Test
    void anEngineArgumentWithALineBreakIsRefusedBeforeAnythingStarts() {
        EngineException e = assertThrows(EngineException.class, () -> EngineProcess.start(
                List.of("stockfish", "--x\nquit"), Optional.empty(), "t", Duration.ofSeconds(1)));
        assertTrue(e.text().render(Locale.ROOT).startsWith("argument 1: a value with a line break"), e.text().render(Locale.ROOT));
    }
}
