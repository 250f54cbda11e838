#!/usr/bin/env python3
"""Xiangqi records -> the FENs of the positions in them, one per line, without repeats.

Reads `kirin match --record-format usi` files ('position startpos moves a0a1 ...' lines) and
skips each game's first 8 plies, which the opening file chose rather than the engines.
Usage: positions.py RECORD... > positions.txt
"""
import sys

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"


def board_from(placement):
    board = {}
    for i, row in enumerate(placement.split('/')):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board[(file, rank)] = ch
                file += 1
    return board


def fen_of(board, red_to_move):
    rows = []
    for rank in range(9, -1, -1):
        row, empty = '', 0
        for file in range(9):
            piece = board.get((file, rank))
            if piece is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += piece
        rows.append(row + (str(empty) if empty else ''))
    return '/'.join(rows) + (' w' if red_to_move else ' b') + ' - - 0 1'


def main():
    seen = set()
    for path in sys.argv[1:]:
        for line in open(path):
            if not line.startswith('position startpos'):
                continue
            board, red = board_from(START), True
            for ply, move in enumerate(line.split()[3:]):
                src = (ord(move[0]) - ord('a'), int(move[1]))
                dst = (ord(move[2]) - ord('a'), int(move[3]))
                board[dst] = board.pop(src)
                red = not red
                if ply >= 7:
                    fen = fen_of(board, red)
                    if fen not in seen:
                        seen.add(fen)
                        print(fen)


if __name__ == '__main__':
    main()
