"""The net's input features, computed from self-play records exactly as src/nnue/features.cpp
computes them from a Position (docs/nnue.md). test_features.py compares the two.

Features come out in CSR form per perspective: for record i seen from side c the indices are
values[offset[2 * i + c] : offset[2 * i + c + 1]].
"""
import numpy as np

XIANGQI_PALACE_KA = 1
BOARD_AND_HANDS = 2
XIANGQI_BUCKETS = 6
HAND_CAP = 8
# Games with drops (their records carry hands); the same list as the variants' `drops` flag.
DROP_GAMES = ("chuseireigi",)


class FeatureSet:
    def __init__(self, header):
        self.game = header.variant
        self.files, self.ranks, self.kinds = header.files, header.ranks, len(header.kinds)
        self.squares = self.files * self.ranks
        if self.game == "xiangqi":
            self.id = XIANGQI_PALACE_KA
            self.royal = header.kinds.index("K")  # the General's token
            self.dimension = XIANGQI_BUCKETS * 2 * self.kinds * self.squares
            self.hands = False
        else:
            self.id = BOARD_AND_HANDS
            self.hands = self.game in DROP_GAMES
            self.dimension = 2 * self.kinds * self.squares + (2 * self.kinds * HAND_CAP if self.hands else 0)

    def factor_map(self):
        """The shared row of each feature (model.Net): xiangqi, the same piece on the same square
        in any King bucket; the 12x12 boards, the same piece (own or other side's, by kind) on any
        square, and each hand feature its own row."""
        feature = np.arange(self.dimension, dtype=np.int64)
        if self.id == XIANGQI_PALACE_KA:
            return feature % (2 * self.kinds * self.squares)
        board = 2 * self.kinds * self.squares
        return np.where(feature < board, feature // self.squares, 2 * self.kinds + (feature - board))

    def can_mirror(self):
        """Whether a position mirrored left to right is worth the same: on the 12x12 boards every
        piece moves alike to both sides, and the features keep the board's files (xiangqi's
        features already mirror to the General's side, so its positions are not doubled)."""
        return self.id == BOARD_AND_HANDS

    def mirrored(self, feature):
        """The features of the same pieces with every file reflected (can_mirror boards)."""
        board = 2 * self.kinds * self.squares
        x = feature % self.files
        return np.where(feature < board, feature - x + (self.files - 1 - x), feature)

    def _view(self, records, side):
        """Per record: whether the perspective mirrors files, and its King bucket."""
        n = len(records)
        mirror = np.zeros(n, dtype=bool)
        bucket = np.zeros(n, dtype=np.int64)
        if self.id != XIANGQI_PALACE_KA:
            return mirror, bucket
        own_king = records.board_piece == (self.royal | (0x40 << side))
        rec = np.repeat(np.arange(n), np.diff(records.board_offset))[own_king]
        sq = records.board_square[own_king].astype(np.int64)
        kx, ky = sq % self.files, sq // self.files
        if side == 1:
            ky = self.ranks - 1 - ky
        centre = self.files // 2
        m = kx > centre
        kx = np.where(m, self.files - 1 - kx, kx)
        bx = np.clip(kx - (centre - 1), 0, 1)
        by = np.clip(ky, 0, 2)
        mirror[rec] = m
        bucket[rec] = bx * 3 + by
        return mirror, bucket

    def _perspective(self, records, side):
        """(record number, feature) pairs for one perspective."""
        n = len(records)
        mirror, bucket = self._view(records, side)
        rec = np.repeat(np.arange(n), np.diff(records.board_offset))
        sq = records.board_square.astype(np.int64)
        piece = records.board_piece.astype(np.int64)
        x, y = sq % self.files, sq // self.files
        if side == 1:
            y = self.ranks - 1 - y
            if self.id == BOARD_AND_HANDS:
                x = self.files - 1 - x
        x = np.where(mirror[rec], self.files - 1 - x, x)
        relative = ((piece >> 7) != side).astype(np.int64)
        kind = piece & 0x3F
        feat = ((bucket[rec] * 2 + relative) * self.kinds + kind) * self.squares + y * self.files + x
        if not self.hands:
            return rec, feat
        hrec = np.repeat(np.arange(n), np.diff(records.hand_offset))
        hp = records.hand_piece.astype(np.int64)
        count = np.minimum(records.hand_count.astype(np.int64), HAND_CAP)
        hrelative = ((hp >> 7) != side).astype(np.int64)
        base = 2 * self.kinds * self.squares + (hrelative * self.kinds + (hp & 0x3F)) * HAND_CAP
        # "at least n" for n = 1..count: one feature each
        erec = np.repeat(hrec, count)
        ebase = np.repeat(base, count)
        starts = np.concatenate([[0], np.cumsum(count)[:-1]]) if len(count) else np.zeros(0, np.int64)
        within = np.arange(int(count.sum())) - np.repeat(starts, count)
        return np.concatenate([rec, erec]), np.concatenate([feat, ebase + within])

    def compute(self, records):
        """CSR of both perspectives: (values int32, offsets int64 of length 2n + 1)."""
        n = len(records)
        rows, values = [], []
        for side in (0, 1):
            rec, feat = self._perspective(records, side)
            rows.append(rec * 2 + side)
            values.append(feat)
        row = np.concatenate(rows)
        val = np.concatenate(values)
        order = np.argsort(row, kind="stable")
        row, val = row[order], val[order]
        counts = np.bincount(row, minlength=2 * n)
        offsets = np.concatenate([[0], np.cumsum(counts)])
        return val.astype(np.int32), offsets
