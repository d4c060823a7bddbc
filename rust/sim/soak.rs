//! Soak tests: many random hands across every game, betting structure and option set,
//! checking after every hand that it ended, that chips were conserved and payoffs sum to
//! zero, and that no card is in two places.
//!
//! The default run plays a few thousand hands; `make soak` runs the ten-million-hand
//! version (`cargo test --release --no-default-features soak_ten_million -- --ignored`).

use rand_core::RngCore;

use super::tests::{GAMES, STRUCTURES};
use super::{Bot, Table};
use crate::deck::{rng_for_seed, uniform_below};
use crate::game::options::BettingStructure;
use crate::game::{GameConfig, GameKind, Options, StakesInput};

/// Every docs/rules.md §6 option with every value it can take.
const OPTION_VALUES: &[(&str, &[&str])] = &[
    ("stud_dealer_position", &["FIXED", "ROTATING"]),
    ("burn_cards", &["true", "false"]),
    ("bring_in_card", &["LOWEST", "HIGHEST", "AUTO"]),
    ("max_raises", &["1", "3", "4", "None"]),
    (
        "uncapped_heads_up",
        &[
            "NEVER",
            "ROUND_BEGINS_HEADS_UP",
            "BECOMES_HEADS_UP_BEFORE_CAP",
        ],
    ),
    ("open_pair_double_bet", &["true", "false"]),
    ("limit_short_all_in_rule", &["HALF_BET", "FULL_BET"]),
    ("allow_fold_when_check_free", &["true", "false"]),
    ("betting_timeout_action", &["CHECK_OR_FOLD", "FOLD"]),
    ("showing_tie_break", &["POSITION", "SUIT"]),
    ("soko_showing_four_card_hands", &["true", "false"]),
    (
        "four_straight_mode",
        &["CONSECUTIVE", "OPEN_ENDED", "WITH_GUTSHOT"],
    ),
    (
        "odd_chip_order",
        &[
            "POSITION",
            "HIGH_CARD_BY_SUIT_BEST5",
            "HIGH_CARD_BY_SUIT_ALL",
            "LOW_CARD_BY_SUIT_ALL",
        ],
    ),
    ("scoop_identical_split", &["true", "false"]),
    (
        "showdown_first_if_no_bet",
        &["BEST_SHOWING", "LEFT_OF_DEALER"],
    ),
    ("recycle_burns_before_community", &["true", "false"]),
    ("reserve_bottom_card", &["true", "false"]),
    ("community_card_betting", &["true", "false"]),
    (
        "draw_timeout_penalty",
        &["NEXT_ROUND_ONLY", "REST_OF_HAND", "NONE"],
    ),
    (
        "reshuffle_policy",
        &["EXCLUDE_OWN_DISCARDS", "EXCLUDE_CURRENT_ROUND"],
    ),
    ("own_discards_scope", &["WHOLE_HAND", "CURRENT_DRAW"]),
    ("burn_after_reshuffle", &["true", "false"]),
    ("heads_up_small_blind", &["BUTTON", "LEFT_OF_BUTTON"]),
];

/// A random valid table: a profile, then a random value for every option that applies.
fn random_table(game: GameKind, structure: BettingStructure, rng: &mut impl RngCore) -> Table {
    let mut options = match uniform_below(rng, 3) {
        0 => Options::defaults(game),
        1 => Options::wsop(game),
        _ => Options::pokerkit(game),
    };
    for (name, values) in OPTION_VALUES {
        if Options::applies_to(name, game) && uniform_below(rng, 2) == 0 {
            let value = values[uniform_below(rng, values.len() as u32) as usize];
            // A value some games or structures refuse is simply not used.
            let _ = options.set(name, value);
        }
    }
    let stud = game != GameKind::DeuceSeven;
    let stakes = StakesInput {
        ante: stud.then_some(1),
        bring_in: stud.then_some(2),
        small_bet: Some(10),
        big_bet: Some(20),
        small_blind: (!stud).then_some(5),
        big_blind: (!stud).then_some(10),
        min_bet: (structure != BettingStructure::FixedLimit).then_some(10),
    };
    let players = 2 + uniform_below(rng, u32::from(game.max_seats()) - 1) as usize;
    let short = [40, 100, 400][uniform_below(rng, 3) as usize];
    // Some tables refuse an option combination; fall back to the plain profile.
    let config = GameConfig::new(game, structure, stakes, options)
        .or_else(|_| GameConfig::new(game, structure, stakes, Options::defaults(game)))
        .expect("the default table of every game and structure is valid");
    Table::new(config, vec![Bot::Random; players], Some(short)).expect("a valid table")
}

/// Plays `hands` hands spread over random tables and checks every one.
fn soak(hands: u64, seed: u64) {
    let mut rng = rng_for_seed(seed);
    let per_table = 2_000;
    let mut played = 0;
    let mut table_no = 0u64;
    while played < hands {
        let game = GAMES[(table_no % 5) as usize];
        let structure = STRUCTURES[(table_no / 5 % 3) as usize];
        let table = random_table(game, structure, &mut rng);
        let n = table.bots().len() as u64;
        for hand in 0..per_table.min(hands - played) {
            let state = table.play_hand(seed ^ table_no.rotate_left(32), hand);
            assert!(
                state.is_over(),
                "{game:?} {structure:?} hand {hand} did not end"
            );
            assert_eq!(state.payoffs().iter().sum::<i64>(), 0, "payoffs {game:?}");
            assert_eq!(
                state.stacks().iter().sum::<u64>(),
                n * table.stack(),
                "chips {game:?}"
            );
            assert_eq!(state.card_conflicts(), 0, "a card in two places {game:?}");
        }
        played += per_table.min(hands - played);
        table_no += 1;
    }
}

#[test]
fn soak_every_game_structure_and_option_set() {
    soak(60_000, 1);
}

/// Ten million hands: `make soak`.
#[test]
#[ignore = "ten million hands: run in release mode with `make soak`"]
fn soak_ten_million() {
    soak(10_000_000, 2);
}
