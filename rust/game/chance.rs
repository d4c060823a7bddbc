//! [`ChanceHand`]: a hand in which chance chooses every card the dealer takes, one card
//! at a time, each uniformly from the cards the dealer could be taking (the OpenSpiel game
//! of `holecard.openspiel` is built on it).
//!
//! Between two decisions the engine takes cards in one go (a street, a draw, the deal).
//! The hand keeps the last decision point and the move (or the start) that takes the
//! cards, and works out, from a trial run of that move, what each card is taken for: a
//! deal, a burn or the stud community card from the stub as it was before the move, or a
//! card from the pool of a reshuffle (2-7, D-10) or of recycled burns (stud, T-9.2) made
//! during the move. Chance then names the cards in dealing order: a card from the stub is
//! uniform over the stub's cards not yet named, a card from a pool uniform over the pool's,
//! and a card a drawer receives never one he may not be dealt (his own discards, D-10.5).
//! Once all are named the move is made again with the named cards on top of the stub
//! (and of the restocked stub: [`GameState`]'s `pinned` cards), so the engine deals
//! exactly them and every rule decided by the cards (bring-in, first to act, showdown)
//! sees them. The cards below them keep their order, so the positional rules (the last
//! card of the stub, D-10) apply as the engine would.
//!
//! The hand's deck order (`initial_deck`) and the tops of its rebuilt stubs (`restocks`:
//! every card named from a rebuilt stub, in dealing order) are kept true, so the hand
//! replays from its [`GameState::replay_start`]. [`ChanceHand::pending`] says what the
//! next card is for (a deal, a draw's replacement, a burn, the community card) and from
//! which stub: a hand history's replay names each card the history's (`holecard.phh`).

use super::config::GameConfig;
use super::encoding::ActionSpace;
use super::options::{config_err, ConfigError};
use super::state::{illegal, Action, ActionError, Event, GameState, Pinned, Start};
use crate::card::Card;
use crate::cardset::CardSet;

/// Where a card the dealer takes comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// The stub as it was at the last decision point.
    Stub,
    /// The pool of the first reshuffle or burn recycling of the move.
    Pool,
}

/// What a card the dealer takes is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A card dealt to a seat, face up or down.
    Deal {
        /// The seat dealt to.
        seat: u8,
        /// Face up.
        up: bool,
    },
    /// A replacement card of a seat's draw.
    Draw {
        /// The seat that draws.
        seat: u8,
    },
    /// A burn.
    Burn,
    /// The stud community card.
    Board,
}

/// The card chance is to name next: what it is for, and the stub it comes from (0: the
/// deck; `k`: the `k`-th stub rebuilt in the hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending {
    /// What the card is for.
    pub purpose: Purpose,
    /// The stub it comes from.
    pub stub: u32,
}

/// One card the dealer takes: its source, what it is for and the cards it may not be.
#[derive(Debug, Clone, Copy)]
struct Take {
    source: Source,
    purpose: Purpose,
    barred: CardSet,
}

/// The cards the dealer takes during a move, read from the move's events.
#[derive(Debug, Clone, Default)]
struct Takes {
    list: Vec<Take>,
    /// The pool of the first restock (empty without one).
    pool: CardSet,
    restocked: bool,
    /// The cards the trial run dealt, in the same order.
    cards: Vec<u8>,
}

impl Takes {
    /// The cards `state` took since its history had `from` events, when its stub held
    /// `stub`.
    fn of(state: &GameState, from: usize, stub: CardSet) -> Takes {
        let mut t = Takes::default();
        let mut source = Source::Stub;
        let events = &state.history()[from..];
        let push = |t: &mut Takes, source, purpose, barred, card: u8| {
            t.list.push(Take {
                source,
                purpose,
                barred,
            });
            t.cards.push(card);
        };
        for (i, e) in events.iter().enumerate() {
            match *e {
                Event::Deal { seat, card, up } => {
                    let purpose = Purpose::Deal { seat, up };
                    push(&mut t, source, purpose, CardSet::EMPTY, card.index());
                }
                Event::Burn { card } => {
                    push(&mut t, source, Purpose::Burn, CardSet::EMPTY, card.index());
                }
                Event::Board { card } => {
                    push(&mut t, source, Purpose::Board, CardSet::EMPTY, card.index());
                }
                Event::Recycle { cards } | Event::Reshuffle { cards, .. } => {
                    if t.restocked {
                        // A second restock in one move does not happen at the seat counts
                        // the rules allow (D-10.4); its cards would be the engine's.
                        break;
                    }
                    // A drawer's cards taken before the reshuffle come first (his Draw
                    // event follows the reshuffle).
                    if let Event::Reshuffle { seat, .. } = *e {
                        for (card, barred) in Self::received(state, &events[i..], seat) {
                            if !cards.contains(GameState::card(card)) {
                                let purpose = Purpose::Draw { seat };
                                push(&mut t, Source::Stub, purpose, barred, card);
                            }
                        }
                    }
                    // Recycled burns join the rest of the stub (T-9.2); a reshuffle names
                    // its whole pool.
                    t.pool = if matches!(e, Event::Recycle { .. }) {
                        let taken: CardSet = t.cards.iter().map(|&c| GameState::card(c)).collect();
                        cards.union(stub.difference(taken))
                    } else {
                        cards
                    };
                    t.restocked = true;
                    source = Source::Pool;
                }
                Event::Draw { seat, .. } => {
                    for (card, barred) in Self::received(state, events, seat) {
                        let from_pool = t.restocked && t.pool.contains(GameState::card(card));
                        if !t.restocked || from_pool {
                            push(&mut t, source, Purpose::Draw { seat }, barred, card);
                        }
                    }
                }
                _ => {}
            }
        }
        t
    }

    /// The cards `seat` received in his draw among `events` (in the order received), each
    /// with the cards he may not be dealt.
    fn received(state: &GameState, events: &[Event], seat: u8) -> Vec<(u8, CardSet)> {
        let Some(received) = events.iter().find_map(|e| match *e {
            Event::Draw {
                seat: s, received, ..
            } if s == seat => Some(received),
            _ => None,
        }) else {
            return Vec::new();
        };
        let s = &state.seats()[usize::from(seat)];
        let held = usize::from(s.ncards);
        let barred = state.own_discards(seat);
        s.cards[held - received.len().min(held)..held]
            .iter()
            .map(|&c| (c, barred))
            .collect()
    }
}

/// What starts the cards being taken.
#[derive(Debug, Clone)]
enum Move {
    /// The deal of a new hand to these stacks.
    Start(Vec<u64>),
    /// A player's action at the last decision point.
    Act(Action),
}

/// Cards owed by a move: what chance has named so far and what is still to name.
#[derive(Debug, Clone)]
struct Owed {
    by: Move,
    /// The cards named so far, in dealing order, with their source.
    named: Vec<(u8, Source)>,
    takes: Takes,
    /// The stub at the last decision point (the whole deck before the deal).
    stub: CardSet,
    /// The cards the next one may be.
    next: CardSet,
    /// The card put at the bottom of the stub ([`ChanceHand::bury`]).
    buried: Option<u8>,
}

/// Who is to act in a [`ChanceHand`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToAct {
    /// Chance names the next card.
    Chance,
    /// This seat decides.
    Seat(u8),
    /// The hand is over.
    Over,
}

/// A hand of one table whose cards chance names one at a time (see the module
/// documentation).
#[derive(Debug, Clone)]
pub struct ChanceHand {
    cfg: GameConfig,
    /// The hand at the last decision point (`None` until the deal is named).
    state: Option<GameState>,
    owed: Option<Owed>,
}

impl ChanceHand {
    /// A hand of `cfg` for these stacks, before its first card.
    pub fn new(cfg: &GameConfig, stacks: &[u64]) -> Result<ChanceHand, ConfigError> {
        let mut hand = ChanceHand {
            cfg: *cfg,
            state: None,
            owed: None,
        };
        hand.begin(Move::Start(stacks.to_vec()))
            .map_err(|e| config_err!("{e}"))?;
        Ok(hand)
    }

    /// The hand at the last decision point (`None` while the first deal is named).
    #[must_use]
    pub fn state(&self) -> Option<&GameState> {
        self.state.as_ref()
    }

    /// Who is to act.
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        if self.owed.is_some() {
            return ToAct::Chance;
        }
        match self.state.as_ref().and_then(GameState::actor) {
            Some(seat) => ToAct::Seat(seat),
            None => ToAct::Over,
        }
    }

    /// The cards chance may name next (empty unless chance is to act).
    #[must_use]
    pub fn outcomes(&self) -> CardSet {
        self.owed.as_ref().map_or(CardSet::EMPTY, |o| o.next)
    }

    /// What the card chance is to name next is for, and which stub it comes from; `None`
    /// unless chance is to act.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        let owed = self.owed.as_ref()?;
        let take = owed.takes.list.get(owed.named.len())?;
        let rebuilt = self.state.as_ref().map_or(0, |s| s.reshuffles);
        Some(Pending {
            purpose: take.purpose,
            stub: rebuilt + u32::from(take.source == Source::Pool),
        })
    }

    /// Chance names `card`; on error nothing changes.
    pub fn deal(&mut self, card: Card) -> Result<(), ActionError> {
        let Some(owed) = self.owed.as_mut() else {
            return Err(illegal!("no card is being dealt now"));
        };
        if !owed.next.contains(card) {
            return Err(illegal!("{card} cannot be dealt now"));
        }
        let source = owed.takes.list[owed.named.len()].source;
        owed.named.push((card.index(), source));
        if owed.named.len() < owed.takes.list.len() && !owed.takes.restocked {
            owed.next = next_outcomes(owed);
            return Ok(());
        }
        let Some(owed) = self.owed.as_ref() else {
            return Err(ActionError::HandOver);
        };
        let run = self.run(owed).and_then(|(state, takes)| {
            let all = owed.named.len() == takes.list.len();
            let named: Vec<u8> = owed.named.iter().map(|n| n.0).collect();
            if all && takes.cards != named {
                return Err(illegal!("the engine did not deal the cards chance named"));
            }
            Ok((state, takes, all))
        });
        let Some(owed) = self.owed.as_mut() else {
            return Err(ActionError::HandOver);
        };
        match run {
            Err(e) => {
                owed.named.pop();
                Err(e)
            }
            Ok((state, _, true)) => {
                self.state = Some(state);
                self.owed = None;
                Ok(())
            }
            Ok((_, takes, false)) => {
                // A reshuffle: the new trial says where the next cards come from.
                owed.takes = takes;
                owed.next = next_outcomes(owed);
                Ok(())
            }
        }
    }

    /// The drawer to be dealt the next card takes none of the stub's: its one card he may
    /// take goes to its bottom, where the rules pass it over and rebuild the stub for him
    /// (`EXCLUDE_CURRENT_ROUND`, D-10: the stub's last card completes the round only).
    /// A hand history that deals him only cards the stub does not hold says so. An error,
    /// and nothing changes, unless the next card is a draw's, from the stub, with one card
    /// to choose, and burying it rebuilds the stub.
    pub fn bury(&mut self) -> Result<(), ActionError> {
        let Some(owed) = self.owed.as_ref() else {
            return Err(illegal!("no card is being dealt now"));
        };
        let take = owed.takes.list.get(owed.named.len());
        let card = match (take, owed.next.iter().next()) {
            (Some(take), Some(card))
                if matches!(take.purpose, Purpose::Draw { .. })
                    && take.source == Source::Stub
                    && owed.next.len() == 1
                    && owed.buried.is_none() =>
            {
                card
            }
            _ => {
                return Err(illegal!(
                    "only a drawer's one card of the stub can be buried"
                ))
            }
        };
        let mut trial = owed.clone();
        trial.buried = Some(card.index());
        let (_, takes) = self.run(&trial)?;
        if takes.list.get(trial.named.len()).map(|t| t.source) != Some(Source::Pool) {
            return Err(illegal!(
                "{card} at the bottom of the stub rebuilds no stub"
            ));
        }
        trial.takes = takes;
        trial.next = next_outcomes(&trial);
        self.owed = Some(trial);
        Ok(())
    }

    /// How many cards chance has named since the last decision point (see
    /// [`ChanceHand::rewind`]).
    #[must_use]
    pub fn named(&self) -> usize {
        self.owed.as_ref().map_or(0, |o| o.named.len())
    }

    /// Forgets the cards named after the first `named` of the pending move: puts the hand
    /// back after an interrupted [`ChanceHand::deal`].
    pub fn rewind(&mut self, named: usize) {
        if let Some(owed) = self.owed.as_mut() {
            owed.named.truncate(named);
            owed.next = next_outcomes(owed);
        }
    }

    /// The player to act makes `action` (checked by the engine).
    pub fn act(&mut self, action: Action) -> Result<(), ActionError> {
        if self.owed.is_some() {
            return Err(illegal!("chance deals a card now"));
        }
        self.begin(Move::Act(action))
    }

    /// The move of action slot `index` of `space`, if legal now.
    #[must_use]
    pub fn slot(&self, space: &ActionSpace, index: usize) -> Option<Action> {
        match (&self.owed, &self.state) {
            (None, Some(s)) => space.action(s, index),
            _ => None,
        }
    }

    /// Starts `by`: plays it on a copy and owes the cards it takes, or makes it at once
    /// when it takes none.
    fn begin(&mut self, by: Move) -> Result<(), ActionError> {
        let stub = match &self.state {
            Some(s) => s.stub().into_iter().collect(),
            None => CardSet::FULL,
        };
        let mut owed = Owed {
            by,
            named: Vec::new(),
            takes: Takes::default(),
            stub,
            next: CardSet::EMPTY,
            buried: None,
        };
        let (trial, takes) = self.run(&owed)?;
        if takes.list.is_empty() {
            self.state = Some(trial);
            return Ok(());
        }
        owed.takes = takes;
        owed.next = next_outcomes(&owed);
        self.owed = Some(owed);
        Ok(())
    }

    /// Makes the owed move with the named cards on top of the stub (and the pool), and
    /// returns the hand after it with the cards it took.
    fn run(&self, owed: &Owed) -> Result<(GameState, Takes), ActionError> {
        let from_stub: Vec<u8> = named(owed, Source::Stub);
        match &owed.by {
            Move::Start(stacks) => {
                let rest = Card::all().filter(|c| !from_stub.contains(&c.index()));
                let deck: Vec<Card> = from_stub
                    .iter()
                    .map(|&c| GameState::card(c))
                    .chain(rest)
                    .collect();
                let start = Start {
                    seed: Some(0),
                    deck: Some(deck),
                    dealer: None,
                    restocks: Vec::new(),
                };
                let s = GameState::new(&self.cfg, stacks, &start).map_err(|e| illegal!("{e}"))?;
                let takes = Takes::of(&s, 0, owed.stub);
                Ok((s, takes))
            }
            Move::Act(action) => {
                let mut s = self
                    .state
                    .clone()
                    .ok_or_else(|| illegal!("the hand has not been dealt"))?;
                arrange(&mut s, &from_stub);
                if let Some(card) = owed.buried {
                    bury(&mut s, card);
                }
                let from_pool = named(owed, Source::Pool);
                s.pinned = Pinned::of(&from_pool);
                let from = s.history().len();
                let rebuilt = s.reshuffles;
                s.apply(*action)?;
                s.pinned = Pinned::default();
                if s.reshuffles > rebuilt {
                    // The pool's named cards top the new stub: its `restocks` entry, so
                    // that the hand's `replay_start` deals it again.
                    restock_top(&mut s, rebuilt).extend(&from_pool);
                }
                let takes = Takes::of(&s, from, owed.stub);
                Ok((s, takes))
            }
        }
    }
}

/// The named cards of one source, in dealing order.
fn named(owed: &Owed, source: Source) -> Vec<u8> {
    owed.named
        .iter()
        .filter(|n| n.1 == source)
        .map(|n| n.0)
        .collect()
}

/// The cards the next owed card may be.
fn next_outcomes(owed: &Owed) -> CardSet {
    let Some(take) = owed.takes.list.get(owed.named.len()) else {
        return CardSet::EMPTY;
    };
    let base = match take.source {
        Source::Stub => owed.stub,
        Source::Pool => owed.takes.pool,
    };
    let used: CardSet = named(owed, take.source)
        .into_iter()
        .map(GameState::card)
        .collect();
    base.difference(used).difference(take.barred)
}

/// Puts `top` (top first) on top of the stub, the other cards below in their order; keeps
/// the deck order true while the stub was never rebuilt.
fn arrange(s: &mut GameState, top: &[u8]) {
    let len = usize::from(s.stub_len);
    let mut order: Vec<u8> = s.stub[..len]
        .iter()
        .copied()
        .filter(|c| !top.contains(c))
        .collect();
    order.extend(top.iter().rev());
    if order.len() != len {
        return; // a named card is not in the stub: the engine's check reports it
    }
    s.stub[..len].copy_from_slice(&order);
    record(s);
}

/// Puts `card` at the bottom of the stub, the other cards in their order.
fn bury(s: &mut GameState, card: u8) {
    let len = usize::from(s.stub_len);
    if let Some(i) = s.stub[..len].iter().position(|&c| c == card) {
        s.stub[..=i].rotate_right(1);
        record(s);
    }
}

/// Keeps the hand's `replay_start` true after the stub was reordered: the deck order
/// while it was never rebuilt, else the rebuilt stub's `restocks` entry, which then lists
/// the cards it dealt (in order) and the whole stub, top first.
fn record(s: &mut GameState) {
    let len = usize::from(s.stub_len);
    if s.reshuffles == 0 {
        for j in 0..len {
            s.initial_deck[51 - j] = s.stub[j];
        }
        return;
    }
    let stub: Vec<u8> = s.stub[..len].iter().rev().copied().collect();
    let entry = restock_top(s, s.reshuffles - 1);
    entry.retain(|c| !stub.contains(c));
    entry.extend(stub);
}

/// The `restocks` entry of the `k`-th rebuild (0-based), made if missing.
fn restock_top(s: &mut GameState, k: u32) -> &mut Vec<u8> {
    let k = k as usize;
    if s.restocks.len() <= k {
        s.restocks.resize(k + 1, Vec::new());
    }
    &mut s.restocks[k]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::options::BettingStructure;
    use crate::game::spec::GameKind;

    /// Plays hands at every seat count to the end naming cards and moves from a simple
    /// generator; checks the outcomes are never empty, never hold a card already in play
    /// and that every card the hand used was named.
    #[test]
    fn every_card_is_named_at_every_seat_count() {
        let mut restocked_hands = 0;
        for &game in GameKind::ALL {
            for structure in [BettingStructure::FixedLimit, BettingStructure::NoLimit] {
                let cfg = GameConfig::ten_twenty(game, structure);
                let most = usize::from(cfg.options.max_players);
                let space = ActionSpace::new(game, structure);
                for n in 2..=most {
                    for seed in 0..6u64 {
                        let mut hand = ChanceHand::new(&cfg, &vec![400; n]).unwrap();
                        let mut k = seed;
                        let mut named = 0usize;
                        let mut reshuffled = false;
                        loop {
                            k = k
                                .wrapping_mul(6_364_136_223_846_793_005)
                                .wrapping_add(1_442_695_040_888_963_407);
                            match hand.to_act() {
                                ToAct::Chance => {
                                    assert!(hand.pending().is_some());
                                    let out: Vec<Card> = hand.outcomes().iter().collect();
                                    assert!(!out.is_empty());
                                    if let Some(s) = hand.state() {
                                        for seat in s.seats() {
                                            for c in seat.cards() {
                                                assert!(!out.contains(&c), "{c} is in a hand");
                                            }
                                        }
                                    }
                                    hand.deal(out[(k >> 33) as usize % out.len()]).unwrap();
                                    named += 1;
                                }
                                ToAct::Seat(_) => {
                                    let s = hand.state().unwrap();
                                    let legal: Vec<usize> = space
                                        .resolve(s)
                                        .iter()
                                        .enumerate()
                                        .filter_map(|(i, a)| a.map(|_| i))
                                        .collect();
                                    // Call or check mostly, so that hands reach the last street.
                                    let i = if (k >> 40) % 4 == 0 {
                                        legal[(k >> 33) as usize % legal.len()]
                                    } else {
                                        *legal
                                            .iter()
                                            .find(|&&i| i == 1 || i == 2 || i >= 5)
                                            .unwrap_or(&legal[0])
                                    };
                                    let action = hand.slot(&space, i).unwrap();
                                    hand.act(action).unwrap();
                                }
                                ToAct::Over => break,
                            }
                            if let Some(s) = hand.state() {
                                reshuffled |= s.reshuffles > 0;
                                assert_eq!(s.card_conflicts(), 0);
                            }
                        }
                        let s = hand.state().unwrap();
                        let used = s
                            .history()
                            .iter()
                            .filter(|e| {
                                matches!(
                                    e,
                                    Event::Deal { .. } | Event::Burn { .. } | Event::Board { .. }
                                )
                            })
                            .count()
                            + s.history()
                                .iter()
                                .map(|e| match e {
                                    Event::Draw { received, .. } => received.len(),
                                    _ => 0,
                                })
                                .sum::<usize>();
                        assert_eq!(named, used, "{game:?} {n} players");
                        restocked_hands += usize::from(reshuffled);
                        // Restocked or not, the hand replays from its start.
                        let mut again =
                            GameState::new(&cfg, &vec![400; n], &s.replay_start()).unwrap();
                        for &a in s.actions() {
                            again.apply(a).unwrap();
                        }
                        assert_eq!(again.history(), s.history());
                    }
                }
            }
        }
        // Full tables run the stub out: reshuffles (2-7) and recycled burns (stud).
        assert!(restocked_hands > 10, "{restocked_hands}");
    }
}
