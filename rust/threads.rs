//! Running parallel work on a chosen number of threads.
//!
//! `threads: None` uses rayon's global pool (every core); `Some(n)` a pool of `n` threads
//! built on first use and kept, one cache for the whole crate, so repeated calls with the
//! same count reuse the same threads.

use std::collections::HashMap;

/// The most threads a caller may ask for (the Python `threads=` keyword's upper bound): far
/// more than any machine's cores, small enough that a typo cannot start a million threads.
pub const MAX_THREADS: usize = 4096;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Runs `f` on a pool of `threads` threads (`None`: every core). If a pool cannot be
/// built (the system refuses threads), `f` runs in rayon's global pool instead: results
/// never depend on the thread count.
pub fn with_threads<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> R {
    match threads.and_then(pool) {
        Some(p) => p.install(f),
        None => f(),
    }
}

/// The cached pool of `n` threads; `None` if it cannot be built.
fn pool(n: usize) -> Option<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(p) = pools.get(&n) {
        return Some(Arc::clone(p));
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .ok()?,
    );
    pools.insert(n, Arc::clone(&p));
    Some(p)
}
