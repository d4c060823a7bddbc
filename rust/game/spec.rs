//! Variant specs (data per game) and the validated table: [`GameConfig`].

use super::options::StudDealerPosition;
use super::options::{config_err, BettingStructure, BringInCard, ConfigError, GameKind, Options};
use crate::eval::{FourStraight, Ranking, ShowingGame};

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

/// Everything that makes a game what it is, as data: the one place the engine, equity,
/// the bots, the batch evaluator and the Python layer learn a game's streets, cards and
/// rankings from (docs/architecture.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantSpec {
    /// The game.
    pub game: GameKind,
    /// The game id (`soko`, `stud`, `stud8`, `razz`, `deuce_seven`).
    pub id: &'static str,
    /// The game's name in words.
    pub name: &'static str,
    /// The betting rounds in order, with the deal or draw before each.
    pub streets: &'static [Street],
    /// Cards in a finished hand (7 in seven-card stud games, 5 in Soko and 2-7).
    pub hand_cards: u8,
    /// How the pot is won.
    pub showdown: Showdown,
    /// Most players the game deals to (S-1, T-1, D-1).
    pub max_seats: u8,
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

const fn stud_like(
    game: GameKind,
    id: &'static str,
    name: &'static str,
    showdown: Showdown,
) -> VariantSpec {
    VariantSpec {
        game,
        id,
        name,
        streets: &STUD_STREETS,
        hand_cards: 7,
        showdown,
        max_seats: 8,
        draws: any_draw(&STUD_STREETS),
    }
}

/// Every game's spec, in `GameKind::ALL` order.
pub static VARIANTS: [VariantSpec; 5] = [
    VariantSpec {
        game: GameKind::Soko,
        id: "soko",
        name: "Soko",
        streets: &SOKO_STREETS,
        hand_cards: 5,
        showdown: Showdown::Soko,
        max_seats: 8,
        draws: any_draw(&SOKO_STREETS),
    },
    stud_like(GameKind::Stud, "stud", "Seven-card stud", Showdown::High),
    stud_like(
        GameKind::Stud8,
        "stud8",
        "Stud hi/lo 8-or-better",
        Showdown::HighLow8,
    ),
    stud_like(GameKind::Razz, "razz", "Razz", Showdown::AceFive),
    VariantSpec {
        game: GameKind::DeuceSeven,
        id: "deuce_seven",
        name: "2-7 triple draw",
        streets: &DEUCE_SEVEN_STREETS,
        hand_cards: 5,
        showdown: Showdown::DeuceSeven,
        max_seats: 6,
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
}

/// A validated table: game, betting structure, chip amounts and rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameConfig {
    /// The game.
    pub game: GameKind,
    /// Fixed, pot or no limit.
    pub structure: BettingStructure,
    /// Resolved chip amounts.
    pub stakes: Stakes,
    /// Rule options.
    pub options: Options,
}

impl GameConfig {
    /// Validates a table. Errors name the bad amount or option.
    #[allow(clippy::too_many_lines)]
    pub fn new(
        game: GameKind,
        structure: BettingStructure,
        input: StakesInput,
        options: Options,
    ) -> Result<GameConfig, ConfigError> {
        let fl = structure == BettingStructure::FixedLimit;
        let o = &options;
        o.check_for(game)?;
        if !(2..=game.max_seats()).contains(&o.max_players) {
            return Err(config_err!(
                "max_players must be between 2 and {} for {}, got {}",
                game.max_seats(),
                game.id(),
                o.max_players
            ));
        }
        let stakes = if game.is_stud() {
            if input.small_blind.is_some() || input.big_blind.is_some() {
                return Err(config_err!(
                    "{} has no blinds (use ante and bring_in)",
                    game.id()
                ));
            }
            let small_bet = match (input.small_bet, input.min_bet) {
                (Some(s), _) => s,
                (None, Some(m)) if !fl => m,
                _ => return Err(config_err!("small_bet is required for {}", game.id())),
            };
            let min_bet = input.min_bet.unwrap_or(small_bet);
            let bring_in = input
                .bring_in
                .ok_or_else(|| config_err!("bring_in is required for {}", game.id()))?;
            let cap = if fl { small_bet } else { min_bet };
            if bring_in == 0 || bring_in > cap {
                return Err(config_err!(
                    "bring_in must be between 1 and the {} ({cap}), got {bring_in}",
                    if fl { "small bet" } else { "minimum bet" }
                ));
            }
            Stakes {
                ante: input.ante.unwrap_or(0),
                bring_in,
                small_bet,
                big_bet: input.big_bet.unwrap_or(small_bet.saturating_mul(2)),
                small_blind: 0,
                big_blind: 0,
                min_bet,
            }
        } else {
            if input.bring_in.is_some_and(|b| b > 0) {
                return Err(config_err!("deuce_seven has no bring-in (use the blinds)"));
            }
            let small_bet = input
                .small_bet
                .or(input.big_blind)
                .or(input.min_bet)
                .ok_or_else(|| config_err!("small_bet or big_blind is required for deuce_seven"))?;
            let big_blind = input.big_blind.unwrap_or(small_bet);
            let small_blind = input.small_blind.unwrap_or(small_bet / 2);
            if big_blind == 0 {
                return Err(config_err!("big_blind must be positive"));
            }
            if small_blind > big_blind {
                return Err(config_err!(
                    "small_blind ({small_blind}) must not exceed big_blind ({big_blind})"
                ));
            }
            if fl && big_blind != small_bet {
                // G-1.4.3: in fixed limit the big blind is the round's opening bet.
                return Err(config_err!(
                    "fixed-limit deuce_seven needs big_blind ({big_blind}) equal to small_bet \
                     ({small_bet}): the big blind is the opening bet (G-1.4.3)"
                ));
            }
            Stakes {
                ante: input.ante.unwrap_or(0),
                bring_in: 0,
                small_bet,
                big_bet: input.big_bet.unwrap_or(small_bet.saturating_mul(2)),
                small_blind,
                big_blind,
                min_bet: input.min_bet.unwrap_or(small_bet),
            }
        };
        if stakes.big_bet < stakes.small_bet {
            return Err(config_err!(
                "big_bet ({}) must be at least small_bet ({})",
                stakes.big_bet,
                stakes.small_bet
            ));
        }
        if fl && (stakes.small_bet == 0 || stakes.big_bet == 0) {
            return Err(config_err!(
                "small_bet and big_bet must be positive in fixed limit"
            ));
        }
        if !fl && stakes.min_bet == 0 {
            return Err(config_err!("min_bet must be positive in pot and no limit"));
        }
        for (name, v) in [
            ("ante", stakes.ante),
            ("bring_in", stakes.bring_in),
            ("small_bet", stakes.small_bet),
            ("big_bet", stakes.big_bet),
            ("small_blind", stakes.small_blind),
            ("big_blind", stakes.big_blind),
            ("min_bet", stakes.min_bet),
        ] {
            if v % o.chip_unit != 0 {
                return Err(config_err!(
                    "{name} ({v}) is not a multiple of chip_unit ({})",
                    o.chip_unit
                ));
            }
            if v > MAX_STAKE {
                return Err(config_err!(
                    "{name} ({v}) is above the largest stake, 2**54 - 1"
                ));
            }
        }
        Ok(GameConfig {
            game,
            structure,
            stakes,
            options,
        })
    }

    /// A table of `game` under `structure` with default options at ten-twenty stakes: small
    /// bet 10 and big bet 20; the stud games ante 1 and bring in 3, 2-7 posts blinds of 5
    /// and 10 (pot and no limit: minimum bet 10). The stakes `holecard play` deals, and
    /// the table of the simulation tests and benchmarks.
    ///
    /// # Panics
    ///
    /// Never: every game and structure accepts these stakes and its default options.
    #[must_use]
    pub fn ten_twenty(game: GameKind, structure: BettingStructure) -> GameConfig {
        let stakes = StakesInput::ten_twenty(game);
        GameConfig::new(game, structure, stakes, Options::defaults(game))
            .expect("ten-twenty stakes suit every game and structure")
    }

    /// The variant spec.
    #[must_use]
    pub fn spec(&self) -> &'static VariantSpec {
        VariantSpec::of(self.game)
    }

    /// The rankings of the pot's halves: the main (high, or only) one, then the low one in
    /// stud/8.
    #[must_use]
    pub fn rankings(&self) -> (Ranking, Option<Ranking>) {
        self.spec()
            .showdown
            .rankings(self.options.four_straight_mode)
    }

    /// Whether the betting is fixed limit.
    #[must_use]
    pub fn is_fixed_limit(&self) -> bool {
        self.structure == BettingStructure::FixedLimit
    }

    /// The ranking that decides the pot (the high half in stud/8).
    #[must_use]
    pub fn main_ranking(&self) -> Ranking {
        self.rankings().0
    }

    /// The showing-hand rules for first to act (E-2.5; 2-7, which shows nothing, reads
    /// stud's).
    #[must_use]
    pub fn showing_game(&self) -> ShowingGame {
        showing_game_of(
            self.game,
            self.options.soko_showing_four_card_hands,
            self.options.four_straight_mode,
        )
        .unwrap_or(ShowingGame::Stud)
    }

    /// Whether the highest door card brings in (E-2.6, with `AUTO` resolved; razz: the
    /// highest card with aces low brings in under `AUTO`).
    #[must_use]
    pub fn bring_in_highest(&self) -> bool {
        match self.options.bring_in_card {
            BringInCard::Lowest => false,
            BringInCard::Highest => true,
            BringInCard::Auto => self.spec().showdown.ace_low() || !self.is_fixed_limit(),
        }
    }

    /// Whether the dealer box may sit anywhere (`ROTATING`) in a stud game.
    #[must_use]
    pub fn rotating_dealer(&self) -> bool {
        self.options.stud_dealer_position == StudDealerPosition::Rotating
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
    match game {
        GameKind::Soko => Some(ShowingGame::soko(soko_four_card_hands, four_straight)),
        GameKind::Stud => Some(ShowingGame::Stud),
        GameKind::Stud8 => Some(ShowingGame::Stud8),
        GameKind::Razz => Some(ShowingGame::Razz),
        GameKind::DeuceSeven => None,
    }
}
