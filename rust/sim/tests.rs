use super::*;
use crate::game::options::{BettingStructure, GameKind, Options};
use crate::game::StakesInput;

/// A ten-twenty table ([`GameConfig::ten_twenty`]) with `bots` in seat order.
fn table(game: GameKind, structure: BettingStructure, bots: &[Bot]) -> Table {
    Table::new(GameConfig::ten_twenty(game, structure), bots.to_vec(), None).unwrap()
}

pub(super) const GAMES: [GameKind; 5] = [
    GameKind::Soko,
    GameKind::Stud,
    GameKind::Stud8,
    GameKind::Razz,
    GameKind::DeuceSeven,
];

pub(super) const STRUCTURES: [BettingStructure; 3] = [
    BettingStructure::FixedLimit,
    BettingStructure::PotLimit,
    BettingStructure::NoLimit,
];

#[test]
fn every_game_and_structure_runs_and_conserves_chips() {
    let bots = [
        Bot::Random,
        Bot::CallingStation,
        Bot::Strength,
        Bot::Random,
        Bot::Strength,
        Bot::CallingStation,
    ];
    for game in GAMES {
        for structure in STRUCTURES {
            let t = table(game, structure, &bots);
            let r = simulate(&t, 600, 11, Some(1)).unwrap();
            assert_eq!(r.hands, 600);
            let net: i64 = r.seats.iter().map(|s| s.net).sum();
            assert_eq!(net, 0, "{game:?} {structure:?}");
            for s in &r.seats {
                assert!(s.showdowns_won <= s.showdowns);
                assert!(s.showdowns <= r.showdown_hands);
                assert!(s.hands_won <= r.hands);
            }
            // Every hand has a winner.
            let winners: u64 = r.seats.iter().map(|s| s.hands_won).sum();
            assert!(winners >= r.hands);
        }
    }
}

#[test]
fn hands_end_cleanly() {
    // Every bot action is legal: the fallback time-out never fires (debug_assert), and
    // every card is in exactly one place at the end.
    for game in GAMES {
        for structure in STRUCTURES {
            let t = table(game, structure, &[Bot::Random, Bot::Strength, Bot::Random]);
            for h in 0..200 {
                let st = t.play_hand(5, h);
                assert!(st.is_over());
                assert_eq!(st.card_conflicts(), 0);
            }
        }
    }
}

#[test]
fn same_seed_same_result_whatever_the_threads() {
    let t = table(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        &[Bot::Random, Bot::Strength, Bot::CallingStation, Bot::Random],
    );
    let one = simulate(&t, 3000, 42, Some(1)).unwrap();
    let two = simulate(&t, 3000, 42, Some(2)).unwrap();
    let all = simulate(&t, 3000, 42, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, all);
    let other = simulate(&t, 3000, 43, Some(2)).unwrap();
    assert_ne!(one, other);
    // Consecutive ranges add up to the whole run.
    let mut parts = simulate_range(&t, 0, 1000, 42, Some(2)).unwrap();
    parts.merge(&simulate_range(&t, 1000, 1700, 42, Some(1)).unwrap());
    parts.merge(&simulate_range(&t, 2700, 300, 42, None).unwrap());
    assert_eq!(parts, one);
}

#[test]
fn strength_beats_random_and_station_never_folds() {
    for game in GAMES {
        let t = table(
            game,
            BettingStructure::FixedLimit,
            &[Bot::Strength, Bot::Random, Bot::Strength, Bot::Random],
        );
        let r = simulate(&t, 4000, 1, None).unwrap();
        let strong = r.seats[0].net + r.seats[2].net;
        assert!(strong > 0, "{game:?}: {:?}", r.seats);
    }
    let t = table(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        &[
            Bot::CallingStation,
            Bot::CallingStation,
            Bot::CallingStation,
        ],
    );
    let r = simulate(&t, 500, 3, Some(1)).unwrap();
    // Nobody folds, so every hand is a showdown with everybody.
    assert_eq!(r.showdown_hands, 500);
    assert!(r.seats.iter().all(|s| s.showdowns == 500));
}

#[test]
fn bad_tables_are_errors() {
    let cfg = GameConfig::new(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        StakesInput {
            small_bet: Some(10),
            ..StakesInput::default()
        },
        Options::defaults(GameKind::DeuceSeven),
    )
    .unwrap();
    assert!(Table::new(cfg, vec![Bot::Random], None).is_err());
    assert!(Table::new(cfg, vec![Bot::Random; 7], None).is_err());
    assert!(Table::new(cfg, vec![Bot::Random; 2], Some(0)).is_err());
    let t = Table::new(cfg, vec![Bot::Random; 2], Some(1)).unwrap();
    assert!(simulate(&t, 10, 0, Some(0)).is_err());
    assert_eq!(simulate(&t, 0, 0, None).unwrap().hands, 0);
    assert!("nobody".parse::<Bot>().is_err());
    assert_eq!("Calling-Station".parse::<Bot>(), Ok(Bot::CallingStation));
}

#[test]
fn button_moves_in_deuce_seven() {
    let t = table(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        &[Bot::Strength; 3],
    );
    let dealers: Vec<u8> = (0..4).map(|h| t.play_hand(0, h).dealer()).collect();
    assert_eq!(dealers, [2, 0, 1, 2]);
    let t = table(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        &[Bot::Strength; 3],
    );
    assert!((0..4).all(|h| t.play_hand(0, h).dealer() == 2));
}
