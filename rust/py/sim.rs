//! `simulate`: self-play with the built-in bots, GIL released (the Python wrapper is
//! `holecard.simulate`).

use std::collections::HashMap;

use pyo3::prelude::*;

use super::args::{Callback, Hands, Seed, Threads};
use super::guard::guarded;
use crate::game::options::{BettingStructure, GameKind, Options};
use crate::game::{GameConfig, StakesInput};
use crate::sim::{self, Bot, Table};

/// Rebuilds the Rust table of a `holecard._core.GameConfig` from its public getters.
fn table_config(config: &Bound<'_, PyAny>) -> PyResult<GameConfig> {
    let game: String = config.getattr("game")?.extract()?;
    let betting: String = config.getattr("betting")?.extract()?;
    let stakes: HashMap<String, u64> = config.getattr("stakes")?.extract()?;
    let options: HashMap<String, String> = config.getattr("options")?.extract()?;
    let kind: GameKind = game.parse()?;
    let structure: BettingStructure = betting.parse()?;
    let mut o = Options::defaults(kind);
    for (name, value) in &options {
        o.set(name, value)?;
    }
    let get = |k: &str| stakes.get(k).copied();
    let stud = kind.is_stud();
    let input = StakesInput {
        ante: get("ante"),
        bring_in: if stud { get("bring_in") } else { None },
        small_bet: get("small_bet"),
        big_bet: get("big_bet"),
        small_blind: if stud { None } else { get("small_blind") },
        big_blind: if stud { None } else { get("big_blind") },
        min_bet: get("min_bet"),
    };
    Ok(GameConfig::new(kind, structure, input, o)?)
}

/// Per seat: net chips, sum of squared per-hand nets, hands won, showdowns, showdowns won.
type RawSeat = (i64, u128, u64, u64, u64);

/// Hands, showdown hands, bot actions, the stack used, and per-seat totals.
type RawSim = (u64, u64, u64, u64, Vec<RawSeat>);

/// Plays hands `first_hand .. first_hand + hands` of the run seeded with `seed` at the
/// table `config` (a `_core.GameConfig`) with one bot name per seat. See
/// `holecard.simulate` for the documented API.
#[pyfunction]
#[pyo3(signature = (
    config, bots, hands, *, seed, threads = None, stack = None, first_hand = 0, progress = None
))]
#[allow(clippy::needless_pass_by_value, clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    config: &Bound<'_, PyAny>,
    bots: Vec<String>,
    hands: Hands,
    seed: Seed,
    threads: Option<Threads>,
    stack: Option<u64>,
    first_hand: u64,
    progress: Option<Callback<'_>>,
) -> PyResult<RawSim> {
    guarded(|| {
        let (hands, seed, threads) = (hands.0, seed.0, threads.map(|t| t.0));
        let progress = progress.as_ref().map(|p| &p.0);
        let cfg = table_config(config)?;
        let bots: Vec<Bot> = bots
            .iter()
            .map(|b| b.parse::<Bot>())
            .collect::<Result<_, _>>()?;
        let table = Table::new(cfg, bots, stack)?;
        let stats = super::interrupt::interruptible_with_progress(py, progress, |cancel| {
            sim::simulate_range_cancellable(&table, first_hand, hands, seed, threads, cancel)
        })??;
        let per_seat = stats
            .seats
            .iter()
            .map(|s| {
                (
                    s.net,
                    s.net_squared,
                    s.hands_won,
                    s.showdowns,
                    s.showdowns_won,
                )
            })
            .collect();
        Ok((
            stats.hands,
            stats.showdown_hands,
            stats.actions,
            table.stack(),
            per_seat,
        ))
    })
}
