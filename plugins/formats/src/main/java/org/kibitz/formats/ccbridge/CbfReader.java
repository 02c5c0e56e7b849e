package org.kibitz.formats.ccbridge;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.FormatMessages;
import org.kibitz.formats.pgn.PgnComments;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;

/**
 * Reads a CCBridge XML game ({@code .cbf}): {@code <ChineseChessRecord>} with a {@code <Head>} of
 * tags (the start position as {@code <FEN>}) and a {@code <MoveList>} of {@code <Move value="77-47">}
 * (column and row from the top, as DhtmlXQ's), the first one {@code 00-00} holding the opening comment,
 * each comment as the element's text.
 */
final class CbfReader {

    /** Head element to tag. */
    private static final List<Map.Entry<String, String>> TAGS = List.of(
            Map.entry("Contest", "Event"), Map.entry("Name", "Title"), Map.entry("Round", "Round"), Map.entry("Date", "Date"),
            Map.entry("Site", "Site"), Map.entry("Red", "Red"), Map.entry("RedTeam", "RedTeam"), Map.entry("Black", "Black"),
            Map.entry("BlackTeam", "BlackTeam"), Map.entry("TimeRule", "TimeControl"), Map.entry("Commentator", "Annotator"),
            Map.entry("ECCO", "ECCO"));

    private final ReadContext context;
    private final List<FormatProblem> problems = new ArrayList<>();

    CbfReader(ReadContext context) {
        this.context = context;
    }

    ReadResult read(byte[] data) {
        Optional<GamePlugin> xiangqi = context.games().byId("xiangqi");
        if (xiangqi.isEmpty()) {
            problems.add(error(1, "pgn.no.games"));
            return new ReadResult(1, Optional.empty(), problems);
        }
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            doc = b.parse(new ByteArrayInputStream(data));
        } catch (SAXParseException e) {
            problems.add(error(Math.max(1, e.getLineNumber()), "ccbridge.xml", e.getMessage()));
            return new ReadResult(1, Optional.empty(), problems);
        } catch (Exception e) {
            problems.add(error(1, "ccbridge.xml", String.valueOf(e.getMessage())));
            return new ReadResult(1, Optional.empty(), problems);
        }
        Element root = doc.getDocumentElement();
        if (!root.getTagName().equals("ChineseChessRecord")) {
            problems.add(error(1, "ccbridge.not"));
            return new ReadResult(1, Optional.empty(), problems);
        }
        Element head = child(root, "Head");
        String fen = head == null ? "" : text(head, "FEN");
        Position start;
        try {
            start = fen.isEmpty() ? xiangqi.get().startPosition() : xiangqi.get().parseFen(fen);
        } catch (FenException e) {
            problems.add(error(1, "ccbridge.board.invalid", e.text()));
            return new ReadResult(1, Optional.empty(), problems);
        }
        GameTree tree = new GameTree(start);
        tree.tags().put("Game", "Chinese Chess");
        if (head != null) {
            String event = text(head, "Contest");
            tree.tags().put("Event", event.isEmpty() ? text(head, "Name") : event);
            for (Map.Entry<String, String> t : TAGS) {
                String v = text(head, t.getKey());
                if (!v.isEmpty() && !t.getValue().equals("Event") && !(t.getValue().equals("Title") && v.equals(tree.tags().getOrDefault("Event", "")))) {
                    tree.tags().put(t.getValue(), v);
                }
            }
            tree.tags().put("Result", switch (text(head, "RecordResult")) {
                case "1" -> "1-0";
                case "2" -> "0-1";
                case "3", "4" -> "1/2-1/2";
                default -> "*";
            });
        }
        Element list = child(root, "MoveList");
        if (list != null) {
            GameNode node = tree.root();
            int index = 0;
            for (Node n = list.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (!(n instanceof Element e) || !e.getTagName().equals("Move")) {
                    continue;
                }
                index++;
                String value = e.getAttribute("value");
                String comment = e.getTextContent().replace("\r\n", "\n").strip();
                if (value.equals("00-00") && node.isRoot() && index == 1) {
                    PgnComments.apply(node, comment);
                    continue;
                }
                Move m = move(value);
                Position p = node.position();
                if (m == null || !p.isLegal(m)) {
                    problems.add(error(1, "ccbridge.cbf.move", value, index, p.fullmoveNumber(),
                            FormatMessages.text(p.sideToMove() == Side.WHITE ? "side.red" : "side.black")));
                    break;
                }
                node = node.addChild(m);
                PgnComments.apply(node, comment);
            }
        }
        return new ReadResult(1, Optional.of(tree), problems);
    }

    static Move move(String v) {
        if (v.length() != 5 || v.charAt(2) != '-') {
            return null;
        }
        int x1 = v.charAt(0) - '0';
        int y1 = v.charAt(1) - '0';
        int x2 = v.charAt(3) - '0';
        int y2 = v.charAt(4) - '0';
        if (x1 < 0 || x1 > 8 || x2 < 0 || x2 > 8 || y1 < 0 || y1 > 9 || y2 < 0 || y2 > 9) {
            return null;
        }
        return new Move(Square.of(x1, 9 - y1), Square.of(x2, 9 - y2));
    }

    private static Element child(Element parent, String name) {
        NodeList l = parent.getElementsByTagName(name);
        return l.getLength() == 0 ? null : (Element) l.item(0);
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }

    private FormatProblem error(int line, String key, Object... args) {
        return FormatMessages.error(context.source(), 1, Location.line(line), key, args);
    }
}
