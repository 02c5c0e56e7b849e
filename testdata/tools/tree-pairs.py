#!/usr/bin/env python3
"""Counts a chess PGN's (position, move) pairs as an opening tree counts them, without Kibitz.

pgn-extract (Debian's package) replays every game and writes each move in coordinates with the FEN
after it (-Wuci --fencomments); this script counts, per game, the distinct (position before, move)
pairs, a position being the FEN's first three fields (board, side to move, castling rights: an
en-passant square cannot recur, since the pawn push that makes one is irreversible). It also prints
the plain ply count, which must equal the sum of pgn-extract's own PlyCount tags.

    testdata/tools/tree-pairs.py testdata/chess/pgn/Capablanca.pgn
    games 597 plies 46577 pairs 46458

CliTreeTest's "plies 46458" for Capablanca.pgn comes from here.
"""
import re
import shutil
import subprocess
import sys

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"
MOVE = re.compile(r"([a-h][1-8][a-h][1-8][qrbnQRBN]?)\s+\{\s*([^}]+?)\s*\}")


def main(path):
    extract = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    out = subprocess.run([extract, "-Wuci", "--fencomments", "--plycount", "-s", path],
                         check=True, capture_output=True).stdout.decode("latin-1")
    games = plies = pairs = tagged = 0
    for game in re.split(r"\n(?=\[Event )", out):
        if not game.strip():
            continue
        games += 1
        tag = re.search(r'\[PlyCount "(\d+)"\]', game)
        tagged += int(tag.group(1)) if tag else 0
        fen = re.search(r'\[FEN "([^"]+)"\]', game)
        before = " ".join(fen.group(1).split()[:3]) if fen else START
        body = game.split("\n\n", 1)[1] if "\n\n" in game else ""
        seen = set()
        for move, after in MOVE.findall(body):
            plies += 1
            key = (before, move.lower())
            if key not in seen:
                seen.add(key)
                pairs += 1
            before = " ".join(after.split()[:3])
    if plies != tagged:
        sys.exit(f"moves read {plies}, but pgn-extract's PlyCount tags sum to {tagged}")
    print(f"games {games} plies {plies} pairs {pairs}")


if __name__ == "__main__":
    main(sys.argv[1])
