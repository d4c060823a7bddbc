//! The `equity` bot: plays its showdown equity against what it can see.
//!
//! Each betting round it estimates its share of the pot with a small seeded Monte Carlo of
//! [`crate::equity::equity`] ([`SAMPLES`] samples): its own cards against every live
//! opponent's up cards (stud games: the opponents' down cards and every card still to
//! come are dealt at random from the cards it has not seen; folded players' up cards are
//! dead). In 2-7 it sees no opponent's card, so each sample plays the hand out instead
//! ([`super::d7_rollout`]): every opponent gets the low cards he kept in the last draw
//! (a random five before the first), every draw still to come is made by the strength
//! bot's drawing rules, and the bot's own discards go to the muck, which a stub that runs
//! short is rebuilt from (never dealing anyone his own). Its *strength* is that share
//! times the number of live players (1 = a fair share):
//!
//! * **bring-in**: completes from strength [`RAISE`], else posts the bring-in;
//! * **checked to**: bets from strength [`BET`], else checks;
//! * **facing a bet**: raises from strength [`RAISE`]; calls when its share pays for the
//!   call (share ≥ call / (pot + call), discounted by a fifth while cards are to come);
//!   otherwise folds;
//! * **sizes**: fixed limit the small of the legal totals (the big one under an open pair
//!   from strength 2); pot and no limit a fraction of the pot growing with the strength
//!   (a third of the pot at the threshold, the whole pot from strength 2).
//! * **2-7 draws**: it compares standing pat with keeping its lowest distinct cards up to
//!   a seven, eight, nine or ten (straights and flushes broken), each by rollout samples
//!   from the same seed (which deal the opponents the same hands), and keeps the best;
//!   before the last draw its betting share is that of its best option.
//!
//! Its estimate depends only on the hand's seed, the seat, the round and what it has seen
//! (who is still in, how many cards each drew), so the same seed gives the same decisions
//! wherever and however the hands are run.

// Shares, chips and counts meet as floats in ratios: their precision is plenty here.
#![allow(clippy::cast_precision_loss)]

use rand_core::RngCore;

use super::bots::{d7_keep, Context, Thresholds};
use super::d7_rollout::Rollout;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deck::{rng_for_seed, uniform_below};
use crate::equity::equity;
use crate::game::{Action, Event, GameState, LegalActions, Seat, VariantSpec, MAX_SEATS};

/// Monte Carlo samples per estimate.
pub const SAMPLES: u64 = 160;

/// Strength (share × live players) from which the bot bets when checked to.
pub const BET: f64 = 1.25;

/// Strength from which the bot raises a bet (and completes the bring-in).
pub const RAISE: f64 = 1.6;

/// The factor each bet or raise already made in the round applies to the bot's share.
pub const RESPECT: f64 = 0.8;

/// Rounds of random fill for opponents who show fewer cards than a hand may list (stud's
/// third street): each round deals their missing cards anew and runs a share of the
/// samples, so the estimate stays unbiased.
const FILL_ROUNDS: u64 = 4;

/// The equity bot's action for `seat` (the player to act).
pub(crate) fn act(state: &GameState, seat: u8, la: &LegalActions, ctx: &mut Context<'_>) -> Action {
    let view = View::of(state, seat, ctx.seed);
    let th = ctx.th;
    let (share, keep) = ctx.estimate(state, seat, view.live_mask, || {
        estimate(state, seat, &view, th)
    });
    if la.draw {
        let s = &state.seats()[seat as usize];
        let discards = s.card_set().difference(keep);
        return if discards.is_empty() {
            Action::StandPat
        } else {
            Action::Draw(discards)
        };
    }
    bet(state, seat, la, share, view.live)
}

/// What the bot sees of the other players.
struct View {
    /// Opponents still in, by seat bit.
    live_mask: u8,
    /// Live players, the bot included.
    live: usize,
    /// Per live opponent, the cards he shows.
    opponents: Vec<Vec<Card>>,
    /// Per live opponent in 2-7, how many cards he kept in the last draw round that is
    /// over (public: five less the cards he drew; see [`last_kept`]).
    kept: Vec<Option<usize>>,
    /// Cards out of play that the bot saw (folded up cards, its own discards).
    dead: Vec<Card>,
    /// The seed of this round's estimates.
    seed: u64,
}

impl View {
    fn of(state: &GameState, seat: u8, hand_seed: u64) -> View {
        let mut live_mask = 0u8;
        let mut opponents = Vec::new();
        let mut kept = Vec::new();
        let last_kept = last_kept(state);
        let mut dead: Vec<Card> = state.seats()[seat as usize].discards.iter().collect();
        for (i, s) in state.seats().iter().enumerate() {
            if i == seat as usize {
                continue;
            }
            if s.folded {
                dead.extend(s.up_cards());
            } else {
                live_mask |= 1 << i;
                opponents.push(s.up_cards().collect());
                kept.push(last_kept[i]);
            }
        }
        // A draw round follows the betting round of the same index on the same cards: one
        // estimate serves both.
        let round = u64::from(state.street_index());
        let seed = mix(hand_seed
            ^ 0x6a09_e667_f3bc_c909
            ^ (u64::from(seat) << 8)
            ^ (round << 16)
            ^ (u64::from(live_mask) << 24));
        View {
            live: opponents.len() + 1,
            live_mask,
            opponents,
            kept,
            dead,
            seed,
        }
    }
}

/// Per seat, how many cards he kept in the last draw round that is over (2-7; `None`
/// before the first draw ends). The betting round and the draw round that follow a draw
/// see the same counts, so the estimate they share is the same whichever one makes it.
pub(super) fn last_kept(state: &GameState) -> [Option<usize>; MAX_SEATS] {
    let hand_cards = usize::from(VariantSpec::of(state.game()).hand_cards);
    let (mut over, mut current) = ([None; MAX_SEATS], [None; MAX_SEATS]);
    for event in state.history() {
        match *event {
            Event::Street { .. } => {
                for (done, now) in over.iter_mut().zip(&mut current) {
                    if let Some(k) = now.take() {
                        *done = Some(k);
                    }
                }
            }
            Event::Draw { seat, discards, .. } => {
                if let Some(now) = current.get_mut(usize::from(seat)) {
                    *now = Some(hand_cards.saturating_sub(discards.len()));
                }
            }
            _ => {}
        }
    }
    over
}

/// SplitMix64's output function.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The bot's cards (with the stud community card, if one was dealt: it is everybody's,
/// and the estimate gives it to the bot alone, an approximation for that rare case).
fn own_cards(state: &GameState, seat: u8) -> Vec<Card> {
    let mut cards: Vec<Card> = state.seats()[seat as usize].cards().collect();
    cards.extend(state.board());
    cards
}

/// The bot's share of the pot holding `mine`, against `view`'s opponents (stud games);
/// `None` when no estimate is possible (not enough cards left to complete every hand).
fn share_of(state: &GameState, mine: &[Card], view: &View, samples: u64) -> Option<f64> {
    let spec = VariantSpec::of(state.game());
    let least = spec.held_range().0;
    let short = view.opponents.iter().any(|o| o.len() < least);
    let mut rng = rng_for_seed(view.seed);
    let rounds = if short { FILL_ROUNDS } else { 1 };
    let mut total = 0.0;
    for _ in 0..rounds {
        let mut hands = Vec::with_capacity(view.opponents.len() + 1);
        hands.push(mine.to_vec());
        hands.extend(view.opponents.iter().cloned());
        if short {
            fill(&mut hands[1..], mine, &view.dead, least, &mut rng);
        }
        let four_straight = state.config().options.four_straight_mode;
        let samples = samples / rounds;
        let e = equity(
            state.game(),
            four_straight,
            &hands,
            &view.dead,
            Some(samples),
            rng.next_u64(),
            None,
        )
        .ok()?;
        total += e.shares[0];
    }
    Some(total / rounds as f64)
}

/// Deals every hand in `hands` shorter than `least` cards up to it from the cards nobody
/// shows (uniformly, without repeats).
fn fill(
    hands: &mut [Vec<Card>],
    mine: &[Card],
    dead: &[Card],
    least: usize,
    rng: &mut impl RngCore,
) {
    let mut seen = 0u64;
    for c in mine.iter().chain(dead).chain(hands.iter().flatten()) {
        seen |= 1 << c.index();
    }
    let mut unseen: Vec<Card> = Card::all().filter(|c| seen >> c.index() & 1 == 0).collect();
    for hand in hands.iter_mut() {
        while hand.len() < least && !unseen.is_empty() {
            let i = uniform_below(rng, unseen.len() as u32) as usize;
            hand.push(unseen.swap_remove(i));
        }
    }
}

/// 2-7: the options the bot weighs (standing pat, then keeping its lowest distinct cards
/// up to a seven … a ten), as the cards kept; the first of equal options wins.
fn keep_options(cards: &[u8]) -> Vec<Vec<u8>> {
    let mut options: Vec<Vec<u8>> = vec![cards.to_vec()];
    for top in 7..=10 {
        let keep = d7_keep(cards, top);
        let kept: Vec<u8> = cards
            .iter()
            .copied()
            .filter(|&c| keep.0 >> c & 1 == 1)
            .collect();
        if !options.contains(&kept) {
            options.push(kept);
        }
    }
    options
}

fn to_cards(indices: &[u8]) -> Vec<Card> {
    indices
        .iter()
        .filter_map(|&c| Card::from_index(i64::from(c)).ok())
        .collect()
}

/// The bot's pot share for this round and the cards it keeps (all of them but in a 2-7
/// draw).
fn estimate(state: &GameState, seat: u8, view: &View, th: &Thresholds) -> (f64, CardSet) {
    let s = &state.seats()[seat as usize];
    if VariantSpec::of(state.game()).is_draw() {
        return deuce_seven_estimate(state, s, view, th);
    }
    let fair = 1.0 / view.live as f64;
    let share = share_of(state, &own_cards(state, seat), view, SAMPLES).unwrap_or(fair);
    (share, s.card_set())
}

/// 2-7: the best of the bot's options (before the last draw; after it, its five cards),
/// each rated by a [`Rollout`] from the same seed.
fn deuce_seven_estimate(
    state: &GameState,
    s: &Seat,
    view: &View,
    th: &Thresholds,
) -> (f64, CardSet) {
    let cards = &s.cards[..s.ncards as usize];
    let draws = 3u8.saturating_sub(state.street_index());
    let dead: Vec<u8> = view.dead.iter().map(|c| c.index()).collect();
    let rollout = Rollout::new(th, cards, &dead, &view.kept, draws);
    let options = if draws > 0 {
        keep_options(cards)
    } else {
        vec![cards.to_vec()]
    };
    let mut best = (f64::NEG_INFINITY, s.card_set());
    for kept in options {
        // The same seed for every option: the opponents get the same hands, so the options
        // differ by what the bot draws, not by whom it faces.
        let share = rollout.share(&kept, SAMPLES, &mut rng_for_seed(view.seed));
        if share > best.0 {
            best = (share, to_cards(&kept).into_iter().collect());
        }
    }
    best
}

/// Whether cards are still to come to the bot (stud) or draws (2-7).
fn cards_to_come(state: &GameState, seat: u8) -> bool {
    let spec = VariantSpec::of(state.game());
    if spec.is_draw() {
        state.street_index() < 3
    } else {
        usize::from(state.seats()[seat as usize].ncards) < usize::from(spec.hand_cards)
    }
}

/// The betting action for a pot share `share` among `live` players.
fn bet(state: &GameState, seat: u8, la: &LegalActions, share: f64, live: usize) -> Action {
    // Bets and raises tell: each one this round makes the estimate against random cards
    // that much too hopeful.
    // (The 2-7 big blind counts as the first round's opening bet; it tells nothing.)
    let forced = u32::from(!state.game().is_stud() && state.street_index() == 0);
    let told = state.round.bets.saturating_sub(forced).min(4);
    let share = share * RESPECT.powi(told as i32);
    let strength = share * live as f64;
    let fl = state.config().is_fixed_limit();
    let s = &state.seats()[seat as usize];
    let pot: u64 = state.seats().iter().map(|q| q.total).sum();
    let call = la.call.unwrap_or(0);
    let wager = |min: u64, max: u64| {
        let max = max.max(min);
        let to = if fl {
            if strength >= 2.0 {
                max
            } else {
                min
            }
        } else {
            // A third of the pot at the betting threshold, the whole pot from strength 2.
            let fraction = ((strength - BET) / (2.0 - BET)).clamp(0.0, 1.0) * 2.0 / 3.0 + 1.0 / 3.0;
            s.bet + call + ((pot + call) as f64 * fraction) as u64
        };
        Action::BetRaiseTo(to.clamp(min, max))
    };
    if la.bring_in.is_some() {
        if strength >= RAISE {
            if la.complete.is_some() {
                return Action::Complete;
            }
            if let (Some(min), Some(max)) = (la.min_raise_to, la.max_raise_to) {
                return wager(min, max);
            }
        }
        return Action::PostBringIn;
    }
    let raise = |threshold: f64| -> Option<Action> {
        if strength < threshold {
            return None;
        }
        if la.complete.is_some() {
            return Some(Action::Complete);
        }
        Some(wager(la.min_raise_to?, la.max_raise_to?))
    };
    if la.check {
        return raise(BET).unwrap_or(Action::Check);
    }
    if let Some(a) = raise(RAISE) {
        return a;
    }
    let price = call as f64 / (pot + call) as f64;
    let discount = if cards_to_come(state, seat) { 0.8 } else { 1.0 };
    if share >= price * discount || !la.fold {
        Action::Call
    } else {
        Action::Fold
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_completes_short_hands_with_unseen_cards() {
        let mine: Vec<Card> = Card::all().take(3).collect();
        let dead: Vec<Card> = Card::all().skip(3).take(2).collect();
        let shown = Card::all().nth(10).unwrap();
        let mut hands = vec![vec![shown], Vec::new()];
        fill(&mut hands, &mine, &dead, 3, &mut rng_for_seed(2));
        assert_eq!(hands.iter().map(Vec::len).collect::<Vec<_>>(), [3, 3]);
        assert_eq!(hands[0][0], shown);
        let mut all: Vec<u8> = hands
            .iter()
            .flatten()
            .chain(&mine)
            .chain(&dead)
            .map(|c| c.index())
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 11, "no card twice");
    }
}
