//! [`BotPlayer`]: a built-in bot deciding one move at a time, for callers that drive a
//! hand themselves (the learning environments) rather than play it out with [`super::Table`].

use super::bots::{self, Context, Thresholds};
use super::equity_bot;
use super::Bot;
use crate::game::{Action, GameConfig, GameState};

// The dispatch to each bot's rules lives here, above them all, so that the rules files
// (`bots.rs`, `equity_bot.rs`, `d7_rollout.rs`) import only downwards.
impl Bot {
    /// The action of `seat` (the player to act) in `state`.
    pub(crate) fn act(self, state: &GameState, seat: u8, ctx: &mut Context<'_>) -> Action {
        // By reference, not the copy `legal_actions` returns: a few fields are read.
        let la = &state.legal;
        match self {
            Bot::Random => bots::random(state, seat, la, ctx.rng()),
            Bot::CallingStation => bots::calling_station(la),
            Bot::Strength => bots::strength(state, seat, la, ctx),
            Bot::Equity => equity_bot::act(state, seat, la, ctx),
        }
    }
}

/// One built-in bot at one table.
#[derive(Debug, Clone)]
pub struct BotPlayer {
    bot: Bot,
    thresholds: Thresholds,
}

impl BotPlayer {
    /// `bot` playing hands of `cfg`.
    #[must_use]
    pub fn new(bot: Bot, cfg: &GameConfig) -> BotPlayer {
        BotPlayer {
            bot,
            thresholds: Thresholds::new(cfg),
        }
    }

    /// The bot.
    #[must_use]
    pub fn bot(&self) -> Bot {
        self.bot
    }

    /// The bot's move for the player to act (`None` when the hand is over); `seed` seeds
    /// the random bot's choice. A move the engine would refuse (a bot bug) becomes the
    /// time-out, which is always legal, as in a simulation.
    #[must_use]
    pub fn act(&self, state: &GameState, seed: u64) -> Option<Action> {
        let seat = state.actor()?;
        let mut ctx = Context::new(&self.thresholds, seed);
        let action = self.bot.act(state, seat, &mut ctx);
        Some(if state.check(&action).is_ok() {
            action
        } else {
            Action::Timeout
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::options::BettingStructure;
    use crate::game::spec::GameKind;
    use crate::game::Start;

    #[test]
    fn every_bot_plays_legal_moves_to_the_end() {
        for &game in GameKind::ALL {
            let cfg = GameConfig::ten_twenty(game, BettingStructure::NoLimit);
            let players: Vec<BotPlayer> = Bot::ALL
                .into_iter()
                .map(|b| BotPlayer::new(b, &cfg))
                .collect();
            for seed in 0..20 {
                let start = Start {
                    seed: Some(seed),
                    ..Start::default()
                };
                let mut state = GameState::new(&cfg, &[500; 4], &start).unwrap();
                while let Some(seat) = state.actor() {
                    let a = players[seat as usize].act(&state, seed).unwrap();
                    assert_ne!(a, Action::Timeout);
                    state.apply(a).unwrap();
                }
                assert!(players[0].act(&state, seed).is_none());
            }
        }
    }
}
