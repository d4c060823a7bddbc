//! [`Observer`]: what one seat knows of a hand, as fixed-size `f32` tensors (an
//! observation and a perfect-recall information state) and as text.
//!
//! Everything is built from what the seat may see: his own cards, every face-up card,
//! the stud community card, how many cards each player drew, the chips and the betting.
//! Other players' face-down cards and draws are never read, so a tensor cannot change
//! when only they change (also at showdown: the cards shown there are not in it).
//!
//! Per-seat sections list the seats from the observer's point of view: the observer
//! first, then the seats clockwise from him. Chips are in big bets (the table's big
//! bet; 1 chip when it is 0). The sections, in order ([`Observer::sections`] gives their
//! sizes for a table):
//!
//! | section | size | content |
//! | --- | --- | --- |
//! | `seat` | N | the observer's seat (one-hot, absolute) |
//! | `dealer` | N | the dealer (stud) or button (2-7), relative |
//! | `actor` | N | the seat to act, relative (zeros when the hand is over) |
//! | `phase` | rounds + draws + 1 | betting round, draw (2-7) or over (one-hot) |
//! | `own_down`, `own_up` | 52 each | the observer's cards |
//! | `up_cards` | (N − 1) × 52 | each opponent's face-up cards |
//! | `board` | 52 | the stud community card (stud games) |
//! | `drawn` | draws × N | cards each seat drew in each draw, ÷ hand size (2-7) |
//! | `own_discards` | 52 | every card the observer discarded (2-7) |
//! | `pot` | 1 | every chip in the pot and in front of the players |
//! | `stacks`, `bets`, `committed` | N each | chips behind, in the current round, in the hand |
//! | `folded`, `all_in` | N each | 1 for yes |
//! | `round_raises` | rounds × N | bets, raises, completions and bring-ins per round |
//! | `round_chips` | rounds × N | chips each seat put in per round (blinds included) |
//!
//! The information state is the observation followed by:
//!
//! | section | size | content |
//! | --- | --- | --- |
//! | `own_cards_by_round` | rounds × 52 | the observer's cards when each betting round began |
//! | `seen_up` | N × 52 | every card dealt face up to each seat, folded ones included |
//! | `actions` | L × (8 + N + 1) | the players' actions in order: kind (fold, check, call, bring-in, complete, bet/raise, draw, time-out), actor (relative), amount (chips in big bets; a draw: cards ÷ hand size) |
//!
//! `L` = N × (8 × rounds + draws); actions beyond it (only in very long pot and no-limit
//! raising wars) are not in the tensor, but `round_raises` and `round_chips` count them.

// The tensors are `f32` by contract (NumPy `float32`): chip counts beyond 2^24 round there,
// which a learner does not mind; the text form keeps them exact.
#![allow(clippy::cast_precision_loss)]

use std::fmt::Write as _;

use super::config::GameConfig;
use super::options::{config_err, ConfigError};
use super::state::{Event, GameState, Phase};
use crate::card::Card;
use crate::cardset::CardSet;

/// The kinds of action in the `actions` section, in order.
const ACTION_KINDS: [&str; 8] = [
    "fold",
    "check",
    "call",
    "bring_in",
    "complete",
    "bet_raise",
    "draw",
    "timeout",
];

/// A part of a tensor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Seat,
    Dealer,
    Actor,
    Phase,
    OwnDown,
    OwnUp,
    UpCards,
    Board,
    Drawn,
    OwnDiscards,
    Pot,
    Stacks,
    Bets,
    Committed,
    Folded,
    AllIn,
    RoundRaises,
    RoundChips,
    OwnCardsByRound,
    SeenUp,
    Actions,
}

impl Section {
    fn name(self) -> &'static str {
        match self {
            Section::Seat => "seat",
            Section::Dealer => "dealer",
            Section::Actor => "actor",
            Section::Phase => "phase",
            Section::OwnDown => "own_down",
            Section::OwnUp => "own_up",
            Section::UpCards => "up_cards",
            Section::Board => "board",
            Section::Drawn => "drawn",
            Section::OwnDiscards => "own_discards",
            Section::Pot => "pot",
            Section::Stacks => "stacks",
            Section::Bets => "bets",
            Section::Committed => "committed",
            Section::Folded => "folded",
            Section::AllIn => "all_in",
            Section::RoundRaises => "round_raises",
            Section::RoundChips => "round_chips",
            Section::OwnCardsByRound => "own_cards_by_round",
            Section::SeenUp => "seen_up",
            Section::Actions => "actions",
        }
    }
}

/// One player action as the `actions` section records it.
#[derive(Debug, Clone, Copy)]
struct Act {
    kind: usize,
    seat: u8,
    amount: f32,
}

/// What the observer knows of the hand's past, gathered from its events.
struct Past {
    round_raises: Vec<[u32; super::MAX_SEATS]>,
    round_chips: Vec<[u64; super::MAX_SEATS]>,
    drawn: Vec<[u8; super::MAX_SEATS]>,
    seen_up: [CardSet; super::MAX_SEATS],
    own_by_round: Vec<CardSet>,
    acts: Vec<Act>,
}

/// The tensors and text of one seat's view of a hand of one table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observer {
    cfg: GameConfig,
    players: u8,
    rounds: usize,
    draws: usize,
    stud: bool,
    observation: Vec<Section>,
    information: Vec<Section>,
}

impl Observer {
    /// The observer of hands of `cfg` with `players` players.
    pub fn new(cfg: &GameConfig, players: usize) -> Result<Observer, ConfigError> {
        use Section as S;
        let most = usize::from(cfg.options.max_players);
        if !(2..=most).contains(&players) {
            return Err(config_err!(
                "{} needs 2 to {most} players, got {players}",
                cfg.game.id()
            ));
        }
        let spec = cfg.spec();
        let stud = !spec.is_draw();
        let draws = spec.streets.iter().filter(|s| s.draw.is_some()).count();
        let mut observation = vec![S::Seat, S::Dealer, S::Actor, S::Phase, S::OwnDown, S::OwnUp];
        observation.push(S::UpCards);
        if stud {
            observation.push(S::Board);
        } else {
            observation.extend([S::Drawn, S::OwnDiscards]);
        }
        observation.extend([
            S::Pot,
            S::Stacks,
            S::Bets,
            S::Committed,
            S::Folded,
            S::AllIn,
            S::RoundRaises,
            S::RoundChips,
        ]);
        let mut information = observation.clone();
        information.extend([S::OwnCardsByRound, S::SeenUp, S::Actions]);
        Ok(Observer {
            cfg: *cfg,
            players: players as u8,
            rounds: usize::from(spec.rounds()),
            draws,
            stud,
            observation,
            information,
        })
    }

    fn history_slots(&self) -> usize {
        usize::from(self.players) * (8 * self.rounds + self.draws)
    }

    fn size(&self, s: Section) -> usize {
        let n = usize::from(self.players);
        match s {
            Section::Seat
            | Section::Dealer
            | Section::Actor
            | Section::Stacks
            | Section::Bets
            | Section::Committed
            | Section::Folded
            | Section::AllIn => n,
            Section::Phase => self.rounds + self.draws + 1,
            Section::OwnDown | Section::OwnUp | Section::Board | Section::OwnDiscards => 52,
            Section::UpCards => (n - 1) * 52,
            Section::Drawn => self.draws * n,
            Section::Pot => 1,
            Section::RoundRaises | Section::RoundChips => self.rounds * n,
            Section::OwnCardsByRound => self.rounds * 52,
            Section::SeenUp => n * 52,
            Section::Actions => self.history_slots() * (ACTION_KINDS.len() + n + 1),
        }
    }

    /// The sections of the observation (`information = false`) or the information state,
    /// with their sizes, in order.
    #[must_use]
    pub fn sections(&self, information: bool) -> Vec<(&'static str, usize)> {
        let list = if information {
            &self.information
        } else {
            &self.observation
        };
        list.iter().map(|&s| (s.name(), self.size(s))).collect()
    }

    /// The length of the observation or the information state.
    #[must_use]
    pub fn len(&self, information: bool) -> usize {
        self.sections(information).iter().map(|s| s.1).sum()
    }

    /// The table.
    #[must_use]
    pub fn config(&self) -> &GameConfig {
        &self.cfg
    }

    /// The number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn check(&self, state: &GameState, seat: usize) -> Result<(), ConfigError> {
        if state.config() != &self.cfg || state.players() != self.players() {
            return Err(config_err!(
                "the state is not a hand of this observer's table ({} players of {})",
                self.players,
                self.cfg.game.id()
            ));
        }
        if seat >= self.players() {
            return Err(config_err!(
                "seat {seat} is not at the table of {}",
                self.players
            ));
        }
        Ok(())
    }

    fn scale(&self) -> f32 {
        self.cfg.stakes.big_bet.max(1) as f32
    }

    /// The observation (`information = false`) or information state of `seat`, written
    /// into `out`, which must have its length ([`Observer::len`]).
    pub fn write(
        &self,
        state: &GameState,
        seat: usize,
        information: bool,
        out: &mut [f32],
    ) -> Result<(), ConfigError> {
        self.check(state, seat)?;
        if out.len() != self.len(information) {
            return Err(config_err!(
                "the buffer must hold {} values, got {}",
                self.len(information),
                out.len()
            ));
        }
        let past = self.past(state, seat as u8);
        out.fill(0.0);
        let list = if information {
            &self.information
        } else {
            &self.observation
        };
        let mut start = 0;
        for &s in list {
            let end = start + self.size(s);
            self.fill(s, state, seat as u8, &past, &mut out[start..end]);
            start = end;
        }
        Ok(())
    }

    /// The observation or information state of `seat` as a new vector.
    pub fn tensor(
        &self,
        state: &GameState,
        seat: usize,
        information: bool,
    ) -> Result<Vec<f32>, ConfigError> {
        let mut out = vec![0.0; self.len(information)];
        self.write(state, seat, information, &mut out)?;
        Ok(out)
    }

    /// The seat `rel` places clockwise of `me`.
    fn abs(&self, me: u8, rel: usize) -> usize {
        (usize::from(me) + rel) % self.players()
    }

    /// Where `seat` is, counted clockwise from `me`.
    fn rel(&self, me: u8, seat: u8) -> usize {
        (usize::from(seat) + self.players() - usize::from(me)) % self.players()
    }

    fn phase_index(&self, state: &GameState) -> usize {
        let street = usize::from(state.street_index());
        match state.phase() {
            Phase::Over => self.rounds + self.draws,
            Phase::Drawing => 2 * street + 1,
            Phase::Betting if self.stud => street,
            Phase::Betting => 2 * street,
        }
    }

    fn past(&self, state: &GameState, me: u8) -> Past {
        let scale = self.scale();
        let mut p = Past {
            round_raises: vec![[0; super::MAX_SEATS]; self.rounds],
            round_chips: vec![[0; super::MAX_SEATS]; self.rounds],
            drawn: vec![[0; super::MAX_SEATS]; self.draws],
            seen_up: [CardSet::EMPTY; super::MAX_SEATS],
            own_by_round: vec![CardSet::EMPTY; self.rounds],
            acts: Vec::new(),
        };
        let mut acts = Vec::new();
        let hand = f32::from(self.cfg.spec().hand_cards);
        let mut round = 0usize;
        let mut draw = 0usize;
        let mut held = CardSet::EMPTY;
        let mut bet = [0u64; super::MAX_SEATS];
        for e in state.history() {
            let last = self.rounds - 1;
            let r = round.min(last);
            let mut act = |kind: usize, seat: u8, amount: f32| {
                acts.push(Act { kind, seat, amount });
            };
            match *e {
                Event::Street {
                    street,
                    draw: false,
                } => {
                    round = usize::from(street);
                    if round > 0 {
                        bet = [0; super::MAX_SEATS];
                    }
                    if let Some(slot) = p.own_by_round.get_mut(round) {
                        *slot = held;
                    }
                }
                Event::Street { street, draw: true } => draw = usize::from(street),
                Event::Deal { seat, card, up } => {
                    if up {
                        p.seen_up[usize::from(seat)].insert(card);
                    }
                    if seat == me {
                        held.insert(card);
                    }
                }
                Event::Blind { seat, amount, .. } => bet[usize::from(seat)] += amount,
                Event::BringIn { seat, amount } => {
                    bet[usize::from(seat)] += amount;
                    p.round_raises[r][usize::from(seat)] += 1;
                    act(3, seat, amount as f32 / scale);
                }
                Event::Complete { seat, to } => {
                    bet[usize::from(seat)] = to;
                    p.round_raises[r][usize::from(seat)] += 1;
                    act(4, seat, to as f32 / scale);
                }
                Event::BetRaise { seat, to } => {
                    bet[usize::from(seat)] = to;
                    p.round_raises[r][usize::from(seat)] += 1;
                    act(5, seat, to as f32 / scale);
                }
                Event::Call { seat, amount } => {
                    bet[usize::from(seat)] += amount;
                    act(2, seat, amount as f32 / scale);
                }
                Event::Fold { seat } => act(0, seat, 0.0),
                Event::Check { seat } => act(1, seat, 0.0),
                Event::Timeout { seat } => act(7, seat, 0.0),
                Event::Uncalled { seat, amount } => {
                    let b = &mut bet[usize::from(seat)];
                    *b = b.saturating_sub(amount);
                }
                Event::Draw {
                    seat,
                    discards,
                    received,
                } => {
                    if let Some(row) = p.drawn.get_mut(draw.saturating_sub(1)) {
                        row[usize::from(seat)] = discards.len() as u8;
                    }
                    if seat == me {
                        held = held.difference(discards).union(received);
                    }
                    act(6, seat, discards.len() as f32 / hand);
                }
                _ => {}
            }
            p.round_chips[round.min(last)] = bet;
        }
        p.acts = acts;
        p
    }

    #[allow(clippy::too_many_lines)]
    fn fill(&self, s: Section, state: &GameState, me: u8, past: &Past, out: &mut [f32]) {
        let n = self.players();
        let seats = state.seats();
        let scale = self.scale();
        let cards = |out: &mut [f32], cs: &mut dyn Iterator<Item = Card>| {
            for c in cs {
                out[usize::from(c.index())] = 1.0;
            }
        };
        let per_seat = |out: &mut [f32], f: &dyn Fn(usize) -> f32| {
            for (rel, o) in out.iter_mut().enumerate().take(n) {
                *o = f(self.abs(me, rel));
            }
        };
        match s {
            Section::Seat => out[usize::from(me)] = 1.0,
            Section::Dealer => out[self.rel(me, state.dealer())] = 1.0,
            Section::Actor => {
                if let Some(a) = state.actor() {
                    out[self.rel(me, a)] = 1.0;
                }
            }
            Section::Phase => out[self.phase_index(state)] = 1.0,
            Section::OwnDown => cards(out, &mut seats[usize::from(me)].down_cards()),
            Section::OwnUp => cards(out, &mut seats[usize::from(me)].up_cards()),
            Section::UpCards => {
                for rel in 1..n {
                    let seat = &seats[self.abs(me, rel)];
                    cards(&mut out[(rel - 1) * 52..rel * 52], &mut seat.up_cards());
                }
            }
            Section::Board => cards(out, &mut state.board().into_iter()),
            Section::Drawn => {
                let hand = f32::from(self.cfg.spec().hand_cards);
                for (d, row) in past.drawn.iter().enumerate() {
                    per_seat(&mut out[d * n..], &|s| f32::from(row[s]) / hand);
                }
            }
            Section::OwnDiscards => {
                cards(out, &mut seats[usize::from(me)].discards.iter());
            }
            Section::Pot => out[0] = seats.iter().map(|s| s.total).sum::<u64>() as f32 / scale,
            Section::Stacks => per_seat(out, &|s| seats[s].stack as f32 / scale),
            Section::Bets => per_seat(out, &|s| seats[s].bet as f32 / scale),
            Section::Committed => per_seat(out, &|s| seats[s].total as f32 / scale),
            Section::Folded => per_seat(out, &|s| f32::from(u8::from(seats[s].folded))),
            Section::AllIn => per_seat(out, &|s| f32::from(u8::from(seats[s].all_in()))),
            Section::RoundRaises => {
                for (r, row) in past.round_raises.iter().enumerate() {
                    per_seat(&mut out[r * n..], &|s| row[s] as f32);
                }
            }
            Section::RoundChips => {
                for (r, row) in past.round_chips.iter().enumerate() {
                    per_seat(&mut out[r * n..], &|s| row[s] as f32 / scale);
                }
            }
            Section::OwnCardsByRound => {
                for (r, held) in past.own_by_round.iter().enumerate() {
                    cards(&mut out[r * 52..(r + 1) * 52], &mut held.iter());
                }
            }
            Section::SeenUp => {
                for rel in 0..n {
                    let seen = past.seen_up[self.abs(me, rel)];
                    cards(&mut out[rel * 52..(rel + 1) * 52], &mut seen.iter());
                }
            }
            Section::Actions => {
                let width = ACTION_KINDS.len() + n + 1;
                for (a, row) in past
                    .acts
                    .iter()
                    .zip(out.chunks_exact_mut(width))
                    .take(self.history_slots())
                {
                    row[a.kind] = 1.0;
                    row[ACTION_KINDS.len() + self.rel(me, a.seat)] = 1.0;
                    row[width - 1] = a.amount;
                }
            }
        }
    }

    /// The observation (`information = false`) or information state of `seat` as text,
    /// for debugging: the same facts as the tensor, one line each.
    pub fn text(
        &self,
        state: &GameState,
        seat: usize,
        information: bool,
    ) -> Result<String, ConfigError> {
        self.check(state, seat)?;
        let me = seat as u8;
        let past = self.past(state, me);
        let seats = state.seats();
        let list = |cs: &mut dyn Iterator<Item = Card>| {
            let v: Vec<String> = cs.map(|c| c.to_string()).collect();
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(" ")
            }
        };
        let mut t = String::new();
        let actor = state
            .actor()
            .map_or_else(|| "nobody".to_string(), |a| format!("seat {a}"));
        let _ = writeln!(
            t,
            "{} {}, seat {seat} of {}, dealer seat {}, street {}, to act: {actor}",
            self.cfg.game.id(),
            self.cfg.structure.name().to_lowercase(),
            self.players,
            state.dealer(),
            state.street_name(),
        );
        for rel in 0..self.players() {
            let i = self.abs(me, rel);
            let s = &seats[i];
            let down = if i == seat {
                list(&mut s.down_cards())
            } else {
                format!("{} hidden", s.down_cards().count())
            };
            let mut line = format!(
                "seat {i}: down {down}, up {}, stack {}, bet {}, in {}",
                list(&mut s.up_cards()),
                s.stack,
                s.bet,
                s.total
            );
            if s.folded {
                line.push_str(", folded");
            }
            if !self.stud {
                let drew: Vec<String> = past.drawn.iter().map(|d| d[i].to_string()).collect();
                let _ = write!(line, ", drew {}", drew.join("/"));
            }
            let _ = writeln!(t, "{line}");
        }
        if let Some(b) = state.board() {
            let _ = writeln!(t, "board {b}");
        }
        if !self.stud {
            let _ = writeln!(t, "my discards {}", list(&mut seats[seat].discards.iter()));
        }
        let pot: u64 = seats.iter().map(|s| s.total).sum();
        let _ = write!(t, "pot {pot}");
        if information {
            let _ = write!(t, "\nactions:");
            for a in &past.acts {
                let _ = write!(t, " s{}:{}", a.seat, ACTION_KINDS[a.kind]);
                if a.amount > 0.0 {
                    let amount = if a.kind == 6 {
                        a.amount * f32::from(self.cfg.spec().hand_cards)
                    } else {
                        a.amount * self.scale()
                    };
                    let _ = write!(t, "({})", amount.round());
                }
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::options::BettingStructure;
    use crate::game::spec::GameKind;
    use crate::game::state::Start;

    /// Every tensor has its documented length at every step, and swapping another
    /// player's down card with an undealt card never changes what a seat sees.
    #[test]
    fn tensors_have_fixed_size_and_hide_other_players_cards() {
        for &game in GameKind::ALL {
            for structure in [BettingStructure::FixedLimit, BettingStructure::NoLimit] {
                let cfg = GameConfig::ten_twenty(game, structure);
                for seed in 0..12u64 {
                    let n = 2 + (seed % 3) as usize;
                    let obs = Observer::new(&cfg, n).unwrap();
                    let stacks = vec![200; n];
                    let start = Start {
                        seed: Some(seed),
                        ..Start::default()
                    };
                    let mut state = GameState::new(&cfg, &stacks, &start).unwrap();
                    let mut picks = Vec::new();
                    while !state.is_over() {
                        for info in [false, true] {
                            for seat in 0..n {
                                let t = obs.tensor(&state, seat, info).unwrap();
                                assert_eq!(t.len(), obs.len(info));
                            }
                        }
                        check_hidden(&cfg, &obs, &stacks, &state, &picks);
                        let moves = state.legal_moves();
                        let pick = (seed * 31 + picks.len() as u64 * 7) % moves.len().min(40);
                        picks.push(pick);
                        state.apply(moves.get(pick).unwrap()).unwrap();
                    }
                }
            }
        }
    }

    /// Replays `picks` (move indices) from a deck where one opponent down card and one
    /// undealt card trade places, and compares each other seat's view.
    fn check_hidden(
        cfg: &GameConfig,
        obs: &Observer,
        stacks: &[u64],
        state: &GameState,
        picks: &[u64],
    ) {
        let Some(actor) = state.actor() else { return };
        // A reshuffle deals from a pool that holds the swapped card: not a hidden change.
        if state
            .history()
            .iter()
            .any(|e| matches!(e, Event::Reshuffle { .. } | Event::Recycle { .. }))
        {
            return;
        }
        let deck = state.initial_deck();
        let stub = state.stub();
        let Some(&spare) = stub.last() else { return };
        for victim in 0..state.players() as u8 {
            let Some(hidden) = state.seats()[usize::from(victim)].down_cards().next() else {
                continue;
            };
            let mut other = deck.clone();
            for c in &mut other {
                if *c == hidden {
                    *c = spare;
                } else if *c == spare {
                    *c = hidden;
                }
            }
            let start = Start {
                deck: Some(other),
                ..state.replay_start()
            };
            let mut twin = GameState::new(cfg, stacks, &start).unwrap();
            for &p in picks {
                let m = twin.legal_moves().get(p).unwrap();
                twin.apply(m).unwrap();
            }
            assert_eq!(twin.actor(), Some(actor));
            for seat in (0..state.players()).filter(|&s| s != usize::from(victim)) {
                for info in [false, true] {
                    assert_eq!(
                        obs.tensor(state, seat, info).unwrap(),
                        obs.tensor(&twin, seat, info).unwrap(),
                        "seat {seat} sees seat {victim}'s hidden card"
                    );
                    assert_eq!(
                        obs.text(state, seat, info).unwrap(),
                        obs.text(&twin, seat, info).unwrap()
                    );
                }
            }
        }
    }
}
