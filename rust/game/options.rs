//! Every configuration option of docs/rules.md §6 as a Rust enum or field, with the per-game
//! defaults of docs/rules.md §3 and the WSOP replay profile.
//!
//! Options are plain `Copy` data; [`crate::game::GameConfig::new`] validates a table and
//! its options together and returns a [`ConfigError`] naming the bad value.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::eval::FourStraight;

/// An impossible table, an unknown option or an option value that does not apply.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

/// Builds a [`ConfigError`] from a format string.
macro_rules! config_err {
    ($($arg:tt)*) => { $crate::game::options::ConfigError(format!($($arg)*)) };
}
pub(crate) use config_err;

/// Declares an option enum with its `UPPER_SNAKE` names (as in docs/rules.md §6), `FromStr` (case
/// insensitive) and `Display`.
macro_rules! option_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The value's name as written in docs/rules.md §6.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl FromStr for $name {
            type Err = ConfigError;
            fn from_str(s: &str) -> Result<Self, ConfigError> {
                let upper = s.trim().to_ascii_uppercase();
                $(if upper == $text {
                    return Ok($name::$variant);
                })+
                let names: Vec<&str> = vec![$($text,)+];
                Err(config_err!(
                    "unknown {} value {:?} (expected one of {})",
                    stringify!($name),
                    s,
                    names.join(", ")
                ))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

option_enum! {
    /// The games (DESIGN.md "Games").
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
    /// Whether the game is one of the stud games (Soko, stud, stud/8, razz).
    #[must_use]
    pub fn is_stud(self) -> bool {
        self != GameKind::DeuceSeven
    }

    /// The game id of DESIGN.md (`soko`, `stud`, `stud8`, `razz`, `deuce_seven`).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Soko => "soko",
            GameKind::Stud => "stud",
            GameKind::Stud8 => "stud8",
            GameKind::Razz => "razz",
            GameKind::DeuceSeven => "deuce_seven",
        }
    }

    /// The hard maximum of players the engine deals to (S-1, T-1, D-1).
    #[must_use]
    pub fn max_seats(self) -> u8 {
        if self == GameKind::DeuceSeven {
            6
        } else {
            8
        }
    }
}

option_enum! {
    /// `betting_structure` (G-1.6 … G-1.8).
    BettingStructure {
        /// Fixed limit (default).
        FixedLimit = "FIXED_LIMIT",
        /// Pot limit.
        PotLimit = "POT_LIMIT",
        /// No limit.
        NoLimit = "NO_LIMIT",
    }
}

option_enum! {
    /// `stud_dealer_position` (G-1.2.3).
    StudDealerPosition {
        /// The dealer box stays before seat 0 (default).
        Fixed = "FIXED",
        /// The dealer position may be any seat (moves one seat per hand).
        Rotating = "ROTATING",
    }
}

option_enum! {
    /// `bring_in_card` (E-2.6).
    BringInCard {
        /// The lowest door card brings in.
        Lowest = "LOWEST",
        /// The highest door card brings in.
        Highest = "HIGHEST",
        /// Lowest in fixed limit, highest in pot/no limit (default; razz: always highest).
        Auto = "AUTO",
    }
}

option_enum! {
    /// `uncapped_heads_up` (G-1.6.2).
    UncappedHeadsUp {
        /// The cap always applies (default).
        Never = "NEVER",
        /// No cap in a round that begins with two players who are not all-in.
        RoundBeginsHeadsUp = "ROUND_BEGINS_HEADS_UP",
        /// No cap once the action is heads-up before the cap is reached.
        BecomesHeadsUpBeforeCap = "BECOMES_HEADS_UP_BEFORE_CAP",
    }
}

option_enum! {
    /// `limit_short_all_in_rule` (G-1.9.3).
    LimitShortAllInRule {
        /// At least half a bet re-opens the betting (default).
        HalfBet = "HALF_BET",
        /// Only a full bet (possibly accumulated) re-opens.
        FullBet = "FULL_BET",
    }
}

option_enum! {
    /// `betting_timeout_action` (G-1.5.6).
    BettingTimeoutAction {
        /// Check when free, else fold (default).
        CheckOrFold = "CHECK_OR_FOLD",
        /// Always fold.
        Fold = "FOLD",
    }
}

option_enum! {
    /// `showing_tie_break` (E-2.5.4).
    ShowingTieBreak {
        /// The tied player nearest the dealer acts first (default).
        Position = "POSITION",
        /// The tied player with the highest up-card by rank then suit acts first.
        Suit = "SUIT",
    }
}

option_enum! {
    /// `odd_chip_order` (G-1.11.4).
    OddChipOrder {
        /// Winners by position from the dealer (default).
        Position = "POSITION",
        /// Highest card by suit among the five cards used for that half (stud games).
        HighCardBySuitBest5 = "HIGH_CARD_BY_SUIT_BEST5",
        /// Highest card by suit among all the winner's cards; lowest card for low halves
        /// and razz (stud games).
        HighCardBySuitAll = "HIGH_CARD_BY_SUIT_ALL",
        /// Lowest card by suit among all the winner's cards (stud games).
        LowCardBySuitAll = "LOW_CARD_BY_SUIT_ALL",
    }
}

option_enum! {
    /// `showdown_first_if_no_bet` (G-1.12.2).
    ShowdownFirst {
        /// The player who would act first on the last round shows first.
        BestShowing = "BEST_SHOWING",
        /// The first live player left of the dealer shows first.
        LeftOfDealer = "LEFT_OF_DEALER",
    }
}

option_enum! {
    /// `draw_timeout_penalty` (D-7).
    DrawTimeoutPenalty {
        /// No bet or raise in the betting round after the timed-out draw (default).
        NextRoundOnly = "NEXT_ROUND_ONLY",
        /// No bet or raise for the rest of the hand.
        RestOfHand = "REST_OF_HAND",
        /// The player only stands pat.
        None = "NONE",
    }
}

option_enum! {
    /// `reshuffle_policy` (D-10).
    ReshufflePolicy {
        /// Reshuffle burns, muck and discards except the drawer's own (default).
        ExcludeOwnDiscards = "EXCLUDE_OWN_DISCARDS",
        /// Reshuffle burns, muck and discards of previous draw rounds only (WSOP).
        ExcludeCurrentRound = "EXCLUDE_CURRENT_ROUND",
    }
}

option_enum! {
    /// `own_discards_scope` (D-10.2).
    OwnDiscardsScope {
        /// Every card the drawer discarded in the hand stays out (default).
        WholeHand = "WHOLE_HAND",
        /// Only the cards he just discarded stay out.
        CurrentDraw = "CURRENT_DRAW",
    }
}

option_enum! {
    /// `heads_up_small_blind` (G-1.4.3, C-26): who posts the small blind in 2-7 heads-up.
    HeadsUpSmallBlind {
        /// The button posts the small blind, acts first before the first draw and last
        /// after every draw (standard heads-up rule, default).
        Button = "BUTTON",
        /// The player left of the button posts the small blind and acts first in every
        /// round (the source documents' full-table rule read literally with two players).
        LeftOfButton = "LEFT_OF_BUTTON",
    }
}

/// Parses `four_straight_mode` (E-2.2.3) by name.
pub fn parse_four_straight(s: &str) -> Result<FourStraight, ConfigError> {
    s.parse().map_err(|_| {
        config_err!(
            "unknown four_straight_mode value {s:?} (expected one of CONSECUTIVE, OPEN_ENDED, WITH_GUTSHOT)"
        )
    })
}

/// The name of a `four_straight_mode` value.
#[must_use]
pub fn four_straight_name(m: FourStraight) -> &'static str {
    match m {
        FourStraight::Consecutive => "CONSECUTIVE",
        FourStraight::OpenEnded => "OPEN_ENDED",
        FourStraight::WithGutshot => "WITH_GUTSHOT",
    }
}

/// The rule options of docs/rules.md §6 (the chip amounts and the structure live in
/// [`crate::game::Stakes`] and [`crate::game::GameConfig`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub struct Options {
    /// `chip_unit`: the smallest chip, used for splitting pots (G-1.11).
    pub chip_unit: u64,
    /// `max_players` (S-1, T-1, D-1).
    pub max_players: u8,
    /// `stud_dealer_position` (G-1.2.3).
    pub stud_dealer_position: StudDealerPosition,
    /// `burn_cards` (G-1.3.2).
    pub burn_cards: bool,
    /// `bring_in_card` (E-2.6).
    pub bring_in_card: BringInCard,
    /// `max_raises` after the opening bet in fixed limit; `None` = unlimited (G-1.6.2).
    pub max_raises: Option<u32>,
    /// `uncapped_heads_up` (G-1.6.2).
    pub uncapped_heads_up: UncappedHeadsUp,
    /// `open_pair_double_bet` (G-1.6.4, S-9, T-6, H-3).
    pub open_pair_double_bet: bool,
    /// `limit_short_all_in_rule` (G-1.9.3).
    pub limit_short_all_in_rule: LimitShortAllInRule,
    /// `allow_fold_when_check_free` (G-1.5.2).
    pub allow_fold_when_check_free: bool,
    /// `betting_timeout_action` (G-1.5.6).
    pub betting_timeout_action: BettingTimeoutAction,
    /// `showing_tie_break` (E-2.5.4).
    pub showing_tie_break: ShowingTieBreak,
    /// `soko_showing_four_card_hands` (E-2.5.3).
    pub soko_showing_four_card_hands: bool,
    /// `four_straight_mode` (E-2.2.3).
    pub four_straight_mode: FourStraight,
    /// `odd_chip_order` (G-1.11.4).
    pub odd_chip_order: OddChipOrder,
    /// `scoop_identical_split` (G-1.11.3).
    pub scoop_identical_split: bool,
    /// `showdown_first_if_no_bet` (G-1.12.2).
    pub showdown_first_if_no_bet: ShowdownFirst,
    /// `recycle_burns_before_community` (T-9.2).
    pub recycle_burns_before_community: bool,
    /// `reserve_bottom_card` (T-9.1).
    pub reserve_bottom_card: bool,
    /// `community_card_betting` (T-9.4).
    pub community_card_betting: bool,
    /// `draw_time_limit` in seconds (D-7; informational: the host applies time-outs).
    pub draw_time_limit: u32,
    /// `draw_timeout_penalty` (D-7).
    pub draw_timeout_penalty: DrawTimeoutPenalty,
    /// `reshuffle_policy` (D-10).
    pub reshuffle_policy: ReshufflePolicy,
    /// `own_discards_scope` (D-10.2).
    pub own_discards_scope: OwnDiscardsScope,
    /// `burn_after_reshuffle` (D-10.3).
    pub burn_after_reshuffle: bool,
    /// `heads_up_small_blind` (G-1.4.3, C-26).
    pub heads_up_small_blind: HeadsUpSmallBlind,
}

impl Options {
    /// The docs/rules.md defaults for a game (§3, §6).
    #[must_use]
    pub fn defaults(game: GameKind) -> Options {
        Options {
            chip_unit: 1,
            max_players: game.max_seats(),
            stud_dealer_position: StudDealerPosition::Fixed,
            burn_cards: true,
            bring_in_card: BringInCard::Auto,
            max_raises: Some(3),
            uncapped_heads_up: UncappedHeadsUp::Never,
            open_pair_double_bet: matches!(game, GameKind::Soko | GameKind::Stud),
            limit_short_all_in_rule: LimitShortAllInRule::HalfBet,
            allow_fold_when_check_free: false,
            betting_timeout_action: BettingTimeoutAction::CheckOrFold,
            showing_tie_break: ShowingTieBreak::Position,
            soko_showing_four_card_hands: true,
            four_straight_mode: FourStraight::Consecutive,
            odd_chip_order: OddChipOrder::Position,
            scoop_identical_split: true,
            showdown_first_if_no_bet: if matches!(game, GameKind::Soko | GameKind::DeuceSeven) {
                ShowdownFirst::LeftOfDealer
            } else {
                ShowdownFirst::BestShowing
            },
            recycle_burns_before_community: true,
            reserve_bottom_card: false,
            community_card_betting: false,
            draw_time_limit: 30,
            draw_timeout_penalty: DrawTimeoutPenalty::NextRoundOnly,
            reshuffle_policy: ReshufflePolicy::ExcludeOwnDiscards,
            own_discards_scope: OwnDiscardsScope::WholeHand,
            burn_after_reshuffle: false,
            heads_up_small_blind: HeadsUpSmallBlind::Button,
        }
    }

    /// The WSOP profile of docs/rules.md §6 (tournament form, which the PHH files of the 2023 WSOP
    /// replay under): a bet and four raises, heads-up rounds uncapped when they begin
    /// heads-up, lowest card brings in, odd chip by high card and suit, no open-pair big
    /// bet, WSOP-L 228 deck exhaustion with betting on the community card, WSOP reshuffle.
    #[must_use]
    pub fn wsop(game: GameKind) -> Options {
        Options {
            max_raises: Some(4),
            uncapped_heads_up: UncappedHeadsUp::RoundBeginsHeadsUp,
            // Razz: the highest card (aces low) brings in, as everywhere.
            bring_in_card: if game == GameKind::Razz {
                BringInCard::Highest
            } else {
                BringInCard::Lowest
            },
            odd_chip_order: if game.is_stud() {
                OddChipOrder::HighCardBySuitBest5
            } else {
                OddChipOrder::Position
            },
            open_pair_double_bet: false,
            reserve_bottom_card: true,
            community_card_betting: true,
            reshuffle_policy: ReshufflePolicy::ExcludeCurrentRound,
            ..Options::defaults(game)
        }
    }

    /// The PokerKit-compatible profile of docs/rules.md §6 (for differential tests).
    #[must_use]
    pub fn pokerkit(game: GameKind) -> Options {
        Options {
            bring_in_card: if game == GameKind::Razz {
                BringInCard::Highest
            } else {
                BringInCard::Lowest
            },
            max_raises: Some(3),
            uncapped_heads_up: UncappedHeadsUp::Never,
            limit_short_all_in_rule: LimitShortAllInRule::FullBet,
            showing_tie_break: ShowingTieBreak::Position,
            odd_chip_order: OddChipOrder::Position,
            scoop_identical_split: false,
            open_pair_double_bet: false,
            ..Options::defaults(game)
        }
    }

    /// Sets one option from its docs/rules.md §6 name and a textual value (`"true"`, `"4"`,
    /// `"none"`, `"HALF_BET"` …). Used by the Python layer and for profiles.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ConfigError> {
        fn boolean(name: &str, v: &str) -> Result<bool, ConfigError> {
            match v.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => Ok(true),
                "false" | "0" | "no" => Ok(false),
                _ => Err(config_err!("option {name} takes a bool, got {v:?}")),
            }
        }
        fn int<T: FromStr>(name: &str, v: &str) -> Result<T, ConfigError> {
            v.trim()
                .parse()
                .map_err(|_| config_err!("option {name} takes a non-negative integer, got {v:?}"))
        }
        match name {
            "chip_unit" => self.chip_unit = int(name, value)?,
            "max_players" => self.max_players = int(name, value)?,
            "stud_dealer_position" => self.stud_dealer_position = value.parse()?,
            "burn_cards" => self.burn_cards = boolean(name, value)?,
            "bring_in_card" => self.bring_in_card = value.parse()?,
            "max_raises" => {
                self.max_raises = if value.trim().eq_ignore_ascii_case("none") {
                    None
                } else {
                    Some(int(name, value)?)
                };
            }
            "uncapped_heads_up" => self.uncapped_heads_up = value.parse()?,
            "open_pair_double_bet" => self.open_pair_double_bet = boolean(name, value)?,
            "limit_short_all_in_rule" => self.limit_short_all_in_rule = value.parse()?,
            "allow_fold_when_check_free" => {
                self.allow_fold_when_check_free = boolean(name, value)?;
            }
            "betting_timeout_action" => self.betting_timeout_action = value.parse()?,
            "showing_tie_break" => self.showing_tie_break = value.parse()?,
            "soko_showing_four_card_hands" => {
                self.soko_showing_four_card_hands = boolean(name, value)?;
            }
            "four_straight_mode" => self.four_straight_mode = parse_four_straight(value)?,
            "odd_chip_order" => self.odd_chip_order = value.parse()?,
            "scoop_identical_split" => self.scoop_identical_split = boolean(name, value)?,
            "showdown_first_if_no_bet" => self.showdown_first_if_no_bet = value.parse()?,
            "recycle_burns_before_community" => {
                self.recycle_burns_before_community = boolean(name, value)?;
            }
            "reserve_bottom_card" => self.reserve_bottom_card = boolean(name, value)?,
            "community_card_betting" => self.community_card_betting = boolean(name, value)?,
            "draw_time_limit" => self.draw_time_limit = int(name, value)?,
            "draw_timeout_penalty" => self.draw_timeout_penalty = value.parse()?,
            "reshuffle_policy" => self.reshuffle_policy = value.parse()?,
            "own_discards_scope" => self.own_discards_scope = value.parse()?,
            "burn_after_reshuffle" => self.burn_after_reshuffle = boolean(name, value)?,
            "heads_up_small_blind" => self.heads_up_small_blind = value.parse()?,
            _ => return Err(config_err!("unknown option {name:?}")),
        }
        Ok(())
    }

    /// Every option as `(name, value text)`, in docs/rules.md §6 order (round-trips with
    /// [`Options::set`]).
    #[must_use]
    pub fn items(&self) -> Vec<(&'static str, String)> {
        vec![
            ("chip_unit", self.chip_unit.to_string()),
            ("max_players", self.max_players.to_string()),
            (
                "stud_dealer_position",
                self.stud_dealer_position.to_string(),
            ),
            ("burn_cards", self.burn_cards.to_string()),
            ("bring_in_card", self.bring_in_card.to_string()),
            (
                "max_raises",
                self.max_raises
                    .map_or_else(|| "none".into(), |m| m.to_string()),
            ),
            ("uncapped_heads_up", self.uncapped_heads_up.to_string()),
            (
                "open_pair_double_bet",
                self.open_pair_double_bet.to_string(),
            ),
            (
                "limit_short_all_in_rule",
                self.limit_short_all_in_rule.to_string(),
            ),
            (
                "allow_fold_when_check_free",
                self.allow_fold_when_check_free.to_string(),
            ),
            (
                "betting_timeout_action",
                self.betting_timeout_action.to_string(),
            ),
            ("showing_tie_break", self.showing_tie_break.to_string()),
            (
                "soko_showing_four_card_hands",
                self.soko_showing_four_card_hands.to_string(),
            ),
            (
                "four_straight_mode",
                four_straight_name(self.four_straight_mode).into(),
            ),
            ("odd_chip_order", self.odd_chip_order.to_string()),
            (
                "scoop_identical_split",
                self.scoop_identical_split.to_string(),
            ),
            (
                "showdown_first_if_no_bet",
                self.showdown_first_if_no_bet.to_string(),
            ),
            (
                "recycle_burns_before_community",
                self.recycle_burns_before_community.to_string(),
            ),
            ("reserve_bottom_card", self.reserve_bottom_card.to_string()),
            (
                "community_card_betting",
                self.community_card_betting.to_string(),
            ),
            ("draw_time_limit", self.draw_time_limit.to_string()),
            (
                "draw_timeout_penalty",
                self.draw_timeout_penalty.to_string(),
            ),
            ("reshuffle_policy", self.reshuffle_policy.to_string()),
            ("own_discards_scope", self.own_discards_scope.to_string()),
            (
                "burn_after_reshuffle",
                self.burn_after_reshuffle.to_string(),
            ),
            (
                "heads_up_small_blind",
                self.heads_up_small_blind.to_string(),
            ),
        ]
    }

    /// Whether option `name` has any effect in `game` (docs/rules.md §6 "games" column).
    #[must_use]
    pub fn applies_to(name: &str, game: GameKind) -> bool {
        let stud = game.is_stud();
        match name {
            "stud_dealer_position"
            | "bring_in_card"
            | "showing_tie_break"
            | "open_pair_double_bet" => stud,
            "soko_showing_four_card_hands" | "four_straight_mode" => game == GameKind::Soko,
            "scoop_identical_split" => game == GameKind::Stud8,
            "recycle_burns_before_community" | "reserve_bottom_card" | "community_card_betting" => {
                matches!(game, GameKind::Stud | GameKind::Stud8 | GameKind::Razz)
            }
            "draw_time_limit"
            | "draw_timeout_penalty"
            | "reshuffle_policy"
            | "own_discards_scope"
            | "burn_after_reshuffle"
            | "heads_up_small_blind" => game == GameKind::DeuceSeven,
            _ => true,
        }
    }
}
