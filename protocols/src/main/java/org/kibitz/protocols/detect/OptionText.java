package org.kibitz.protocols.detect;

import org.kibitz.api.engine.EngineOption;
import org.kibitz.protocols.uci.OptionParser;

/**
 * One option as a line of text, in UCI's declaration syntax whatever protocol declared it:
 * {@code option name Hash type spin default 16 min 1 max 33554432}. xboard's file and path options
 * keep their kind as the type ({@code type file}).
 */
public final class OptionText {

    private OptionText() {
    }

    public static String declaration(EngineOption o) {
        StringBuilder b = new StringBuilder("option name ").append(o.name()).append(" type ");
        switch (o) {
            case EngineOption.Spin s -> b.append("spin default ").append(s.current())
                    .append(" min ").append(s.min()).append(" max ").append(s.max());
            case EngineOption.Check c -> b.append("check default ").append(c.on());
            case EngineOption.Combo c -> {
                b.append("combo default ").append(c.value());
                for (String v : c.choices()) {
                    b.append(" var ").append(v);
                }
            }
            case EngineOption.Button bt -> b.append("button");
            case EngineOption.Text t -> b.append(switch (t.kind()) {
                case STRING -> "string";
                case FILE -> "file";
                case PATH -> "path";
            }).append(" default ").append(t.value().isEmpty() ? OptionParser.EMPTY_MARK : t.value());
        }
        return b.toString();
    }
}
