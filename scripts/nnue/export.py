"""Writes a trained model as the net file the C++ side reads (docs/nnue.md, versions 1 and 2)."""
import struct

import numpy as np
import torch

from model import FT_QUANT, L1, L2, L3, OUTPUT_SCALE, WEIGHT_QUANT

MAGIC = b"KIRINNUE"
VERSION = 2  # adds the transformer shift; a net with shift 0 is written as version 1
MAX_FT_SHIFT = 6
INT16_MAX = 32767


def architecture_hash(feature_set, features):
    """FNV-1a of the shape, as src/nnue/network.cpp computes it."""
    text = f"kirin-nnue features={feature_set} ft={features}x{L1} dense={2 * L1}x{L2},{L2}x{L3},{L3}x1"
    h = 2166136261
    for c in text.encode():
        h = ((h ^ c) * 16777619) & 0xFFFFFFFF
    return h


# A dense layer's sums are in units of 1 / (127 x 64); the C++ side shifts a hidden sum right by
# 6, which rounds down, so half a step more in the bias makes it round to nearest and the
# quantised net does not drift low layer by layer.
DENSE_SCALE = FT_QUANT * WEIGHT_QUANT
HALF_STEP = WEIGHT_QUANT // 2


def _round(t, scale, dtype, lo, hi):
    return np.clip(np.rint(t.detach().cpu().numpy().astype(np.float64) * scale), lo, hi).astype(dtype)


def ft_shift_for(model):
    """The largest transformer shift (scale 127 << shift) whose sums cannot wrap in int16. A
    12x12 net's rows are a few 127ths each (30 to 90 pieces share the range 0..1), and rounding
    them to whole 127ths cost a Chu Seireigi net 70 cp on average against the float model."""
    bound = accumulator_range(model, 100)
    shift = 0
    while shift < MAX_FT_SHIFT and bound * (2 << shift) <= INT16_MAX:
        shift += 1
    return shift


def quantised(model, calibration=None, ft_shift=0):
    """The int arrays of the file, in its order. With `calibration` (Net.forward's inputs for a
    sample of positions), each dense layer's bias is corrected by its mean error there."""
    int16 = (-32767, 32767)
    int8 = (-127, 127)
    int32 = (-(2 ** 31) + 1, 2 ** 31 - 1)
    ft_scale = FT_QUANT << ft_shift
    # The C++ side shifts the sums right, which rounds down: half a step in the bias rounds them.
    ft_half = (1 << ft_shift) // 2
    arrays = [
        _round(model.ft_bias, ft_scale, "<i2", *int16) + np.int16(ft_half),
        _round(model.merged_ft_weight(), ft_scale, "<i2", *int16),
        _round(model.l1.bias, DENSE_SCALE, "<i4", *int32) + HALF_STEP,
        _round(model.l1.weight, WEIGHT_QUANT, "i1", *int8),
        _round(model.l2.bias, DENSE_SCALE, "<i4", *int32) + HALF_STEP,
        _round(model.l2.weight, WEIGHT_QUANT, "i1", *int8),
        _round(model.out.bias, DENSE_SCALE, "<i4", *int32),
        _round(model.out.weight, WEIGHT_QUANT, "i1", *int8),
    ]
    if calibration is not None:
        correct_biases(model, arrays, calibration, ft_shift)
    return arrays


def correct_biases(model, arrays, calibration, ft_shift):
    """Bias correction (as in post-training quantisation): a rounded weight's error is the same
    in every position, so the dense layers' small weights (a few steps of 1/64) add up to a fixed
    offset, 30 cp in a Chu Seireigi net. Layer by layer, the integer net is run on the sample
    as src/nnue/network.cpp runs it, and each output's mean difference from the float net is
    taken off its bias."""
    ft_bias, ft_weight, b1, w1, b2, w2, bo, wo = (a.astype(np.int64) for a in arrays)
    own_idx, own_off, other_idx, other_off = calibration

    def accumulate(idx, off):
        # Integers in float64 sum exactly.
        bag = torch.nn.functional.embedding_bag(idx, torch.from_numpy(ft_weight.astype(np.float64)), off, mode="sum")
        return np.rint(bag.numpy()).astype(np.int64) + ft_bias

    with torch.no_grad():
        own_f, other_f = model.transform(own_idx, own_off), model.transform(other_idx, other_off)
        x_f = torch.clamp(torch.cat([own_f, other_f], dim=1), 0.0, 1.0)
        z1_f = model.l1(x_f)
        z2_f = model.l2(torch.clamp(z1_f, 0.0, 1.0))
        zo_f = model.out(torch.clamp(z2_f, 0.0, 1.0))
    acc = np.concatenate([accumulate(own_idx, own_off), accumulate(other_idx, other_off)], axis=1)
    x = np.clip(acc >> ft_shift, 0, 127)
    for bias, weight, z_f, slot, last in ((b1, w1, z1_f, 2, False), (b2, w2, z2_f, 4, False), (bo, wo, zo_f, 6, True)):
        weight = weight.reshape(len(bias), -1)
        z = x @ weight.T + bias - (0 if last else HALF_STEP)
        error = np.rint((z - z_f.numpy() * DENSE_SCALE).mean(axis=0)).astype(np.int64)
        arrays[slot] = (arrays[slot].astype(np.int64) - error).astype(arrays[slot].dtype)
        if not last:
            x = np.clip((x @ weight.T + arrays[slot].astype(np.int64)) // WEIGHT_QUANT, 0, 127)  # network.cpp: >> 6


def write_net(path, model, game, feature_set, description, calibration=None, ft_shift=None):
    """Writes the net; ft_shift None picks the largest safe one (ft_shift_for). Returns its size
    and the shift it was written with."""
    if ft_shift is None:
        ft_shift = ft_shift_for(model)
    name = game.encode()
    if len(name) > 16:
        raise ValueError(f"game name {game} longer than 16 bytes")
    desc = description.encode()[:4096]
    out = bytearray(MAGIC)
    out += struct.pack("<I", VERSION if ft_shift else 1)
    out += name + bytes(16 - len(name))
    out += struct.pack("<IIIIIIII", feature_set, model.features, L1, L2, L3, OUTPUT_SCALE,
                       architecture_hash(feature_set, model.features), len(desc))
    if ft_shift:
        out += struct.pack("<I", ft_shift)
    out += desc
    for array in quantised(model, calibration, ft_shift):
        out += array.tobytes()
    with open(path, "wb") as f:
        f.write(out)
    return len(out), ft_shift


def read_header(blob, path):
    """A net file's header: version, game name, feature set, feature count, dense sizes,
    transformer shift, description, and the offset where the weights start."""
    head = len(MAGIC) + 4 + 16 + 8 * 4
    if len(blob) < head or blob[:len(MAGIC)] != MAGIC:
        raise ValueError(f"{path}: not a Kirin net file")
    version, = struct.unpack_from("<I", blob, len(MAGIC))
    name = blob[len(MAGIC) + 4:len(MAGIC) + 20].rstrip(b"\0").decode()
    fs, features, l1, l2, l3, _scale, _hash, desc_len = struct.unpack_from("<IIIIIIII", blob, len(MAGIC) + 20)
    ft_shift = 0
    if version >= 2:
        ft_shift, = struct.unpack_from("<I", blob, head)
        head += 4
        if ft_shift > MAX_FT_SHIFT:
            raise ValueError(f"{path}: transformer shift {ft_shift} out of range 0-{MAX_FT_SHIFT}")
    description = blob[head:head + desc_len].decode()
    return version, name, fs, features, (l1, l2, l3), ft_shift, description, head + desc_len


def read_net(path, model, game, feature_set):
    """Loads a net file into `model` (the inverse of write_net, less the rounding), so training can
    go on from a shipped net: each shared row starts at the mean of its features' rows. The bias
    correction stays in the biases, a few steps of 1/8128. Returns the file's
    description and transformer shift; write_net with them and no calibration gives the same
    bytes back."""
    with open(path, "rb") as f:
        blob = f.read()
    version, name, fs, features, (l1, l2, l3), ft_shift, description, at = read_header(blob, path)
    if version not in (1, VERSION) or name != game or fs != feature_set or features != model.features or (l1, l2, l3) != (L1, L2, L3):
        raise ValueError(f"{path}: a {name} net of features {fs}x{features}, dense {l1},{l2},{l3} (version {version}); "
                         f"training {game}, features {feature_set}x{model.features}, dense {L1},{L2},{L3}")
    shapes = [("<i2", (L1,)), ("<i2", (features, L1)), ("<i4", (L2,)), ("i1", (L2, 2 * L1)),
              ("<i4", (L3,)), ("i1", (L3, L2)), ("<i4", (1,)), ("i1", (1, L3))]
    arrays = []
    for dtype, shape in shapes:
        count = int(np.prod(shape))
        arrays.append(np.frombuffer(blob, dtype=dtype, count=count, offset=at).reshape(shape).astype(np.float32))
        at += count * np.dtype(dtype).itemsize
    if at != len(blob):
        raise ValueError(f"{path}: {len(blob) - at} bytes more than the net holds")
    ft_bias, ft_weight, b1, w1, b2, w2, bo, wo = (torch.from_numpy(a) for a in arrays)
    with torch.no_grad():
        model.ft_bias.copy_((ft_bias - (1 << ft_shift) // 2) / (FT_QUANT << ft_shift))
        merged = ft_weight / (FT_QUANT << ft_shift)
        if model.factored:
            # Each shared row gets the mean of its features' rows and each feature keeps its
            # difference from it, as training leaves them: --ft-decay pulls only the differences
            # to zero, where with the whole row per feature it would pull the net's values down.
            rows = model.ft_factor.weight.shape[0]
            count = torch.bincount(model.factor_map, minlength=rows).clamp(min=1).unsqueeze(1).float()
            mean = torch.zeros(rows, L1).index_add_(0, model.factor_map, merged) / count
            model.ft_factor.weight.copy_(mean)
            merged = merged - mean[model.factor_map]
        model.ft.weight.copy_(merged)
        for layer, bias, weight, half in ((model.l1, b1, w1, HALF_STEP), (model.l2, b2, w2, HALF_STEP),
                                          (model.out, bo, wo, 0)):
            layer.bias.copy_((bias - half) / DENSE_SCALE)
            layer.weight.copy_(weight / WEIGHT_QUANT)
    return description, ft_shift


def accumulator_range(model, max_active):
    """The largest |int16 accumulator| the net could reach with max_active features, at scale 127
    (shift 0): a check that the quantised sums cannot wrap."""
    w = torch.abs(model.merged_ft_weight()) * FT_QUANT
    top = torch.topk(w, k=min(max_active, w.shape[0]), dim=0).values.sum(dim=0)
    return float((top + torch.abs(model.ft_bias.detach()) * FT_QUANT).max())
