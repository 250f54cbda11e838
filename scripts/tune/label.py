#!/usr/bin/env python3
"""FENs on stdin -> 'FEN;score' lines: a UCCI engine's score (side to move, centipawns) at a depth.

Positions the engine scores as a mate are left out. Usage:
  label.py DEPTH [ENGINE] < positions.txt > labelled.txt   (ENGINE: /usr/games/fairy-stockfish)
"""
import re
import subprocess
import sys


def main():
    depth = sys.argv[1]
    engine = sys.argv[2] if len(sys.argv) > 2 else '/usr/games/fairy-stockfish'
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(command):
        proc.stdin.write(command + '\n')
        proc.stdin.flush()

    send('ucci')
    while 'ucciok' not in proc.stdout.readline():
        pass
    for fen in sys.stdin:
        fen = fen.strip()
        send('position fen ' + fen)
        send('go depth ' + depth)
        score = None
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit('label.py: the engine stopped')
            found = re.search(r'score (cp|mate) (-?\d+)', line)
            if found:
                score = int(found.group(2)) if found.group(1) == 'cp' else None
            if line.startswith('bestmove') or line.startswith('nobestmove'):
                break
        if score is not None:
            print(f'{fen};{score}', flush=True)
    send('quit')


if __name__ == '__main__':
    main()
