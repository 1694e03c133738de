//! A binary min-heap of stream indices ordered by a comparison the caller gives (the streams'
//! current keys live with the caller, so nothing is copied into the heap).

/// Indices of streams, the one with the least current key on top.
#[derive(Default)]
pub(crate) struct Heap {
    v: Vec<usize>,
}

impl Heap {
    /// The least index, if any.
    pub(crate) fn top(&self) -> Option<usize> {
        self.v.first().copied()
    }

    /// Adds `i`.
    pub(crate) fn push(&mut self, i: usize, less: impl Fn(usize, usize) -> bool) {
        self.v.push(i);
        let mut c = self.v.len() - 1;
        while c > 0 {
            let p = (c - 1) / 2;
            if !less(self.v[c], self.v[p]) {
                break;
            }
            self.v.swap(c, p);
            c = p;
        }
    }

    /// Removes the top.
    pub(crate) fn pop(&mut self, less: impl Fn(usize, usize) -> bool) -> Option<usize> {
        let n = self.v.len();
        if n == 0 {
            return None;
        }
        self.v.swap(0, n - 1);
        let top = self.v.pop();
        self.sift_down(less);
        top
    }

    /// Restores the order after the top's key grew (its stream moved on).
    pub(crate) fn sift_down(&mut self, less: impl Fn(usize, usize) -> bool) {
        let n = self.v.len();
        let mut p = 0;
        loop {
            let (l, r) = (2 * p + 1, 2 * p + 2);
            let mut m = p;
            if l < n && less(self.v[l], self.v[m]) {
                m = l;
            }
            if r < n && less(self.v[r], self.v[m]) {
                m = r;
            }
            if m == p {
                return;
            }
            self.v.swap(p, m);
            p = m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_order_of_the_callers_keys() {
        let keys = [5, 1, 4, 1, 9, 2, 6];
        let less = |a: usize, b: usize| (keys[a], a) < (keys[b], b);
        let mut h = Heap::default();
        for i in 0..keys.len() {
            h.push(i, less);
        }
        let mut out = Vec::new();
        while let Some(i) = h.pop(less) {
            out.push(i);
        }
        assert_eq!(out, [1, 3, 5, 2, 0, 6, 4]);
    }
}
