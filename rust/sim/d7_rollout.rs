//! 2-7 showdown shares with the draws still to come played out.
//!
//! A share against random five-card hands that never draw flatters every hand that keeps
//! a few low cards: most such opponents hold a pair. What an opponent shows down is what
//! he drew to, so each sample here deals every live opponent his current hand (the low
//! cards he kept in the last draw that is over, see [`kept_low`], completed at random; a
//! random five before the first draw), deals the bot's kept cards their replacements, and
//! then plays every remaining draw by the strength bot's drawing rules (stand on a ten-low,
//! a jack-low on the last draw; otherwise keep the lowest distinct cards). A stub too
//! short for a draw is rebuilt from the discards, and nobody is dealt his own discards
//! back (docs/rules.md D-10 as holecard plays it by default). The share is the bot's part
//! of the pot at the showdown that follows.

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
    /// The bot's cards and its earlier discards, as card masks.
    held: u64,
    dead: u64,
    /// Per live opponent, the cards he kept in the last draw that is over (`None`: no
    /// draw is over).
    kept: &'a [Option<usize>],
    /// Draws still to come, the next one included.
    draws: u8,
}

fn mask(cards: &[u8]) -> u64 {
    cards.iter().fold(0, |m, &c| m | 1 << c)
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
        let (held, dead) = (mask(held), mask(dead));
        let unseen = (0..52u8).filter(|&c| (held | dead) >> c & 1 == 0).collect();
        Rollout {
            th,
            unseen,
            held,
            dead,
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
        let (hands, n, _) = self.play(keep, rng);
        // A hand the stub could not complete is not ranked (2-7 seats six, whose hands
        // the stub always completes; this only keeps unset cards out of the evaluator).
        let [mine, others @ ..] = &hands;
        if mine.len < 5 {
            return 0.0;
        }
        let me = Ranking::DeuceSeven.strength_unchecked(&mine.cards);
        let mut tied = 1u32;
        for hand in others[..n - 1].iter().filter(|h| h.len == 5) {
            let s = Ranking::DeuceSeven.strength_unchecked(&hand.cards);
            if s > me {
                return 0.0;
            }
            tied += u32::from(s == me);
        }
        1.0 / f64::from(tied)
    }

    /// One sample's hands at the showdown, the bot's first, how many there are, and the
    /// stub as the sample left it.
    fn play(&self, keep: &[u8], rng: &mut impl RngCore) -> ([Hand; MAX_SEATS], usize, Stub) {
        let n = self.kept.len() + 1;
        let mut deck = Stub::new(&self.unseen);
        // The bot's discards, earlier and in the draw it weighs, are in the muck.
        deck.muck[0] = self.dead | (self.held & !mask(keep));
        deck.own[0] = deck.muck[0];
        let mut hands = [Hand::default(); MAX_SEATS];
        // The opponents' hands first: they hold them before the bot draws, and every
        // option the bot weighs then faces the same hands.
        for (who, (hand, &k)) in hands[1..n].iter_mut().zip(self.kept).enumerate() {
            if let Some(k) = k {
                kept_low(hand, k, &mut deck, rng);
            }
            hand.fill(&mut deck, who + 1, rng);
        }
        hands[0] = Hand::of(keep);
        hands[0].fill(&mut deck, 0, rng);
        // The bot's next draw was its choice of `keep`; the opponents' next one is still
        // to make.
        for left in (1..=self.draws).rev() {
            let first = usize::from(left == self.draws);
            for (who, hand) in hands[..n].iter_mut().enumerate().skip(first) {
                hand.draw(self.th, left, &mut deck, who, rng);
            }
        }
        (hands, n, deck)
    }
}

/// The cards left to deal in one sample, and the discards (per player, the bot first).
struct Stub {
    cards: [u8; 52],
    len: usize,
    /// Discards not yet shuffled back into the stub.
    muck: [u64; MAX_SEATS],
    /// Every card each player discarded: he is never dealt one of them.
    own: [u64; MAX_SEATS],
    /// The stub was rebuilt from discards, so it may hold someone's own.
    rebuilt: bool,
}

impl Stub {
    fn new(unseen: &[u8]) -> Stub {
        let mut cards = [0u8; 52];
        cards[..unseen.len()].copy_from_slice(unseen);
        Stub {
            cards,
            len: unseen.len(),
            muck: [0; MAX_SEATS],
            own: [0; MAX_SEATS],
            rebuilt: false,
        }
    }

    /// How many cards of the stub player `who` may be dealt.
    fn dealable(&self, who: usize) -> usize {
        if !self.rebuilt {
            return self.len;
        }
        let own = self.own[who];
        self.cards[..self.len]
            .iter()
            .filter(|&&c| own >> c & 1 == 0)
            .count()
    }

    /// A uniform card of those player `who` may be dealt, if any.
    fn deal(&mut self, who: usize, rng: &mut impl RngCore) -> Option<u8> {
        if !self.rebuilt {
            if self.len == 0 {
                return None;
            }
            let i = uniform_below(rng, self.len as u32) as usize;
            return Some(self.take(i));
        }
        let own = self.own[who];
        let mut allowed = [0u8; 52];
        let mut k = 0;
        for (i, &c) in self.cards[..self.len].iter().enumerate() {
            if own >> c & 1 == 0 {
                allowed[k] = i as u8;
                k += 1;
            }
        }
        if k == 0 {
            return None;
        }
        let i = allowed[uniform_below(rng, k as u32) as usize];
        Some(self.take(usize::from(i)))
    }

    fn take(&mut self, i: usize) -> u8 {
        let c = self.cards[i];
        self.len -= 1;
        self.cards[i] = self.cards[self.len];
        c
    }

    /// Shuffles the muck back into the stub (its order does not matter: every deal picks
    /// uniformly).
    fn rebuild(&mut self) {
        for discards in &mut self.muck {
            while *discards != 0 {
                self.cards[self.len] = discards.trailing_zeros() as u8;
                self.len += 1;
                *discards &= *discards - 1;
            }
        }
        self.rebuilt = true;
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

    /// Deals player `who`'s hand up to five cards (fewer only if the stub runs out).
    fn fill(&mut self, deck: &mut Stub, who: usize, rng: &mut impl RngCore) {
        while self.len < 5 {
            match deck.deal(who, rng) {
                Some(c) => self.push(c),
                None => break,
            }
        }
    }

    /// Player `who`'s draw by the strength bot's rules with `left` draws to come, this one
    /// included. A stub too short for his discards is rebuilt from the muck first; he
    /// stands pat if it is still too short.
    fn draw(
        &mut self,
        th: &Thresholds,
        left: u8,
        deck: &mut Stub,
        who: usize,
        rng: &mut impl RngCore,
    ) {
        if self.len < 5 {
            return;
        }
        let Action::Draw(discards) = deuce_seven_draw(th, &self.cards, left) else {
            return;
        };
        if discards.len() > deck.dealable(who) {
            deck.rebuild();
            if discards.len() > deck.dealable(who) {
                return;
            }
        }
        let mut kept = Hand::default();
        for &c in &self.cards {
            if discards.0 >> c & 1 == 0 {
                kept.push(c);
            }
        }
        *self = kept;
        deck.own[who] |= discards.0;
        self.fill(deck, who, rng);
        deck.muck[who] |= discards.0;
    }
}

/// Highest rank (2 = deuce … 14 = ace) of the cards a 2-7 player who kept `k` cards is
/// taken to hold: a drawing hand keeps an eight or better, a pat hand a jack or better
/// (what the strength bot keeps and stands on).
fn kept_top(k: usize) -> u8 {
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
    use crate::game::options::BettingStructure;
    use crate::game::spec::GameKind;
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
        let mut rng = rng_for_seed(1);
        // Only another 7-5-4-3-2 ties it: no sample loses.
        for _ in 0..500 {
            assert!(r.sample(&held, &mut rng) >= 1.0 / 3.0);
        }
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
    fn every_sample_deals_each_card_once_and_nobody_his_own_discards() {
        let th = thresholds();
        let held = idx("8c 6d 4h 3s Qc");
        let dead = idx("Kd Kh");
        let keep = &held[..4];
        // Six seats, three draws to come: the stub runs short and is rebuilt.
        let kept = [Some(3), None, Some(5), None, Some(4)];
        let r = Rollout::new(&th, &held, &dead, &kept, 3);
        let mine_out = mask(&dead) | mask(&held[4..]);
        let mut rng = rng_for_seed(4);
        let mut recycled = 0;
        for _ in 0..300 {
            let (hands, n, deck) = r.play(keep, &mut rng);
            assert_eq!(n, 6);
            let mut seen = 0u64;
            for (who, h) in hands[..n].iter().enumerate() {
                assert_eq!(h.len, 5);
                for &c in &h.cards {
                    assert_eq!(seen >> c & 1, 0, "card {c} twice");
                    seen |= 1 << c;
                }
                let cards = mask(&h.cards);
                assert_eq!(
                    cards & deck.own[who],
                    0,
                    "seat {who} got his own discard back"
                );
                if who == 0 {
                    assert_eq!(cards & mine_out, 0, "the bot got its own discard back");
                } else {
                    recycled += usize::from(cards & mine_out != 0);
                }
            }
        }
        // The bot's discards reach the others through rebuilt stubs.
        assert!(recycled > 30, "{recycled}");
    }

    #[test]
    fn a_rebuilt_stub_keeps_each_players_discards_from_him() {
        // Ten cards unseen, one opponent: after the deal two are left, so every draw
        // rebuilds the stub from the discards, the bot's 37 earlier ones among them.
        let th = thresholds();
        let held = idx("Kc Qd 9h 3s 2c");
        let keep = idx("3s 2c");
        let unseen: Vec<u8> = idx("4c 5d 6h 7s 8c 4d 5h 6s 7c 8d");
        let dead: Vec<u8> = (0..52u8)
            .filter(|c| !held.contains(c) && !unseen.contains(c))
            .collect();
        let kept = [None];
        let r = Rollout::new(&th, &held, &dead, &kept, 3);
        let bots_own = mask(&dead) | mask(&idx("Kc Qd 9h"));
        let mut rng = rng_for_seed(6);
        let mut reached_opponent = 0;
        for _ in 0..300 {
            let (hands, _, _) = r.play(&keep, &mut rng);
            assert_eq!(hands[0].len, 5);
            assert_eq!(hands[1].len, 5);
            assert_eq!(mask(&hands[0].cards) & bots_own, 0);
            reached_opponent += usize::from(mask(&hands[1].cards) & bots_own != 0);
        }
        assert!(reached_opponent > 100, "{reached_opponent}");
    }
}
