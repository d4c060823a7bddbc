// Benchmark driver for OMPEval's 7-card evaluator, loaded by bench_ompeval.py through ctypes.
//
// This file is holecard's own code; OMPEval itself is not part of this repository. The
// script compiles this file together with HandEvaluator.cpp from an OMPEval source folder
// the user names (g++ -O3 -march=x86-64-v2), so both evaluators read the same NumPy array
// of card indices in the same process. OMPEval numbers its cards 4 * rank + suit with rank
// 0 for a deuce, as holecard does (its suits come in another order, which changes no hand's
// value), so the indices need no conversion.
//
// Two ways of feeding OMPEval:
//   ompbench_fair        each hand's omp::Hand is built inside the timed loop from a
//                        52-entry table of per-card Hands (Hand::empty() plus seven table
//                        entries), then evaluated: what a program holding card indices does.
//   ompbench_precombined the Hands were combined before timing (ompbench_precombine); only
//                        the evaluation is timed: a lower bound, not a like-for-like figure.

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include "HandEvaluator.h"

namespace {

const omp::HandEvaluator& evaluator() {
    static const omp::HandEvaluator instance;
    return instance;
}

struct CardTable {
    omp::Hand cards[52];
    CardTable() {
        for (unsigned i = 0; i < 52; ++i) cards[i] = omp::Hand(i);
    }
};

const CardTable& card_table() {
    static const CardTable table;
    return table;
}

}  // namespace

extern "C" {

// Builds the evaluator's tables and the per-card table; call once before timing.
void ompbench_init() {
    evaluator();
    card_table();
}

// Evaluates n hands of 7 card indices (row-major uint8), building each Hand in the loop.
void ompbench_fair(const uint8_t* cards, size_t n, uint16_t* out) {
    const omp::HandEvaluator& eval = evaluator();
    const omp::Hand* table = card_table().cards;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* c = cards + 7 * i;
        omp::Hand h = omp::Hand::empty();
        h += table[c[0]];
        h += table[c[1]];
        h += table[c[2]];
        h += table[c[3]];
        h += table[c[4]];
        h += table[c[5]];
        h += table[c[6]];
        out[i] = eval.evaluate(h);
    }
}

// Combines n hands of 7 card indices into Hands ahead of timing; free with ompbench_free.
void* ompbench_precombine(const uint8_t* cards, size_t n) {
    auto* hands = new (std::nothrow) std::vector<omp::Hand>();
    if (hands == nullptr) return nullptr;
    hands->reserve(n);
    const omp::Hand* table = card_table().cards;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* c = cards + 7 * i;
        omp::Hand h = omp::Hand::empty();
        for (int k = 0; k < 7; ++k) h += table[c[k]];
        hands->push_back(h);
    }
    return hands;
}

// Evaluates the n Hands combined by ompbench_precombine.
void ompbench_precombined(const void* hands, size_t n, uint16_t* out) {
    const omp::HandEvaluator& eval = evaluator();
    const omp::Hand* h = static_cast<const std::vector<omp::Hand>*>(hands)->data();
    for (size_t i = 0; i < n; ++i) out[i] = eval.evaluate(h[i]);
}

void ompbench_free(void* hands) { delete static_cast<std::vector<omp::Hand>*>(hands); }

}  // extern "C"
