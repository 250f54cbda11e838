"""The net in PyTorch, the same shape as src/nnue/architecture.h, in float.

Values: the output is in "output units"; OUTPUT_SCALE centipawns each (the C++ side multiplies
the quantised output by the scale stored in the file). Activations are clipped to [0, 1], which
the C++ side holds as 0..127.
"""
import torch
from torch import nn

L1, L2, L3 = 128, 32, 32
OUTPUT_SCALE = 400
FT_QUANT = 127          # transformer weights and biases x 127 -> int16
WEIGHT_QUANT = 64       # dense weights x 64 -> int8
MAX_DENSE_WEIGHT = 127 / WEIGHT_QUANT


class Net(nn.Module):
    """`factor_map` (optional, a LongTensor with one entry per feature): each feature also feeds
    the shared row factor_map[feature] (nnue-pytorch's "virtual" factorised features), so rare
    features learn from common ones: with King buckets, a piece on a square in every bucket; on
    the 12x12 boards, a piece of a kind on any square (its material value). The export adds the
    shared row into each feature's, and the C++ side never sees it."""

    def __init__(self, features, factor_map=None):
        super().__init__()
        self.features = features
        self.register_buffer("factor_map", factor_map if factor_map is not None else torch.zeros(0, dtype=torch.long))
        self.factored = factor_map is not None
        self.ft = nn.EmbeddingBag(features, L1, mode="sum")
        if self.factored:
            self.ft_factor = nn.EmbeddingBag(int(factor_map.max()) + 1, L1, mode="sum")
        self.ft_bias = nn.Parameter(torch.zeros(L1))
        self.l1 = nn.Linear(2 * L1, L2)
        self.l2 = nn.Linear(L2, L3)
        self.out = nn.Linear(L3, 1)
        with torch.no_grad():
            # About 30 to 90 pieces are active: small rows keep the sums inside int16 after x127.
            self.ft.weight.normal_(0, 0.05)
            if self.factored:  # start from the shared rows: the features learn their differences
                self.ft.weight.zero_()
                self.ft_factor.weight.normal_(0, 0.05)
            self.ft_bias.fill_(0.25)

    def transform(self, idx, off):
        acc = self.ft(idx, off) + self.ft_bias
        if self.factored:
            acc = acc + self.ft_factor(self.factor_map[idx], off)
        return acc

    def merged_ft_weight(self):
        """The transformer's rows as the net file has them (shared rows added in)."""
        w = self.ft.weight.detach()
        if self.factored:
            w = w + self.ft_factor.weight.detach()[self.factor_map]
        return w

    def forward(self, own_idx, own_off, other_idx, other_off):
        own = self.transform(own_idx, own_off)
        other = self.transform(other_idx, other_off)
        x = torch.clamp(torch.cat([own, other], dim=1), 0.0, 1.0)
        x = torch.clamp(self.l1(x), 0.0, 1.0)
        x = torch.clamp(self.l2(x), 0.0, 1.0)
        return self.out(x).squeeze(1)

    def clip_weights(self):
        """Keeps the dense weights inside what int8 x 64 can hold (see docs/nnue.md)."""
        with torch.no_grad():
            for layer in (self.l1, self.l2, self.out):
                layer.weight.clamp_(-MAX_DENSE_WEIGHT, MAX_DENSE_WEIGHT)
