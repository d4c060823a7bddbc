//! Every evaluator: any bytes give a clean error or a value, and the fast table path
//! equals the slow in-crate definition (`eval::slow_strength`); batch equals per-hand.
#![no_main]

use holecard::batch;
use holecard::card::Card;
use holecard::error::EvalError;
use holecard::eval::{slow_strength, Ranking};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let ranking = Ranking::HANDS[pick as usize % Ranking::HANDS.len()];
    // Raw bytes as card indices: invalid, duplicate and wrong-sized hands included.
    let cards: Vec<Card> = rest
        .iter()
        .filter_map(|&b| Card::from_index(i64::from(b)).ok())
        .collect();
    if let Ok(set) = ranking.validate(&cards) {
        assert_eq!(set.len(), cards.len());
        let idx: Vec<u8> = cards.iter().map(|c| c.index()).collect();
        let fast = ranking.strength_unchecked(&idx);
        assert_eq!(slow_strength(ranking, &cards).unwrap_or(0), fast);
        assert_eq!(
            batch::evaluate(ranking, &idx, idx.len(), Some(1)).unwrap(),
            vec![fast]
        );
    }
    // Whole byte strings as batch rows of every width: the first row with an index above
    // 51 or a repeated card is the error, and without one every row has its own strength.
    for k in 5..=7 {
        let rows = &rest[..rest.len() / k * k];
        let first_bad = rows
            .chunks_exact(k)
            .position(|r| r.iter().any(|&c| c >= 52) || (1..k).any(|i| r[..i].contains(&r[i])));
        match (batch::evaluate(ranking, rows, k, Some(1)), first_bad) {
            (Ok(out), None) => {
                assert_eq!(out.len(), rows.len() / k);
                for (row, value) in rows.chunks_exact(k).zip(out) {
                    assert_eq!(
                        value,
                        ranking.strength_unchecked(row),
                        "{ranking:?} {row:?}"
                    );
                }
            }
            (Err(EvalError::BadRow { row, .. }), Some(bad)) => assert_eq!(row, bad),
            (Err(EvalError::Count { .. }), _) => {} // a width this ranking does not take
            (got, bad) => panic!("{ranking:?} k={k}: {got:?}, first bad row {bad:?}"),
        }
    }
});
