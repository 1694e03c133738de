//! A tree of losers over stream indices, ordered by a comparison the caller gives (the
//! streams' current keys live with the caller, so nothing is copied into the tree).
//!
//! When the top stream moves on, its new key is played against the losers on the path from
//! its leaf to the root: ⌈log₂ k⌉ compares for k streams, where a binary heap's sift-down
//! takes two a level (a merge of the 40-odd runs of a 5 GB corpus spent ~5% of its time
//! there).

/// Indices of streams `0..k`, the one with the least current key on top.
pub(crate) struct LoserTree {
    /// `tree[0]`: the winner; `tree[1..k]`: the loser at each inner node (node `j`'s
    /// children are `2j` and `2j + 1`; stream `i`'s leaf is `k + i`).
    tree: Vec<usize>,
    live: Vec<bool>,
    remaining: usize,
}

impl LoserTree {
    /// A tree over the streams `live` says have a current key (the others never win).
    pub(crate) fn new(live: Vec<bool>, less: impl Fn(usize, usize) -> bool) -> LoserTree {
        let k = live.len();
        let remaining = live.iter().filter(|&&l| l).count();
        let mut t = LoserTree {
            tree: vec![0; k.max(1)],
            live,
            remaining,
        };
        if k == 0 {
            return t;
        }
        // Winners of every node, leaves included, bottom up; each inner node keeps its loser.
        let mut winners = vec![0usize; 2 * k];
        for (i, w) in winners[k..].iter_mut().enumerate() {
            *w = i;
        }
        for j in (1..k).rev() {
            let (a, b) = (winners[2 * j], winners[2 * j + 1]);
            let (win, lose) = if t.beats(a, b, &less) { (a, b) } else { (b, a) };
            winners[j] = win;
            t.tree[j] = lose;
        }
        t.tree[0] = if k == 1 { 0 } else { winners[1] };
        t
    }

    /// Whether stream `a`'s key comes before stream `b`'s (a stream without one never does).
    #[inline]
    fn beats(&self, a: usize, b: usize, less: &impl Fn(usize, usize) -> bool) -> bool {
        match (self.live[a], self.live[b]) {
            (false, _) => false,
            (true, false) => true,
            (true, true) => less(a, b),
        }
    }

    /// The stream with the least key, if any has one.
    pub(crate) fn top(&self) -> Option<usize> {
        (self.remaining > 0).then(|| self.tree[0])
    }

    /// Restores the order after the top's key grew (its stream moved on).
    pub(crate) fn replay(&mut self, less: impl Fn(usize, usize) -> bool) {
        let k = self.live.len();
        let mut winner = self.tree[0];
        let mut node = (winner + k) / 2;
        while node >= 1 {
            let other = self.tree[node];
            if self.beats(other, winner, &less) {
                self.tree[node] = winner;
                winner = other;
            }
            node /= 2;
        }
        self.tree[0] = winner;
    }

    /// Removes the top (its stream ended).
    pub(crate) fn pop(&mut self, less: impl Fn(usize, usize) -> bool) {
        if self.remaining == 0 {
            return;
        }
        let top = self.tree[0];
        self.live[top] = false;
        self.remaining -= 1;
        self.replay(less);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Merges sorted streams through the tree (ties by stream index) and checks the order
    /// against a sort of all their keys, for every number of streams up to 9.
    #[test]
    fn merges_streams_in_order_of_the_callers_keys() {
        for k in 0..10usize {
            let streams: Vec<Vec<u32>> = (0..k)
                .map(|s| {
                    let n = (s * 7 + 3) % 6;
                    let mut v: Vec<u32> = (0..n).map(|i| ((i * 13 + s * 5) % 11) as u32).collect();
                    v.sort();
                    v
                })
                .collect();
            let mut at = vec![0usize; k];
            let key = |at: &[usize], s: usize| (streams[s][at[s]], s);
            let live: Vec<bool> = streams.iter().map(|v| !v.is_empty()).collect();
            let mut t = LoserTree::new(live, |a, b| key(&at, a) < key(&at, b));
            let mut out = Vec::new();
            while let Some(s) = t.top() {
                out.push(key(&at, s));
                at[s] += 1;
                let a = &at;
                if at[s] < streams[s].len() {
                    t.replay(|x, y| key(a, x) < key(a, y));
                } else {
                    t.pop(|x, y| key(a, x) < key(a, y));
                }
            }
            let mut want: Vec<(u32, usize)> = streams
                .iter()
                .enumerate()
                .flat_map(|(s, v)| v.iter().map(move |&x| (x, s)))
                .collect();
            want.sort();
            assert_eq!(out, want, "{k} streams");
        }
    }
}
