//! The validated table: [`GameConfig`] (a game, its betting structure, chip amounts and
//! rule options), checked against the game's [`VariantSpec`].

use super::catalog::Options;
use super::options::{config_err, BettingStructure, BringInCard, ConfigError, StudDealerPosition};
use super::spec::{Dealer, ForcedBets, GameKind, Stakes, StakesInput, VariantSpec, MAX_STAKE};
use crate::eval::{Ranking, ShowingGame};

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
        let spec = VariantSpec::of(game);
        o.check_for(game)?;
        if !(2..=game.max_seats()).contains(&o.max_players) {
            return Err(config_err!(
                "max_players must be between 2 and {} for {}, got {}",
                game.max_seats(),
                game.id(),
                o.max_players
            ));
        }
        let stakes = if spec.forced == ForcedBets::BringIn {
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
                return Err(config_err!(
                    "{} has no bring-in (use the blinds)",
                    game.id()
                ));
            }
            let small_bet = input
                .small_bet
                .or(input.big_blind)
                .or(input.min_bet)
                .ok_or_else(|| {
                    config_err!("small_bet or big_blind is required for {}", game.id())
                })?;
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
                    "fixed-limit {} needs big_blind ({big_blind}) equal to small_bet \
                     ({small_bet}): the big blind is the opening bet (G-1.4.3)",
                    game.id()
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
        self.spec()
            .showing_game(
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
            BringInCard::Auto => {
                self.spec().bring_in_card == BringInCard::Highest || !self.is_fixed_limit()
            }
        }
    }

    /// Whether the dealer box may sit anywhere (`ROTATING`) in a stud game.
    #[must_use]
    pub fn rotating_dealer(&self) -> bool {
        self.options.stud_dealer_position == StudDealerPosition::Rotating
    }

    /// Whether the dealer moves one seat every hand: a button, or a rotating dealer box.
    #[must_use]
    pub fn dealer_moves(&self) -> bool {
        self.spec().dealer == Dealer::Button || self.rotating_dealer()
    }
}
