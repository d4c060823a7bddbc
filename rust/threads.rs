//! Running parallel work on a chosen number of threads.
//!
//! `threads: None` (or `Some(0)`) uses a pool of one thread per core, `Some(n)` a pool of
//! `n` threads, each built on first use and kept, one cache for the whole crate (and
//! process), so repeated calls with the same count reuse the same threads; work that
//! would keep only one of them busy runs on the calling thread instead.
//!
//! Work of a few milliseconds (a batch of a million hands, most equity requests) goes
//! through [`fold_items`], which hands every worker its task from the calling thread.
//! Splitting inside the pool (`rayon::join`, parallel iterators) has a busy worker wake
//! the next one, and on Linux (6.x, measured on a 2-core machine) a thread woken by a
//! thread that stays busy often waits 1.5-3 ms for a core, however idle the other core
//! is: a 3 ms batch then ran on one core. Woken by a caller outside the pool that goes to
//! sleep at once, every worker starts within about 0.1 ms. (A caller that is itself a
//! pool's worker runs other jobs of its pool while it waits.)

use std::collections::HashMap;

/// The most threads a caller may ask for (the Python `threads=` keyword's upper bound): far
/// more than any machine's cores, small enough that a typo cannot start a million threads.
pub const MAX_THREADS: usize = 4096;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The number of threads `threads` asks for (`None` or `Some(0)`: one per core, as rayon
/// reads 0).
fn count(threads: Option<usize>) -> usize {
    match threads {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    }
}

/// Runs `f` on a pool of `threads` threads (`None`: one per core). If a pool cannot be
/// built (the system refuses threads), `f` runs on the calling thread instead, and
/// parallel iterators inside it in rayon's global pool: results never depend on the
/// thread count.
pub fn with_threads<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> R {
    match pool(count(threads)) {
        Some(p) => p.install(f),
        None => f(),
    }
}

/// Folds `items` on `threads` threads (`None`: one per core) and merges what each thread
/// folded. Each thread takes the next item, in order, until none is left, so every item
/// is folded exactly once and uneven items balance; which thread folds which varies from
/// run to run, so `merge` must not care (integer totals, a minimum). One thread, one
/// item or a pool that cannot be built folds on the calling thread. After a panic in
/// `fold` the other threads take no more items, and the panic reaches the caller once
/// they have stopped.
pub fn fold_items<T: Send, A: Send>(
    threads: Option<usize>,
    items: impl Iterator<Item = T> + Send,
    init: impl Fn() -> A + Sync,
    fold: impl Fn(A, T) -> A + Sync,
    merge: impl Fn(A, A) -> A,
) -> A {
    // No more tasks than items (work of one item stays on the calling thread); the pool
    // is still the one for `threads`, so that item counts do not each build a pool.
    let n = count(threads);
    let tasks = n.min(items.size_hint().1.unwrap_or(usize::MAX));
    let Some(p) = (tasks > 1).then(|| pool(n)).flatten() else {
        return items.fold(init(), fold);
    };
    let queue = Mutex::new(items);
    let stop = AtomicBool::new(false);
    let next = || {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        queue.lock().unwrap_or_else(PoisonError::into_inner).next()
    };
    let folded = Mutex::new(Vec::with_capacity(tasks));
    // The calling thread spawns every task and then waits (see the module doc).
    p.in_place_scope(|s| {
        for _ in 0..tasks {
            s.spawn(|_| {
                let _stop_others = StopOnPanic(&stop);
                let mut acc = init();
                while let Some(item) = next() {
                    acc = fold(acc, item);
                }
                folded
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(acc);
            });
        }
    });
    let folded = folded.into_inner().unwrap_or_else(PoisonError::into_inner);
    folded.into_iter().fold(init(), merge)
}

/// Sets its flag if dropped while its thread unwinds from a panic.
struct StopOnPanic<'a>(&'a AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// The cached pool of `n` threads; `None` if it cannot be built.
///
/// The cache belongs to the process that filled it. A forked child (the workers of a
/// process pool on Linux) inherits the cache but not the pools' threads, so work
/// installed on an inherited pool would wait forever: a child starts a cache of its own
/// and forgets the inherited pools (dropping them would signal threads that do not exist
/// there). rayon's global pool has the same flaw and cannot be rebuilt, which is why
/// `threads: None` also takes a pool from here.
fn pool(n: usize) -> Option<Arc<rayon::ThreadPool>> {
    type Pools = (u32, HashMap<usize, Arc<rayon::ThreadPool>>);
    static POOLS: OnceLock<Mutex<Pools>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(|| Mutex::new((std::process::id(), HashMap::new())))
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let pid = std::process::id();
    if pools.0 != pid {
        std::mem::forget(std::mem::take(&mut pools.1));
        pools.0 = pid;
    }
    if let Some(p) = pools.1.get(&n) {
        return Some(Arc::clone(p));
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .ok()?,
    );
    pools.1.insert(n, Arc::clone(&p));
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn fold_items_folds_every_item_once_on_any_thread_count() {
        for threads in [None, Some(1), Some(2), Some(3), Some(8)] {
            let calls = AtomicUsize::new(0);
            let (sum, mut seen) = fold_items(
                threads,
                1..=1000u64,
                || (0u64, Vec::new()),
                |(sum, mut seen), i| {
                    calls.fetch_add(1, Ordering::Relaxed);
                    seen.push(i);
                    (sum + i, seen)
                },
                |(a, mut x), (b, y)| {
                    x.extend(y);
                    (a + b, x)
                },
            );
            seen.sort_unstable();
            assert_eq!(sum, 500_500, "{threads:?}");
            assert_eq!(seen, (1..=1000).collect::<Vec<_>>(), "{threads:?}");
            assert_eq!(calls.load(Ordering::Relaxed), 1000);
        }
    }

    #[test]
    fn fold_items_of_nothing_is_the_initial_value() {
        let got = fold_items(
            Some(2),
            std::iter::empty::<u8>(),
            || 7,
            |a, _| a + 1,
            std::cmp::max,
        );
        assert_eq!(got, 7);
    }

    #[test]
    fn a_panic_in_fold_stops_the_other_threads() {
        let folded = AtomicUsize::new(0);
        let caught = std::panic::catch_unwind(|| {
            fold_items(
                Some(2),
                0..100_000,
                || (),
                |(), i| {
                    assert!(i != 10, "item 10");
                    folded.fetch_add(1, Ordering::Relaxed);
                    std::thread::sleep(std::time::Duration::from_micros(20));
                },
                |(), ()| (),
            );
        });
        assert!(caught.is_err());
        // Without the stop the other thread would fold the other 99,989 items.
        assert!(folded.load(Ordering::Relaxed) < 1_000, "{folded:?}");
    }

    #[test]
    fn a_panic_in_fold_reaches_the_caller() {
        let caught = std::panic::catch_unwind(|| {
            fold_items(
                Some(2),
                0..100,
                || 0,
                |a, i| if i == 57 { panic!("item 57") } else { a + i },
                |a, b| a + b,
            )
        });
        assert!(caught.is_err());
        // The pool still works afterwards.
        assert_eq!(
            fold_items(Some(2), 0..10, || 0, |a, i| a + i, |a, b| a + b),
            45
        );
    }
}
