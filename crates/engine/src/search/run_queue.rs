//! How long the searching thread waits for a core: on a machine with more work than cores the
//! scheduler leaves a runnable thread off the processor for several milliseconds at a time,
//! and a search that stops exactly at its deadline then answers late. Linux reports each
//! thread's time on a core and time waiting in the run queue (`/proc/thread-self/schedstat`);
//! the share of waiting tells the search how much earlier to stop. Where the file does not
//! exist (other systems, the browser) the share is zero and nothing changes.

/// Nanoseconds on a core and waiting for one, as the kernel counts them for this thread.
fn read() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
    Some((fields.next()??, fields.next()??))
}

/// The thread's run-queue counters since a starting point.
#[derive(Debug, Clone, Copy)]
pub struct RunQueue {
    start: Option<(u64, u64)>,
}

impl RunQueue {
    /// Starts counting now, on the calling thread.
    pub fn start() -> RunQueue {
        RunQueue { start: read() }
    }

    /// The share (0 to 1) of the time since [`RunQueue::start`] that the calling thread was
    /// runnable but waiting for a core; 0 when the system does not say.
    pub fn waiting_share(&self) -> f64 {
        let (Some((ran0, waited0)), Some((ran, waited))) = (self.start, read()) else {
            return 0.0;
        };
        let ran = ran.saturating_sub(ran0) as f64;
        let waited = waited.saturating_sub(waited0) as f64;
        if ran + waited <= 0.0 {
            0.0
        } else {
            waited / (ran + waited)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_is_a_fraction() {
        let q = RunQueue::start();
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        let share = q.waiting_share();
        assert!((0.0..=1.0).contains(&share), "{share}");
    }

    #[test]
    fn a_thread_alone_on_a_core_waits_little_and_a_crowded_one_waits_more() {
        if read().is_none() {
            return; // Not Linux: the share is always 0.
        }
        let spin = |ms: u64| {
            let end = std::time::Instant::now() + std::time::Duration::from_millis(ms);
            while std::time::Instant::now() < end {
                std::hint::spin_loop();
            }
        };
        // Three spinning threads per core: each waits about two thirds of the time.
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let crowded: Vec<f64> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..3 * cores)
                .map(|_| {
                    s.spawn(move || {
                        let q = RunQueue::start();
                        spin(300);
                        q.waiting_share()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mean = crowded.iter().sum::<f64>() / crowded.len() as f64;
        assert!(
            mean > 0.3,
            "three threads a core waited only {mean:.2} of the time"
        );
    }
}
