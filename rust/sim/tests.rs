use super::totals::possible_squares;
use super::*;
use crate::game::catalog::Options;
use crate::game::options::BettingStructure;
use crate::game::spec::GameKind;
use crate::game::{StakesInput, Start};

/// A ten-twenty table ([`GameConfig::ten_twenty`]) with `bots` in seat order.
fn table(game: GameKind, structure: BettingStructure, bots: &[Bot]) -> Table {
    Table::new(GameConfig::ten_twenty(game, structure), bots.to_vec(), None).unwrap()
}

pub(super) const GAMES: [GameKind; 5] = [
    GameKind::Soko,
    GameKind::Stud,
    GameKind::Stud8,
    GameKind::Razz,
    GameKind::DeuceSeven,
];

pub(super) const STRUCTURES: [BettingStructure; 3] = [
    BettingStructure::FixedLimit,
    BettingStructure::PotLimit,
    BettingStructure::NoLimit,
];

#[test]
fn every_game_and_structure_runs_and_conserves_chips() {
    let bots = [
        Bot::Random,
        Bot::CallingStation,
        Bot::Strength,
        Bot::Equity,
        Bot::Strength,
        Bot::CallingStation,
    ];
    for game in GAMES {
        for structure in STRUCTURES {
            let t = table(game, structure, &bots);
            let r = simulate(&t, 600, 11, Some(1)).unwrap();
            assert_eq!(r.hands, 600);
            let net: i128 = r.seats.iter().map(|s| s.net).sum();
            assert_eq!(net, 0, "{game:?} {structure:?}");
            for s in &r.seats {
                assert!(s.showdowns_won <= s.showdowns);
                assert!(s.showdowns <= r.showdown_hands);
                assert!(s.hands_won <= r.hands);
            }
            // Every hand has a winner.
            let winners: u64 = r.seats.iter().map(|s| s.hands_won).sum();
            assert!(winners >= r.hands);
        }
    }
}

#[test]
fn hands_end_cleanly() {
    // Every bot action is legal: the fallback time-out never fires (debug_assert), and
    // every card is in exactly one place at the end.
    for game in GAMES {
        for structure in STRUCTURES {
            let t = table(game, structure, &[Bot::Random, Bot::Strength, Bot::Equity]);
            for h in 0..60 {
                let st = t.play_hand(5, h);
                assert!(st.is_over());
                assert_eq!(st.card_conflicts(), 0);
            }
        }
    }
}

#[test]
fn unrecorded_hands_play_as_recorded_ones() {
    // The simulator's own hands keep no events or actions (but for the equity bot, which
    // reads the draws in them); everything else must match.
    let lineups = [
        [
            Bot::Random,
            Bot::Strength,
            Bot::CallingStation,
            Bot::Strength,
        ],
        [Bot::Random, Bot::Strength, Bot::CallingStation, Bot::Equity],
    ];
    for game in GAMES {
        for structure in STRUCTURES {
            for bots in lineups {
                let t = table(game, structure, &bots);
                let mut ctx = Context::new(&t.thresholds, 0);
                let mut slot = None;
                let equity = bots.contains(&Bot::Equity);
                for h in 0..40 {
                    let recorded = t.play_hand(9, h);
                    ctx.reset(hand_seed(9, h));
                    let quiet = t.play(&mut ctx, h, &mut slot, false);
                    assert_eq!(quiet.history().is_empty(), !equity);
                    assert_eq!(quiet.actions().is_empty(), !equity);
                    let at = format!("{game:?} {structure:?} {bots:?} {h}");
                    assert_eq!(quiet.seats(), recorded.seats(), "{at}");
                    assert_eq!(quiet.pots(), recorded.pots(), "{at}");
                    assert_eq!(quiet.card_conflicts(), 0);
                }
            }
        }
    }
}

#[test]
fn same_seed_same_result_whatever_the_threads() {
    let t = table(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        &[Bot::Random, Bot::Strength, Bot::CallingStation, Bot::Random],
    );
    let one = simulate(&t, 3000, 42, Some(1)).unwrap();
    let two = simulate(&t, 3000, 42, Some(2)).unwrap();
    let all = simulate(&t, 3000, 42, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, all);
    let other = simulate(&t, 3000, 43, Some(2)).unwrap();
    assert_ne!(one, other);
    // Consecutive ranges add up to the whole run.
    let mut parts = simulate_range(&t, 0, 1000, 42, Some(2)).unwrap();
    parts
        .merge(&simulate_range(&t, 1000, 1700, 42, Some(1)).unwrap())
        .unwrap();
    parts
        .merge(&simulate_range(&t, 2700, 300, 42, None).unwrap())
        .unwrap();
    assert_eq!(parts, one);
}

#[test]
fn strength_beats_random_and_station_never_folds() {
    for game in GAMES {
        let t = table(
            game,
            BettingStructure::FixedLimit,
            &[Bot::Strength, Bot::Random, Bot::Strength, Bot::Random],
        );
        let r = simulate(&t, 4000, 1, None).unwrap();
        let strong = r.seats[0].net + r.seats[2].net;
        assert!(strong > 0, "{game:?}: {:?}", r.seats);
    }
    let t = table(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        &[
            Bot::CallingStation,
            Bot::CallingStation,
            Bot::CallingStation,
        ],
    );
    let r = simulate(&t, 500, 3, Some(1)).unwrap();
    // Nobody folds, so every hand is a showdown with everybody.
    assert_eq!(r.showdown_hands, 500);
    assert!(r.seats.iter().all(|s| s.showdowns == 500));
}

#[test]
fn bad_tables_are_errors() {
    let cfg = GameConfig::new(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        StakesInput {
            small_bet: Some(10),
            ..StakesInput::default()
        },
        Options::defaults(GameKind::DeuceSeven),
    )
    .unwrap();
    assert!(Table::new(cfg, vec![Bot::Random], None).is_err());
    assert!(Table::new(cfg, vec![Bot::Random; 7], None).is_err());
    assert!(Table::new(cfg, vec![Bot::Random; 2], Some(0)).is_err());
    let t = Table::new(cfg, vec![Bot::Random; 2], Some(1)).unwrap();
    assert!(simulate(&t, 10, 0, Some(0)).is_err());
    assert_eq!(simulate(&t, 0, 0, None).unwrap().hands, 0);
    assert!("nobody".parse::<Bot>().is_err());
    assert_eq!("Calling-Station".parse::<Bot>(), Ok(Bot::CallingStation));
    for bot in Bot::ALL {
        assert_eq!(bot.name().parse::<Bot>(), Ok(bot));
    }
    let err = "shark".parse::<Bot>().unwrap_err().0;
    assert!(
        err.starts_with("unknown bot 'shark' (expected one of random, "),
        "{err}"
    );
}

#[test]
fn button_moves_in_deuce_seven() {
    let t = table(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        &[Bot::Strength; 3],
    );
    let dealers: Vec<u8> = (0..4).map(|h| t.play_hand(0, h).dealer()).collect();
    assert_eq!(dealers, [2, 0, 1, 2]);
    let t = table(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        &[Bot::Strength; 3],
    );
    assert!((0..4).all(|h| t.play_hand(0, h).dealer() == 2));
}

#[test]
fn the_equity_bot_decides_alike_in_a_run_and_one_move_at_a_time() {
    // A run caches each estimate for the round; a `BotPlayer` estimates afresh from the
    // hand's seed: the hands must come out the same.
    for game in GAMES {
        let cfg = GameConfig::ten_twenty(game, BettingStructure::FixedLimit);
        let bots = [Bot::Equity, Bot::Strength, Bot::Equity];
        let t = Table::new(cfg, bots.to_vec(), None).unwrap();
        let players: Vec<decide::BotPlayer> = bots
            .iter()
            .map(|&b| decide::BotPlayer::new(b, &cfg))
            .collect();
        for h in 0..12 {
            let played = t.play_hand(9, h);
            let seed = hand_seed(9, h);
            let start = Start {
                seed: Some(seed),
                dealer: (!game.is_stud()).then(|| ((2 + h) % 3) as u8),
                ..Start::default()
            };
            let mut state = GameState::new(&cfg, &[t.stack(); 3], &start).unwrap();
            while let Some(seat) = state.actor() {
                let a = players[seat as usize].act(&state, seed).unwrap();
                state.apply(a).unwrap();
            }
            assert_eq!(state.actions(), played.actions(), "{game:?} hand {h}");
        }
    }
}

#[test]
fn the_equity_bot_beats_the_others() {
    // In 2-7 too, where it sees no card of the opponent's and plays each sample's draws
    // out (rated against random hands that never draw, it lost to the strength bot).
    for (game, others) in [
        (
            GameKind::Stud,
            &[Bot::Random, Bot::CallingStation, Bot::Strength][..],
        ),
        (
            GameKind::Razz,
            &[Bot::Random, Bot::CallingStation, Bot::Strength],
        ),
        (
            GameKind::DeuceSeven,
            &[Bot::Random, Bot::CallingStation, Bot::Strength],
        ),
    ] {
        for &other in others {
            let t = table(game, BettingStructure::FixedLimit, &[Bot::Equity, other]);
            let r = simulate(&t, 3000, 5, None).unwrap();
            assert!(
                r.seats[0].net > 0,
                "{game:?} against {other:?}: {:?}",
                r.seats
            );
        }
    }
}

mod sessions {
    use super::*;
    use crate::sim::session::{simulate_sessions, Session};

    fn session(
        game: GameKind,
        bots: &[Bot],
        levels: &[(u64, GameConfig)],
        max: Option<u64>,
    ) -> Session {
        let cfg = GameConfig::ten_twenty(game, BettingStructure::FixedLimit);
        Session::new(cfg, bots.to_vec(), vec![200; bots.len()], levels, max).unwrap()
    }

    fn run(s: &Session, first: u64, count: u64, threads: Option<usize>) -> Totals {
        simulate_sessions(s, first, count, 3, threads, &NEVER).unwrap()
    }

    #[test]
    fn chips_are_conserved_and_every_place_is_taken_once() {
        let bots = [Bot::Strength, Bot::Random, Bot::CallingStation, Bot::Equity];
        for game in GAMES {
            let s = session(game, &bots, &[], None);
            let r = run(&s, 0, 6, Some(1));
            assert_eq!(r.sessions, 6);
            assert_eq!(r.unfinished, 0);
            assert_eq!(r.seats.iter().map(|t| t.net).sum::<i128>(), 0, "{game:?}");
            // Every session ends with one seat holding all 800 chips: three busts.
            assert_eq!(r.seats.iter().map(|t| t.busts).sum::<u64>(), 18);
            for place in 0..4 {
                assert_eq!(r.seats.iter().map(|t| t.places[place]).sum::<u64>(), 6);
            }
            // The winner's net is +600, each bust -200.
            let winners: u64 = r.seats.iter().map(|t| t.places[0]).sum();
            assert_eq!(winners, 6);
            assert!(r.seats.iter().all(|t| t.hands <= r.hands));
        }
    }

    #[test]
    fn same_seed_same_totals_whatever_the_threads_and_chunks() {
        let levels = [(
            10,
            GameConfig::new(
                GameKind::Razz,
                BettingStructure::FixedLimit,
                StakesInput {
                    ante: Some(2),
                    bring_in: Some(6),
                    small_bet: Some(20),
                    ..StakesInput::default()
                },
                Options::defaults(GameKind::Razz),
            )
            .unwrap(),
        )];
        let s = session(
            GameKind::Razz,
            &[Bot::Strength, Bot::Random, Bot::Equity],
            &levels,
            Some(40),
        );
        let one = run(&s, 0, 20, Some(1));
        assert_eq!(one, run(&s, 0, 20, Some(2)));
        let mut parts = run(&s, 0, 7, None);
        parts.merge(&run(&s, 7, 13, Some(2))).unwrap();
        assert_eq!(parts, one);
        assert!(one.hands <= 20 * 40);
    }

    #[test]
    fn max_hands_stops_a_session_and_ranks_the_survivors_by_stack() {
        let s = session(GameKind::Stud, &[Bot::CallingStation; 3], &[], Some(1));
        let r = run(&s, 0, 1, Some(1));
        assert_eq!((r.hands, r.unfinished), (1, 1));
        assert_eq!(r.seats.iter().map(|t| t.hands).sum::<u64>(), 3);
        let winner = r.seats.iter().position(|t| t.places[0] == 1).unwrap();
        assert!(r.seats.iter().all(|t| t.net <= r.seats[winner].net));
    }

    #[test]
    fn bad_sessions_are_errors() {
        let cfg = GameConfig::ten_twenty(GameKind::Stud, BettingStructure::FixedLimit);
        let razz = GameConfig::ten_twenty(GameKind::Razz, BettingStructure::FixedLimit);
        let bots = vec![Bot::Random; 2];
        assert!(Session::new(cfg, bots.clone(), vec![100, 0], &[], None).is_err());
        assert!(Session::new(cfg, bots.clone(), vec![100], &[], None).is_err());
        assert!(Session::new(cfg, bots.clone(), vec![100, 100], &[(5, razz)], None).is_err());
        assert!(Session::new(cfg, bots.clone(), vec![100, 100], &[(0, cfg)], None).is_err());
        assert!(Session::new(cfg, bots.clone(), vec![100, 100], &[], Some(0)).is_err());
        assert!(Session::new(cfg, bots, vec![1 << 57, 1 << 57], &[], None).is_err());
    }
}

#[test]
fn tables_that_cost_more_run_in_smaller_jobs_to_the_same_totals() {
    for game in GAMES {
        let cheap = table(game, BettingStructure::FixedLimit, &[Bot::Strength; 6]);
        let dear = table(game, BettingStructure::FixedLimit, &[Bot::Equity; 6]);
        assert_eq!(cheap.job_hands(), JOB_HANDS, "{game:?}");
        // Equity bots cost a few hundred times more: a job of 512 of their hands would
        // last seconds, so a short run would not use every thread.
        assert!(
            dear.hand_seconds() > 100.0 * cheap.hand_seconds(),
            "{game:?}"
        );
        assert!((1..=64).contains(&dear.job_hands()), "{game:?}");
    }
    // The totals do not depend on the job size: every hand has its own seed, and nothing
    // a bot keeps carries from one hand to the next.
    for game in GAMES {
        let mixed = table(
            game,
            BettingStructure::FixedLimit,
            &[Bot::Equity, Bot::Strength, Bot::Random],
        );
        let jobs = mixed.job_hands();
        assert!(jobs < JOB_HANDS);
        let hands = 2 * jobs + 5;
        let whole = mixed.run_serial(7, 0, hands).unwrap();
        let mut parts = simulate_range(&mixed, 0, hands, 7, Some(2)).unwrap();
        assert_eq!(parts, whole, "{game:?}");
        parts
            .merge(&simulate_range(&mixed, hands, 1, 7, Some(1)).unwrap())
            .unwrap();
        assert_eq!(
            parts,
            mixed.run_serial(7, 0, hands + 1).unwrap(),
            "{game:?}"
        );
    }
}

#[test]
fn every_possible_sum_of_squares_is_accepted_and_impossible_ones_refused() {
    // Every sequence of up to four results in -3..=3: its (net, squares) must pass.
    let mut seqs: Vec<Vec<i128>> = vec![vec![]];
    for n in 1..=4u64 {
        seqs = seqs
            .iter()
            .flat_map(|s| (-3..=3).map(move |x| [s.clone(), vec![x]].concat()))
            .collect();
        for s in &seqs {
            let net: i128 = s.iter().sum();
            let sq: u128 = s.iter().map(|x| x.unsigned_abs().pow(2)).sum();
            assert!(possible_squares(n, net, sq, Some(3)), "{s:?}");
        }
    }
    // Parity, |x| <= x², Cauchy-Schwarz, the largest result and no results.
    assert!(!possible_squares(2, 4, 7, None));
    assert!(!possible_squares(3, 4, 4, None));
    assert!(!possible_squares(2, 4, 6, None));
    assert!(!possible_squares(1, 4, 16, Some(3)));
    assert!(!possible_squares(0, 0, 2, None));
    assert!(possible_squares(0, 0, 0, None));
    // Near the limits: 2**64 - 1 results of magnitude 2**61 do not overflow the check.
    let n = u64::MAX;
    let x = 1i128 << 61;
    assert!(!possible_squares(n, x * i128::from(n), u128::MAX - 1, None));
    assert!(possible_squares(n, 0, u128::MAX - 1, None));
}

#[test]
fn real_totals_pass_the_check_and_a_sum_of_squares_that_overflows_is_an_error() {
    let t = table(
        GameKind::Stud,
        BettingStructure::NoLimit,
        &[Bot::Strength, Bot::Random, Bot::CallingStation],
    );
    let r = simulate(&t, 2000, 3, None).unwrap();
    r.check().unwrap();
    let mut wrong = r.clone();
    wrong.seats[0].hands_won = 2001;
    assert!(wrong.check().is_err());
    let mut full = r.clone();
    full.seats[1].net_squared = u128::MAX - 1;
    // The next hands: totals that share a hand are refused before their sums are added.
    let next = simulate_range(&t, 2000, 100, 3, None).unwrap();
    assert!(full
        .clone()
        .merge(&r)
        .unwrap_err()
        .0
        .contains("counted twice"));
    let err = full.merge(&next).unwrap_err();
    assert!(err.0.contains("seat 1's sum of squared results"), "{err}");
}

/// The equity bot's count of the cards each opponent kept (`equity_bot::last_kept`).
#[test]
fn last_kept_counts_only_draw_rounds_that_are_over() {
    use super::decide::BotPlayer;
    use super::equity_bot::last_kept;
    use crate::game::{Phase, MAX_SEATS};
    let cfg = GameConfig::ten_twenty(GameKind::DeuceSeven, BettingStructure::FixedLimit);
    let players: Vec<BotPlayer> = [Bot::Strength, Bot::CallingStation, Bot::Random]
        .iter()
        .map(|&b| BotPlayer::new(b, &cfg))
        .collect();
    let mut draws_seen = 0;
    for seed in 0..30 {
        let start = Start {
            seed: Some(seed),
            dealer: Some(0),
            ..Start::default()
        };
        let mut state = GameState::new(&cfg, &[400; 3], &start).unwrap();
        let mut at_last_bet = [None; MAX_SEATS];
        while let Some(seat) = state.actor() {
            let now = last_kept(&state);
            if state.phase() == Phase::Drawing {
                // Draws made in this round do not count yet.
                assert_eq!(now, at_last_bet, "seed {seed}");
                draws_seen += 1;
            } else {
                // (A folded seat keeps its count from before it folded.)
                for (i, s) in state.seats().iter().enumerate().filter(|(_, s)| !s.folded) {
                    let want = s.drew.then(|| 5 - s.round_discards.len());
                    assert_eq!(now[i], want, "seed {seed} seat {i}");
                }
                at_last_bet = now;
            }
            let action = players[usize::from(seat)].act(&state, seed).unwrap();
            state.apply(action).unwrap();
        }
    }
    assert!(draws_seen > 30, "{draws_seen}");
}
