//! 2-7 showdown shares with the draws still to come played out.
//!
//! A share against random five-card hands that never draw flatters every hand that keeps
//! a few low cards: most such opponents hold a pair. What an opponent shows down is what
//! he drew to, so each sample here deals every live opponent his current hand (the low
//! cards he kept in the last draw that is over, see [`kept_low`], completed at random; a
//! random five before the first draw), deals the bot's kept cards their replacements, and
//! then plays every remaining draw by the strength bot's drawing rules (stand on a ten-low,
//! a jack-low on the last draw; otherwise keep the lowest distinct cards). The share is
//! the bot's part of the pot at the showdown that follows.

use rand_core::RngCore;

use super::bots::{deuce_seven_draw, Thresholds};
use crate::deck::uniform_below;
use crate::eval::Ranking;
use crate::game::{Action, MAX_SEATS};

/// The cards the samples deal from, and who holds what before they do.
pub(super) struct Rollout<'a> {
    th: &'a Thresholds,
    /// The cards the bot has not seen (the stub and every opponent's hand).
    unseen: Vec<u8>,
    /// Per live opponent, the cards he kept in the last draw that is over (`None`: no
    /// draw is over).
    kept: &'a [Option<usize>],
    /// Draws still to come, the next one included.
    draws: u8,
}

impl<'a> Rollout<'a> {
    /// A rollout for a bot holding `held` whose `dead` cards (its discards) are out of
    /// play, against opponents who kept `kept`, with `draws` draws to come.
    pub fn new(
        th: &'a Thresholds,
        held: &[u8],
        dead: &[u8],
        kept: &'a [Option<usize>],
        draws: u8,
    ) -> Rollout<'a> {
        let seen = held.iter().chain(dead).fold(0u64, |m, &c| m | 1 << c);
        let unseen = (0..52u8).filter(|&c| seen >> c & 1 == 0).collect();
        Rollout {
            th,
            unseen,
            kept,
            draws,
        }
    }

    /// The bot's mean share of the pot over `samples` samples when it keeps `keep` for the
    /// next draw (all five cards after the last draw), drawn from `rng`.
    #[allow(clippy::cast_precision_loss)] // a sample count far below 2**52
    pub fn share(&self, keep: &[u8], samples: u64, rng: &mut impl RngCore) -> f64 {
        let mut total = 0.0;
        for _ in 0..samples {
            total += self.sample(keep, rng);
        }
        total / samples.max(1) as f64
    }

    fn sample(&self, keep: &[u8], rng: &mut impl RngCore) -> f64 {
        let mut deck = Stub::new(&self.unseen);
        let mut mine = Hand::of(keep);
        mine.fill(&mut deck, rng);
        let mut others = [Hand::default(); MAX_SEATS];
        let others = &mut others[..self.kept.len()];
        for (hand, &k) in others.iter_mut().zip(self.kept) {
            if let Some(k) = k {
                kept_low(hand, k, &mut deck, rng);
            }
            hand.fill(&mut deck, rng);
        }
        // The bot's next draw was its choice of `keep`; the opponents' next one is still
        // to make.
        for left in (1..=self.draws).rev() {
            if left < self.draws {
                mine.draw(self.th, left, &mut deck, rng);
            }
            for hand in others.iter_mut() {
                hand.draw(self.th, left, &mut deck, rng);
            }
        }
        // A hand the stub could not complete is not ranked (2-7 seats six, whose hands
        // the stub always completes; this only keeps unset cards out of the evaluator).
        if mine.len < 5 {
            return 0.0;
        }
        let me = Ranking::DeuceSeven.strength_unchecked(&mine.cards);
        let mut tied = 1u32;
        for hand in others.iter().filter(|h| h.len == 5) {
            let s = Ranking::DeuceSeven.strength_unchecked(&hand.cards);
            if s > me {
                return 0.0;
            }
            tied += u32::from(s == me);
        }
        1.0 / f64::from(tied)
    }
}

/// The cards left to deal in one sample.
struct Stub {
    cards: [u8; 52],
    len: usize,
}

impl Stub {
    fn new(unseen: &[u8]) -> Stub {
        let mut cards = [0u8; 52];
        cards[..unseen.len()].copy_from_slice(unseen);
        Stub {
            cards,
            len: unseen.len(),
        }
    }

    /// A uniform card of those left (the caller checks that one is).
    fn deal(&mut self, rng: &mut impl RngCore) -> u8 {
        let i = uniform_below(rng, self.len as u32) as usize;
        self.take(i)
    }

    fn take(&mut self, i: usize) -> u8 {
        let c = self.cards[i];
        self.len -= 1;
        self.cards[i] = self.cards[self.len];
        c
    }
}

/// Up to five cards of one player.
#[derive(Clone, Copy, Default)]
struct Hand {
    cards: [u8; 5],
    len: usize,
}

impl Hand {
    fn of(cards: &[u8]) -> Hand {
        let mut hand = Hand::default();
        for &c in cards.iter().take(5) {
            hand.push(c);
        }
        hand
    }

    fn push(&mut self, c: u8) {
        self.cards[self.len] = c;
        self.len += 1;
    }

    /// Deals the hand up to five cards (fewer only if the stub runs out).
    fn fill(&mut self, deck: &mut Stub, rng: &mut impl RngCore) {
        while self.len < 5 && deck.len > 0 {
            self.push(deck.deal(rng));
        }
    }

    /// One draw by the strength bot's rules with `left` draws to come, this one included;
    /// a player stands pat when the stub cannot replace his discards.
    fn draw(&mut self, th: &Thresholds, left: u8, deck: &mut Stub, rng: &mut impl RngCore) {
        if self.len < 5 {
            return;
        }
        let Action::Draw(discards) = deuce_seven_draw(th, &self.cards, left) else {
            return;
        };
        if discards.len() > deck.len {
            return;
        }
        let mut kept = Hand::default();
        for &c in &self.cards {
            if discards.0 >> c & 1 == 0 {
                kept.push(c);
            }
        }
        *self = kept;
        self.fill(deck, rng);
    }
}

/// Highest rank (2 = deuce … 14 = ace) of the cards a 2-7 player who kept `k` cards is
/// taken to hold: a drawing hand keeps an eight or better, a pat hand a jack or better
/// (what the strength bot keeps and stands on).
pub(super) fn kept_top(k: usize) -> u8 {
    if k >= 5 {
        11
    } else {
        8
    }
}

/// Gives a 2-7 opponent who kept `k` cards his kept cards: distinct ranks up to
/// [`kept_top`]`(k)`, uniformly among the cards left (fewer when too few are left).
fn kept_low(hand: &mut Hand, k: usize, deck: &mut Stub, rng: &mut impl RngCore) {
    let top = kept_top(k);
    let mut ranks = 0u16;
    let mut eligible = [0u8; 52];
    for _ in 0..k.min(5) {
        let mut n = 0;
        for (i, &c) in deck.cards[..deck.len].iter().enumerate() {
            let r = c >> 2;
            if r + 2 <= top && ranks >> r & 1 == 0 {
                eligible[n] = i as u8;
                n += 1;
            }
        }
        if n == 0 {
            return;
        }
        let pick = eligible[uniform_below(rng, n as u32) as usize];
        let card = deck.take(usize::from(pick));
        ranks |= 1 << (card >> 2);
        hand.push(card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::rng_for_seed;
    use crate::game::options::{BettingStructure, GameKind};
    use crate::game::GameConfig;

    fn thresholds() -> Thresholds {
        Thresholds::new(&GameConfig::ten_twenty(
            GameKind::DeuceSeven,
            BettingStructure::FixedLimit,
        ))
    }

    fn idx(text: &str) -> Vec<u8> {
        crate::card::parse_cards(text)
            .unwrap()
            .iter()
            .map(|c| c.index())
            .collect()
    }

    fn ranks_of(hand: &Hand) -> Vec<u8> {
        hand.cards[..hand.len].iter().map(|c| c >> 2).collect()
    }

    #[test]
    fn kept_cards_are_distinct_low_ranks_taken_from_the_stub() {
        let mut rng = rng_for_seed(3);
        let all: Vec<u8> = (0..52).collect();
        let mut seen_ranks = [0u32; 13];
        for k in 1..=5 {
            for _ in 0..300 {
                let mut deck = Stub::new(&all);
                let mut hand = Hand::default();
                kept_low(&mut hand, k, &mut deck, &mut rng);
                assert_eq!(hand.len, k);
                assert_eq!(deck.len, 52 - k);
                let ranks = ranks_of(&hand);
                for (i, &r) in ranks.iter().enumerate() {
                    assert!(r + 2 <= kept_top(k), "{ranks:?}");
                    assert!(!ranks[..i].contains(&r), "a pair in {ranks:?}");
                    seen_ranks[usize::from(r)] += 1;
                }
                let left = &deck.cards[..deck.len];
                assert!(hand.cards[..k].iter().all(|c| !left.contains(c)));
            }
        }
        // Every allowed rank turns up: deuce to eight always, nine to jack for pat hands.
        assert!(seen_ranks[..10].iter().all(|&n| n > 0), "{seen_ranks:?}");
        assert!(seen_ranks[10..].iter().all(|&n| n == 0), "{seen_ranks:?}");
    }

    #[test]
    fn too_few_low_cards_leave_the_kept_hand_short() {
        // Only deuces and treys left among the low ranks: a one-card draw gets two.
        let left: Vec<u8> = (0..52).filter(|&c| !(8..28).contains(&c)).collect();
        let mut hand = Hand::default();
        kept_low(&mut hand, 4, &mut Stub::new(&left), &mut rng_for_seed(1));
        let mut ranks = ranks_of(&hand);
        ranks.sort_unstable();
        assert_eq!(ranks, [0, 1]);
    }

    #[test]
    fn after_the_last_draw_against_unknown_hands_it_is_the_equity_engines_share() {
        // No draws to come and no kept cards: each opponent holds a random five, which is
        // what `equity` deals an empty hand; the two estimates must agree.
        let th = thresholds();
        let cards = crate::card::parse_cards("Tc 8d 6h 4s 3c").unwrap();
        let held: Vec<u8> = cards.iter().map(|c| c.index()).collect();
        let kept = [None, None];
        let rollout =
            Rollout::new(&th, &held, &[], &kept, 0).share(&held, 40_000, &mut rng_for_seed(5));
        let hands = [cards, Vec::new(), Vec::new()];
        let engine = crate::equity::equity(
            GameKind::DeuceSeven,
            crate::eval::FourStraight::Consecutive,
            &hands,
            &[],
            Some(400_000),
            1,
            Some(1),
        )
        .unwrap()
        .shares[0];
        // Standard errors 0.0010 and 0.0003.
        assert!(
            (rollout - engine).abs() < 0.006,
            "rollout {rollout} engine {engine}"
        );
    }

    #[test]
    fn the_nuts_after_the_last_draw_never_loses() {
        let th = thresholds();
        let held = idx("7c 5d 4h 3s 2c");
        let kept = [Some(5), Some(4), None];
        let r = Rollout::new(&th, &held, &[], &kept, 0);
        let share = r.share(&held, 500, &mut rng_for_seed(1));
        // Only another 7-5-4-3-2 ties it.
        assert!(share > 0.97, "{share}");
    }

    #[test]
    fn a_pair_after_the_last_draw_loses_to_a_drawn_hand() {
        let th = thresholds();
        let held = idx("Kc Kd 9h 3s 2c");
        let kept = [Some(4)];
        let r = Rollout::new(&th, &held, &[], &kept, 0);
        // The opponent kept four low cards and drew one: he loses only when he paired.
        let share = r.share(&held, 2000, &mut rng_for_seed(2));
        assert!(share < 0.4, "{share}");
    }

    #[test]
    fn draws_to_come_bring_opponents_closer_than_random_hands() {
        // Keeping 7-5-3-2 and drawing one card: against a random five that never draws (no
        // draws to come after the bot's) it wins most of the time; with three draws to come
        // for both, far less often.
        let th = thresholds();
        let held = idx("7c 5d 3h 2s Kc");
        let keep = idx("7c 5d 3h 2s");
        let none = [None];
        let drawn =
            Rollout::new(&th, &held, &[], &none, 3).share(&keep, 3000, &mut rng_for_seed(3));
        let frozen =
            Rollout::new(&th, &held, &[], &none, 0).share(&keep, 3000, &mut rng_for_seed(3));
        assert!(frozen > drawn + 0.05, "frozen {frozen} drawn {drawn}");
        assert!(drawn > 0.5, "a strong draw is still ahead: {drawn}");
    }

    #[test]
    fn every_sample_deals_each_card_once() {
        let th = thresholds();
        let held = idx("8c 6d 4h 3s Qc");
        let dead = idx("Kd Kh");
        let kept = [Some(3), None, Some(5), None, Some(4)];
        let r = Rollout::new(&th, &held, &dead, &kept, 3);
        let mut rng = rng_for_seed(4);
        for _ in 0..200 {
            let mut deck = Stub::new(&r.unseen);
            let mut hands = vec![Hand::of(&held[..4])];
            hands[0].fill(&mut deck, &mut rng);
            for &k in &kept {
                let mut h = Hand::default();
                if let Some(k) = k {
                    kept_low(&mut h, k, &mut deck, &mut rng);
                }
                h.fill(&mut deck, &mut rng);
                hands.push(h);
            }
            for left in (1..=3).rev() {
                for h in &mut hands {
                    h.draw(&th, left, &mut deck, &mut rng);
                }
            }
            let mut seen = 0u64;
            for h in &hands {
                assert_eq!(h.len, 5);
                for &c in &h.cards {
                    assert_eq!(seen >> c & 1, 0, "card {c} twice");
                    assert!(!dead.contains(&c) && !held[4..].contains(&c));
                    seen |= 1 << c;
                }
            }
        }
    }
}
