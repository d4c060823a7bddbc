//! Draw rounds in 2-7: reshuffles (V-K3, D-10), never a player's own discards (D-10.5),
//! and the draw time-out.

use super::*;

#[test]
fn draw_timeout_forbids_raising_next_round_only() {
    let cfg = fixed_limit(GameKind::DeuceSeven, |_| {});
    let mut st = GameState::new(&cfg, &[100; 2], &Start::default()).unwrap();
    st.apply(Action::Call).unwrap();
    st.apply(Action::Check).unwrap();
    st.apply(Action::Timeout).unwrap(); // seat 0 times out in the first draw
    st.apply(Action::StandPat).unwrap();
    assert_eq!(st.actor(), Some(0));
    let la = st.legal_actions();
    assert!(la.check && la.min_raise_to.is_none());
    st.apply(Action::Check).unwrap();
    st.apply(Action::BetRaiseTo(2)).unwrap(); // seat 1 may bet
    let la = st.legal_actions();
    assert!(la.call.is_some() && la.min_raise_to.is_none());
    st.apply(Action::Call).unwrap();
    st.apply(Action::StandPat).unwrap(); // timely draw clears it
    st.apply(Action::StandPat).unwrap();
    assert!(st.legal_actions().min_raise_to.is_some());
}

/// Six players (the deck of seed 3) check or call to the first draw, where each in turn
/// throws his whole hand; `after(state, seat, k)` sees the state after the `k`th draw.
fn first_draw_of_whole_hands(
    f: impl FnOnce(&mut Options),
    mut after: impl FnMut(&GameState, u8, usize),
) -> GameState {
    let cfg = fixed_limit(GameKind::DeuceSeven, f);
    let mut st = seeded(&cfg, &[100; 6], 3);
    play_until(&mut st, passive, betting_over);
    for k in 0..6 {
        let p = st.actor().unwrap();
        let hand = st.seats()[p as usize].card_set();
        st.apply(Action::Draw(hand)).unwrap();
        after(&st, p, k);
    }
    st
}

#[test]
fn v_k3_deuce_seven_reshuffle() {
    // 6 players, first draw, all six draw five: players 1-4 get 20 cards, the 5th gets the
    // last stub card then 4 from the pool of 21 (burn + 20 discards), his own excluded.
    let st = first_draw_of_whole_hands(
        |_| {},
        |st, p, k| {
            if k == 4 {
                let e = st
                    .history()
                    .iter()
                    .rev()
                    .find(|e| matches!(e, Event::Reshuffle { .. }));
                assert!(
                    matches!(e, Some(&Event::Reshuffle { seat, cards }) if seat == p && cards.len() == 21)
                );
                // He never gets his own discards back.
                let own = st.seats()[p as usize].discards;
                assert!(
                    st.seats()[p as usize].card_set().difference(own)
                        == st.seats()[p as usize].card_set()
                );
            }
            assert_eq!(st.card_conflicts(), 0);
        },
    );
    assert_eq!(st.stub().len(), 12);
}

#[test]
fn d_10_exclude_current_round_falls_back() {
    let st = first_draw_of_whole_hands(
        |o| o.reshuffle_policy = ReshufflePolicy::ExcludeCurrentRound,
        |st, p, _| {
            assert_eq!(st.card_conflicts(), 0);
            assert!(
                st.seats()[p as usize]
                    .card_set()
                    .difference(st.seats()[p as usize].discards)
                    .len()
                    == 5
            );
        },
    );
    // The pool of burns and earlier discards is empty on the first draw: the fallback adds
    // the other players' current discards and the last stub card (1 + 20 + 1).
    assert!(st
        .history()
        .iter()
        .any(|e| matches!(e, Event::Reshuffle { cards, .. } if cards.len() == 22)));
}

/// What [`six_full_draws`] saw.
#[derive(Debug, Default)]
struct FullDraws {
    /// Every draw as `seat:cards` (cards in the order dealt), first draw first.
    dealt: Vec<String>,
    /// Own discards passed over (left on the stub) by draws that took a later card.
    skipped: usize,
    /// Cards a player received that he had discarded in an earlier draw round.
    returned: usize,
    /// Reshuffles.
    reshuffles: usize,
}

/// Six players call every bet and throw their whole hand at every draw, from the deck in
/// card order: the first draw reshuffles and the second and third draws deal from stubs
/// that hold the others' and their own earlier discards. Checks every draw: he receives
/// none of his own discards (within `own_discards_scope`), and a draw that needs no
/// reshuffle deals exactly the stub's first cards that are not his own discards.
fn six_full_draws(f: impl FnOnce(&mut Options)) -> FullDraws {
    let cfg = fixed_limit(GameKind::DeuceSeven, f);
    let whole = cfg.options.own_discards_scope == OwnDiscardsScope::WholeHand;
    let mut st = start(&cfg, &[1000; 6], "");
    let mut out = FullDraws::default();
    while !st.is_over() {
        if st.phase() != Phase::Drawing {
            play_until(&mut st, passive, betting_over);
            continue;
        }
        let p = st.actor().unwrap();
        let hand = st.seats()[p as usize].card_set();
        let earlier = st.seats()[p as usize].discards;
        let own = if whole { earlier.union(hand) } else { hand };
        let stub = st.stub();
        let shuffles = st.history().len();
        st.apply(Action::Draw(hand)).unwrap();
        let got: Vec<Card> = st.seats()[p as usize].cards().collect();
        assert_eq!(got.len(), 5);
        let got_set: CardSet = got.iter().copied().collect();
        assert!(
            got_set.difference(own) == got_set,
            "seat {p} got own discards back"
        );
        assert_eq!(st.card_conflicts(), 0);
        out.returned += got_set.len() - got_set.difference(earlier).len();
        let reshuffled = st.history()[shuffles..]
            .iter()
            .any(|e| matches!(e, Event::Reshuffle { .. }));
        let usable: Vec<Card> = stub.iter().copied().filter(|&c| !own.contains(c)).collect();
        if reshuffled {
            out.reshuffles += 1;
            // He first received the stub's cards he may take (WSOP: not its last card).
            let last_kept = cfg.options.reshuffle_policy == ReshufflePolicy::ExcludeCurrentRound
                && usable.last().is_some()
                && usable.last() == stub.last();
            let before = usable.len() - usize::from(last_kept);
            assert_eq!(got[..before], usable[..before]);
        } else {
            assert_eq!(got[..], usable[..5]);
            let last = stub.iter().position(|&c| c == got[4]).unwrap();
            out.skipped += stub[..last].iter().filter(|&&c| own.contains(c)).count();
        }
        let cards: Vec<String> = got.iter().map(ToString::to_string).collect();
        out.dealt.push(format!("{p}:{}", cards.join("")));
    }
    out
}

#[test]
fn d_10_5_later_draws_pass_over_their_own_discards() {
    for policy in [
        ReshufflePolicy::ExcludeOwnDiscards,
        ReshufflePolicy::ExcludeCurrentRound,
    ] {
        for burn in [false, true] {
            let seen = six_full_draws(|o| {
                o.reshuffle_policy = policy;
                o.burn_after_reshuffle = burn;
            });
            assert_eq!(seen.dealt.len(), 18);
            assert!(seen.reshuffles >= 3, "{policy:?} {burn}: {seen:?}");
            assert!(seen.skipped > 0, "{policy:?} {burn}: {seen:?}");
            assert_eq!(seen.returned, 0, "{policy:?} {burn}");
        }
    }
}

#[test]
fn d_10_5_current_draw_scope_only_passes_over_this_rounds_discards() {
    for policy in [
        ReshufflePolicy::ExcludeOwnDiscards,
        ReshufflePolicy::ExcludeCurrentRound,
    ] {
        let seen = six_full_draws(|o| {
            o.reshuffle_policy = policy;
            o.own_discards_scope = OwnDiscardsScope::CurrentDraw;
        });
        assert_eq!(seen.dealt.len(), 18);
        // Earlier discards may come back; this round's never can be in the stub.
        assert!(seen.returned > 0, "{policy:?}: {seen:?}");
        assert_eq!(seen.skipped, 0, "{policy:?}");
    }
}

#[test]
fn d_10_5_exact_cards_of_reshuffled_stubs() {
    // The deck in card order (seeded reshuffles); every draw as `seat:cards`, three
    // rounds of six. The first round reshuffles for seat 4.
    let cases = [
        (
            ReshufflePolicy::ExcludeOwnDiscards,
            OwnDiscardsScope::WholeHand,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:As4c9h2s2h 5:8c8s7d8h7c \
             0:8d3s2d6s5h 1:2c6h3h5c4d 2:5sJdJh9s3d 3:9d6dTcTsQc 4:4sJc5d7sJs 5:6c7h3c9cTd \
             0:4hAhAc2hAd 1:KdKhQhKsQd 2:As9h8s2s7d 3:KcQs8h4c7c 4:3h6s6dJh8d 5:5sThTs2cJd",
        ),
        (
            ReshufflePolicy::ExcludeOwnDiscards,
            OwnDiscardsScope::CurrentDraw,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:As4c9h2s2h 5:8c8s7d8h7c \
             0:2c6h8d3s3h 1:2d6s5c5h4d 2:5sJdJh9s3d 3:9d6dTcTsQc 4:6c4sJc7h5d 5:3c7s9cJsTd \
             0:Th4h2hAs4c 1:KdKh2s8h8s 2:Ah7dQhQdKs 3:9hAdKc8cQs 4:7cAcJh2d8d 5:2c9s6sTc3h",
        ),
        (
            ReshufflePolicy::ExcludeCurrentRound,
            OwnDiscardsScope::WholeHand,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:2s5c8c8h2h 5:4dAs5s3s7c \
             0:7d8s4c9h8d 1:3h6h2c9c7s 2:5d2d6s6d4s 3:4h5h9d3d7h 4:9sThJdAcQc 5:3cJhKdTc6c \
             0:JcAdQhQsKh 1:TsQdKsAh8h 2:2s3s5s8c5c 3:KcAsTd2hJs 4:4d7d4c4s9d 5:2c4h5h8s9c",
        ),
        (
            ReshufflePolicy::ExcludeCurrentRound,
            OwnDiscardsScope::CurrentDraw,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:2s5c8c8h2h 5:4dAs5s3s7c \
             0:3h7d8s6h4c 1:9h2c8d2d5d 2:3d9c3c7h6s 3:4s7s6c4h5h 4:6dTd9dAhTc 5:KcKd9sJdJh \
             0:TsQdQcKhJs 1:AcQsJcQhTh 2:4d3sAsAd8c 3:2hKs8h7c5s 4:5c6s3d4c9c 5:2s2c7h3h4s",
        ),
    ];
    for (policy, scope, want) in cases {
        let seen = six_full_draws(|o| {
            o.reshuffle_policy = policy;
            o.own_discards_scope = scope;
        });
        assert_eq!(seen.dealt.join(" "), want, "{policy:?} {scope:?}");
    }
}

/// `Start::restocks`: the listed cards the rebuilt stub holds are dealt first, in order;
/// a listed card it does not hold is passed over; a card listed twice is refused.
#[test]
fn restocks_top_the_rebuilt_stub() {
    let whole_hands = |restocks: Vec<Vec<Card>>| {
        let cfg = fixed_limit(GameKind::DeuceSeven, |_| {});
        let start = Start {
            seed: Some(3),
            restocks,
            ..Start::default()
        };
        let mut st = GameState::new(&cfg, &[100; 6], &start).unwrap();
        play_until(&mut st, passive, betting_over);
        while !st
            .history()
            .iter()
            .any(|e| matches!(e, Event::Reshuffle { .. }))
        {
            let p = st.actor().unwrap();
            let hand = st.seats()[p as usize].card_set();
            st.apply(Action::Draw(hand)).unwrap();
        }
        st
    };
    let st = whole_hands(Vec::new());
    let Some(&Event::Reshuffle { seat, cards: pool }) = st
        .history()
        .iter()
        .find(|e| matches!(e, Event::Reshuffle { .. }))
    else {
        unreachable!("the loop stops at the reshuffle")
    };
    let pool: Vec<Card> = pool.iter().collect();
    let outside = Card::all().find(|c| !pool.contains(c)).unwrap();
    let top = vec![pool[pool.len() - 1], outside, pool[0], pool[1]];
    let st = whole_hands(vec![top]);
    let dealt: Vec<Card> = st.seats()[seat as usize]
        .cards()
        .filter(|c| pool.contains(c))
        .collect();
    assert_eq!(dealt[..3], [pool[pool.len() - 1], pool[0], pool[1]]);
    let cfg = fixed_limit(GameKind::DeuceSeven, |_| {});
    let twice = Start {
        restocks: vec![vec![pool[0], pool[0]]],
        ..Start::default()
    };
    assert!(GameState::new(&cfg, &[100; 6], &twice).is_err());
}
