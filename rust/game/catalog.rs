//! The rule-option catalogue: every option of docs/rules.md §6 written once.
//!
//! One [`catalog!`] entry per option generates the [`Options`] field, its default per game,
//! its parsing ([`Options::set`]), its listing ([`Options::items`]), the games it applies to
//! and its record in [`OPTION_SPECS`] (name, value kind, values, minimum, rule ids). The
//! named profiles ([`PROFILES`]) are defined here too. The Python layer exports
//! [`OPTION_SPECS`] as data (`holecard._core.option_specs()`); the Python signatures, the
//! PHH writer and the test strategies read it or are checked against it by tests.

use super::options::{
    config_err, BettingStructure, BettingTimeoutAction, BringInCard, ConfigError,
    DrawTimeoutPenalty, HeadsUpSmallBlind, LimitShortAllInRule, OddChipOrder, OwnDiscardsScope,
    ReshufflePolicy, ShowdownFirst, ShowingTieBreak, SplitHalfOddChip, StudDealerPosition,
    UncappedHeadsUp,
};
pub use super::options::{OptionKind, OptionValue};
use super::spec::{GameKind, VARIANTS};
use crate::eval::FourStraight;

/// One option of docs/rules.md §6 as data.
#[derive(Debug, Clone, Copy)]
pub struct OptionSpec {
    /// The option's name (the Python keyword).
    pub name: &'static str,
    /// The shape of its values.
    pub kind: OptionKind,
    /// The smallest value of a numeric option.
    pub minimum: Option<u64>,
    /// The largest value of a numeric option (the width of its field; `max_players` is
    /// further limited per game).
    pub maximum: Option<u64>,
    /// The rule ids of docs/rules.md (`"G-1.6.2"`, `"G-1.4.3, C-26"`).
    pub rules: &'static str,
    /// The doc comment's lines.
    pub doc_lines: &'static [&'static str],
    /// The only betting structure in which the option has an effect (fixed limit for the
    /// raise cap and its kin), or `None` for every structure.
    pub only_in: Option<BettingStructure>,
    applies: fn(GameKind) -> bool,
}

impl OptionSpec {
    /// Whether the option has an effect in `game` (docs/rules.md §6 "games" column); a game
    /// refuses the options that do not apply to it.
    #[must_use]
    pub fn applies_to(&self, game: GameKind) -> bool {
        (self.applies)(game)
    }

    /// Whether the option has an effect under `structure` (docs/rules.md §6 "games"
    /// column: "fixed limit"); a table of another structure refuses it.
    #[must_use]
    pub fn applies_in(&self, structure: BettingStructure) -> bool {
        self.only_in.is_none_or(|only| only == structure)
    }

    /// The games the option applies to, in the order of the variant table.
    #[must_use]
    pub fn games(&self) -> Vec<GameKind> {
        VARIANTS
            .iter()
            .map(|v| v.game)
            .filter(|&g| self.applies_to(g))
            .collect()
    }

    /// The option's default in `game`, as text.
    #[must_use]
    pub fn default_text(&self, game: GameKind) -> String {
        Options::defaults(game).get(self.name).unwrap_or_default()
    }

    /// Every value a finite option takes in `game` (`None` for numbers): `true`/`false`, the
    /// enum names, or the only value allowed (2-7 splits odd chips by position only).
    #[must_use]
    pub fn values(&self, game: GameKind) -> Option<Vec<&'static str>> {
        if self.name == "odd_chip_order" && game.spec().is_draw() {
            return Some(vec![OddChipOrder::Position.name()]);
        }
        match self.kind {
            OptionKind::Bool => Some(vec!["true", "false"]),
            OptionKind::Enum(names) => Some(names.to_vec()),
            OptionKind::Int | OptionKind::IntOrNone => None,
        }
    }

    /// A value's text in canonical form (`"TRUE"` -> `"true"`, `"half_bet"` ->
    /// `"HALF_BET"`), or the error [`Options::set`] gives for it.
    pub fn canonical_text(&self, text: &str) -> Result<String, ConfigError> {
        // Parsing and the range check are the same in every game: any game's defaults do.
        let mut o = Options::defaults(VARIANTS[0].game);
        o.set(self.name, text)?;
        Ok(o.get(self.name).unwrap_or_default())
    }

    /// The doc comment as one line.
    #[must_use]
    pub fn doc(&self) -> String {
        self.doc_lines
            .iter()
            .map(|l| l.trim())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `Some(min)` or `None` for a catalogue entry's optional `[min …]`.
macro_rules! catalog_min {
    () => {
        None
    };
    ($min:literal) => {
        Some($min)
    };
}

/// The one betting structure a catalogue entry's optional `structures` names, else `None`.
macro_rules! catalog_structure {
    () => {
        None
    };
    ($only:ident) => {
        Some(BettingStructure::$only)
    };
}

/// The largest value of a catalogue entry: its optional `[max …]`, else its type's largest.
macro_rules! catalog_max {
    ($ty:ty;) => {
        <$ty as OptionValue>::MAX
    };
    ($ty:ty; $max:literal) => {
        Some($max)
    };
}

/// Generates [`Options`], its defaults, `set`, `items`, `get`, `check` and [`OPTION_SPECS`]
/// from one entry per option.
macro_rules! catalog {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ty $([min $min:literal])? $([max $max:literal])?,
        default |$g:ident| $default:expr,
        games |$h:ident| $games:expr,
        $(structures $only:ident,)?
        rules $rules:literal;
    )+) => {
        /// The rule options of docs/rules.md §6 (the chip amounts and the structure live in
        /// [`crate::game::Stakes`] and [`crate::game::GameConfig`]). Generated by the
        /// catalogue in `rust/game/catalog.rs`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[allow(clippy::struct_excessive_bools)]
        pub struct Options {
            $($(#[doc = $doc])* pub $field: $ty,)+
        }

        impl Options {
            /// The docs/rules.md defaults for a game (§3, §6).
            #[must_use]
            pub fn defaults(game: GameKind) -> Options {
                Options {
                    $($field: {
                        let default = |$g: GameKind| -> $ty { $default };
                        default(game)
                    },)+
                }
            }

            /// Sets one option from its docs/rules.md §6 name and a textual value (`"true"`,
            /// `"4"`, `"none"`, `"HALF_BET"` …). Refuses numbers outside the option's range.
            pub fn set(&mut self, name: &str, value: &str) -> Result<(), ConfigError> {
                $(if name == stringify!($field) {
                    let (min, max) = (catalog_min!($($min)?), catalog_max!($ty; $($max)?));
                    let numeric = matches!(
                        <$ty as OptionValue>::KIND,
                        OptionKind::Int | OptionKind::IntOrNone
                    );
                    let v = <$ty as OptionValue>::parse_text(name, value).map_err(|e| {
                        numeric
                            .then(|| out_of_range(name, value, min, max))
                            .flatten()
                            .unwrap_or(e)
                    })?;
                    check_range(name, v.number(), min, max)?;
                    self.$field = v;
                    return Ok(());
                })+
                Err(config_err!("unknown option {name:?}"))
            }

            /// One option's value as text (`None` for an unknown name).
            #[must_use]
            pub fn get(&self, name: &str) -> Option<String> {
                $(if name == stringify!($field) {
                    return Some(OptionValue::text(&self.$field));
                })+
                None
            }

            /// Every option as `(name, value text)`, in docs/rules.md §6 order (round-trips
            /// with [`Options::set`]).
            #[must_use]
            pub fn items(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), OptionValue::text(&self.$field)),)+]
            }

            /// Checks every number against its range (for options built as a struct).
            pub fn check(&self) -> Result<(), ConfigError> {
                $(check_range(
                    stringify!($field),
                    OptionValue::number(&self.$field),
                    catalog_min!($($min)?),
                    catalog_max!($ty; $($max)?),
                )?;)+
                Ok(())
            }
        }

        /// Every option of docs/rules.md §6, in its order.
        pub static OPTION_SPECS: &[OptionSpec] = &[$(OptionSpec {
            name: stringify!($field),
            kind: <$ty as OptionValue>::KIND,
            minimum: catalog_min!($($min)?),
            maximum: catalog_max!($ty; $($max)?),
            rules: $rules,
            doc_lines: &[$($doc),*],
            only_in: catalog_structure!($($only)?),
            applies: {
                fn applies($h: GameKind) -> bool {
                    $games
                }
                applies
            },
        },)+];
    };
}

fn check_range(
    name: &str,
    value: Option<u64>,
    min: Option<u64>,
    max: Option<u64>,
) -> Result<(), ConfigError> {
    match (value, min, max) {
        (Some(v), Some(m), _) if v < m => Err(config_err!("{name} must be at least {m}, got {v}")),
        (Some(v), _, Some(m)) if v > m => Err(config_err!(
            "{name} must be at most {}, got {v}",
            limit_text(m)
        )),
        _ => Ok(()),
    }
}

/// The range error of option text that is a whole number beyond what its field holds
/// (below 0, or above the field's largest, however many digits), in the words of
/// [`check_range`]; `None` for text that is not a whole number.
fn out_of_range(name: &str, text: &str, min: Option<u64>, max: Option<u64>) -> Option<ConfigError> {
    let n = text.trim();
    let digits = n.strip_prefix(['-', '+']).unwrap_or(n);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if n.starts_with('-') {
        config_err!("{name} must be at least {}, got {n}", min.unwrap_or(0))
    } else {
        config_err!(
            "{name} must be at most {}, got {n}",
            limit_text(max.unwrap_or(u64::MAX))
        )
    })
}

/// A limit as messages write it: `2**32 - 1` rather than 4294967295 for the limits of
/// 2**k - 1 from 65535 on, else the number.
#[must_use]
pub fn limit_text(n: u64) -> String {
    if n >= 1 << 16 && n.wrapping_add(1).is_power_of_two() || n == u64::MAX {
        format!("2**{} - 1", n.count_ones())
    } else {
        n.to_string()
    }
}

catalog! {
    /// `chip_unit`: the smallest chip, used for splitting pots; every amount must be a
    /// multiple of it.
    chip_unit: u64 [min 1],
        default |_g| 1,
        games |_g| true,
        rules "G-1.11";
    /// `max_players`: 2 … 8 (2-7: 2 … 6).
    max_players: u8 [min 2],
        default |g| g.max_seats(),
        games |_g| true,
        rules "S-1, T-1, D-1";
    /// `stud_dealer_position`: a fixed dealer box or a rotating dealer.
    stud_dealer_position: StudDealerPosition,
        default |_g| StudDealerPosition::Fixed,
        games |g| g.is_stud(),
        rules "G-1.2.3";
    /// `burn_cards`: burn a card before each dealing round.
    burn_cards: bool,
        default |_g| true,
        games |_g| true,
        rules "G-1.3.2";
    /// `bring_in_card`: which door card brings in (`AUTO`: lowest in fixed limit, highest in
    /// pot and no limit; razz: highest, aces low).
    bring_in_card: BringInCard,
        default |_g| BringInCard::Auto,
        games |g| g.is_stud(),
        rules "E-2.6";
    /// `max_raises` after the opening bet in fixed limit; `None` = no cap.
    max_raises: Option<u32> [min 1],
        default |_g| Some(3),
        games |_g| true,
        structures FixedLimit,
        rules "G-1.6.2";
    /// `uncapped_heads_up`: when the fixed-limit cap is lifted heads-up.
    uncapped_heads_up: UncappedHeadsUp,
        default |_g| UncappedHeadsUp::Never,
        games |_g| true,
        structures FixedLimit,
        rules "G-1.6.2";
    /// `open_pair_double_bet`: the big bet on the second betting round after an open pair
    /// (fixed-limit stud games).
    open_pair_double_bet: bool,
        default |g| g.spec().open_pair_double_bet,
        games |g| g.is_stud(),
        structures FixedLimit,
        rules "G-1.6.4, S-9, T-6, H-3, R-5";
    /// `limit_short_all_in_rule`: when a short all-in re-opens the betting in fixed limit.
    limit_short_all_in_rule: LimitShortAllInRule,
        default |_g| LimitShortAllInRule::HalfBet,
        games |_g| true,
        structures FixedLimit,
        rules "G-1.9.3";
    /// `allow_fold_when_check_free`: a player may fold when he could check.
    allow_fold_when_check_free: bool,
        default |_g| false,
        games |_g| true,
        rules "G-1.5.2";
    /// `betting_timeout_action`: what a betting time-out does.
    betting_timeout_action: BettingTimeoutAction,
        default |_g| BettingTimeoutAction::CheckOrFold,
        games |_g| true,
        rules "G-1.5.6";
    /// `showing_tie_break`: ties between equal showing hands.
    showing_tie_break: ShowingTieBreak,
        default |_g| ShowingTieBreak::Position,
        games |g| g.is_stud(),
        rules "E-2.5.4";
    /// `soko_showing_four_card_hands`: four-card hands count in Soko's showing hands.
    soko_showing_four_card_hands: bool,
        default |_g| true,
        games |g| g.spec().has_four_straights(),
        rules "E-2.5.3";
    /// `four_straight_mode`: which Soko four-straights count.
    four_straight_mode: FourStraight,
        default |_g| FourStraight::Consecutive,
        games |g| g.spec().has_four_straights(),
        rules "E-2.2.3";
    /// `odd_chip_order`: who receives the odd chips of a split (2-7: `POSITION` only).
    odd_chip_order: OddChipOrder,
        default |_g| OddChipOrder::Position,
        games |_g| true,
        rules "G-1.11.4";
    /// `scoop_identical_split`: split once when the same players win both halves.
    scoop_identical_split: bool,
        default |_g| true,
        games |g| g.spec().showdown.is_hilo(),
        rules "G-1.11.3";
    /// `showdown_first_if_no_bet`: who shows first when nobody bet on the last round (2-7:
    /// the first live player left of the button either way).
    showdown_first_if_no_bet: ShowdownFirst,
        default |g| g.spec().showdown_first,
        games |_g| true,
        rules "G-1.12.2";
    /// `recycle_burns_before_community`: recycle the burns before dealing a community card.
    recycle_burns_before_community: bool,
        default |_g| true,
        games |g| g.spec().community_card,
        rules "T-9.2";
    /// `reserve_bottom_card`: keep the bottom card for the community card.
    reserve_bottom_card: bool,
        default |_g| false,
        games |g| g.spec().community_card,
        rules "T-9.1";
    /// `community_card_betting`: a betting round on the community card.
    community_card_betting: bool,
        default |_g| false,
        games |g| g.spec().community_card,
        rules "T-9.4";
    /// `draw_time_limit` in whole seconds, at least 1 (informational: the host applies
    /// time-outs).
    draw_time_limit: u32 [min 1],
        default |_g| 30,
        games |g| g.spec().is_draw(),
        rules "D-7";
    /// `draw_timeout_penalty`: what a draw time-out costs.
    draw_timeout_penalty: DrawTimeoutPenalty,
        default |_g| DrawTimeoutPenalty::NextRoundOnly,
        games |g| g.spec().is_draw(),
        rules "D-7";
    /// `reshuffle_policy`: which cards a reshuffle recycles.
    reshuffle_policy: ReshufflePolicy,
        default |_g| ReshufflePolicy::ExcludeOwnDiscards,
        games |g| g.spec().is_draw(),
        rules "D-10";
    /// `own_discards_scope`: which of the drawer's discards stay out of a reshuffle.
    own_discards_scope: OwnDiscardsScope,
        default |_g| OwnDiscardsScope::WholeHand,
        games |g| g.spec().is_draw(),
        rules "D-10.2";
    /// `burn_after_reshuffle`: burn a card after a reshuffle.
    burn_after_reshuffle: bool,
        default |_g| false,
        games |g| g.spec().is_draw(),
        rules "D-10.3";
    /// `heads_up_small_blind`: who posts the small blind in 2-7 heads-up.
    heads_up_small_blind: HeadsUpSmallBlind,
        default |_g| HeadsUpSmallBlind::Button,
        games |g| g.spec().is_draw(),
        rules "G-1.4.3, C-26";
    /// `split_half_odd_chip`: who gets an odd unit left when a stud hi/lo half is shared.
    split_half_odd_chip: SplitHalfOddChip,
        default |_g| SplitHalfOddChip::HighWinner,
        games |g| g.spec().showdown.is_hilo(),
        rules "H-5.5, C-27";
    /// `rake_basis_points`: the house's share of every pot, in hundredths of a percent
    /// (500 = 5 %, at most 10000); 0 = no rake.
    rake_basis_points: u32 [max 10_000],
        default |_g| 0,
        games |_g| true,
        rules "G-1.10.7";
    /// `rake_cap`: the most rake one hand pays, in chips; `None` = no cap.
    rake_cap: Option<u32>,
        default |_g| None,
        games |_g| true,
        rules "G-1.10.7";
}

/// The options a table of a game starts from.
type StartingOptions = fn(GameKind) -> Options;

/// The named profiles of docs/rules.md §6.3, in order, each with the options a table of a
/// game starts from under it.
const PROFILE_OPTIONS: [(&str, StartingOptions); 5] = [
    ("default", Options::defaults),
    ("wsop", Options::wsop),
    ("pokerkit", Options::pokerkit),
    ("pokerstars", Options::online),
    ("fulltilt", Options::online),
];

/// The names of the profiles of docs/rules.md §6.3, in order.
pub const PROFILES: &[&str] = &{
    let mut names = [""; PROFILE_OPTIONS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = PROFILE_OPTIONS[i].0;
        i += 1;
    }
    names
};

/// Who brings in under the WSOP, PokerKit and online profiles: the lowest door card, and
/// in razz the highest (aces low), as everywhere.
fn lowest_door_card_brings_in(game: GameKind) -> BringInCard {
    game.spec().bring_in_card
}

/// The catalogue record of option `name`.
#[must_use]
pub fn spec(name: &str) -> Option<&'static OptionSpec> {
    OPTION_SPECS.iter().find(|s| s.name == name)
}

impl Options {
    /// The options a table starts from under a profile of [`PROFILES`] (lowercase name).
    #[must_use]
    pub fn profile(name: &str, game: GameKind) -> Option<Options> {
        let (_, options) = PROFILE_OPTIONS.iter().find(|(n, _)| *n == name)?;
        Some(options(game))
    }

    /// What a profile changes from the defaults in `game`: `(name, value text)` for every
    /// option that applies to `game` and differs, in docs/rules.md §6 order.
    #[must_use]
    pub fn profile_changes(name: &str, game: GameKind) -> Option<Vec<(&'static str, String)>> {
        let profile = Options::profile(name, game)?.items();
        let defaults = Options::defaults(game).items();
        Some(
            profile
                .into_iter()
                .zip(defaults)
                .filter(|((n, v), (_, d))| v != d && Options::applies_to(n, game))
                .map(|(item, _)| item)
                .collect(),
        )
    }

    /// The WSOP profile of docs/rules.md §6 (tournament form, which the PHH files of the
    /// 2023 WSOP replay under): a bet and four raises, heads-up rounds uncapped when they
    /// begin heads-up, lowest card brings in, odd chip by high card and suit, no open-pair
    /// big bet, WSOP-L 228 deck exhaustion with betting on the community card, WSOP
    /// reshuffle.
    #[must_use]
    pub fn wsop(game: GameKind) -> Options {
        Options {
            max_raises: Some(4),
            uncapped_heads_up: UncappedHeadsUp::RoundBeginsHeadsUp,
            bring_in_card: lowest_door_card_brings_in(game),
            odd_chip_order: if game.is_stud() {
                OddChipOrder::HighCardBySuitBest5
            } else {
                OddChipOrder::Position
            },
            open_pair_double_bet: false,
            reserve_bottom_card: true,
            community_card_betting: true,
            reshuffle_policy: ReshufflePolicy::ExcludeCurrentRound,
            split_half_odd_chip: SplitHalfOddChip::WithinHalf,
            ..Options::defaults(game)
        }
    }

    /// The PokerKit-compatible profile of docs/rules.md §6 (for differential tests).
    #[must_use]
    pub fn pokerkit(game: GameKind) -> Options {
        Options {
            bring_in_card: lowest_door_card_brings_in(game),
            max_raises: Some(3),
            uncapped_heads_up: UncappedHeadsUp::Never,
            limit_short_all_in_rule: LimitShortAllInRule::FullBet,
            showing_tie_break: ShowingTieBreak::Position,
            odd_chip_order: OddChipOrder::Position,
            scoop_identical_split: false,
            open_pair_double_bet: false,
            split_half_odd_chip: SplitHalfOddChip::WithinHalf,
            ..Options::defaults(game)
        }
    }

    /// The PokerStars and Full Tilt Poker profiles of docs/rules.md §6.3 (the two sites
    /// play fixed-limit stud and 2-7 alike, as their hand histories show): a bet and three
    /// raises, the lowest door card brings in (razz: the highest, aces low), a player may fold
    /// when he could check, no burn cards (an online deck is not burned from: the 2-7 stub
    /// runs out after exactly 52 cards), a betting round on a stud community card, and the
    /// odd chip to the high hand's best card by suit in stud games.
    #[must_use]
    pub fn online(game: GameKind) -> Options {
        Options {
            bring_in_card: lowest_door_card_brings_in(game),
            allow_fold_when_check_free: true,
            burn_cards: false,
            community_card_betting: true,
            odd_chip_order: if game.is_stud() {
                OddChipOrder::HighCardBySuitBest5
            } else {
                OddChipOrder::Position
            },
            split_half_odd_chip: SplitHalfOddChip::WithinHalf,
            ..Options::defaults(game)
        }
    }

    /// Whether option `name` has any effect in `game` (docs/rules.md §6 "games" column);
    /// `false` for an unknown name.
    #[must_use]
    pub fn applies_to(name: &str, game: GameKind) -> bool {
        spec(name).is_some_and(|s| s.applies_to(game))
    }

    /// Checks the options against `game`: numbers at least their minimum, and every value
    /// one the game takes ([`OptionSpec::values`]).
    pub fn check_for(&self, game: GameKind) -> Result<(), ConfigError> {
        self.check()?;
        for s in OPTION_SPECS {
            if let Some(values) = s.values(game) {
                let v = self.get(s.name).unwrap_or_default();
                if !values.contains(&v.as_str()) {
                    return Err(config_err!(
                        "option {} = {v} does not apply to {}; it takes {}",
                        s.name,
                        game.id(),
                        values.join(", ")
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_round_trips_through_set_and_items() {
        for &game in GameKind::ALL {
            let o = Options::defaults(game);
            let mut back = Options::wsop(game);
            for (name, text) in o.items() {
                back.set(name, &text).unwrap();
            }
            assert_eq!(back, o);
            let names: Vec<_> = o.items().into_iter().map(|(n, _)| n).collect();
            let specs: Vec<_> = OPTION_SPECS.iter().map(|s| s.name).collect();
            assert_eq!(names, specs);
        }
    }

    #[test]
    fn the_fixed_limit_options_apply_only_in_fixed_limit() {
        let fixed: Vec<_> = OPTION_SPECS
            .iter()
            .filter(|s| s.only_in.is_some())
            .map(|s| s.name)
            .collect();
        assert_eq!(
            fixed,
            [
                "max_raises",
                "uncapped_heads_up",
                "open_pair_double_bet",
                "limit_short_all_in_rule"
            ]
        );
        for s in OPTION_SPECS {
            assert!(s.applies_in(BettingStructure::FixedLimit), "{}", s.name);
            let elsewhere = s.applies_in(BettingStructure::NoLimit);
            assert_eq!(elsewhere, s.applies_in(BettingStructure::PotLimit));
            assert_eq!(elsewhere, !fixed.contains(&s.name), "{}", s.name);
        }
    }

    #[test]
    fn every_finite_value_parses_and_ranges_are_enforced() {
        for &game in GameKind::ALL {
            for s in OPTION_SPECS {
                for v in s.values(game).unwrap_or_default() {
                    let mut o = Options::defaults(game);
                    o.set(s.name, v).unwrap();
                    assert_eq!(o.get(s.name).unwrap(), v);
                    o.check_for(game).unwrap();
                }
                if let Some(min) = s.minimum {
                    let mut o = Options::defaults(game);
                    assert!(o.set(s.name, &(min - 1).to_string()).is_err());
                    o.set(s.name, &min.to_string()).unwrap();
                }
                if let Some(max) = s.maximum {
                    let mut o = Options::defaults(game);
                    assert!(o.set(s.name, &(u128::from(max) + 1).to_string()).is_err());
                    o.set(s.name, &max.to_string()).unwrap();
                }
            }
        }
        assert!(Options::defaults(GameKind::DeuceSeven)
            .set("draw_time_limit", "0")
            .is_err());
        let rake = OPTION_SPECS.iter().find(|s| s.name == "rake_basis_points");
        assert_eq!(rake.and_then(|s| s.maximum), Some(10_000));
    }

    #[test]
    fn profiles_change_only_options_that_apply() {
        let razz = Options::profile_changes("wsop", GameKind::Razz).unwrap();
        assert!(razz.contains(&("max_raises", "4".to_string())));
        assert!(razz.contains(&("bring_in_card", "HIGHEST".to_string())));
        let soko = Options::profile_changes("wsop", GameKind::Soko).unwrap();
        assert!(!soko.iter().any(|(n, _)| *n == "reserve_bottom_card"));
        assert!(Options::profile("nope", GameKind::Stud).is_none());
        assert!(!Options::applies_to("nope", GameKind::Stud));
    }
}
