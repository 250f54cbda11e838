"""Reads Kirin's self-play files (docs/selfplay-format.md, KIRINSP version 1) into numpy arrays.

A file being written may end inside a record (the writer appends one game at a time): reading
stops at the last complete record and says how many bytes it left.
"""
import struct
from dataclasses import dataclass, field

import numpy as np

MAGIC = b"KIRINSP\x01"
RECORD_HEAD = 13
FLAG_CHECK = 1
FLAG_NOT_QUIET = 2


class FormatError(Exception):
    pass


@dataclass
class Header:
    variant: str
    files: int
    ranks: int
    kinds: list
    extra: dict = field(default_factory=dict)


@dataclass
class Records:
    """Positions as parallel arrays; board and hand entries flattened with per-record offsets."""
    header: Header
    game: np.ndarray      # uint32
    ply: np.ndarray       # uint16
    score: np.ndarray     # int16, centipawns from the side to move's view
    result: np.ndarray    # int8, 1 win, 0 draw, -1 loss for the side to move
    stm: np.ndarray       # uint8, 0 FIRST, 1 SECOND
    flags: np.ndarray     # uint8
    board_offset: np.ndarray  # int64 [n + 1]: board entries of record i are [off[i], off[i+1])
    board_square: np.ndarray  # uint8, y * files + x
    board_piece: np.ndarray   # uint8, Kirin's piece byte
    hand_offset: np.ndarray
    hand_piece: np.ndarray
    hand_count: np.ndarray
    dropped_bytes: int = 0    # an unfinished record at the end

    def __len__(self):
        return len(self.game)


def parse_header(data):
    if len(data) < 10 or data[:8] != MAGIC:
        raise FormatError("not a Kirin self-play file (bad magic or version)")
    (length,) = struct.unpack_from("<H", data, 8)
    if len(data) < 10 + length:
        raise FormatError("file ends inside the header")
    values = {}
    for line in data[10:10 + length].decode("utf-8").split("\n"):
        if line:
            key, _, value = line.partition("=")
            values[key] = value
    for key in ("variant", "files", "ranks", "kinds"):
        if key not in values:
            raise FormatError(f"header has no {key}= line")
    header = Header(values.pop("variant"), int(values.pop("files")), int(values.pop("ranks")),
                    values.pop("kinds").split(","), values)
    return header, 10 + length


def read(path_or_bytes):
    data = path_or_bytes if isinstance(path_or_bytes, (bytes, bytearray)) else open(path_or_bytes, "rb").read()
    header, at = parse_header(data)
    buf = np.frombuffer(data, dtype=np.uint8)
    starts = []
    end = len(data)
    # Records vary in length: one pass for where each starts, then numpy gathers the fields.
    while at + RECORD_HEAD <= end:
        size = RECORD_HEAD + 2 * (data[at + 11] + data[at + 12])
        if at + size > end:
            break
        starts.append(at)
        at += size
    dropped = end - at
    s = np.array(starts, dtype=np.int64)

    def field_at(offset, dtype):
        width = np.dtype(dtype).itemsize
        idx = s[:, None] + offset + np.arange(width)[None, :]
        return buf[idx].copy().view(dtype).reshape(-1) if len(s) else np.zeros(0, dtype)

    n_board = buf[s + 11].astype(np.int64) if len(s) else np.zeros(0, np.int64)
    n_hand = buf[s + 12].astype(np.int64) if len(s) else np.zeros(0, np.int64)
    board_offset = np.concatenate([[0], np.cumsum(n_board)])
    hand_offset = np.concatenate([[0], np.cumsum(n_hand)])

    def entries(first, counts, offsets):
        total = int(offsets[-1])
        rec = np.repeat(np.arange(len(s)), counts)
        within = np.arange(total) - offsets[:-1][rec]
        pos = first[rec] + 2 * within
        return buf[pos].copy(), buf[pos + 1].copy()

    board_square, board_piece = entries(s + RECORD_HEAD, n_board, board_offset)
    hand_piece, hand_count = entries(s + RECORD_HEAD + 2 * n_board, n_hand, hand_offset)
    return Records(header, field_at(0, "<u4"), field_at(4, "<u2"), field_at(6, "<i2"), field_at(8, "i1"),
                   field_at(9, "u1"), field_at(10, "u1"), board_offset, board_square, board_piece, hand_offset,
                   hand_piece, hand_count, dropped)


def write(path, header, records):
    """Writes a file from (game, ply, score, result, stm, flags, board [(sq, piece)], hand [(piece, n)])
    tuples: the tests' own records, never training data."""
    text = f"variant={header.variant}\nfiles={header.files}\nranks={header.ranks}\nkinds={','.join(header.kinds)}\n"
    for key, value in header.extra.items():
        text += f"{key}={value}\n"
    out = bytearray(MAGIC + struct.pack("<H", len(text.encode())) + text.encode())
    for game, ply, score, result, stm, flags, board, hand in records:
        out += struct.pack("<IHhbBBBB", game, ply, score, result, stm, flags, len(board), len(hand))
        for a, b in list(board) + list(hand):
            out += bytes([a, b])
    with open(path, "wb") as f:
        f.write(out)


def position_text(records, i):
    """One record as `kirin nnue eval` reads it: stm;square:piece,...;piece:count,..."""
    b0, b1 = records.board_offset[i], records.board_offset[i + 1]
    h0, h1 = records.hand_offset[i], records.hand_offset[i + 1]
    board = ",".join(f"{s}:{p}" for s, p in zip(records.board_square[b0:b1], records.board_piece[b0:b1]))
    hand = ",".join(f"{p}:{n}" for p, n in zip(records.hand_piece[h0:h1], records.hand_count[h0:h1]))
    return f"{records.stm[i]};{board};{hand}"
