//! Dealing: the deck order of seeded hands, the dealer box, burns, and deck exhaustion
//! in stud (docs/rules.md V-K1, V-K2, T-9).

use super::*;

#[test]
fn v_k1_eight_players_reach_seventh_community_card_no_betting() {
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    let mut st = seeded(&cfg, &[1000; 8], 5);
    // Play to 7th street: the last bet on 6th street by seat x makes it first to show.
    play_until(&mut st, passive, on_street(3));
    let bettor = st.actor().unwrap();
    st.apply(Action::BetRaiseTo(20)).unwrap();
    play_until(&mut st, |_| Action::Call, the_end);
    assert!(st.board().is_some());
    assert!(st
        .history()
        .iter()
        .any(|e| matches!(e, Event::Recycle { .. })));
    assert_eq!(first_show(&st), Some(bettor));
    assert_eq!(st.card_conflicts(), 0);
    // No betting on the community card round.
    assert!(st
        .history()
        .iter()
        .all(|e| !matches!(e, Event::Street { street: 4, .. })));
}

#[test]
fn v_k2_seven_players_recycle_burns() {
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    let mut st = seeded(&cfg, &[1000; 7], 9);
    play_until(&mut st, passive, the_end);
    assert!(st.board().is_none());
    assert!(st
        .history()
        .iter()
        .any(|e| matches!(e, Event::Recycle { cards } if cards.len() == 3)));
    assert!(st.seats().iter().all(|s| s.cards().count() == 7));
    assert_eq!(st.card_conflicts(), 0);
}

#[test]
fn v_k1_community_card_betting_option() {
    let cfg = fixed_limit(GameKind::Stud, |o| {
        o.community_card_betting = true;
    });
    let mut st = seeded(&cfg, &[1000; 8], 5);
    play_until(&mut st, passive, the_end);
    assert!(st.board().is_some());
    assert!(st.history().iter().any(|e| matches!(
        e,
        Event::Street {
            street: 4,
            draw: false
        }
    )));
}

#[test]
fn t_9_options_reserve_and_no_recycling() {
    let run = |n: usize, f: &dyn Fn(&mut Options)| {
        let cfg = fixed_limit(GameKind::Stud, f);
        let mut st = seeded(&cfg, &vec![1000; n], 1);
        play_until(&mut st, passive, the_end);
        assert_eq!(st.card_conflicts(), 0);
        st.board().is_some()
    };
    assert!(!run(7, &|_| {}));
    assert!(run(7, &|o| o.recycle_burns_before_community = false));
    assert!(!run(7, &|o| {
        o.recycle_burns_before_community = false;
        o.burn_cards = false;
    }));
    assert!(!run(7, &|o| o.reserve_bottom_card = true)); // 7 + 3 = 10 >= 7 + 1 + 1
    assert!(run(8, &|o| o.burn_cards = false)); // 56 > 52 cards
}

#[test]
fn t_9_2_no_burns_means_nothing_to_recycle() {
    // Razz, burn_cards off, 8 players all in for 1: 7th street finds 52 - 8 * 6 = 4 cards
    // for 8 players. There are no burns to recycle, so the stub must not be reshuffled:
    // the community card is the stub's top card.
    let cfg = fixed_limit_at(GameKind::Razz, stud_stakes(1, 1, 2), |o| {
        o.burn_cards = false;
    });
    let st = play_from(&cfg, &[1; 8], None, &[]);
    assert!(st.is_over());
    assert!(!st
        .history()
        .iter()
        .any(|e| matches!(e, Event::Recycle { .. })));
    assert_eq!(st.board(), Some(deck("")[48]));
}

#[test]
fn seeded_hands_deal_the_seeded_deck() {
    // `GameState::new` shuffles in place; it must deal exactly `Deck::shuffled(seed)`.
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    for seed in [0, 1, 42, u64::MAX] {
        let st = seeded(&cfg, &[100; 6], seed);
        assert_eq!(st.initial_deck(), crate::deck::Deck::shuffled(seed).cards());
    }
}

#[test]
fn rotating_stud_dealer_moves_the_first_seat() {
    let cfg = fixed_limit(GameKind::Stud, |o| {
        o.stud_dealer_position = StudDealerPosition::Rotating;
    });
    let st = start_at(&cfg, &[100; 3], "", Some(0));
    // Seat 1 is first left of the dealer: it gets the first card (2c).
    assert_eq!(st.seats()[1].cards().next(), "2c".parse().ok());
    assert_eq!(st.ord(1), 0);
}
