//! The value types of the options of docs/rules.md §6 (one enum per enum option).
//!
//! The options themselves — the `Options` fields, their defaults per game, parsing, listing,
//! the games each applies to and the named profiles — are written once, in the catalogue
//! `rust/game/catalog.rs`. This file is the bottom of `game/`: it imports nothing of it
//! (the games, `GameKind`, are declared with [`option_enum!`] beside their specs).
//!
//! Options are plain `Copy` data; [`crate::game::GameConfig::new`] validates a table and
//! its options together and returns a [`ConfigError`] naming the bad value.

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

/// The shape of an option's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number (at least the spec's minimum).
    Int,
    /// A whole number or `none` (no limit).
    IntOrNone,
    /// One of the listed names.
    Enum(&'static [&'static str]),
}

impl OptionKind {
    /// `bool`, `int`, `int_or_none` or `enum`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OptionKind::Bool => "bool",
            OptionKind::Int => "int",
            OptionKind::IntOrNone => "int_or_none",
            OptionKind::Enum(_) => "enum",
        }
    }
}

/// A type an option's value can have: read from and written as text.
pub trait OptionValue: Sized + Copy {
    /// The shape of the values.
    const KIND: OptionKind;
    /// Parses a value given as text (`"true"`, `"4"`, `"none"`, `"HALF_BET"` …).
    fn parse_text(name: &str, text: &str) -> Result<Self, ConfigError>;
    /// The value as text (round-trips with [`OptionValue::parse_text`]).
    fn text(&self) -> String;
    /// The largest number a numeric option takes (`None` for other kinds).
    const MAX: Option<u64> = None;
    /// The value as a number, for the minimum check (`None`: not a number, or no limit).
    fn number(&self) -> Option<u64> {
        None
    }
}

impl OptionValue for bool {
    const KIND: OptionKind = OptionKind::Bool;
    fn parse_text(name: &str, text: &str) -> Result<bool, ConfigError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => Ok(true),
            "false" | "0" | "no" => Ok(false),
            _ => Err(config_err!("option {name} takes a bool, got {text:?}")),
        }
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

/// Implements [`OptionValue`] for unsigned integer types.
macro_rules! int_value {
    ($($t:ty),+) => {$(
        impl OptionValue for $t {
            const KIND: OptionKind = OptionKind::Int;
            #[allow(clippy::cast_lossless)]
            const MAX: Option<u64> = Some(<$t>::MAX as u64);
            fn parse_text(name: &str, text: &str) -> Result<$t, ConfigError> {
                // A number beyond the field is refused by `Options::set` with the option's
                // own range; this names text that is no number at all.
                text.trim().parse().map_err(|_| {
                    config_err!("option {name} takes a whole number, got {text:?}")
                })
            }
            fn text(&self) -> String {
                self.to_string()
            }
            fn number(&self) -> Option<u64> {
                Some(u64::from(*self))
            }
        }
    )+};
}
int_value!(u8, u32, u64);

impl OptionValue for Option<u32> {
    const KIND: OptionKind = OptionKind::IntOrNone;
    const MAX: Option<u64> = Some(u32::MAX as u64);
    fn parse_text(name: &str, text: &str) -> Result<Option<u32>, ConfigError> {
        if text.trim().eq_ignore_ascii_case("none") {
            Ok(None)
        } else {
            u32::parse_text(name, text).map(Some)
        }
    }
    fn text(&self) -> String {
        self.map_or_else(|| "none".into(), |m| m.to_string())
    }
    fn number(&self) -> Option<u64> {
        self.map(u64::from)
    }
}

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

        impl std::str::FromStr for $name {
            type Err = $crate::game::options::ConfigError;
            fn from_str(s: &str) -> Result<Self, $crate::game::options::ConfigError> {
                let upper = s.trim().to_ascii_uppercase();
                $(if upper == $text {
                    return Ok($name::$variant);
                })+
                let names: Vec<&str> = vec![$($text,)+];
                Err($crate::game::options::config_err!(
                    "unknown {} value {:?} (expected one of {})",
                    stringify!($name),
                    s,
                    names.join(", ")
                ))
            }
        }

        impl $crate::game::options::OptionValue for $name {
            const KIND: $crate::game::options::OptionKind =
                $crate::game::options::OptionKind::Enum(&[$($text,)+]);
            fn parse_text(
                _name: &str,
                text: &str,
            ) -> Result<Self, $crate::game::options::ConfigError> {
                text.parse()
            }
            fn text(&self) -> String {
                self.name().to_string()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
pub(crate) use option_enum;

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
        /// Highest card by suit among all the winner's cards, the ace low in ace-to-five
        /// halves (stud games).
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

option_enum! {
    /// `split_half_odd_chip` (H-5.5, C-27): who gets an odd unit left when a half of a
    /// stud hi/lo pot is shared.
    SplitHalfOddChip {
        /// The winner of the high half, or the one nearest the dealer among several
        /// high winners, even for the low half's odd unit (the source documents, default).
        HighWinner = "HIGH_WINNER",
        /// One of the players sharing that half, by `odd_chip_order` (the casino rule).
        WithinHalf = "WITHIN_HALF",
    }
}

/// Parses `four_straight_mode` (E-2.2.3) by name.
pub fn parse_four_straight(s: &str) -> Result<FourStraight, ConfigError> {
    FourStraight::named(s).ok_or_else(|| {
        config_err!(
            "unknown four_straight_mode value {s:?} (expected one of {})",
            FourStraight::NAMES.join(", ")
        )
    })
}

impl OptionValue for FourStraight {
    const KIND: OptionKind = OptionKind::Enum(&FourStraight::NAMES);
    fn parse_text(_name: &str, text: &str) -> Result<FourStraight, ConfigError> {
        parse_four_straight(text)
    }
    fn text(&self) -> String {
        self.name().into()
    }
}
