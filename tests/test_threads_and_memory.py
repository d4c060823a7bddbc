"""Many Python threads at once, and memory over many calls (long runs, embedding)."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, cast

import numpy as np
import pytest

import holecard
import holecard.agents
from holecard import batch


def rss_pages() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1])


def run_threads(jobs: list[Callable[[], Any]], threads: int = 8) -> list[Any]:
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return [f.result() for f in [pool.submit(job) for job in jobs]]


def test_batch_from_many_threads_matches_one_at_a_time() -> None:
    rng = np.random.default_rng(3)
    arrays = [
        np.argsort(rng.random((20_000, 52)), axis=1)[:, :7].astype(np.uint8) for _ in range(8)
    ]
    alone = [batch.evaluate_high(a) for a in arrays]
    together = run_threads([partial(batch.evaluate_high, a) for a in arrays])
    assert all(np.array_equal(x, y) for x, y in zip(alone, together, strict=True))


def test_equity_from_many_threads_matches_one_at_a_time() -> None:
    hands = [["As Ah Ts Th", "Kc Qc Jc Td"], ["2c 3d 4h 5s", "Ac Ad Kc Kd"]] * 3
    alone = [holecard.equity("stud", h) for h in hands]
    together = run_threads([partial(holecard.equity, "stud", h) for h in hands])
    assert alone == together
    mc = [
        holecard.equity("razz", ["Ac 2d 3h", "Kc Qd Jh"], samples=20_000, seed=s) for s in range(6)
    ]
    mc_together = run_threads(
        [
            partial(holecard.equity, "razz", ["Ac 2d 3h", "Kc Qd Jh"], samples=20_000, seed=s)
            for s in range(6)
        ]
    )
    assert mc == mc_together


def test_simulate_from_many_threads_matches_one_at_a_time() -> None:
    def run(seed: int) -> dict[str, Any]:
        return holecard.simulate(
            "stud", players=4, hands=2_000, seed=seed, bots="random"
        ).to_dict()

    alone = [run(s) for s in range(4)]
    assert run_threads([partial(run, s) for s in range(4)], threads=4) == alone


def test_one_state_shared_by_threads_is_safe() -> None:
    # Threads race to act on one state: each action is applied whole or rejected with a
    # clear error, and the hand stays consistent (chips conserved, it ends).
    game = holecard.SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    state = game.start([100] * 6, seed=11)
    errors: list[BaseException] = []

    def play() -> None:
        for _ in range(200):
            if state.is_over:
                return
            try:
                legal = state.legal_actions()
                if legal.bring_in is not None:
                    state.post_bring_in()
                elif legal.check:
                    state.check()
                elif legal.call is not None:
                    state.call()
                else:
                    state.fold()
            except (holecard.IllegalActionError, RuntimeError) as err:
                errors.append(err)

    workers = [threading.Thread(target=play) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert state.is_over
    assert sum(state.stacks) == 600
    assert sum(state.payoffs) == 0
    assert all(isinstance(e, holecard.IllegalActionError | RuntimeError) for e in errors)
    assert copy.deepcopy(state) == state


def test_threads_reading_a_state_while_one_acts_never_fail() -> None:
    # Reading is never refused, however the threads interleave: the readers build Python
    # objects (players, events) from the state while the actor applies actions to it.
    game = holecard.SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    errors: list[BaseException] = []
    done = threading.Event()

    def read(state: holecard.games.State) -> None:
        try:
            while not done.is_set():
                _ = state.is_over, state.stacks, state.pots, state.street
                _ = [p.stack for p in state.players], len(state.history)
                _ = state.player(0).hole_cards, state.legal_actions()
        except BaseException as err:  # any failure of a reader is the bug
            errors.append(err)

    for seed in range(20):
        state = game.start([100] * 6, seed=seed)
        done.clear()
        readers = [threading.Thread(target=read, args=(state,)) for _ in range(3)]
        for r in readers:
            r.start()
        try:
            while not state.is_over:
                state.apply(state.legal_moves()[0])
        finally:
            done.set()
            for r in readers:
                r.join()
        assert not errors, errors[:3]
        assert sum(state.stacks) == 600


class _ReadsWhileRead:
    """An index whose ``__index__`` runs Python code that reads ``target`` first."""

    def __init__(self, value: int, read: Callable[[], int]) -> None:
        self.value, self.read = value, read
        self.seen: int | None = None

    def __index__(self) -> int:
        self.seen = self.read()
        return self.value


def test_arguments_are_read_before_the_object_is_borrowed() -> None:
    # Reading an argument may run Python code (here an `__index__` that reads the same
    # object; in a program, another thread): it must find the object free, not "Already
    # mutably borrowed".
    deck = holecard.Deck()
    count = _ReadsWhileRead(2, lambda: len(deck.cards))
    assert len(deck.deal(cast(int, count))) == 2
    assert count.seen == 52
    assert len(deck.cards) == 50

    enc = holecard.agents.Encoding(holecard.Razz(ante=1, bring_in=3, small_bet=10), players=2)
    hand = holecard.agents.ChanceHand(enc, [100, 100])
    first = hand.legal_actions()[0]
    action = _ReadsWhileRead(first, lambda: len(hand.legal_actions()))
    hand.apply(cast(int, action))
    assert action.seen is not None
    assert action.seen > 40
    assert len(hand.legal_actions()) == action.seen - 1


def bad_card() -> None:
    with pytest.raises(holecard.CardParseError):
        holecard.Card("Zz")


CHEAP: dict[str, Callable[[], Any]] = {
    "evaluate_high": lambda: holecard.evaluate_high("As Ks Qs Js Ts 2d 3c"),
    "evaluate_soko": lambda: holecard.evaluate_soko("Kh 8h 6h 4h 8s"),
    "evaluate_low8": lambda: holecard.evaluate_low8("Ac 2d 3h 4s 5c Kd Kh"),
    "evaluate_showing": lambda: holecard.evaluate_showing("8s 8h Ad", game="stud"),
    "parse_cards": lambda: holecard.parse_cards("As Kd 7h"),
    "card": lambda: str(holecard.Card("As")),
    "hand_value_str": lambda: str(holecard.evaluate_high("Kh Kd Ks 7c 7d")),
    "bad_input": lambda: bad_card(),
}


@pytest.mark.parametrize("name", CHEAP)
def test_memory_stays_flat_over_a_million_calls(name: str) -> None:
    call = CHEAP[name]
    for _ in range(50_000):  # warm up caches and allocator pools
        call()
    before = rss_pages()
    for _ in range(1_000_000):
        call()
    grown_kib = (rss_pages() - before) * 4
    assert grown_kib < 2_048, f"{name}: resident memory grew by {grown_kib} KiB"


HEAVY: dict[str, Callable[[], Any]] = {
    "batch": lambda: batch.evaluate_high(np.arange(7, dtype=np.uint8)[None, :]),
    "equity": lambda: holecard.equity("stud", ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"]),
    "simulate": lambda: holecard.simulate("razz", players=2, hands=4, seed=1, bots="random"),
    "game": lambda: holecard.SevenCardStud(ante=1, bring_in=2, small_bet=5).start(
        [50, 50, 50], seed=1
    ),
    "deck": lambda: holecard.Deck(seed=5).deal(7),
}


@pytest.mark.parametrize("name", HEAVY)
def test_memory_stays_flat_over_many_heavier_calls(name: str) -> None:
    call = HEAVY[name]
    calls = 5_000 if name in ("equity", "simulate") else 20_000
    for _ in range(calls // 10):
        call()
    before = rss_pages()
    for _ in range(calls):
        call()
    grown_kib = (rss_pages() - before) * 4
    assert grown_kib < 2_048, f"{name}: resident memory grew by {grown_kib} KiB"
