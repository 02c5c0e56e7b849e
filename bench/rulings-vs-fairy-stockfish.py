#!/usr/bin/env python3
"""Asks Fairy-Stockfish (its xiangqi chasingRule = axf) to rule the repetitions RulingDiff found.

For each line (game, start FEN, moves before, the move making the third occurrence, our rulings),
Fairy-Stockfish is given the position before the move and searches that move alone at depth 1:
'mate -N' means the mover loses, 'mate N' wins, 'cp 0' a draw. Prints the agreement and writes the
disagreements (with our ruling under each rule set) to the file named last.
"""
import collections, re, subprocess, sys

engine, tables, out = sys.argv[1], sys.argv[2:-1], sys.argv[-1]
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s):
    p.stdin.write(s + '\n'); p.stdin.flush()
send('uci'); send('setoption name UCI_Variant value xiangqi'); send('isready')
while p.stdout.readline().strip() != 'readyok':
    pass
# Fairy-Stockfish numbers xiangqi ranks 1-10; ICCS 0-9.
conv = lambda m: '%s%d%s%d' % (m[0], int(m[1]) + 1, m[2], int(m[3]) + 1)
stats = collections.Counter()
with open(out, 'w') as dis:
    for table in tables:
        for line in open(table):
            c = line.rstrip('\n').split('\t')
            game, fen, before, move = c[:4]
            ours = c[4:8]
            moves = ' '.join(conv(x) for x in before.split())
            send('position fen %s%s' % (fen, (' moves ' + moves) if moves else ''))
            send('go depth 1 searchmoves ' + conv(move))
            score = None
            while True:
                l = p.stdout.readline().strip()
                m = re.search(r'score (cp|mate) (-?\d+)', l)
                if m:
                    score = (m.group(1), int(m.group(2)))
                if l.startswith('bestmove'):
                    break
            fsf = ('loss' if score[1] < 0 else 'win') if score[0] == 'mate' else 'draw' if score[1] == 0 else 'none'
            axf = ours[0].split('/')[0]
            stats['agree' if axf == fsf else 'disagree'] += 1
            if axf != fsf:
                dis.write('\t'.join([table, game, fen, before, move, 'fairy-stockfish=' + fsf] + ours) + '\n')
send('quit')
total = stats['agree'] + stats['disagree']
print('repetitions %d agree %d disagree %d (%.1f%% agree)' % (total, stats['agree'], stats['disagree'],
      100.0 * stats['agree'] / max(1, total)))
