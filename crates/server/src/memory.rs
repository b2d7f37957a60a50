//! Memory a crowd freed goes back to the system. glibc's allocator keeps freed memory in its
//! heaps (one per thread that allocated, fragmented by many small connections); after a crowd
//! leaves, `malloc_trim` hands the free pages back. Elsewhere the allocator is left alone.

/// How many connections must have closed since the last peak before memory is given back.
pub const AFTER_CLOSED: usize = 256;

/// Gives the allocator's free memory back to the system (glibc on Linux; nothing elsewhere).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn give_back() {
    unsafe extern "C" {
        fn malloc_trim(pad: usize) -> std::ffi::c_int;
    }
    // SAFETY: `malloc_trim` is glibc's own, takes no pointer, and only returns free pages of
    // its heaps to the system; it is safe to call from any thread at any time.
    unsafe {
        malloc_trim(0);
    }
}

/// Gives the allocator's free memory back to the system (glibc on Linux; nothing elsewhere).
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back() {}

/// Follows the number of open connections and says when enough have closed since the peak
/// that memory should be given back.
#[derive(Debug, Default)]
pub struct AfterCrowd {
    peak: usize,
}

impl AfterCrowd {
    /// Notes `open` connections now; true when [`AFTER_CLOSED`] or more have closed since the
    /// peak (which then starts again from now).
    pub fn crowd_left(&mut self, open: usize) -> bool {
        self.peak = self.peak.max(open);
        if self.peak - open >= AFTER_CLOSED {
            self.peak = open;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_back_once_a_crowd_has_left() {
        let mut a = AfterCrowd::default();
        assert!(!a.crowd_left(10));
        assert!(!a.crowd_left(2000));
        assert!(!a.crowd_left(1800));
        assert!(a.crowd_left(1700));
        assert!(!a.crowd_left(1600), "counted again from 1700");
        assert!(a.crowd_left(10));
        give_back();
    }
}
