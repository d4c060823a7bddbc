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
use crate::game::catalog::{OptionSpec, OPTION_SPECS};
use crate::game::options::{BettingStructure, OptionKind};
use crate::game::{GameConfig, GameKind, Options, StakesInput};

/// The values a soak table draws for an option in `game`: every value of a finite option
/// of the catalogue, a few caps for `max_raises`; table-shaped numbers keep their default.
fn soak_values(spec: &OptionSpec, game: GameKind) -> Vec<&'static str> {
    match spec.kind {
        OptionKind::IntOrNone => vec!["1", "3", "4", "none"],
        _ => spec.values(game).unwrap_or_default(),
    }
}

/// A random valid table: a profile, then a random value for every option that applies.
pub(super) fn random_table(
    game: GameKind,
    structure: BettingStructure,
    rng: &mut impl RngCore,
) -> Table {
    let mut options = match uniform_below(rng, 3) {
        0 => Options::defaults(game),
        1 => Options::wsop(game),
        _ => Options::pokerkit(game),
    };
    for spec in OPTION_SPECS {
        let values = soak_values(spec, game);
        if spec.applies_to(game) && !values.is_empty() && uniform_below(rng, 2) == 0 {
            let value = values[uniform_below(rng, values.len() as u32) as usize];
            // A value some games or structures refuse is simply not used.
            let _ = options.set(spec.name, value);
        }
    }
    let stud = game.is_stud();
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
