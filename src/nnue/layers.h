// The arithmetic of a net, in versions that give the same numbers: portable C++, AVX2, and
// WebAssembly's SIMD128 (built into kirin-simd.wasm only). All of it is integer arithmetic without
// overflow (the export keeps weights in range), so they agree exactly; the test suite runs the
// first two, and the WebAssembly bench's signature, equal to the native one, checks the third.
#pragma once
#include <cstdint>

namespace kirin::nnue {

enum class Simd : uint8_t { PORTABLE, AVX2, WASM128 };

// The best this CPU can run (AVX2 if it has it; SIMD128 in the WebAssembly build that has it).
Simd best_simd();
const char* simd_name(Simd s);

// acc[i] += add_row[i] - sub_row[i] over n int16 values (n a multiple of 16); either row may be null.
void update_row(Simd s, int16_t* acc, const int16_t* add_row, const int16_t* sub_row, int n);
// The same into another accumulator: out[i] = in[i] + add_row[i] - sub_row[i] (a child's first
// change from its parent's, without copying the parent first).
void update_row(Simd s, int16_t* out, const int16_t* in, const int16_t* add_row, const int16_t* sub_row, int n);
// out[o] = bias[o] + sum_i in[i] * w[o * n_in + i]; n_in a multiple of 32, in[i] <= 127, |w| <= 127.
void dense(Simd s, const uint8_t* in, const int8_t* w, const int32_t* bias, int32_t* out, int n_in, int n_out);
// The clipped ReLU: out[i] = min(max(in[i] >> shift, 0), 127), n a multiple of 16.
void activate(Simd s, const int16_t* in, int shift, uint8_t* out, int n);
void activate(Simd s, const int32_t* in, int shift, uint8_t* out, int n);

}  // namespace kirin::nnue
