package org.kibitz.core.opening;

import java.util.ArrayList;
import java.util.List;

/**
 * The ECCO decision rules: a game's first ten rounds, as WXF-like move words ({@code C2.5},
 * {@code N8+7}, files counted from each side's own right, {@code .} for sideways, letters
 * K A B N R C P), to an ECCO code. The rules are the standard's (xqbase, 象棋百科全书), learned from
 * its published classifier and written here anew; see decision 0036.
 *
 * <p>Rounds are counted from 0 here ({@code red(0)} is Red's first move); a missing move reads as
 * {@code ""}, so no rule matches it.
 */
final class EccoRules {

    static final int ROUNDS = 10;

    private final String[] red = new String[ROUNDS];
    private final String[] black = new String[ROUNDS];
    /** Every move word in order, red first, as one string for prefix tests. */
    private final String joined;

    EccoRules(List<String> words) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ROUNDS; i++) {
            red[i] = at(words, 2 * i);
            black[i] = at(words, 2 * i + 1);
        }
        for (int i = 0; i < Math.min(words.size(), 2 * ROUNDS); i++) {
            sb.append(pad(words.get(i)));
        }
        joined = sb.toString();
    }

    private static String at(List<String> words, int ply) {
        return ply < words.size() ? words.get(ply) : "";
    }

    private static String pad(String w) {
        return w.length() >= 4 ? w.substring(0, 4) : (w + "    ").substring(0, 4);
    }

    String red(int round) {
        return red[round];
    }

    String black(int round) {
        return black[round];
    }

    /** Whether the moves from ply {@code ply} (0-based, red's first move = 0) are {@code words}. */
    boolean from(int ply, String words) {
        int at = ply * 4;
        return joined.length() >= at + words.length() && joined.startsWith(words, at);
    }

    /** Ply of Red's move in round {@code round} (1-based), as the standard's tables count. */
    static int redPly(int round) {
        return round * 2 - 2;
    }

    static int blackPly(int round) {
        return round * 2 - 1;
    }

    /**
     * Whether the game opens with the moves of {@code words} (alternating red and black), each side's
     * moves in any order: the transpositions of one opening line.
     */
    boolean opensWithAnyOrder(String words) {
        List<String> r = new ArrayList<>();
        List<String> b = new ArrayList<>();
        for (int i = 0; i + 4 <= words.length(); i += 4) {
            ((i / 4) % 2 == 0 ? r : b).add(words.substring(i, i + 4));
        }
        return sameMoves(r, red) && sameMoves(b, black);
    }

    private static boolean sameMoves(List<String> wanted, String[] played) {
        List<String> left = new ArrayList<>(wanted);
        for (int i = 0; i < wanted.size(); i++) {
            if (!left.remove(played[i])) {
                return false;
            }
        }
        return left.isEmpty();
    }

    static boolean any(String w, String... options) {
        for (String o : options) {
            if (o.equals(w)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- the tree, top down

    String classify() {
        String r0 = red[0];
        String b0 = black[0];
        switch (r0) {
            case "B3+5":
                return elephantOpening(b0);
            case "N2+3":
                if (b0.equals("P7+1")) {
                    return switch (red[1]) {
                        case "P7+1" -> "A45";
                        case "C8.5" -> "A44";
                        case "C8.6" -> "A43";
                        case "C2.1" -> "A42";
                        default -> "A41";
                    };
                }
                return "A40";
            case "C2.4":
                return switch (b0) {
                    case "C2.5" -> twoKnightsAfter("R9.8") ? "A53" : "A52";
                    case "P7+1" -> "A54";
                    case "N8+7" -> "A51";
                    default -> "A50";
                };
            case "C2.5":
                return switch (b0) {
                    case "C8.5" -> sameDirectionCannons();
                    case "N8+7" -> centralCannonVersusLeftKnight();
                    case "N2+3" -> centralCannonVersusRightKnight();
                    case "C2.5" -> "D50";
                    default -> "B00";
                };
            case "C2.6":
                return switch (b0) {
                    case "C8.5" -> {
                        if (red[1].equals("N2+3") && red[2].equals("R1.2")) {
                            boolean a65 = (black[1].equals("N8+7") && black[2].equals("R9+1"))
                                    || (black[1].equals("R9+1") && black[2].equals("N8+7"));
                            yield a65 ? "A65" : "A64";
                        }
                        yield "A63";
                    }
                    case "R9+1" -> "A62";
                    case "N8+7" -> "A61";
                    default -> "A60";
                };
            case "P3+1":
                return pawnOpening(b0);
            case "P1+1":
                return "A08";
            case "C2.7":
                return "A07";
            case "C2.3":
                return "A06";
            case "C2+4":
                return "A05";
            case "C2+2":
                return "A04";
            case "C2.1":
                return "A03";
            case "N2+1":
                return "A02";
            case "A4+5":
                return "A01";
            default:
                return "A00";
        }
    }

    /** Red develops both knights before anything but the rook move {@code rook} and the third/seventh pawns. */
    private boolean twoKnightsAfter(String rook) {
        boolean n3 = false;
        boolean n7 = false;
        for (int i = 1; i < ROUNDS; i++) {
            String m = red[i];
            if (m.equals("N2+3")) {
                if (n7) {
                    return true;
                }
                n3 = true;
            } else if (m.equals("N8+7")) {
                if (n3) {
                    return true;
                }
                n7 = true;
            } else if (!any(m, rook, "P3+1", "P7+1")) {
                return false;
            }
        }
        return false;
    }

    private String elephantOpening(String b0) {
        switch (b0) {
            case "N2+3":
                return switch (red[1]) {
                    case "P7+1" -> "A16";
                    case "P3+1" -> "A15";
                    default -> "A14";
                };
            case "C2.4":
                return switch (red[1]) {
                    case "P7+1" -> "A26";
                    case "P3+1" -> "A25";
                    case "R9+1" -> "A24";
                    case "N8+9" -> "A23";
                    case "N8+7" -> "A22";
                    default -> "A21";
                };
            case "C8.4":
                if (red[1].equals("N2+3")) {
                    if (from(blackPly(2), "N8+7R1.2P7+1")) {
                        return switch (red[3]) {
                            case "P7+1" -> "A34";
                            case "C2.1" -> "A33";
                            default -> "A32";
                        };
                    }
                    return "A31";
                }
                return "A30";
            case "P7+1":
                return switch (red[1]) {
                    case "P7+1" -> "A38";
                    case "N8+7" -> "A37";
                    default -> "A36";
                };
            case "C8.5":
                return twoKnightsAfter("R1.2") ? "A28" : "A27";
            case "P3+1":
                return "A39";
            case "C2.6":
                return "A35";
            case "C2.5":
                return "A29";
            case "C8.6":
                return "A20";
            case "N8+7":
                return "A13";
            case "B3+5":
                return "A12";
            case "B7+5":
                return "A11";
            default:
                return "A10";
        }
    }

    // ---------------------------------------------------------------- E: the pawn opening (仙人指路)

    private String pawnOpening(String b0) {
        switch (b0) {
            case "C8.7":
                return pawnVersusPawnCannon();
            case "N2+3":
                return switch (red[1]) {
                    case "N2+3" -> black[1].equals("P3+1") ? bothKnightsTwoHeadSnake() : "E07";
                    case "P7+1" -> black[1].equals("C8.7") ? "E09" : "E08";
                    default -> "E06";
                };
            case "P3+1":
                return switch (red[1]) {
                    case "N2+3" -> black[1].equals("N2+3") ? bothKnightsTwoHeadSnake() : "E41";
                    case "C8.7" -> switch (black[1]) {
                        case "C8.5" -> "E48";
                        case "C2.5" -> "E47";
                        default -> "E46";
                    };
                    default -> "E40";
                };
            case "B7+5":
            case "B3+5":
                return red[1].equals("N2+3") ? "E02" : "E01";
            case "C8.6":
            case "C8.4":
            case "C2.6":
            case "C2.4":
                return "E04";
            case "C8.5":
            case "C2.5":
                return "E03";
            case "C2.7":
                return "E05";
            default:
                return "E00";
        }
    }

    private String bothKnightsTwoHeadSnake() {
        return switch (red[2]) {
            case "B3+5", "B7+5" -> "E43";
            case "C2.1" -> "E45";
            case "R1+1" -> "E44";
            default -> "E42";
        };
    }

    private String pawnVersusPawnCannon() {
        switch (red[1]) {
            case "C8.5":
                switch (black[1]) {
                    case "B3+5":
                        if (red[2].equals("N2+1")) {
                            return black[2].equals("N8+9") ? "E16" : "E15";
                        }
                        return "E14";
                    case "B7+5":
                        return switch (red[2]) {
                            case "N8+7" -> leftCannonKnightVersusElephant();
                            case "C5+4" -> "E38";
                            case "N2+1" -> "E37";
                            case "A4+5" -> "E21";
                            default -> "E20";
                        };
                    case "C2.5":
                        return "E17";
                    default:
                        return "E13";
                }
            case "B7+5":
            case "B3+5":
                return "E11";
            case "C2.5":
                return "E12";
            default:
                return "E10";
        }
    }

    private String leftCannonKnightVersusElephant() {
        switch (black[2]) {
            case "R1+1":
                if (from(redPly(4), "R9.8R1.8N2+3N8+6")) {
                    if (from(redPly(6), "C2.1N2+1N3+4")) {
                        return switch (black[6]) {
                            case "P1+1" -> "E27";
                            case "R8+6" -> "E26";
                            case "A6+5" -> "E25";
                            default -> "E24";
                        };
                    }
                    return "E24";
                }
                return "E23";
            case "P7+1":
                if (from(redPly(4), "N2+1P7+1") || from(redPly(4), "R9.8P7+1")) {
                    if (any(red[4], "N2+1", "R9.8")) {
                        return switch (black[4]) {
                            case "R1+1" -> switch (red[5]) {
                                case "R1.2" -> "E36";
                                case "R8+4" -> "E35";
                                case "A4+5" -> "E34";
                                default -> "E33";
                            };
                            case "N8+6" -> "E32";
                            default -> "E31";
                        };
                    }
                    return "E31";
                }
                return "E30";
            default:
                return "E22";
        }
    }

    // ---------------------------------------------------------------- D: same-direction cannons (顺炮)

    private String sameDirectionCannons() {
        switch (red[1]) {
            case "N2+3":
                switch (black[1]) {
                    case "N8+7":
                        switch (red[2]) {
                            case "R1.2":
                                return black[2].equals("R9+1") ? straightRookVersusHorizontalRook() : straightRookVersusSlowRook();
                            case "R1+1":
                                if (black[2].equals("R9.8")) {
                                    return black[3].equals("R8+4") ? "D05" : "D04";
                                }
                                return "D03";
                            default:
                                return switch (black[2]) {
                                    case "R9.8" -> "D02";
                                    case "R9+1" -> "D01";
                                    default -> "D00";
                                };
                        }
                    case "R9+1":
                        return from(redPly(3), "R1.2N8+7") ? straightRookVersusHorizontalRook() : "D01";
                    default:
                        return "D00";
                }
            case "R1+1":
                if (from(blackPly(2), "R9.8N8+7")) {
                    return black[2].equals("R8+4") ? "D05" : "D04";
                }
                return "D03";
            default:
                return "D00";
        }
    }

    private String straightRookVersusSlowRook() {
        for (int i = 2; i < ROUNDS; i++) {
            switch (black[i]) {
                case "N2+3", "P7+1", "P3+1" -> { }
                case "C2.1" -> { return "D15"; }
                case "C2+4" -> { return "D14"; }
                case "R9.8" -> { return "D13"; }
                case "R1+1" -> { return "D12"; }
                case "R9+1" -> { return "D11"; }
                default -> { return "D10"; }
            }
        }
        return "D10";
    }

    private String straightRookVersusHorizontalRook() {
        boolean p3 = false;
        boolean p7 = false;
        for (int i = 3; i < ROUNDS; i++) {
            String m = red[i];
            switch (m) {
                case "A4+5", "A6+5" -> { return "D21"; }
                case "N8+9" -> { return "D22"; }
                case "R2+4" -> { return "D23"; }
                case "R2+6" -> { return "D24"; }
                case "C8.6" -> { return "D25"; }
                case "P3+1", "P7+1" -> {
                    boolean other = m.equals("P3+1") ? p7 : p3;
                    if (other) {
                        return twoPawnsAgainstHorizontalRook();
                    }
                    if (m.equals("P3+1")) {
                        p3 = true;
                    } else {
                        p7 = true;
                    }
                }
                case "N8+7" -> { }
                default -> {
                    if (p3) {
                        return "D26";
                    }
                    return p7 ? "D27" : "D20";
                }
            }
        }
        return "D20";
    }

    private String twoPawnsAgainstHorizontalRook() {
        for (int i = 3; i < ROUNDS; i++) {
            switch (black[i]) {
                case "N2+3", "R9.4" -> { }
                case "R1+1" -> { return "D29"; }
                default -> { return "D28"; }
            }
        }
        return "D28";
    }

    // ---------------------------------------------------------------- central cannon against the left knight

    /** What Black builds after 1. C2.5 N8+7: 0 none, 1 the 3-step tiger, 2 the left cannon to the river, 3..5 the cannons, 6 the rook, 7 the screen horses. */
    private int blackSetup() {
        int cannon = 0;
        for (int i = 1; i < ROUNDS; i++) {
            switch (black[i]) {
                case "R9.8", "R8+5", "P7+1", "P3+1" -> { }
                case "N2+3" -> { return cannon != 0 ? cannon : 7; }
                case "R9+1" -> { return cannon != 0 ? cannon : 6; }
                case "C8+4" -> cannon = 2;
                case "C8.9" -> cannon = 1;
                case "C2.5" -> { return 5 - cannon; }
                default -> { return cannon; }
            }
        }
        return 0;
    }

    private String centralCannonVersusLeftKnight() {
        boolean p3 = false;
        boolean p7 = false;
        switch (blackSetup()) {
            case 1:
                for (int i = 1; i < ROUNDS; i++) {
                    String m = red[i];
                    switch (m) {
                        case "B7+9" -> { return black[i - 1].equals("R8+5") ? "B21" : "B20"; }
                        case "P3+1", "P7+1" -> {
                            if (m.equals("P3+1") ? p7 : p3) {
                                return "B25";
                            }
                            if (m.equals("P3+1")) {
                                p3 = true;
                            } else {
                                p7 = true;
                            }
                        }
                        case "N2+3", "N8+7" -> { }
                        case "C8+4" -> { return "B24"; }
                        case "C8+2" -> { return "B23"; }
                        case "R1+1" -> { return "B22"; }
                        default -> { return "B20"; }
                    }
                }
                return "B20";
            case 3:
                if (from(redPly(2), "N2+3R9.8R1.2C8+4P3+1C2.5")) {
                    return switch (red[4]) {
                        case "P7+1" -> "D36";
                        case "C8+5" -> "D35";
                        case "N8+9" -> "D34";
                        case "N8+7" -> "D33";
                        case "N3+4" -> "D32";
                        default -> "D31";
                    };
                }
                return "D30";
            case 4:
                for (int i = 1; i < ROUNDS; i++) {
                    String m = red[i];
                    switch (m) {
                        case "P5+1" -> { return black[i - 1].equals("R8+5") && black[i].equals("C2.5") ? "D41" : "D40"; }
                        case "P3+1", "P7+1" -> {
                            if (m.equals("P3+1") ? p7 : p3) {
                                return "D43";
                            }
                            if (m.equals("P3+1")) {
                                p3 = true;
                            } else {
                                p7 = true;
                            }
                        }
                        case "N2+3", "N8+7" -> { }
                        case "R9.8" -> { return "D42"; }
                        default -> { return "D40"; }
                    }
                }
                return "D40";
            case 5: {
                boolean rook2 = false;
                boolean rook8 = false;
                for (int i = 1; i < ROUNDS; i++) {
                    switch (red[i]) {
                        case "R2+6" -> { return "D53"; }
                        case "N2+3", "N8+7", "P3+1", "P7+1" -> { }
                        case "R1.2" -> {
                            if (rook8) {
                                return "D55";
                            }
                            rook2 = true;
                        }
                        case "R9.8" -> {
                            if (rook2) {
                                return "D55";
                            }
                            rook8 = true;
                        }
                        default -> {
                            if (rook2) {
                                return "D52";
                            }
                            return rook8 ? "D54" : "D51";
                        }
                    }
                }
                return "D50";
            }
            case 7:
                return screenHorses();
            case 2:
                return "B07";
            case 6:
                return "B06";
            default:
                return "B05";
        }
    }

    // ---------------------------------------------------------------- B: central cannon against the right knight

    private String centralCannonVersusRightKnight() {
        switch (black[1]) {
            case "R9+1":
                if (red[1].equals("N2+3") && from(redPly(3), "R1.2R9.4")) {
                    return switch (red[3]) {
                        case "P7+1" -> "B14";
                        case "C8+2" -> "B13";
                        default -> "B12";
                    };
                }
                return "B10";
            case "C8.6":
                return any(black[2], "N8+9", "R9+1") ? "B11" : sandwichHorse();
            case "P3+1":
            case "P7+1":
                return switch (black[2]) {
                    case "A6+5", "A4+5" -> "B02";
                    case "C8.6" -> sandwichHorse();
                    case "N8+7" -> screenHorses();
                    case "R9+2" -> "B03";
                    default -> "B01";
                };
            case "N8+7":
                return screenHorses();
            case "N8+9":
                return "B10";
            case "C2.1":
                return "B04";
            default:
                return "B01";
        }
    }

    /** 反宫马 (the "sandwich" horses: right knight, left cannon to the palace corner, left knight). */
    private String sandwichHorse() {
        if (from(redPly(2), "P7+1C8.6N8+7")) {
            return "B32";
        }
        for (int i = 1; i < ROUNDS; i++) {
            switch (black[i]) {
                case "N8+7":
                    return sandwichHorseRedPlan();
                case "B7+5", "B3+5", "C8.6", "P7+1", "P3+1":
                    break;
                default:
                    return "B30";
            }
        }
        return "B30";
    }

    private String sandwichHorseRedPlan() {
        boolean n7 = false;
        boolean n9 = false;
        boolean c6 = false;
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "N8+9" -> n9 = true;
                case "N8+7" -> n7 = true;
                case "C8.6" -> c6 = true;
                case "N2+3", "R1.2", "P3+1", "P7+1" -> { }
                case "R1+1" -> {
                    if (!c6) {
                        return "B34";
                    }
                }
                case "R2+6" -> {
                    if (!c6) {
                        return "B33";
                    }
                }
                case "C8.7" -> { return fiveSevenCannonVersusSandwich(); }
                case "C8+4" -> { return "B36"; }
                case "C8+2" -> { return "B35"; }
                default -> {
                    if (!c6) {
                        return "B31";
                    }
                    if (from(redPly(2), "N2+3C8.6R1.2N8+7")) {
                        if (n7) {
                            if (red[3].equals("C8.6") && black[3].equals("R1.2")) {
                                if (black[4].equals("C2.1")) {
                                    return black[5].equals("P7+1") ? "B44" : "B43";
                                }
                                return "B42";
                            }
                            return "B41";
                        }
                        return n9 ? "B45" : "B40";
                    }
                    return "B40";
                }
            }
        }
        return "B30";
    }

    private String fiveSevenCannonVersusSandwich() {
        boolean b54 = true;
        for (int i = 1; i < 5; i++) {
            if (!any(red[i], "N2+3", "N8+9", "R1.2", "P3+1")) {
                b54 = false;
            }
        }
        for (int i = 1; i < 4; i++) {
            if (!any(black[i], "N8+7", "C8.6", "P3+1")) {
                b54 = false;
            }
        }
        if (b54) {
            if (from(blackPly(5), "B7+5C8.7R1.2R9.8C2+4")) {
                return from(redPly(8), "P7+1P3+1P3+1") ? "B56" : "B55";
            }
            return "B54";
        }
        for (int i = 1; i < ROUNDS; i++) {
            switch (black[i]) {
                case "B7+5", "B3+5", "N8+7", "C8.6", "P7+1", "P3+1" -> { }
                case "R1.2" -> { return "B53"; }
                case "R9+1" -> { return "B52"; }
                case "R9.8" -> { return "B51"; }
                default -> { return "B50"; }
            }
        }
        return "B50";
    }

    // ---------------------------------------------------------------- C: central cannon against the screen horses (屏风马)

    private String screenHorses() {
        if (opensWithAnyOrder("C2.5N8+7N2+3R9.8R1.2P7+1R2+6N2+3N8+7P3+1")) {
            if (red[5].equals("R9+1")) {
                if (from(blackPly(6), "C2+1R2-2B3+5")) {
                    return switch (red[7]) {
                        case "P3+1" -> red[8].equals("P7+1") ? "C25" : "C23";
                        case "P7+1" -> red[8].equals("P7+1") ? "C25" : "C24";
                        default -> "C22";
                    };
                }
                return "C21";
            }
            return "C20";
        }
        if (opensWithAnyOrder("C2.5N8+7N2+3R9.8R1.2P7+1R2+6N2+3P7+1")) {
            return crossingRookSevenPawn();
        }
        if (opensWithAnyOrder("C2.5N8+7N2+3R9.8R1.2P7+1N8+9N2+3C8.7")) {
            return switch (black[4]) {
                case "R1.2" -> {
                    if (red[5].equals("R9.8")) {
                        yield switch (black[5]) {
                            case "C2+4" -> "C66";
                            case "C2+2" -> "C65";
                            case "C8+4" -> "C64";
                            default -> "C63";
                        };
                    }
                    yield "C62";
                }
                case "C2+2" -> "C67";
                default -> "C61";
            };
        }
        if (opensWithAnyOrder("C2.5N8+7N2+3R9.8R1.2N2+3P3+1P3+1N8+9P1+1C8.7N3+2")) {
            if (red[6].equals("R9+1")) {
                return switch (black[6]) {
                    case "B7+5" -> switch (red[7]) {
                        case "R2+4" -> "C76";
                        case "N3+4" -> "C75";
                        default -> "C74";
                    };
                    case "P1+1" -> "C78";
                    case "B3+5" -> "C77";
                    default -> "C73";
                };
            }
            return "C72";
        }
        return screenHorsesByRedPlan();
    }

    private String crossingRookSevenPawn() {
        switch (black[4]) {
            case "N7+6":
                if (red[5].equals("N8+7")) {
                    if (black[5].equals("B3+5")) {
                        return switch (red[6]) {
                            case "C8.9" -> "C39";
                            case "C8+1" -> "C38";
                            default -> "C37";
                        };
                    }
                    return "C36";
                }
                return "C35";
            case "C8.9":
                if (from(redPly(6), "R2.3C9-1")) {
                    return switch (red[6]) {
                        case "N8+7" -> {
                            if (black[6].equals("A4+5")) {
                                yield switch (red[7]) {
                                    case "C8.9" -> black[7].equals("R1.2") || black[8].equals("R1.2") ? "C46" : "C45";
                                    case "N7+6" -> "C44";
                                    default -> "C43";
                                };
                            }
                            yield "C42";
                        }
                        case "P5+1" -> "C49";
                        case "C8.6" -> "C48";
                        case "N8+9" -> "C47";
                        default -> "C41";
                    };
                }
                return "C40";
            case "B7+5", "B3+5":
                return "C32";
            case "A6+5", "A4+5":
                return "C31";
            case "C2+4":
                return "C34";
            case "R1+1":
                return "C33";
            default:
                return "C30";
        }
    }

    private String screenHorsesByRedPlan() {
        boolean n7 = false;
        boolean n9 = false;
        boolean r6 = false;
        for (int i = 1; i < ROUNDS - 1; i++) {
            switch (red[i]) {
                case "R2+4":
                    return riverRook();
                case "R1+1":
                    return rightHorizontalRook();
                case "C8.7":
                    return sevenCannonAgainstScreen();
                case "N2+3", "R1.2", "P3+1", "P7+1":
                    break;
                case "N8+9":
                    n9 = true;
                    break;
                case "N8+7":
                    n7 = true;
                    break;
                case "R2+6":
                    r6 = true;
                    break;
                case "C8+4":
                    return riverCrossingCannon();
                case "C8+2":
                    return riverBankCannon();
                case "C8.6":
                    return fiveSixCannon();
                case "C8.9":
                    return "C99";
                default:
                    if (r6) {
                        return crossingRookThenKnight();
                    }
                    if (n7) {
                        return sevenKnight();
                    }
                    if (n9) {
                        return edgeKnight();
                    }
                    return "C00";
            }
        }
        return "C00";
    }

    private String riverRook() {
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "N2+3", "R1.2", "R2+4", "P3+1", "P7+1" -> { }
                case "N8+7", "N8+9" -> { return "C16"; }
                default -> { return "C15"; }
            }
        }
        return "C15";
    }

    private String rightHorizontalRook() {
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "N2+3", "N8+7", "R1+1", "R1.4", "R1.6", "P3+1", "P7+1" -> { }
                case "P5+1" -> { return "C14"; }
                case "C8.9" -> { return "C13"; }
                case "C8+2" -> { return "C12"; }
                case "N7+6" -> { return "C11"; }
                default -> { return "C10"; }
            }
        }
        return "C10";
    }

    private String sevenCannonAgainstScreen() {
        boolean blackP3 = false;
        for (int i = 1; i < ROUNDS; i++) {
            switch (black[i]) {
                case "P7+1" -> {
                    for (int j = 1; j < ROUNDS; j++) {
                        switch (red[j]) {
                            case "N2+3", "N8+9", "R1.2", "R2+6", "C8.7" -> { }
                            case "P7+1" -> { return "C68"; }
                            default -> { return "C60"; }
                        }
                    }
                    return "C60";
                }
                case "P3+1" -> blackP3 = true;
                case "N3+2" -> { return "C71"; }
                case "N2+3", "N8+7", "R9.8" -> { }
                default -> { return blackP3 ? "C70" : "C60"; }
            }
        }
        return "C00";
    }

    private String crossingRookThenKnight() {
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "N2+3", "R1.2", "R2+6", "P3+1", "P7+1" -> { }
                case "N8+9" -> { return "C19"; }
                case "N8+7" -> { return "C18"; }
                default -> { return "C17"; }
            }
        }
        return "C17";
    }

    private String sevenKnight() {
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "P5+1" -> { return centralPawnAgainstCannons(); }
                case "N2+3", "N8+7", "R1.2", "P3+1", "P7+1" -> { }
                case "N7+6" -> { return "C02"; }
                default -> { return "C01"; }
            }
        }
        return "C01";
    }

    private String centralPawnAgainstCannons() {
        boolean c8 = false;
        boolean c2 = false;
        for (int i = 1; i < ROUNDS; i++) {
            switch (black[i]) {
                case "N2+3", "N8+7", "R9.8", "P7+1", "P3+1" -> { }
                case "C8+4" -> {
                    if (c2) {
                        return "C04";
                    }
                    c8 = true;
                }
                case "C2+4" -> {
                    if (c8) {
                        return "C04";
                    }
                    c2 = true;
                }
                default -> { return "C03"; }
            }
        }
        return "C03";
    }

    private String edgeKnight() {
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "N2+3", "N8+9", "R1.2", "P3+1", "P7+1" -> { }
                case "R9+1" -> { return "C06"; }
                default -> { return "C05"; }
            }
        }
        return "C05";
    }

    private String fiveSixCannon() {
        boolean c52 = true;
        boolean c55 = true;
        for (int i = 1; i < 5; i++) {
            switch (red[i]) {
                case "N2+3", "R1.2", "C8.6" -> { }
                case "N8+9" -> c55 = false;
                case "R2+6" -> c52 = false;
                default -> {
                    c52 = false;
                    c55 = false;
                }
            }
        }
        for (int i = 1; i < 4; i++) {
            if (!any(black[i], "N2+3", "N8+7", "R9.8", "P7+1")) {
                c52 = false;
                c55 = false;
            }
        }
        if (c52) {
            if (from(blackPly(5), "R1.2R9.8")) {
                return black[5].equals("C2+4") ? "C53" : "C52";
            }
            return "C51";
        }
        if (c55) {
            return switch (black[4]) {
                case "P3+1" -> "C56";
                case "R1.2" -> "C55";
                default -> "C54";
            };
        }
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "N2+3", "R1.2", "C8.6", "P3+1", "P7+1" -> { }
                case "R2+6" -> { return "C54"; }
                case "N8+9" -> { return "C51"; }
                default -> { return "C50"; }
            }
        }
        return "C50";
    }

    private String riverBankCannon() {
        boolean c85 = true;
        for (int i = 1; i < 5; i++) {
            if (!any(red[i], "N2+3", "N8+7", "C8+2", "P7+1")) {
                c85 = false;
            }
        }
        for (int i = 1; i < 4; i++) {
            if (!any(black[i], "N8+7", "N2+3", "R9.8", "P7+1")) {
                c85 = false;
            }
        }
        if (c85 && black[4].equals("N7+8")) {
            return red[5].equals("N7+6") && red[6].equals("R1+1") ? "C86" : "C85";
        }
        boolean elephant7 = false;
        for (int i = 1; i < ROUNDS; i++) {
            switch (black[i]) {
                case "B7+5" -> elephant7 = true;
                case "B3+5" -> { return "C84"; }
                case "P7+1", "P3+1", "N8+7", "N2+3", "R9.8" -> { }
                case "C8+2" -> { return elephant7 ? "C83" : "C80"; }
                case "R1+1" -> { return elephant7 ? "C82" : "C80"; }
                default -> { return elephant7 ? "C81" : "C80"; }
            }
        }
        return "C80";
    }

    private String riverCrossingCannon() {
        for (int i = 1; i < ROUNDS; i++) {
            switch (red[i]) {
                case "P3+1":
                    return threePawnsMeet();
                case "N2+3", "N8+7", "N8+9", "R1.2", "R2+6", "C8+4":
                    break;
                default:
                    return "C90";
            }
        }
        return "C90";
    }

    private String threePawnsMeet() {
        for (int i = 1; i < ROUNDS; i++) {
            switch (black[i]) {
                case "P3+1":
                    for (int j = 1; j < ROUNDS; j++) {
                        switch (red[j]) {
                            case "N8+9":
                                return edgeKnightCrossingCannon(any(black[4], "B7+5", "B3+5") ? black[5] : black[4]);
                            case "N2+3", "R1.2", "C8+4", "P3+1":
                                break;
                            case "C8.7":
                                return "C98";
                            case "N8+7":
                                return "C92";
                            default:
                                return "C91";
                        }
                    }
                    return "C91";
                case "N8+7", "N2+3", "R9.8":
                    break;
                default:
                    return "C90";
            }
        }
        return "C90";
    }

    private String edgeKnightCrossingCannon(String reply) {
        return switch (reply) {
            case "P1+1" -> red[6].equals("C8.7") ? "C97" : "C96";
            case "A6+5", "A4+5" -> "C94";
            case "P7+1" -> "C95";
            default -> "C93";
        };
    }
}
