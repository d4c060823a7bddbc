//! The built-in bots: `random`, `calling_station`, `strength` (and `equity`, in
//! `super::equity_bot`).
//!
//! Every bot looks only at what its player may see (its own cards, the legal actions, the
//! chips on the table) and returns an action the engine then validates.
//!
//! * `random`: picks uniformly among the legal kinds of action (fold, check, call, post
//!   the bring-in, complete, bet/raise), then a uniform legal size (fixed limit: one of the
//!   allowed totals; pot/no limit: a uniform total in chip units between the minimum and
//!   the maximum). In a 2-7 draw it discards a uniform subset of its five cards (standing
//!   pat is one of the 32).
//! * `calling_station`: posts the bring-in, checks when it can, otherwise calls; never
//!   folds, bets or raises, and stands pat in 2-7.
//! * `strength`: rates its own cards with the fast evaluators (best hand so far, pairs,
//!   draws, and for low games the number of low cards) into weak / medium / strong for the
//!   street (once per seat and round: the cards change only between rounds): strong bets
//!   and raises while the round holds fewer than two bets, then calls (completes the
//!   bring-in; pot/no limit: raises about the pot), medium checks and calls (pot/no limit: calls up to a pot-sized bet), weak
//!   checks when free and folds to a bet. In 2-7 it keeps its lowest distinct cards (up to
//!   7 on the first draw, 8 later, breaking straights and flushes), stands pat on a
//!   ten-low or better (jack-low on the last draw) and draws to the rest.

use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use super::bot_rng;
use crate::card::parse_cards;
use crate::cardset::CardSet;
use crate::deck::uniform_below;
use crate::eval::Ranking;
use crate::game::spec::Showdown;
use crate::game::{Action, GameConfig, GameKind, GameState, LegalActions, VariantSpec, MAX_SEATS};

/// A built-in bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bot {
    /// Uniform over the legal kinds of action, then over the legal sizes or discards.
    Random,
    /// Checks or calls; never folds or raises; stands pat.
    CallingStation,
    /// Plays its own cards' strength: raises strong, calls medium, folds weak.
    Strength,
    /// Plays its showdown equity against the visible cards (`super::equity_bot`).
    Equity,
}

impl Bot {
    /// Every built-in bot, in the order the documentation lists them.
    pub const ALL: [Bot; 4] = [Bot::Random, Bot::CallingStation, Bot::Strength, Bot::Equity];

    /// The bot of every seat unless another is named (`simulate`, `holecard play`).
    pub const DEFAULT: Bot = Bot::Strength;

    /// The estimated time this bot's seat adds to one hand of `game` on one core, in
    /// seconds: six-handed in each game, set between the two machine types of
    /// `benches/results/` (whose `bench_sim.py` rows time stud on both; docs/scaling.md).
    /// The equity bot estimates its equity at every decision: a few hundred times the
    /// others' cost, and nine times more at 2-7 triple draw, whose estimates roll out the
    /// draws.
    #[must_use]
    pub fn seat_hand_seconds(self, game: GameKind) -> f64 {
        match (self, game) {
            (Bot::Random, _) => 3.5e-7,
            (Bot::CallingStation, _) => 4e-7,
            (Bot::Strength, _) => 5.5e-7,
            (Bot::Equity, _) => game.spec().bots.equity_seat_seconds,
        }
    }

    /// The bot's name (`"random"`, `"calling_station"`, `"strength"`, `"equity"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::CallingStation => "calling_station",
            Bot::Strength => "strength",
            Bot::Equity => "equity",
        }
    }
}

/// Per-run data shared by the bots of a table, plus the hand's random stream.
pub(crate) struct Context<'a> {
    pub th: &'a Thresholds,
    /// The hand's seed (deck and bot decisions).
    pub seed: u64,
    rng: Option<ChaCha8Rng>,
    /// Per seat, the strength bot's tier and the betting round it was rated for (`street +
    /// 1`; 0 = none yet): the cards change only between rounds, so a seat that acts again
    /// in the same round reuses it.
    tiers: [(u8, Tier); MAX_SEATS],
    /// Per seat, the equity bot's estimate (pot share, cards to keep), with the round
    /// (`street + 1`) and the opponents still in when it was made: it depends on nothing
    /// else.
    estimates: [(u8, u8, f64, CardSet); MAX_SEATS],
    /// Actions taken so far.
    pub actions: u64,
}

impl<'a> Context<'a> {
    pub fn new(th: &'a Thresholds, seed: u64) -> Context<'a> {
        Context {
            th,
            seed,
            rng: None,
            tiers: [(0, Tier::Weak); MAX_SEATS],
            estimates: [(0, 0, 0.0, CardSet::EMPTY); MAX_SEATS],
            actions: 0,
        }
    }

    /// Starts a new hand with `seed`.
    pub fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = None;
        self.tiers = [(0, Tier::Weak); MAX_SEATS];
        self.estimates = [(0, 0, 0.0, CardSet::EMPTY); MAX_SEATS];
    }

    /// `seat`'s equity estimate in this round against the opponents in `live_mask`, made
    /// by `estimate` the first time.
    pub(super) fn estimate(
        &mut self,
        state: &GameState,
        seat: u8,
        live_mask: u8,
        estimate: impl FnOnce() -> (f64, CardSet),
    ) -> (f64, CardSet) {
        let round = state.street_index() + 1;
        let slot = &mut self.estimates[seat as usize];
        if (slot.0, slot.1) != (round, live_mask) {
            let (share, keep) = estimate();
            *slot = (round, live_mask, share, keep);
        }
        (slot.2, slot.3)
    }

    /// `seat`'s tier in this betting round, rated by `rate` on its first decision.
    fn tier(
        &mut self,
        state: &GameState,
        seat: u8,
        rate: impl FnOnce(&Thresholds) -> Tier,
    ) -> Tier {
        let round = state.street_index() + 1;
        let slot = &mut self.tiers[seat as usize];
        if slot.0 != round {
            *slot = (round, rate(self.th));
        }
        slot.1
    }

    /// The bots' generator for this hand (created on first use).
    pub(super) fn rng(&mut self) -> &mut ChaCha8Rng {
        let seed = self.seed;
        self.rng.get_or_insert_with(|| bot_rng(seed))
    }
}

// ----- random and calling station ----------------------------------------------------------

fn uniform_u64(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    if let Ok(small) = u32::try_from(n) {
        u64::from(uniform_below(rng, small))
    } else {
        // Ranges beyond 2**32 chip units: a 64-bit draw (bias below 2**-31).
        rng.next_u64() % n
    }
}

pub(super) fn random(
    state: &GameState,
    seat: u8,
    la: &LegalActions,
    rng: &mut ChaCha8Rng,
) -> Action {
    if la.draw {
        let s = &state.seats()[seat as usize];
        let n = s.ncards as u32;
        let mask = uniform_below(rng, 1 << n);
        let mut discards = CardSet::EMPTY;
        for (i, &c) in s.cards[..s.ncards as usize].iter().enumerate() {
            if mask >> i & 1 == 1 {
                discards.0 |= 1 << c;
            }
        }
        return if discards.is_empty() {
            Action::StandPat
        } else {
            Action::Draw(discards)
        };
    }
    let mut kinds = [Action::Fold; 6];
    let mut k = 0;
    let mut push = |a: Action| {
        kinds[k] = a;
        k += 1;
    };
    if la.fold {
        push(Action::Fold);
    }
    if la.check {
        push(Action::Check);
    }
    if la.call.is_some() {
        push(Action::Call);
    }
    if la.bring_in.is_some() {
        push(Action::PostBringIn);
    }
    if la.complete.is_some() {
        push(Action::Complete);
    }
    if la.min_raise_to.is_some() {
        push(Action::BetRaiseTo(0));
    }
    if k == 0 {
        return Action::Timeout;
    }
    match kinds[uniform_below(rng, k as u32) as usize] {
        Action::BetRaiseTo(_) => {
            let min = la.min_raise_to.unwrap_or(0);
            let max = la.max_raise_to.unwrap_or(min).max(min);
            let to = if state.config().is_fixed_limit() {
                if min == max || uniform_below(rng, 2) == 0 {
                    min
                } else {
                    max
                }
            } else {
                let unit = state.config().options.chip_unit.max(1);
                let steps = (max - min) / unit;
                min + unit * uniform_u64(rng, steps + 1)
            };
            Action::BetRaiseTo(to)
        }
        other => other,
    }
}

pub(super) fn calling_station(la: &LegalActions) -> Action {
    if la.draw {
        Action::StandPat
    } else if la.bring_in.is_some() {
        Action::PostBringIn
    } else if la.check {
        Action::Check
    } else if la.call.is_some() {
        Action::Call
    } else {
        Action::Timeout
    }
}

// ----- the strength bot -------------------------------------------------------------------

/// How good the bot's cards are for the street.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Tier {
    Weak,
    Medium,
    Strong,
}

/// Reference strengths, evaluated once per table with the game's own evaluators.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Thresholds {
    main: Option<Ranking>,
    /// High / Soko: the weakest one pair, a pair of tens, two pair, trips.
    pair: u32,
    pair_tens: u32,
    two_pair: u32,
    trips: u32,
    /// Soko: a low four-straight (a made hand between one pair and two pair).
    four_card: u32,
    /// Razz / 8-or-better / 2-7: the weakest 7-low, 8-low, ten-low, jack-low.
    low7: u32,
    low8: u32,
    low10: u32,
    low11: u32,
}

fn strength_of(ranking: Ranking, text: &str) -> u32 {
    let idx: Vec<u8> = parse_cards(text)
        .map(|cs| cs.iter().map(|c| c.index()).collect())
        .unwrap_or_default();
    ranking.strength_unchecked(&idx)
}

impl Thresholds {
    pub fn new(cfg: &GameConfig) -> Thresholds {
        let main = cfg.main_ranking();
        let mut t = Thresholds {
            main: Some(main),
            ..Thresholds::default()
        };
        let showdown = cfg.spec().showdown;
        match showdown {
            Showdown::High | Showdown::HighLow8 | Showdown::Soko => {
                t.pair = strength_of(main, "2c 2d 3h 4s 7c");
                t.pair_tens = strength_of(main, "Tc Td 2h 3s 5c");
                t.two_pair = strength_of(main, "2c 2d 3h 3s 5c");
                t.trips = strength_of(main, "2c 2d 2h 3s 5c");
                if showdown == Showdown::Soko {
                    t.four_card = strength_of(main, "2c 3d 4h 5s 9c");
                }
                if showdown.is_hilo() {
                    t.low7 = strength_of(Ranking::Low8, "7c 6d 5h 4s 3c");
                    t.low8 = strength_of(Ranking::Low8, "8c 7d 6h 5s 4c");
                }
            }
            Showdown::AceFive => {
                t.low7 = strength_of(main, "7c 6d 5h 4s 3c");
                t.low8 = strength_of(main, "8c 7d 6h 5s 4c");
                t.low10 = strength_of(main, "Tc 9d 8h 7s 6c");
            }
            Showdown::DeuceSeven => {
                t.low7 = strength_of(main, "7c 6d 5h 4s 2c");
                t.low8 = strength_of(main, "8c 7d 6h 5s 3c");
                t.low10 = strength_of(main, "Tc 9d 8h 7s 5c");
                t.low11 = strength_of(main, "Jc Td 9h 8s 6c");
            }
        }
        t
    }
}

/// Rank and suit counts of a few cards (rank 0 = deuce … 12 = ace), as bit masks and
/// packed counters: the bot rates a hand with a handful of bit operations.
#[derive(Default)]
struct Shape {
    /// Bit `r` set: rank `r` present.
    ranks: u16,
    /// Bit `r` set: rank `r` held at least twice.
    paired: u16,
    /// Bit `r` set: rank `r` held at least three times.
    tripled: u16,
    /// Byte `s`: the number of cards of suit `s`.
    suits: u32,
}

impl Shape {
    fn of(cards: &[u8]) -> Shape {
        let mut s = Shape::default();
        for &c in cards {
            let bit = 1u16 << (c >> 2);
            s.tripled |= s.paired & bit;
            s.paired |= s.ranks & bit;
            s.ranks |= bit;
            s.suits += 1 << (8 * (c & 3));
        }
        s
    }

    /// Some rank is held three or more times.
    fn has_trips(&self) -> bool {
        self.tripled != 0
    }

    /// Two or more ranks are paired.
    fn two_pairs(&self) -> bool {
        self.paired & self.paired.wrapping_sub(1) != 0
    }

    /// The highest rank held at least twice.
    fn top_pair(&self) -> Option<usize> {
        self.paired.checked_ilog2().map(|r| r as usize)
    }

    fn max_suit(&self) -> u8 {
        self.suits.to_le_bytes().into_iter().max().unwrap_or(0)
    }

    /// Whether some five-rank window (ace high or low) holds at least `n` distinct ranks:
    /// straight draws. (The rules ask only for thresholds, so the scan can stop early.)
    fn straight_window(&self, n: u8) -> bool {
        // Bit 0 = ace low, bits 1..=13 = deuce .. ace.
        let m = u32::from(self.ranks) << 1 | u32::from(self.ranks >> 12 & 1);
        (0..=9).any(|lo| BITS_IN_FIVE[(m >> lo & 0x1f) as usize] >= n)
    }

    /// Distinct ranks at most `top` with the ace low (`top` in 1..=13, ace = 1).
    fn low_ranks(&self, top: u32) -> u32 {
        let ace = u32::from(self.ranks >> 12 & 1);
        // Deuce (rank 0) counts as 2, so ranks 0..=top-2 are the cards 2..=top.
        let below = u32::from(self.ranks) & ((1u32 << (top - 1)) - 1);
        ace + below.count_ones()
    }
}

/// `BITS_IN_FIVE[m]`: the bits set in a five-bit `m` (a table: the portable x86-64
/// target has no population-count instruction).
const BITS_IN_FIVE: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut m = 0;
    while m < 32 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

const TEN: usize = 8;

/// High hands (stud, the high half of stud/8, Soko) before five cards: pairs and draws.
fn high_partial(sh: &Shape, k: usize) -> Tier {
    if sh.has_trips() || sh.two_pairs() {
        return Tier::Strong;
    }
    if let Some(r) = sh.top_pair() {
        return if r >= TEN { Tier::Strong } else { Tier::Medium };
    }
    // All the cards but one (and at least two) suited, or inside one straight window.
    let draw = k.max(3) - 1;
    if usize::from(sh.max_suit()) >= draw || sh.straight_window(draw as u8) {
        return Tier::Medium;
    }
    // A strong starting card: an ace, or two big cards.
    let big = (u32::from(sh.ranks) >> TEN).count_ones();
    if k <= 3 && (sh.ranks >> 12 & 1 == 1 || big >= 2) {
        return Tier::Medium;
    }
    Tier::Weak
}

/// Stud high hands: `cards` are the player's (with the community card, if any).
fn stud_high(th: &Thresholds, cards: &[u8], to_come: usize) -> Tier {
    if cards.len() < 5 {
        return high_partial(&Shape::of(cards), cards.len());
    }
    let s = Ranking::High.strength_unchecked(cards);
    if s >= th.two_pair {
        Tier::Strong
    } else if s >= th.pair_tens {
        Tier::Medium
    } else if s >= th.pair {
        if to_come > 0 {
            Tier::Medium
        } else {
            Tier::Weak
        }
    } else if to_come > 0 && {
        // Draws matter only without a pair and with cards to come.
        let sh = Shape::of(cards);
        sh.max_suit() >= 4 || sh.straight_window(4)
    } {
        Tier::Medium
    } else {
        Tier::Weak
    }
}

fn soko(th: &Thresholds, cards: &[u8]) -> Tier {
    let sh = Shape::of(cards);
    match cards.len() {
        5 => {
            let s = th.main.map_or(0, |r| r.strength_unchecked(cards));
            if s >= th.four_card.min(th.two_pair) {
                Tier::Strong
            } else if s >= th.pair {
                Tier::Medium
            } else {
                Tier::Weak
            }
        }
        4 => {
            if sh.max_suit() == 4 || sh.straight_window(4) {
                Tier::Strong
            } else {
                high_partial(&sh, 4)
            }
        }
        k => high_partial(&sh, k),
    }
}

/// Ace-to-five lows (razz, and the low half of stud/8 with `qualify`).
fn low(th: &Thresholds, ranking: Ranking, cards: &[u8], to_come: usize) -> Tier {
    let sh = Shape::of(cards);
    let n7 = sh.low_ranks(7);
    let n8 = sh.low_ranks(8);
    let k = cards.len();
    if k < 5 {
        return if n8 as usize == k && (n7 as usize == k || k == 4) {
            Tier::Strong
        } else if n8 >= 3 {
            Tier::Medium
        } else {
            Tier::Weak
        };
    }
    let s = ranking.strength_unchecked(cards);
    if s >= th.low7 || (s >= th.low8 && to_come > 0) {
        Tier::Strong
    } else if s >= th.low8 || (th.low10 > 0 && s >= th.low10) || (to_come > 0 && n8 >= 4) {
        Tier::Medium
    } else {
        Tier::Weak
    }
}

/// 2-7: the cards worth keeping: the lowest distinct ranks up to `top` (2..=14), at most
/// five, without a straight or flush among five.
pub(super) fn d7_keep(cards: &[u8], top: u8) -> CardSet {
    let mut sorted = [0u8; 7];
    let n = cards.len().min(7);
    sorted[..n].copy_from_slice(&cards[..n]);
    sorted[..n].sort_unstable();
    let mut keep = [0u8; 5];
    let mut k = 0;
    let mut seen = 0u16;
    for &c in &sorted[..n] {
        let r = c >> 2;
        if r + 2 > top || seen >> r & 1 == 1 || k == 5 {
            continue;
        }
        seen |= 1 << r;
        keep[k] = c;
        k += 1;
    }
    if k == 5 {
        let straight = (keep[4] >> 2) - (keep[0] >> 2) == 4;
        let flush = keep.iter().all(|&c| c & 3 == keep[0] & 3);
        if straight || flush {
            k = 4; // break it: drop the highest card
        }
    }
    let mut set = CardSet::EMPTY;
    for &c in &keep[..k] {
        set.0 |= 1 << c;
    }
    set
}

/// 2-7: the strength of a pat hand worth standing on, if the five cards are one.
fn d7_made(th: &Thresholds, cards: &[u8]) -> Option<u32> {
    if cards.len() != 5 {
        return None;
    }
    let s = Ranking::DeuceSeven.strength_unchecked(cards);
    (s >= th.low11).then_some(s)
}

fn deuce_seven_tier(th: &Thresholds, cards: &[u8], draws_left: u8) -> Tier {
    let made = d7_made(th, cards);
    if draws_left == 0 {
        return match made {
            Some(s) if s >= th.low8 => Tier::Strong,
            Some(s) if s >= th.low10 => Tier::Medium,
            _ => Tier::Weak,
        };
    }
    match made {
        Some(s) if s >= th.low8 => return Tier::Strong,
        Some(s) if s >= th.low10 => return Tier::Medium,
        _ => {}
    }
    let keep = d7_keep(cards, 8).len();
    if keep >= 4 || (keep == 3 && draws_left >= 2) {
        Tier::Medium
    } else {
        Tier::Weak
    }
}

pub(super) fn deuce_seven_draw(th: &Thresholds, cards: &[u8], draws_left: u8) -> Action {
    let pat_at = if draws_left <= 1 { th.low11 } else { th.low10 };
    if let Some(s) = d7_made(th, cards) {
        if s >= pat_at {
            return Action::StandPat;
        }
    }
    let top = if draws_left >= 3 { 7 } else { 8 };
    let mut hand = CardSet::EMPTY;
    for &c in cards {
        hand.0 |= 1 << c;
    }
    let discards = hand.difference(d7_keep(cards, top));
    if discards.is_empty() {
        Action::StandPat
    } else {
        Action::Draw(discards)
    }
}

pub(super) fn strength(
    state: &GameState,
    seat: u8,
    la: &LegalActions,
    ctx: &mut Context<'_>,
) -> Action {
    if la.draw {
        let street = state.street_index();
        // Draw `street + 1` of 3: with this one, `3 - street` draws are left.
        return with_cards(state, seat, |cards| {
            deuce_seven_draw(ctx.th, cards, 3 - street)
        });
    }
    let tier = ctx.tier(state, seat, |th| strength_tier(state, seat, th));
    bet(state, seat, la, tier)
}

/// Calls `f` with `seat`'s cards (and the stud community card, if one was dealt).
fn with_cards<R>(state: &GameState, seat: u8, f: impl FnOnce(&[u8]) -> R) -> R {
    let s = &state.seats()[seat as usize];
    let mut cards = [0u8; 8];
    let mut k = s.ncards as usize;
    // All seven slots, a fixed-size copy (a copy of `k` bytes calls memcpy).
    cards[..7].copy_from_slice(&s.cards);
    if let Some(b) = state.board() {
        cards[k] = b.index();
        k += 1;
    }
    f(&cards[..k.min(7)])
}

/// How good `seat`'s cards are for the betting round in play.
fn strength_tier(state: &GameState, seat: u8, th: &Thresholds) -> Tier {
    with_cards(state, seat, |cards| cards_tier(state, th, cards))
}

fn cards_tier(state: &GameState, th: &Thresholds, cards: &[u8]) -> Tier {
    let spec = VariantSpec::of(state.game());
    if spec.is_draw() {
        return deuce_seven_tier(th, cards, 3 - state.street_index());
    }
    let to_come = usize::from(spec.hand_cards).saturating_sub(cards.len());
    match spec.showdown {
        Showdown::Soko => soko(th, cards),
        Showdown::High => stud_high(th, cards, to_come),
        Showdown::AceFive => low(th, Ranking::AceFive, cards, to_come),
        Showdown::HighLow8 | Showdown::DeuceSeven => {
            let hi = stud_high(th, cards, to_come);
            let lo = low(th, Ranking::Low8, cards, to_come);
            if hi >= Tier::Medium && lo >= Tier::Medium {
                Tier::Strong
            } else {
                hi.max(lo)
            }
        }
    }
}

/// The betting action of a hand of `tier`.
fn bet(state: &GameState, seat: u8, la: &LegalActions, tier: Tier) -> Action {
    if la.draw {
        return Action::StandPat;
    }
    let fl = state.config().is_fixed_limit();
    let s = &state.seats()[seat as usize];
    // The pot matters only in pot and no limit (fixed limit sizes and calls without it).
    let pot: u64 = if fl {
        0
    } else {
        state.seats().iter().map(|q| q.total).sum()
    };
    let call = la.call.unwrap_or(0);
    let sized = |min: u64, max: u64| {
        if fl {
            min
        } else {
            // About a pot-sized bet or raise.
            (s.bet + call + pot + call).clamp(min, max.max(min))
        }
    };
    if la.bring_in.is_some() {
        if tier == Tier::Strong {
            if la.complete.is_some() {
                return Action::Complete;
            }
            if let (Some(min), Some(max)) = (la.min_raise_to, la.max_raise_to) {
                return Action::BetRaiseTo(sized(min, max));
            }
        }
        return Action::PostBringIn;
    }
    match tier {
        Tier::Strong if state.round.bets >= 2 => {
            if la.check {
                Action::Check
            } else {
                Action::Call
            }
        }
        Tier::Strong => {
            if la.complete.is_some() {
                Action::Complete
            } else if let (Some(min), Some(max)) = (la.min_raise_to, la.max_raise_to) {
                Action::BetRaiseTo(sized(min, max))
            } else if la.check {
                Action::Check
            } else {
                Action::Call
            }
        }
        Tier::Medium => {
            if la.check {
                Action::Check
            } else if fl || 2 * call <= pot || !la.fold {
                Action::Call
            } else {
                Action::Fold
            }
        }
        Tier::Weak => {
            if la.check {
                Action::Check
            } else if la.fold {
                Action::Fold
            } else {
                Action::Call
            }
        }
    }
}
