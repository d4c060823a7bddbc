//! The games and their variant specs: every per-game fact the engine, equity, the bots and
//! the Python layer branch on, as data (docs/architecture.md). This is the one file that
//! names individual games; the rest of the crate reads a [`VariantSpec`].

use super::options::{config_err, option_enum, BringInCard, ConfigError, ShowdownFirst};
use crate::eval::{FourStraight, Ranking, ShowingGame};

option_enum! {
    /// The games.
    GameKind {
        /// Soko (Canadian / Scandinavian stud), docs/rules.md §3.1.
        Soko = "SOKO",
        /// Seven-card stud, §3.2.
        Stud = "STUD",
        /// Seven-card stud hi/lo 8-or-better, §3.3.
        Stud8 = "STUD8",
        /// Razz: the stud engine with the ace-to-five ranking.
        Razz = "RAZZ",
        /// 2-7 triple draw, §3.4.
        DeuceSeven = "DEUCE_SEVEN",
    }
}

impl GameKind {
    /// The game's spec.
    #[must_use]
    pub fn spec(self) -> &'static VariantSpec {
        VariantSpec::of(self)
    }

    /// Whether the game is one of the stud games (Soko, stud, stud/8, razz).
    #[must_use]
    pub fn is_stud(self) -> bool {
        !VariantSpec::of(self).is_draw()
    }

    /// The game id (`soko`, `stud`, `stud8`, `razz`, `deuce_seven`).
    #[must_use]
    pub fn id(self) -> &'static str {
        VariantSpec::of(self).id
    }

    /// The game of a game id.
    ///
    /// # Errors
    ///
    /// An unknown id, naming it and the five games.
    pub fn from_id(id: &str) -> Result<GameKind, ConfigError> {
        VariantSpec::find(id).map(|v| v.game)
    }

    /// The hard maximum of players the engine deals to (S-1, T-1, D-1).
    #[must_use]
    pub fn max_seats(self) -> u8 {
        VariantSpec::of(self).max_seats
    }
}

/// The chip amounts a table is built from; `None` takes the docs/rules.md default (§6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct StakesInput {
    /// Ante (stud games; optional in 2-7).
    pub ante: Option<u64>,
    /// Bring-in (stud games).
    pub bring_in: Option<u64>,
    /// Small bet *S*.
    pub small_bet: Option<u64>,
    /// Big bet *G* (default 2·*S*).
    pub big_bet: Option<u64>,
    /// Small blind (2-7; default ⌊*S*/2⌋).
    pub small_blind: Option<u64>,
    /// Big blind (2-7; default *S*).
    pub big_blind: Option<u64>,
    /// Minimum bet *M* in pot/no limit (default *S*).
    pub min_bet: Option<u64>,
}

impl StakesInput {
    /// Ten-twenty stakes (see [`GameConfig::ten_twenty`]): the one home of these amounts.
    #[must_use]
    pub fn ten_twenty(game: GameKind) -> StakesInput {
        if game.is_stud() {
            StakesInput {
                ante: Some(1),
                bring_in: Some(3),
                small_bet: Some(10),
                big_bet: Some(20),
                ..StakesInput::default()
            }
        } else {
            StakesInput {
                small_blind: Some(5),
                big_blind: Some(10),
                small_bet: Some(10),
                big_bet: Some(20),
                ..StakesInput::default()
            }
        }
    }

    /// The amounts given, by their keyword names.
    #[must_use]
    pub fn named(&self) -> [(&'static str, Option<u64>); 7] {
        [
            ("ante", self.ante),
            ("bring_in", self.bring_in),
            ("small_bet", self.small_bet),
            ("big_bet", self.big_bet),
            ("small_blind", self.small_blind),
            ("big_blind", self.big_blind),
            ("min_bet", self.min_bet),
        ]
    }
}

/// The resolved chip amounts of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stakes {
    /// Ante *A* (0 = none).
    pub ante: u64,
    /// Bring-in *B* (stud games; 0 in 2-7).
    pub bring_in: u64,
    /// Small bet *S*.
    pub small_bet: u64,
    /// Big bet *G*.
    pub big_bet: u64,
    /// Small blind (2-7; 0 in stud games).
    pub small_blind: u64,
    /// Big blind (2-7; 0 in stud games).
    pub big_blind: u64,
    /// Minimum bet *M* (pot/no limit).
    pub min_bet: u64,
}

/// The fixed-limit bet unit of a betting round (G-1.6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BetUnit {
    /// The small bet *S*.
    Small,
    /// The big bet *G*.
    Big,
}

/// One betting round and what happens before it: the cards each live player is dealt
/// (stud games) or the draw (2-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Street {
    /// The round's name (`"third"`, `"after_first_draw"` …), as `State.street` reports it.
    pub name: &'static str,
    /// Cards dealt face down to each live player before the round.
    pub down: u8,
    /// Cards dealt face up to each live player before the round (after the down cards).
    pub up: u8,
    /// The name of the draw that comes before the round (2-7), `None` for none.
    pub draw: Option<&'static str>,
    /// The fixed-limit bet unit.
    pub bet: BetUnit,
}

/// How the pot is won at showdown (E-2.1 … E-2.4, H-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Showdown {
    /// The best high hand (E-2.1).
    High,
    /// The best Soko hand (E-2.2), with the table's four-straight mode.
    Soko,
    /// The best ace-to-five low (razz, E-2.3.1-2).
    AceFive,
    /// Half to the best high, half to the best qualifying eight-or-better low (H-5).
    HighLow8,
    /// The best deuce-to-seven low (E-2.4).
    DeuceSeven,
}

impl Showdown {
    /// The ranking of the main (high, or only) half, then the low half's, if any.
    #[must_use]
    pub fn rankings(self, four_straight: FourStraight) -> (Ranking, Option<Ranking>) {
        match self {
            Showdown::High => (Ranking::High, None),
            Showdown::Soko => (Ranking::Soko(four_straight), None),
            Showdown::AceFive => (Ranking::AceFive, None),
            Showdown::HighLow8 => (Ranking::High, Some(Ranking::Low8)),
            Showdown::DeuceSeven => (Ranking::DeuceSeven, None),
        }
    }

    /// Whether the pot is split high/low.
    #[must_use]
    pub fn is_hilo(self) -> bool {
        self == Showdown::HighLow8
    }

    /// Whether the ace ranks low in the main half (razz: odd chips and bring-in order).
    #[must_use]
    pub fn ace_low(self) -> bool {
        self == Showdown::AceFive
    }
}

/// The forced bets that open a hand (antes may come with either: optional in 2-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ForcedBets {
    /// Antes and a bring-in by the door cards (E-2.6); no blinds.
    BringIn,
    /// A small and a big blind (G-1.4.3); no bring-in.
    Blinds,
}

/// Where the dealer sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dealer {
    /// A dealer box, fixed before seat 0 unless `stud_dealer_position` is `ROTATING`
    /// (G-1.2.3).
    Box,
    /// A button that moves one seat every hand.
    Button,
}

/// The per-game knobs of the built-in bots.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BotKnobs {
    /// The time an equity bot's seat adds to one six-handed hand on one core, in seconds
    /// (measured; `Bot::seat_hand_seconds`, docs/scaling.md).
    pub equity_seat_seconds: f64,
}

/// Everything that makes a game what it is, as data: the one place the engine, equity,
/// the bots, the batch evaluator and the Python layer learn a game's streets, cards and
/// rankings from (docs/architecture.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VariantSpec {
    /// The game.
    pub game: GameKind,
    /// The game id (`soko`, `stud`, `stud8`, `razz`, `deuce_seven`).
    pub id: &'static str,
    /// The game's name in words.
    pub name: &'static str,
    /// The PHH variant code after its structure letter (`7S` in `F7S`, `2L3D` in `N2L3D`;
    /// `5SK`, Soko, is this project's own).
    pub phh_code: &'static str,
    /// The betting rounds in order, with the deal or draw before each.
    pub streets: &'static [Street],
    /// Cards in a finished hand (7 in seven-card stud games, 5 in Soko and 2-7).
    pub hand_cards: u8,
    /// How the pot is won.
    pub showdown: Showdown,
    /// Most players the game deals to (S-1, T-1, D-1).
    pub max_seats: u8,
    /// Antes and a bring-in, or blinds.
    pub forced: ForcedBets,
    /// The door card that brings in (E-2.6) under `AUTO` in fixed limit and under the
    /// profiles that name the lowest card (razz: the highest, aces low).
    pub bring_in_card: BringInCard,
    /// A dealer box or a button.
    pub dealer: Dealer,
    /// The showing-hand rules that decide who acts first (E-2.5); `None` where no cards
    /// are shown (2-7). Soko's two options are filled in by [`VariantSpec::showing_game`].
    pub showing: Option<ShowingGame>,
    /// Whether eight players can run the deck out, so that a community card may be dealt
    /// (T-9: the options `recycle_burns_before_community`, `reserve_bottom_card`,
    /// `community_card_betting` apply).
    pub community_card: bool,
    /// The default of `open_pair_double_bet` (G-1.6.4: stud and Soko, not the low games).
    pub open_pair_double_bet: bool,
    /// The default of `showdown_first_if_no_bet` (G-1.12.2).
    pub showdown_first: ShowdownFirst,
    /// The bots' per-game knobs.
    pub bots: BotKnobs,
    /// Whether a street draws, worked out from `streets` when the spec is built (the
    /// bots ask on every decision).
    draws: bool,
}

/// The largest chip amount a stake (ante, bring-in, bet or blind) may be: 2**54 - 1, ten
/// bits short of a `u64`, so that a round's bets summed over raises and seats cannot
/// overflow.
pub const MAX_STAKE: u64 = u64::MAX / 1024;

/// Whether any of `streets` draws.
const fn any_draw(streets: &[Street]) -> bool {
    let mut i = 0;
    while i < streets.len() {
        if streets[i].draw.is_some() {
            return true;
        }
        i += 1;
    }
    false
}

const fn street(name: &'static str, down: u8, up: u8, bet: BetUnit) -> Street {
    Street {
        name,
        down,
        up,
        draw: None,
        bet,
    }
}

const fn draw_street(name: &'static str, draw: &'static str, bet: BetUnit) -> Street {
    Street {
        name,
        down: 0,
        up: 0,
        draw: Some(draw),
        bet,
    }
}

// S-4 (Soko: one down and one up, then three up), T-3 (stud: two down and the door card,
// three up, one down), D-3 (2-7: five down, three draws). G-1.6.1: the big bet from the
// third round on.
const SOKO_STREETS: [Street; 4] = [
    street("second", 1, 1, BetUnit::Small),
    street("third", 0, 1, BetUnit::Small),
    street("fourth", 0, 1, BetUnit::Big),
    street("fifth", 0, 1, BetUnit::Big),
];
const STUD_STREETS: [Street; 5] = [
    street("third", 2, 1, BetUnit::Small),
    street("fourth", 0, 1, BetUnit::Small),
    street("fifth", 0, 1, BetUnit::Big),
    street("sixth", 0, 1, BetUnit::Big),
    street("seventh", 1, 0, BetUnit::Big),
];
const DEUCE_SEVEN_STREETS: [Street; 4] = [
    street("predraw", 5, 0, BetUnit::Small),
    draw_street("after_first_draw", "first_draw", BetUnit::Small),
    draw_street("after_second_draw", "second_draw", BetUnit::Big),
    draw_street("after_third_draw", "third_draw", BetUnit::Big),
];

/// A seven-card stud game (T-3): stud's streets, dealing and forced bets.
const fn seven_card(
    game: GameKind,
    id: &'static str,
    name: &'static str,
    phh_code: &'static str,
    showdown: Showdown,
) -> VariantSpec {
    VariantSpec {
        game,
        id,
        name,
        phh_code,
        streets: &STUD_STREETS,
        hand_cards: 7,
        showdown,
        max_seats: 8,
        forced: ForcedBets::BringIn,
        bring_in_card: BringInCard::Lowest,
        dealer: Dealer::Box,
        showing: Some(ShowingGame::Stud),
        community_card: true,
        open_pair_double_bet: false,
        showdown_first: ShowdownFirst::BestShowing,
        bots: BotKnobs {
            equity_seat_seconds: 0.0,
        },
        draws: any_draw(&STUD_STREETS),
    }
}

/// Every game's spec, in `GameKind::ALL` order.
pub static VARIANTS: [VariantSpec; 5] = [
    VariantSpec {
        game: GameKind::Soko,
        id: "soko",
        name: "Soko",
        phh_code: "5SK",
        streets: &SOKO_STREETS,
        hand_cards: 5,
        showdown: Showdown::Soko,
        max_seats: 8,
        forced: ForcedBets::BringIn,
        bring_in_card: BringInCard::Lowest,
        dealer: Dealer::Box,
        showing: Some(ShowingGame::Soko {
            four_card_hands: true,
            four_straight: FourStraight::Consecutive,
        }),
        community_card: false,
        open_pair_double_bet: true,
        showdown_first: ShowdownFirst::LeftOfDealer,
        bots: BotKnobs {
            equity_seat_seconds: 8e-5,
        },
        draws: any_draw(&SOKO_STREETS),
    },
    VariantSpec {
        open_pair_double_bet: true,
        bots: BotKnobs {
            equity_seat_seconds: 1.6e-4,
        },
        ..seven_card(
            GameKind::Stud,
            "stud",
            "Seven-card stud",
            "7S",
            Showdown::High,
        )
    },
    VariantSpec {
        showing: Some(ShowingGame::Stud8),
        bots: BotKnobs {
            equity_seat_seconds: 1.8e-4,
        },
        ..seven_card(
            GameKind::Stud8,
            "stud8",
            "Stud hi/lo 8-or-better",
            "7S/8",
            Showdown::HighLow8,
        )
    },
    VariantSpec {
        bring_in_card: BringInCard::Highest,
        showing: Some(ShowingGame::Razz),
        bots: BotKnobs {
            equity_seat_seconds: 1.7e-4,
        },
        ..seven_card(GameKind::Razz, "razz", "Razz", "R", Showdown::AceFive)
    },
    VariantSpec {
        game: GameKind::DeuceSeven,
        id: "deuce_seven",
        name: "2-7 triple draw",
        phh_code: "2L3D",
        streets: &DEUCE_SEVEN_STREETS,
        hand_cards: 5,
        showdown: Showdown::DeuceSeven,
        max_seats: 6,
        forced: ForcedBets::Blinds,
        bring_in_card: BringInCard::Lowest,
        dealer: Dealer::Button,
        showing: None,
        community_card: false,
        open_pair_double_bet: false,
        showdown_first: ShowdownFirst::LeftOfDealer,
        bots: BotKnobs {
            equity_seat_seconds: 1.4e-3,
        },
        draws: any_draw(&DEUCE_SEVEN_STREETS),
    },
];

impl VariantSpec {
    /// The spec of a game.
    #[must_use]
    pub fn of(game: GameKind) -> &'static VariantSpec {
        VARIANTS
            .iter()
            .find(|v| v.game == game)
            .unwrap_or(&VARIANTS[0])
    }

    /// The spec of a game id, `None` for an unknown id.
    #[must_use]
    pub fn by_id(id: &str) -> Option<&'static VariantSpec> {
        VARIANTS.iter().find(|v| v.id == id)
    }

    /// The spec of a game id.
    ///
    /// # Errors
    ///
    /// An unknown id, naming it and the games.
    pub fn find(id: &str) -> Result<&'static VariantSpec, ConfigError> {
        VariantSpec::by_id(id).ok_or_else(|| {
            let ids: Vec<&str> = VARIANTS.iter().map(|v| v.id).collect();
            config_err!("unknown game {id:?} (expected one of {})", ids.join(", "))
        })
    }

    /// Number of betting rounds.
    #[must_use]
    pub fn rounds(&self) -> u8 {
        self.streets.len() as u8
    }

    /// The street of betting round `round` (0-based), clamped to the last.
    #[must_use]
    pub fn street(&self, round: u8) -> &'static Street {
        let last = self.streets.len() - 1;
        &self.streets[usize::from(round).min(last)]
    }

    /// Whether the game draws (2-7) rather than deals up cards (the stud games).
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.draws
    }

    /// Fewest and most cards a player may hold when his equity is asked for: from his
    /// first down cards (0 in a draw game: he may discard them all) to a full hand.
    #[must_use]
    pub fn held_range(&self) -> (usize, usize) {
        let least = if self.is_draw() {
            0
        } else {
            self.streets[0].down
        };
        (usize::from(least), usize::from(self.hand_cards))
    }

    /// The showing-hand rules under Soko's two options (E-2.5.3, E-2.2.3); `None` where
    /// no cards are shown (2-7).
    #[must_use]
    pub fn showing_game(
        &self,
        soko_four_card_hands: bool,
        four_straight: FourStraight,
    ) -> Option<ShowingGame> {
        match self.showing? {
            ShowingGame::Soko { .. } => {
                Some(ShowingGame::soko(soko_four_card_hands, four_straight))
            }
            rules => Some(rules),
        }
    }

    /// Whether the pot's ranking has the `four_straight_mode` option (Soko, E-2.2.3).
    #[must_use]
    pub fn has_four_straights(&self) -> bool {
        self.showdown == Showdown::Soko
    }
}

/// The showing-hand rules of a stud game (E-2.5), with Soko's two options; `None` for a
/// game whose players show no cards (2-7).
#[must_use]
pub fn showing_game_of(
    game: GameKind,
    soko_four_card_hands: bool,
    four_straight: FourStraight,
) -> Option<ShowingGame> {
    VariantSpec::of(game).showing_game(soko_four_card_hands, four_straight)
}
