//! Tables and options: configuration errors and option values by name.

use super::*;

#[test]
fn config_errors_name_the_problem() {
    let bad = GameConfig::new(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 20, 10),
        Options::defaults(GameKind::Stud),
    );
    assert!(bad.unwrap_err().to_string().contains("bring_in"));
    let mut o = Options::defaults(GameKind::DeuceSeven);
    o.odd_chip_order = OddChipOrder::HighCardBySuitBest5;
    assert!(GameConfig::new(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        o
    )
    .is_err());
    let cfg = fixed_limit(GameKind::DeuceSeven, |_| {});
    assert!(GameState::new(&cfg, &[100; 7], &Start::default()).is_err());
    assert!(GameState::new(&cfg, &[100, 0], &Start::default()).is_err());
    let mut o = Options::defaults(GameKind::Stud);
    assert!(o.set("max_raises", "x").is_err());
    assert!(o.set("nope", "1").is_err());
    o.set("max_raises", "none").unwrap();
    assert_eq!(o.max_raises, None);
}

#[test]
fn options_round_trip_by_name() {
    for game in GameKind::ALL {
        let o = Options::wsop(*game);
        let mut p = Options::defaults(*game);
        for (name, value) in o.items() {
            p.set(name, &value).unwrap();
        }
        assert_eq!(o, p);
    }
}

#[test]
fn ten_twenty_tables_of_every_game_and_structure() {
    for game in GameKind::ALL {
        for structure in BettingStructure::ALL {
            let s = GameConfig::ten_twenty(*game, *structure).stakes;
            assert_eq!((s.small_bet, s.big_bet, s.min_bet), (10, 20, 10));
            let forced = (s.ante, s.bring_in, s.small_blind, s.big_blind);
            let want = if game.is_stud() {
                (1, 3, 0, 0)
            } else {
                (0, 0, 5, 10)
            };
            assert_eq!(forced, want, "{game:?} {structure:?}");
        }
    }
}
