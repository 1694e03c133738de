//! The open lists: bucket queues of child numbers on small integer scores.

/// A bucket queue of child numbers on small integer scores, newest first within a bucket
/// (a depth-first bias among equals). Each bucket is a linked stack threaded through one
/// arena of entries, popped entries are reused by the next pushes, and the arena is kept
/// from one search to the next: no bucket allocates on its own, and the memory is the most
/// entries queued at once.
pub(super) struct Buckets {
    /// Per score, the arena index of its newest entry (`NIL`: empty).
    head: Vec<u32>,
    /// (child number, the next older entry of the same bucket, or of the free list).
    arena: Vec<(u32, u32)>,
    /// Popped entries, linked through the arena.
    free: u32,
    min: usize,
}

const NIL: u32 = u32::MAX;

impl Default for Buckets {
    fn default() -> Buckets {
        Buckets {
            head: Vec::new(),
            arena: Vec::new(),
            free: NIL,
            min: 0,
        }
    }
}

impl Buckets {
    #[inline]
    pub(super) fn push(&mut self, s: usize, idx: u32) {
        if s >= self.head.len() {
            self.head.resize(s + 1, NIL);
        }
        let at = if self.free != NIL {
            let at = self.free;
            self.free = self.arena[at as usize].1;
            self.arena[at as usize] = (idx, self.head[s]);
            at
        } else {
            self.arena.push((idx, self.head[s]));
            self.arena.len() as u32 - 1
        };
        self.head[s] = at;
        self.min = self.min.min(s);
    }

    pub(super) fn clear(&mut self) {
        self.head.fill(NIL);
        self.arena.clear();
        self.free = NIL;
        self.min = 0;
    }

    pub(super) fn pop(&mut self) -> Option<u32> {
        while self.min < self.head.len() {
            let h = self.head[self.min];
            if h != NIL {
                let (idx, next) = self.arena[h as usize];
                self.head[self.min] = next;
                self.arena[h as usize].1 = self.free;
                self.free = h;
                return Some(idx);
            }
            self.min += 1;
        }
        None
    }
}
