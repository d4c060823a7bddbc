//! Engine tests, one file per rule family: the docs/rules.md §5.3 vectors V-B, V-W, V-M,
//! V-R, V-K as named tests, option behaviour, and random legal play of thousands of hands
//! per game and structure.
//!
//! This file holds only what the families share: table builders, hands dealt from a
//! stacked or seeded deck, and the one play-out helper, [`play_until`], with the policy
//! and the stop conditions most tests play with.

use super::options::*;
use super::*;
use crate::card::{parse_cards, Card};
use crate::cardset::CardSet;

mod all_in;
mod betting;
mod config;
mod dealing;
mod draw;
mod forced_bets;
mod pots;
mod random_play;
mod showdown;
mod spec;
mod stud;

// ----- tables -------------------------------------------------------------------------

fn cfg_with(
    game: GameKind,
    structure: BettingStructure,
    stakes: StakesInput,
    f: impl FnOnce(&mut Options),
) -> GameConfig {
    let mut o = Options::defaults(game);
    f(&mut o);
    GameConfig::new(game, structure, stakes, o).unwrap()
}

/// A fixed-limit table of `game` at the stakes most tests use: ante 1, bring-in 2 and
/// small bet 10 in the stud games, blinds 1 and 2 in 2-7; `f` sets options.
fn fixed_limit(game: GameKind, f: impl FnOnce(&mut Options)) -> GameConfig {
    let stakes = if game.is_stud() {
        stud_stakes(1, 2, 10)
    } else {
        blind_stakes(1, 2)
    };
    fixed_limit_at(game, stakes, f)
}

/// A fixed-limit table of `game` at `stakes`; `f` sets options.
fn fixed_limit_at(game: GameKind, stakes: StakesInput, f: impl FnOnce(&mut Options)) -> GameConfig {
    cfg_with(game, BettingStructure::FixedLimit, stakes, f)
}

fn stud_stakes(ante: u64, bring_in: u64, small: u64) -> StakesInput {
    StakesInput {
        ante: Some(ante),
        bring_in: Some(bring_in),
        small_bet: Some(small),
        ..StakesInput::default()
    }
}

fn blind_stakes(sb: u64, bb: u64) -> StakesInput {
    StakesInput {
        small_blind: Some(sb),
        big_blind: Some(bb),
        small_bet: Some(bb),
        ..StakesInput::default()
    }
}

// ----- decks and deals ----------------------------------------------------------------

/// The listed cards first, then every other card in index order.
fn deck(prefix: &str) -> Vec<Card> {
    let mut d = parse_cards(prefix).unwrap();
    let used: CardSet = d.iter().copied().collect();
    assert_eq!(used.len(), d.len(), "duplicate in test deck");
    d.extend(Card::all().filter(|c| !used.contains(*c)));
    d
}

/// A stud deck: hole cards `downs` (per round, seat order), door cards, then the rest.
fn stud_deck(downs: &[&str], doors: &str) -> String {
    let mut s = String::new();
    for d in downs {
        s.push_str(d);
        s.push(' ');
    }
    s.push_str(doors);
    s
}

/// A hand dealt from [`deck`]`(deck_text)` with the button or dealer box on `dealer`
/// (`None`: the last seat).
fn start_at(cfg: &GameConfig, stacks: &[u64], deck_text: &str, dealer: Option<u8>) -> GameState {
    GameState::new(
        cfg,
        stacks,
        &Start {
            deck: Some(deck(deck_text)),
            dealer,
            ..Start::default()
        },
    )
    .unwrap()
}

/// A hand dealt from [`deck`]`(deck_text)`.
fn start(cfg: &GameConfig, stacks: &[u64], deck_text: &str) -> GameState {
    start_at(cfg, stacks, deck_text, None)
}

/// A hand dealt from the deck that `seed` shuffles.
fn seeded(cfg: &GameConfig, stacks: &[u64], seed: u64) -> GameState {
    let start = Start {
        seed: Some(seed),
        ..Start::default()
    };
    GameState::new(cfg, stacks, &start).unwrap()
}

/// Plays `actions` from a start with the deck in index order.
fn play_from(
    cfg: &GameConfig,
    stacks: &[u64],
    dealer: Option<u8>,
    actions: &[Action],
) -> GameState {
    let mut st = start_at(cfg, stacks, "", dealer);
    for &a in actions {
        st.apply(a).unwrap();
    }
    st
}

// ----- playing a hand out -------------------------------------------------------------

/// Plays `st` on, `policy` choosing every action, until the hand is over or `stop` (asked
/// before every action) says to stop; [`the_end`] never stops early. Panics on an action
/// the engine refuses, naming it, the legal actions and the history.
fn play_until(
    st: &mut GameState,
    mut policy: impl FnMut(&GameState) -> Action,
    mut stop: impl FnMut(&GameState) -> bool,
) {
    while !st.is_over() && !stop(st) {
        let a = policy(st);
        if let Err(e) = st.apply(a) {
            panic!(
                "{:?} {:?}: {a:?} rejected: {e}; legal {:?}; history {:?}",
                st.config().game,
                st.config().structure,
                st.legal_actions(),
                st.history()
            );
        }
    }
}

/// The passive policy: posts the bring-in, checks, calls and stands pat; it never folds,
/// bets, raises or draws.
fn passive(st: &GameState) -> Action {
    let la = st.legal_actions();
    if la.bring_in.is_some() {
        Action::PostBringIn
    } else if la.check {
        Action::Check
    } else if la.call.is_some() {
        Action::Call
    } else {
        Action::StandPat
    }
}

/// Plays to the end of the hand.
fn the_end(_: &GameState) -> bool {
    false
}

/// Stops when the betting round ends: at a draw, at the next street or at the end.
fn betting_over(st: &GameState) -> bool {
    st.phase() != Phase::Betting
}

/// Stops on betting round `n` (0 is the first; in 2-7, round 1 follows the first draw).
fn on_street(n: u8) -> impl Fn(&GameState) -> bool {
    move |st| st.street_index() >= n
}

/// The seat that showed its cards first at the showdown.
fn first_show(st: &GameState) -> Option<u8> {
    st.history().iter().find_map(|e| match e {
        Event::Show { seat } => Some(*seat),
        _ => None,
    })
}
