//! The game registry (`VariantSpec`): every game once, its streets adding up to a hand.

use super::*;
use crate::game::spec::{BetUnit, Showdown, VARIANTS};

#[test]
fn every_game_has_one_spec_and_ids_round_trip() {
    assert_eq!(VARIANTS.len(), GameKind::ALL.len());
    for &game in GameKind::ALL {
        let spec = VariantSpec::of(game);
        assert_eq!(spec.game, game);
        assert_eq!(GameKind::from_id(spec.id).unwrap(), game);
    }
    let err = GameKind::from_id("holdem").unwrap_err().to_string();
    assert!(
        err.contains("\"holdem\"") && err.contains("deuce_seven"),
        "{err}"
    );
}

#[test]
fn streets_deal_exactly_a_hand() {
    for spec in &VARIANTS {
        let dealt: u8 = spec.streets.iter().map(|s| s.down + s.up).sum();
        assert_eq!(dealt, spec.hand_cards, "{}", spec.id);
        // G-1.6.1: small bets on the first two rounds, big bets after.
        let units: Vec<BetUnit> = spec.streets.iter().map(|s| s.bet).collect();
        assert_eq!(units[..2], [BetUnit::Small, BetUnit::Small], "{}", spec.id);
        assert!(units[2..].iter().all(|&u| u == BetUnit::Big), "{}", spec.id);
        assert_eq!(spec.is_draw(), !spec.game.is_stud(), "{}", spec.id);
    }
    let draw = VariantSpec::of(GameKind::DeuceSeven);
    let draws: Vec<_> = draw.streets.iter().filter_map(|s| s.draw).collect();
    assert_eq!(draws, ["first_draw", "second_draw", "third_draw"]);
}

#[test]
fn street_names_are_what_the_state_reports() {
    for &game in GameKind::ALL {
        let cfg = GameConfig::ten_twenty(game, BettingStructure::FixedLimit);
        let mut st = seeded(&cfg, &[1000, 1000], 7);
        let spec = VariantSpec::of(game);
        let mut seen = vec![st.street_name()];
        play_until(&mut st, passive, |st| {
            if seen.last() != Some(&st.street_name()) {
                seen.push(st.street_name());
            }
            false
        });
        seen.push(st.street_name());
        let mut want: Vec<&str> = Vec::new();
        for s in spec.streets {
            want.extend(s.draw);
            want.push(s.name);
        }
        want.push("over");
        assert_eq!(seen, want, "{}", spec.id);
    }
}

#[test]
fn showdown_rankings() {
    use crate::eval::{FourStraight, Ranking};
    let mode = FourStraight::OpenEnded;
    let of = |g| VariantSpec::of(g).showdown.rankings(mode);
    assert_eq!(of(GameKind::Soko), (Ranking::Soko(mode), None));
    assert_eq!(of(GameKind::Stud8), (Ranking::High, Some(Ranking::Low8)));
    assert_eq!(of(GameKind::Razz), (Ranking::AceFive, None));
    assert_eq!(of(GameKind::DeuceSeven), (Ranking::DeuceSeven, None));
    assert!(VariantSpec::of(GameKind::Stud8).showdown.is_hilo());
    assert_eq!(VariantSpec::of(GameKind::Stud).showdown, Showdown::High);
}
