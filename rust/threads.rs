//! Running parallel work on a chosen number of threads.
//!
//! `threads: None` uses a pool of one thread per core, `Some(n)` a pool of `n` threads,
//! each built on first use and kept, one cache for the whole crate (and process), so
//! repeated calls with the same count reuse the same threads.

use std::collections::HashMap;

/// The most threads a caller may ask for (the Python `threads=` keyword's upper bound): far
/// more than any machine's cores, small enough that a typo cannot start a million threads.
pub const MAX_THREADS: usize = 4096;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Runs `f` on a pool of `threads` threads (`None`: one per core). If a pool cannot be
/// built (the system refuses threads), `f` runs in rayon's global pool instead: results
/// never depend on the thread count.
pub fn with_threads<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> R {
    let n = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    match pool(n) {
        Some(p) => p.install(f),
        None => f(),
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
