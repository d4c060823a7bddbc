//! Variant specs (data per game) and the validated table: [`GameConfig`].

use super::options::StudDealerPosition;
use super::options::{config_err, BettingStructure, BringInCard, ConfigError, GameKind, Options};
use crate::eval::{Ranking, ShowingGame};

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

/// Per-game data: streets, cards, bet units and rankings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantSpec {
    /// The game.
    pub game: GameKind,
    /// Number of betting rounds (Soko 4, stud 5, 2-7 4).
    pub rounds: u8,
    /// Cards dealt before the first betting round (stud: down cards first, then the door card).
    pub initial_down: u8,
    /// Fixed-limit unit per round: `false` = small bet, `true` = big bet.
    pub big_bet_round: [bool; 5],
    /// Whether the card of each later street (index = round) is dealt face up.
    pub street_up: [bool; 5],
    /// Street names, one per betting round.
    pub round_names: [&'static str; 5],
}

impl VariantSpec {
    /// The spec of a game.
    #[must_use]
    pub fn of(game: GameKind) -> VariantSpec {
        match game {
            GameKind::Soko => VariantSpec {
                game,
                rounds: 4,
                initial_down: 1,
                big_bet_round: [false, false, true, true, true],
                street_up: [true, true, true, true, true],
                round_names: ["second", "third", "fourth", "fifth", ""],
            },
            GameKind::Stud | GameKind::Stud8 | GameKind::Razz => VariantSpec {
                game,
                rounds: 5,
                initial_down: 2,
                big_bet_round: [false, false, true, true, true],
                street_up: [true, true, true, true, false],
                round_names: ["third", "fourth", "fifth", "sixth", "seventh"],
            },
            GameKind::DeuceSeven => VariantSpec {
                game,
                rounds: 4,
                initial_down: 5,
                big_bet_round: [false, false, true, true, true],
                street_up: [false; 5],
                round_names: [
                    "predraw",
                    "after_first_draw",
                    "after_second_draw",
                    "after_third_draw",
                    "",
                ],
            },
        }
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
            if v > u64::MAX / 1024 {
                return Err(config_err!("{name} ({v}) is too large"));
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
        let stakes = if game.is_stud() {
            StakesInput {
                ante: Some(1),
                bring_in: Some(3),
                small_bet: Some(10),
                ..StakesInput::default()
            }
        } else {
            StakesInput {
                small_blind: Some(5),
                big_blind: Some(10),
                small_bet: Some(10),
                ..StakesInput::default()
            }
        };
        GameConfig::new(game, structure, stakes, Options::defaults(game))
            .expect("ten-twenty stakes suit every game and structure")
    }

    /// The variant spec.
    #[must_use]
    pub fn spec(&self) -> VariantSpec {
        VariantSpec::of(self.game)
    }

    /// Whether the betting is fixed limit.
    #[must_use]
    pub fn is_fixed_limit(&self) -> bool {
        self.structure == BettingStructure::FixedLimit
    }

    /// The ranking that decides the pot (the high half in stud/8).
    #[must_use]
    pub fn main_ranking(&self) -> Ranking {
        match self.game {
            GameKind::Soko => Ranking::Soko(self.options.four_straight_mode),
            GameKind::Stud | GameKind::Stud8 => Ranking::High,
            GameKind::Razz => Ranking::AceFive,
            GameKind::DeuceSeven => Ranking::DeuceSeven,
        }
    }

    /// The showing-hand rules for first to act (E-2.5).
    #[must_use]
    pub fn showing_game(&self) -> ShowingGame {
        match self.game {
            GameKind::Soko => ShowingGame::soko(
                self.options.soko_showing_four_card_hands,
                self.options.four_straight_mode,
            ),
            GameKind::Stud8 => ShowingGame::Stud8,
            GameKind::Razz => ShowingGame::Razz,
            GameKind::Stud | GameKind::DeuceSeven => ShowingGame::Stud,
        }
    }

    /// Whether the highest door card brings in (E-2.6, with `AUTO` resolved; razz: the
    /// highest card with aces low brings in under `AUTO`).
    #[must_use]
    pub fn bring_in_highest(&self) -> bool {
        match self.options.bring_in_card {
            BringInCard::Lowest => false,
            BringInCard::Highest => true,
            BringInCard::Auto => self.game == GameKind::Razz || !self.is_fixed_limit(),
        }
    }

    /// Whether the dealer box may sit anywhere (`ROTATING`) in a stud game.
    #[must_use]
    pub fn rotating_dealer(&self) -> bool {
        self.options.stud_dealer_position == StudDealerPosition::Rotating
    }
}
