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
//!
//! Even so, back-to-back calls often found both workers of a 2-thread pool on one core
//! (woken by the same caller, placed beside it). On Linux a pool of one thread per CPU the
//! process may use (the default, `threads: None`, on a machine whose cores are all its
//! own) therefore pins its workers, one to each of those CPUs: a woken worker then starts
//! on its own CPU. Any other pool size is left to the kernel (pinned, two pools of two
//! threads in processes on an 8-CPU machine would share two CPUs), and so is every pool
//! when `HOLECARD_PIN_THREADS=0` (see [`placement`]).

use std::collections::HashMap;

/// The most threads a caller may ask for (the Python `threads=` keyword's upper bound): far
/// more than any machine's cores, small enough that a typo cannot start a million threads.
pub const MAX_THREADS: usize = 4096;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Threads per CPU beyond which more threads are not started: CPU-bound work gains
/// nothing from them, and their contention grows fast (a 1 ms equity request took 0.3 s
/// on 1,024 threads and 70 s on 4,096, on 2 CPUs).
const MAX_THREADS_PER_CPU: usize = 8;

/// The number of threads `threads` asks for (`None` or `Some(0)`: one per core, as rayon
/// reads 0), at most [`MAX_THREADS_PER_CPU`] per CPU the process may use. Results never
/// depend on it.
fn count(threads: Option<usize>) -> usize {
    // The cap reads the CPUs once (reading them costs microseconds, on every batch call).
    static MOST: OnceLock<usize> = OnceLock::new();
    let cpus = || std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    match threads {
        Some(n) if n > 0 => n.min(*MOST.get_or_init(|| cpus() * MAX_THREADS_PER_CPU)),
        _ => cpus(),
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
///
/// Each process also reads, once, where its workers may run (see [`placement`]), before
/// any of its workers exists: a pool first needed inside another pool's pinned worker
/// still gets every CPU.
fn pool(n: usize) -> Option<Arc<rayon::ThreadPool>> {
    struct Cache {
        pid: u32,
        placement: placement::Placement,
        by_size: HashMap<usize, Arc<rayon::ThreadPool>>,
    }
    static POOLS: OnceLock<Mutex<Cache>> = OnceLock::new();
    let fresh = || Cache {
        pid: std::process::id(),
        placement: placement::Placement::read(),
        by_size: HashMap::new(),
    };
    let mut cache = POOLS
        .get_or_init(|| Mutex::new(fresh()))
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if cache.pid != std::process::id() {
        std::mem::forget(std::mem::replace(&mut *cache, fresh()));
    }
    if let Some(p) = cache.by_size.get(&n) {
        return Some(Arc::clone(p));
    }
    let placement = cache.placement;
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .start_handler(move |worker| placement.place(worker, n))
            .build()
            .ok()?,
    );
    cache.by_size.insert(n, Arc::clone(&p));
    Some(p)
}

/// Where a pool's workers run. Placement only changes speed, never results, so anything
/// that fails here (a system that refuses the call) leaves the thread where it is.
mod placement {
    /// `HOLECARD_PIN_THREADS` set to one of these leaves every pool to the kernel.
    const OFF: [&str; 4] = ["0", "false", "no", "off"];

    /// Whether `value` of `HOLECARD_PIN_THREADS` allows pinning (unset: yes).
    pub(super) fn wanted(value: Option<&str>) -> bool {
        value.is_none_or(|v| !OFF.iter().any(|off| v.trim().eq_ignore_ascii_case(off)))
    }

    #[cfg(target_os = "linux")]
    pub(super) use linux::Placement;

    #[cfg(target_os = "linux")]
    mod linux {
        use nix::sched::{sched_getaffinity, sched_setaffinity, CpuSet};
        use nix::unistd::Pid;

        /// The CPUs the process may use, as its first pool was built, and whether its
        /// pools may pin.
        #[derive(Clone, Copy)]
        pub(in super::super) struct Placement {
            allowed: Option<CpuSet>,
            pin: bool,
        }

        impl Placement {
            /// Read by the calling thread (the pid 0 of the affinity calls is the calling
            /// thread), before this process has any worker.
            pub(in super::super) fn read() -> Placement {
                let pin = std::env::var("HOLECARD_PIN_THREADS").ok();
                Placement {
                    allowed: sched_getaffinity(Pid::from_raw(0)).ok(),
                    pin: super::wanted(pin.as_deref()),
                }
            }

            /// Moves the calling thread, worker `worker` of a pool of `n`, where it
            /// belongs.
            pub(in super::super) fn place(&self, worker: usize, n: usize) {
                if let Some(set) = self.cpus_of(worker, n) {
                    // A refusal keeps the thread where it is: only speed depends on it.
                    let _ = sched_setaffinity(Pid::from_raw(0), &set);
                }
            }

            /// The CPUs of worker `worker` of a pool of `n`: its own one of the allowed
            /// CPUs when the pool has one worker for each of them (more than one) and
            /// pinning is wanted, otherwise all of them (which also frees a worker of a
            /// pool first built inside another pool's pinned worker); `None` when the
            /// allowed CPUs could not be read.
            pub(super) fn cpus_of(&self, worker: usize, n: usize) -> Option<CpuSet> {
                let allowed = self.allowed?;
                let cpus = cpus(&allowed);
                Some(match cpus.get(worker) {
                    Some(&cpu) if self.pin && n > 1 && n == cpus.len() => {
                        let mut one = CpuSet::new();
                        one.set(cpu).map_or(allowed, |()| one)
                    }
                    _ => allowed,
                })
            }
        }

        /// The CPUs in `set`, lowest first.
        pub(super) fn cpus(set: &CpuSet) -> Vec<usize> {
            (0..CpuSet::count())
                .filter(|&c| set.is_set(c).unwrap_or(false))
                .collect()
        }

        #[cfg(test)]
        mod tests {
            use super::*;
            use crate::threads::pool;

            fn set_of(cpus: &[usize]) -> CpuSet {
                let mut set = CpuSet::new();
                for &c in cpus {
                    set.set(c).expect("a CPU number below CpuSet::count()");
                }
                set
            }

            fn this_thread() -> Vec<usize> {
                cpus(&sched_getaffinity(Pid::from_raw(0)).expect("the thread's CPUs"))
            }

            #[test]
            fn a_pool_of_one_worker_per_allowed_cpu_pins_each_to_its_own() {
                let placement = |cpus: &[usize], pin| Placement {
                    allowed: Some(set_of(cpus)),
                    pin,
                };
                let cpus_of = |p: Placement, worker, n| cpus(&p.cpus_of(worker, n).unwrap());
                let pinning = placement(&[1, 4, 6], true);
                for (worker, cpu) in [1, 4, 6].into_iter().enumerate() {
                    assert_eq!(cpus_of(pinning, worker, 3), [cpu]);
                }
                // Other sizes, and pinning turned off, keep every allowed CPU.
                let off = placement(&[1, 4, 6], false);
                for (p, n) in [(pinning, 2), (pinning, 4), (off, 3)] {
                    for worker in 0..n {
                        assert_eq!(cpus_of(p, worker, n), [1, 4, 6]);
                    }
                }
                assert_eq!(cpus_of(placement(&[2], true), 0, 1), [2]);
                // Unread CPUs: the thread is left where it is.
                let unread = Placement {
                    allowed: None,
                    pin: true,
                };
                assert!(unread.cpus_of(0, 2).is_none());
            }

            #[test]
            fn the_workers_of_real_pools_run_where_they_belong() {
                let allowed = this_thread();
                let n = allowed.len();
                let expect = |size: usize, worker: usize| {
                    if size == n && n > 1 && Placement::read().pin {
                        vec![allowed[worker]]
                    } else {
                        allowed.clone()
                    }
                };
                let per_worker = |size: usize| {
                    let mut seen = pool(size)
                        .expect("a pool")
                        .broadcast(|ctx| (ctx.index(), this_thread()));
                    seen.sort();
                    seen
                };
                for size in [n, n + 1] {
                    let want: Vec<_> = (0..size).map(|w| (w, expect(size, w))).collect();
                    assert_eq!(per_worker(size), want, "a pool of {size}");
                }
                // A pool first built inside a (possibly pinned) worker of another still
                // gets every allowed CPU.
                let inner = pool(n).expect("a pool").install(|| per_worker(n + 13));
                let want: Vec<_> = (0..n + 13).map(|w| (w, allowed.clone())).collect();
                assert_eq!(inner, want);
            }
        }
    }

    /// Elsewhere the kernel places every worker.
    #[cfg(not(target_os = "linux"))]
    #[derive(Clone, Copy)]
    pub(super) struct Placement;

    #[cfg(not(target_os = "linux"))]
    impl Placement {
        pub(super) fn read() -> Placement {
            Placement
        }
        pub(super) fn place(&self, _worker: usize, _n: usize) {}
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn pinning_is_wanted_unless_turned_off() {
            for value in [None, Some("1"), Some("yes"), Some("")] {
                assert!(super::wanted(value), "{value:?}");
            }
            for value in ["0", "false", "No", " OFF "] {
                assert!(!super::wanted(Some(value)), "{value}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn asks_beyond_eight_threads_per_cpu_get_eight_per_cpu() {
        let cpus = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(count(None), cpus);
        assert_eq!(count(Some(0)), cpus);
        assert_eq!(count(Some(1)), 1);
        assert_eq!(count(Some(MAX_THREADS)), MAX_THREADS.min(8 * cpus));
        assert_eq!(count(Some(8 * cpus)), 8 * cpus);
    }

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
        // Without the stop the other thread would fold the other 99,989 items (2 s). The
        // bound leaves a second for the panic to unwind (a backtrace, a loaded machine: it
        // once took 25 ms, 1,277 items, when the bound was 1,000).
        assert!(folded.load(Ordering::Relaxed) < 50_000, "{folded:?}");
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
