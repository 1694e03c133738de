//! Writing an fst (format version 3, the `fst` crate's) from sorted keys: the same bytes as
//! `fst::raw::Builder` 0.4.7 writes, faster.
//!
//! Ingest builds its two fsts after every book has been counted, on the critical path, and
//! `fst`'s builder spent most of its time outside the algorithm: a heap vector per unfinished
//! node (allocated and freed for every node), registry cells swapped whole to keep their
//! order, and a checksum updated on every few bytes written. This module is that builder
//! (Daciuk et al.'s algorithm for minimal acyclic automata from sorted input, with a bounded
//! registry: BurntSushi, "Index 1,600,000,000 Keys with Automata and Rust", 2015) written to
//! give exactly the same output:
//!
//! - the same node encodings (one transition to the node written just before, one
//!   transition, any transitions; the 63 common input bytes; packed outputs and address
//!   deltas; the 256-byte index of nodes with more than 32 transitions);
//! - the same registry: 10,000 rows of two cells, an FNV-1a hash of the node picking the
//!   row, least recently used cell replaced. Which nodes the registry still holds decides
//!   which suffixes are shared, so it decides the bytes;
//! - the same header (version 3, type 0) and footer (number of keys, root address, masked
//!   CRC-32C of everything before it).
//!
//! Tests build random key sets with `fst::raw::Builder` and with this module and compare
//! the bytes; ingest's outputs on the shared corpus are unchanged (their sha256 are checked
//! in docs/ingest-performance.md). `make bench-fst-build` times both builders.
//!
//! ```
//! use folio_lexicon::build::FstBuilder;
//! let mut b = FstBuilder::new(1024);
//! for (key, count) in [("CAT", 3), ("DOG", 1), ("WHALE", 9)] {
//!     b.insert(key.as_bytes(), count).unwrap();
//! }
//! let map = fst::Map::new(b.finish()).unwrap();
//! assert_eq!(map.get("WHALE"), Some(9));
//! ```

/// Format version written (`fst::raw::VERSION`).
const VERSION: u64 = 3;
/// The address of the final node without transitions or output: written nowhere.
const EMPTY_ADDRESS: usize = 0;
/// No address yet (a registry cell that holds nothing).
const NONE_ADDRESS: usize = 1;
/// Nodes with more transitions than this get a 256-byte index.
const TRANS_INDEX_THRESHOLD: usize = 32;
/// Registry rows and cells per row (`fst::raw::Builder::new_type`).
const REGISTRY_ROWS: usize = 10_000;

/// A transition of a node being built: input byte, output, target address.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Transition {
    inp: u8,
    out: u64,
    addr: usize,
}

/// A node whose transitions are known (frozen), ready to compile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Node {
    is_final: bool,
    final_output: u64,
    trans: Vec<Transition>,
}

/// A node on the path of the last key: its last transition's target is not compiled yet.
#[derive(Clone, Debug, Default)]
struct Unfinished {
    node: Node,
    /// The last transition (input, output), its target still unfinished.
    last: Option<(u8, u64)>,
}

impl Unfinished {
    /// Freezes the last transition with its target's address.
    fn last_compiled(&mut self, addr: usize) {
        if let Some((inp, out)) = self.last.take() {
            self.node.trans.push(Transition { inp, out, addr });
        }
    }

    fn add_output_prefix(&mut self, prefix: u64) {
        if self.node.is_final {
            self.node.final_output += prefix;
        }
        for t in &mut self.node.trans {
            t.out += prefix;
        }
        if let Some((_, out)) = &mut self.last {
            *out += prefix;
        }
    }
}

/// Builds an fst from keys in strictly increasing bytewise order (see the module docs): an
/// `fst::Map` of each key's output, or an `fst::Set` when every output is 0 (a set is a map
/// whose outputs are all 0, byte for byte).
pub struct FstBuilder {
    /// The bytes written and not yet handed to `sink` (all of them without a sink).
    wtr: Vec<u8>,
    /// Where the bytes go as they are written ([`FstBuilder::streaming`]).
    sink: Option<Sink>,
    /// The nodes on the path of the last key, root first: `stack[..depth]` (the entries
    /// past `depth` are kept for their vectors' room).
    stack: Vec<Unfinished>,
    depth: usize,
    registry: Registry,
    last_key: Vec<u8>,
    has_last: bool,
    /// The address of the last node written.
    last_addr: usize,
    len: u64,
}

impl FstBuilder {
    /// A builder writing into a vector with room for `capacity` bytes.
    pub fn new(capacity: usize) -> FstBuilder {
        let mut wtr = Vec::with_capacity(capacity.max(64));
        wtr.extend_from_slice(&VERSION.to_le_bytes());
        wtr.extend_from_slice(&0u64.to_le_bytes()); // fst type
        let mut b = FstBuilder {
            wtr,
            sink: None,
            stack: Vec::with_capacity(64),
            depth: 0,
            registry: Registry::new(),
            last_key: Vec::new(),
            has_last: false,
            last_addr: NONE_ADDRESS,
            len: 0,
        };
        b.push(false, None);
        b
    }

    /// A builder writing the fst to `out` as it goes, holding at most `FLUSH_BYTES` (1 MiB) of it
    /// (and its registry) in memory: for fsts too large to hold (bounded-memory ingest). The
    /// same bytes as [`FstBuilder::new`] then [`FstBuilder::finish`]: nodes only ever refer
    /// back to bytes written before, and the checksum is kept as the bytes go.
    pub fn streaming(out: impl std::io::Write + Send + 'static) -> FstBuilder {
        let mut b = FstBuilder::new(FLUSH_BYTES + 4096);
        b.sink = Some(Sink {
            out: Box::new(out),
            flushed: 0,
            crc: !0,
        });
        b
    }

    /// Adds `key` with output `out` (0 for a set).
    ///
    /// # Errors
    /// `fst::raw::Error::OutOfOrder` / `DuplicateKey` when `key` does not come after the
    /// previous key (nothing is added then), as `fst` reports them.
    pub fn insert(&mut self, key: &[u8], out: u64) -> Result<(), fst::Error> {
        if self.has_last {
            match key.cmp(&self.last_key) {
                std::cmp::Ordering::Greater => {}
                std::cmp::Ordering::Equal => {
                    return Err(fst::raw::Error::DuplicateKey { got: key.to_vec() }.into())
                }
                std::cmp::Ordering::Less => {
                    return Err(fst::raw::Error::OutOfOrder {
                        previous: self.last_key.clone(),
                        got: key.to_vec(),
                    }
                    .into())
                }
            }
        }
        self.last_key.clear();
        self.last_key.extend_from_slice(key);
        self.has_last = true;
        if key.is_empty() {
            // Only ever the first key.
            self.len = 1;
            self.stack[0].node.is_final = true;
            self.stack[0].node.final_output = out;
            return Ok(());
        }
        let (prefix_len, out) = self.common_prefix_and_set_output(key, out);
        self.len += 1;
        self.compile_from(prefix_len);
        self.add_suffix(&key[prefix_len..], out);
        if self.wtr.len() >= FLUSH_BYTES {
            if let Some(sink) = &mut self.sink {
                sink.write(&self.wtr)?;
                self.wtr.clear();
            }
        }
        Ok(())
    }

    /// Where the next byte goes: bytes handed to the sink and bytes held.
    fn pos(&self) -> usize {
        self.sink.as_ref().map_or(0, |s| s.flushed) + self.wtr.len()
    }

    /// Compiles the root and appends the footer but for the checksum; returns the state of
    /// the checksum over every byte.
    fn finish_nodes(&mut self) -> u32 {
        self.compile_from(0);
        debug_assert!(self.depth == 1 && self.stack[0].last.is_none());
        let root = std::mem::take(&mut self.stack[0].node);
        let root_addr = self.compile(&root);
        self.wtr.extend_from_slice(&self.len.to_le_bytes());
        self.wtr
            .extend_from_slice(&(root_addr as u64).to_le_bytes());
        let before = self.sink.as_ref().map_or(!0, |s| s.crc);
        crc32c_update(before, &self.wtr)
    }

    /// Ends a [`FstBuilder::streaming`] build: the rest of the fst written and flushed.
    /// Returns the fst's length in bytes.
    ///
    /// # Errors
    /// The sink's write errors.
    pub fn finish_streaming(mut self) -> std::io::Result<u64> {
        let crc = self.finish_nodes();
        let sum = masked(!crc);
        self.wtr.extend_from_slice(&sum.to_le_bytes());
        let Some(mut sink) = self.sink.take() else {
            return Err(std::io::Error::other("not a streaming fst builder"));
        };
        sink.out.write_all(&self.wtr)?;
        sink.out.flush()?;
        Ok((sink.flushed + self.wtr.len()) as u64)
    }

    /// The fst's bytes (of a builder made by [`FstBuilder::new`]).
    pub fn finish(mut self) -> Vec<u8> {
        debug_assert!(self.sink.is_none());
        let sum = masked(!self.finish_nodes());
        self.wtr.extend_from_slice(&sum.to_le_bytes());
        self.wtr
    }

    /// Pushes an unfinished node (reusing a kept entry's vector).
    fn push(&mut self, is_final: bool, last: Option<(u8, u64)>) {
        if self.depth == self.stack.len() {
            self.stack.push(Unfinished::default());
        }
        let u = &mut self.stack[self.depth];
        u.node.is_final = is_final;
        u.node.final_output = 0;
        u.node.trans.clear();
        u.last = last;
        self.depth += 1;
    }

    /// How far `key` follows the last key's path, moving outputs along it so that the
    /// shared prefix carries the smaller output (`UnfinishedNodes::
    /// find_common_prefix_and_set_output`); with every output 0 it only counts.
    fn common_prefix_and_set_output(&mut self, key: &[u8], mut out: u64) -> (usize, u64) {
        let mut i = 0;
        while i < key.len() {
            let add_prefix = match &mut self.stack[i].last {
                Some((inp, t_out)) if *inp == key[i] => {
                    i += 1;
                    let common = (*t_out).min(out);
                    let add = *t_out - common;
                    out -= common;
                    *t_out = common;
                    add
                }
                _ => break,
            };
            if add_prefix != 0 {
                self.stack[i].add_output_prefix(add_prefix);
            }
        }
        (i, out)
    }

    /// Compiles the nodes of the last key's path below depth `istate` (deepest first) and
    /// freezes the transition into them.
    fn compile_from(&mut self, istate: usize) {
        let mut addr = NONE_ADDRESS;
        while istate + 1 < self.depth {
            self.depth -= 1;
            let mut u = std::mem::take(&mut self.stack[self.depth]);
            if addr != NONE_ADDRESS {
                u.last_compiled(addr);
            }
            // The parent's hash but for its last transition's target, which is this
            // node's address: compile prefetches the parent's registry row with it, so
            // that the parent's lookup (next) does not wait on memory.
            let parent = Registry::partial_hash(&self.stack[self.depth - 1]);
            addr = self.compile_hinted(&u.node, parent);
            self.stack[self.depth] = u;
        }
        self.stack[self.depth - 1].last_compiled(addr);
    }

    fn add_suffix(&mut self, suffix: &[u8], out: u64) {
        let Some((&first, rest)) = suffix.split_first() else {
            return;
        };
        self.stack[self.depth - 1].last = Some((first, out));
        for &b in rest {
            self.push(false, Some((b, 0)));
        }
        self.push(true, None);
    }

    /// The address of `node`: one the registry holds, or written now.
    fn compile(&mut self, node: &Node) -> usize {
        self.compile_hinted(node, None)
    }

    /// As [`FstBuilder::compile`]; `parent` is the hash of the node that will point at this
    /// one, short of this one's address ([`Registry::partial_hash`]), to prefetch its row.
    fn compile_hinted(&mut self, node: &Node, parent: Option<u64>) -> usize {
        if node.is_final && node.trans.is_empty() && node.final_output == 0 {
            return EMPTY_ADDRESS;
        }
        let (row, hash) = Registry::row(node);
        // A node with a transition to the last node written cannot be registered: every
        // cell was filled before that node existed, but for the cell holding the node
        // itself. So the lookup (a load that misses the cache on large key sets, on the
        // critical path) is skipped; the insert below does what a failed lookup and insert
        // do, so the registry, hence the bytes, are the same.
        let fresh_child = node
            .trans
            .last()
            .is_some_and(|t| t.addr == self.last_addr && t.addr != NONE_ADDRESS);
        if !fresh_child {
            if let Some(addr) = self.registry.find(row, hash, node) {
                if let Some(p) = parent {
                    self.registry.prefetch(Registry::finish_hash(p, addr));
                }
                return addr;
            }
        }
        let start = self.pos();
        write_node(&mut self.wtr, self.last_addr, start, node);
        self.last_addr = self.pos() - 1;
        if let Some(p) = parent {
            self.registry
                .prefetch(Registry::finish_hash(p, self.last_addr));
        }
        self.registry.insert(row, hash, node, self.last_addr);
        self.last_addr
    }
}

/// Compiled nodes by content: `fst`'s bounded registry (10,000 rows of 2 cells, least
/// recently used replaced). Laid out for the cache: a row is 32 bytes (the cells' addresses
/// and hashes, and which cell is the more recent), so most misses read nothing else; a
/// cell's node is one 64-byte line (up to two transitions inline, more in a vector kept
/// for the cell) read only when the hashes match; a row's order is a bit, not a swap.
struct Registry {
    rows: Vec<Row>,
    /// The node of each cell (`2 * row + cell`).
    cells: Vec<CellNode>,
    /// The transitions of a cell's node when it has more than [`INLINE`].
    spill: Vec<Vec<Transition>>,
    /// Where each cell's transitions are in `spill`, plus one (0: none yet). Kept apart, so
    /// that a small key set allocates room for the few wide nodes it has, not a vector per
    /// cell (20,000 of them, each freed again).
    spill_at: Vec<u32>,
}

/// A row's `addr` when its cell holds no node: the empty final node's address, which is never
/// registered (`compile_hinted` returns it first), so that a vacant row is all zeros.
const VACANT: usize = EMPTY_ADDRESS;

#[derive(Clone, Copy)]
#[repr(align(32))]
struct Row {
    /// The cells' node addresses ([`VACANT`] when empty).
    addr: [usize; 2],
    /// The cells' hashes (the low half: only a filter before comparing nodes).
    hash: [u32; 2],
    /// The most recently used cell (0 or 1).
    mru: usize,
}

/// Transitions a cell holds inline.
const INLINE: usize = 2;

#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct CellNode {
    final_output: u64,
    is_final: bool,
    ntrans: u16,
    trans: [Transition; INLINE],
}

impl Registry {
    fn new() -> Registry {
        // Zeroed memory (a vacant row is all zeros): the allocator hands over untouched
        // pages for the 1.6 MB of rows and cells, and a small key set faults in only the
        // few pages it uses, where filling them cost every builder ~1 ms before its first
        // key (set building for a tiny input: a fuzz target, `from_words` of a few words).
        Registry {
            rows: zeroed_vec(REGISTRY_ROWS),
            cells: zeroed_vec(2 * REGISTRY_ROWS),
            spill: Vec::new(),
            spill_at: vec![0; 2 * REGISTRY_ROWS],
        }
    }

    /// The FNV-1a state of `u`'s node once its last transition is frozen, short of that
    /// transition's target; `None` when it has no last transition or more than two frozen
    /// ones (hashing a wide node again for every child would cost more than the prefetch
    /// saves; deep in a large key set nearly every node has one or two).
    #[inline]
    fn partial_hash(u: &Unfinished) -> Option<u64> {
        const PRIME: u64 = 1_099_511_628_211;
        let (inp, out) = u.last?;
        if u.node.trans.len() > 2 {
            return None;
        }
        let mut h: u64 = 14_695_981_039_346_656_037;
        h = (h ^ u64::from(u.node.is_final)).wrapping_mul(PRIME);
        h = (h ^ u.node.final_output).wrapping_mul(PRIME);
        for t in &u.node.trans {
            h = (h ^ u64::from(t.inp)).wrapping_mul(PRIME);
            h = (h ^ t.out).wrapping_mul(PRIME);
            h = (h ^ t.addr as u64).wrapping_mul(PRIME);
        }
        h = (h ^ u64::from(inp)).wrapping_mul(PRIME);
        Some((h ^ out).wrapping_mul(PRIME))
    }

    /// [`Registry::row`]'s hash from a [`Registry::partial_hash`] and the last target.
    #[inline]
    fn finish_hash(partial: u64, addr: usize) -> u64 {
        (partial ^ addr as u64).wrapping_mul(1_099_511_628_211)
    }

    /// Starts loading the row of `hash` and its two cells into the cache.
    #[inline]
    fn prefetch(&self, hash: u64) {
        let row = (hash % REGISTRY_ROWS as u64) as usize;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults, and both pointers are in bounds (`row` is below
        // REGISTRY_ROWS; `cells` holds two per row).
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.rows.as_ptr().add(row).cast());
            _mm_prefetch::<_MM_HINT_T0>(self.cells.as_ptr().add(2 * row).cast());
            _mm_prefetch::<_MM_HINT_T0>(self.cells.as_ptr().add(2 * row + 1).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = row;
    }

    /// The row of a node, and its hash: FNV-1a over the node as `fst` hashes it.
    #[inline]
    fn row(node: &Node) -> (usize, u64) {
        const PRIME: u64 = 1_099_511_628_211;
        let mut h: u64 = 14_695_981_039_346_656_037;
        h = (h ^ u64::from(node.is_final)).wrapping_mul(PRIME);
        h = (h ^ node.final_output).wrapping_mul(PRIME);
        for t in &node.trans {
            h = (h ^ u64::from(t.inp)).wrapping_mul(PRIME);
            h = (h ^ t.out).wrapping_mul(PRIME);
            h = (h ^ t.addr as u64).wrapping_mul(PRIME);
        }
        ((h % REGISTRY_ROWS as u64) as usize, h)
    }

    /// The address of a registered node equal to `node` (that cell becomes the most
    /// recently used).
    #[inline]
    fn find(&mut self, row: usize, hash: u64, node: &Node) -> Option<usize> {
        let r = self.rows[row];
        for cell in [r.mru, r.mru ^ 1] {
            if r.addr[cell] != VACANT
                && r.hash[cell] == hash as u32
                && self.holds(2 * row + cell, node)
            {
                self.rows[row].mru = cell;
                return Some(r.addr[cell]);
            }
        }
        None
    }

    /// Whether cell `i` holds `node`.
    #[inline]
    fn holds(&self, i: usize, node: &Node) -> bool {
        let c = &self.cells[i];
        c.is_final == node.is_final
            && c.final_output == node.final_output
            && usize::from(c.ntrans) == node.trans.len()
            && match node.trans.len() {
                0..=INLINE => c.trans[..node.trans.len()] == node.trans[..],
                _ => self.spill[self.spill_at[i] as usize - 1] == node.trans,
            }
    }

    /// Registers `node` at `addr` in the row's least recently used cell.
    #[inline]
    fn insert(&mut self, row: usize, hash: u64, node: &Node, addr: usize) {
        let r = &mut self.rows[row];
        let cell = r.mru ^ 1;
        r.hash[cell] = hash as u32;
        r.addr[cell] = addr;
        r.mru = cell;
        let i = 2 * row + cell;
        let c = &mut self.cells[i];
        c.is_final = node.is_final;
        c.final_output = node.final_output;
        // At most 256 transitions.
        c.ntrans = node.trans.len() as u16;
        if node.trans.len() <= INLINE {
            c.trans[..node.trans.len()].copy_from_slice(&node.trans);
        } else {
            if self.spill_at[i] == 0 {
                self.spill.push(Vec::new());
                // At most one entry per cell: 20,000.
                self.spill_at[i] = self.spill.len() as u32;
            }
            self.spill[self.spill_at[i] as usize - 1].clone_from(&node.trans);
        }
    }
}

/// Plain data whose all-zero bytes are a valid value (integers, `bool`, arrays and structs
/// of them).
///
/// # Safety
/// Every field of the type, recursively, must accept all-zero bytes.
unsafe trait Zeroable: Copy {}
// SAFETY: all fields are integers (`usize`, `u32`).
unsafe impl Zeroable for Row {}
// SAFETY: all fields are integers, a `bool` and `Transition`s (a `u8`, `u64` and `usize`).
unsafe impl Zeroable for CellNode {}

/// `n` all-zero values, allocated zeroed (`calloc`: fresh pages are not written).
fn zeroed_vec<T: Zeroable>(n: usize) -> Vec<T> {
    let layout = std::alloc::Layout::array::<T>(n).expect("registry size fits");
    if n == 0 || layout.size() == 0 {
        return Vec::new();
    }
    // SAFETY: the layout has a non-zero size; a null pointer is handled; the memory is `n`
    // zeroed values of `T`, valid by `Zeroable`, allocated with `Layout::array::<T>(n)` as
    // `Vec<T>` of capacity `n` frees it.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<T>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(ptr, n, n)
    }
}

/// Writes `node`, starting at address `addr`; `last_addr` is the last node written.
fn write_node(w: &mut Vec<u8>, last_addr: usize, addr: usize, node: &Node) {
    debug_assert!(node.trans.len() <= 256);
    match node.trans.as_slice() {
        [t] if !node.is_final => {
            if t.addr == last_addr && t.out == 0 {
                // One transition to the node written just before: no address.
                let common = common_index(t.inp);
                if common == 0 {
                    w.push(t.inp);
                }
                w.push(0b11_000000 | common);
            } else {
                let osize = if t.out == 0 {
                    0
                } else {
                    pack_uint(w, t.out, pack_size(t.out))
                };
                let tsize = pack_uint(w, delta(addr, t.addr), pack_size(delta(addr, t.addr)));
                w.push(tsize << 4 | osize);
                let common = common_index(t.inp);
                if common == 0 {
                    w.push(t.inp);
                }
                w.push(0b10_000000 | common);
            }
        }
        trans => {
            let mut tsize = 0;
            let mut osize = pack_size(node.final_output);
            let mut any_outs = node.final_output != 0;
            for t in trans {
                tsize = tsize.max(pack_size(delta(addr, t.addr)));
                osize = osize.max(pack_size(t.out));
                any_outs |= t.out != 0;
            }
            if any_outs {
                if node.is_final {
                    pack_uint(w, node.final_output, osize);
                }
                for t in trans.iter().rev() {
                    pack_uint(w, t.out, osize);
                }
            } else {
                osize = 0;
            }
            for t in trans.iter().rev() {
                pack_uint(w, delta(addr, t.addr), tsize);
            }
            w.extend(trans.iter().rev().map(|t| t.inp));
            if trans.len() > TRANS_INDEX_THRESHOLD {
                // 255: no transition on that byte.
                let mut index = [255u8; 256];
                for (i, t) in trans.iter().enumerate() {
                    index[usize::from(t.inp)] = i as u8;
                }
                w.extend_from_slice(&index);
            }
            w.push(tsize << 4 | osize);
            let mut state = if node.is_final { 0b01_000000 } else { 0 };
            match trans.len() {
                n @ 1..=0b111111 => state |= n as u8,
                // 256 does not fit a byte, and 1 is always in the state byte.
                256 => w.push(1),
                n => w.push(n as u8),
            }
            w.push(state);
        }
    }
}

/// The distance back from a node at `addr` to its transition's target (0 for the empty
/// final node).
#[inline]
fn delta(addr: usize, target: usize) -> u64 {
    if target == EMPTY_ADDRESS {
        EMPTY_ADDRESS as u64
    } else {
        (addr - target) as u64
    }
}

/// Bytes needed for `n` (at least 1).
#[inline]
fn pack_size(n: u64) -> u8 {
    (8 - (n.leading_zeros() / 8) as u8).max(1)
}

/// Writes the low `size` bytes of `n`, little-endian; returns `size`.
#[inline]
fn pack_uint(w: &mut Vec<u8>, n: u64, size: u8) -> u8 {
    w.extend_from_slice(&n.to_le_bytes()[..usize::from(size)]);
    size
}

/// Input bytes written into a node's state byte rather than after it, most common first
/// (`fst`'s `COMMON_INPUTS_INV`, the first 63: its table was tallied from real key sets).
const COMMON_INPUTS: &[u8; 63] = b"te/oasripcnw.hlm-du012g=:bf3y5&_4v9678k%?xCDASFIBEjPTzRNM+LOqHG";

/// `1 + ` the place of `b` in [`COMMON_INPUTS`], or 0.
#[inline]
fn common_index(b: u8) -> u8 {
    COMMON_INDEX[usize::from(b)]
}

static COMMON_INDEX: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < COMMON_INPUTS.len() {
        t[COMMON_INPUTS[i] as usize] = i as u8 + 1;
        i += 1;
    }
    t
};

/// Bytes a [`FstBuilder::streaming`] holds before handing them to its sink.
pub const FLUSH_BYTES: usize = 1 << 20;

/// The output of a streaming builder.
struct Sink {
    out: Box<dyn std::io::Write + Send>,
    /// Bytes written to `out`.
    flushed: usize,
    /// [`crc32c_update`]'s state over them.
    crc: u32,
}

impl Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.out.write_all(bytes)?;
        self.crc = crc32c_update(self.crc, bytes);
        self.flushed += bytes.len();
        Ok(())
    }
}

/// CRC-32C (Castagnoli), as `fst` checksums its bytes.
pub(crate) fn crc32c(bytes: &[u8]) -> u32 {
    !crc32c_update(!0, bytes)
}

/// The CRC-32C state after `bytes`, from the state `crc` (`!0` to start; the sum is the
/// state inverted).
fn crc32c_update(mut crc: u32, bytes: &[u8]) -> u32 {
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let lo = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) ^ crc;
        crc = CRC_TABLES[7][(lo & 0xFF) as usize]
            ^ CRC_TABLES[6][(lo >> 8 & 0xFF) as usize]
            ^ CRC_TABLES[5][(lo >> 16 & 0xFF) as usize]
            ^ CRC_TABLES[4][(lo >> 24) as usize]
            ^ CRC_TABLES[3][usize::from(c[4])]
            ^ CRC_TABLES[2][usize::from(c[5])]
            ^ CRC_TABLES[1][usize::from(c[6])]
            ^ CRC_TABLES[0][usize::from(c[7])];
    }
    for &b in chunks.remainder() {
        crc = CRC_TABLES[0][((crc ^ u32::from(b)) & 0xFF) as usize] ^ (crc >> 8);
    }
    crc
}

/// The checksum as `fst` (and Snappy's framing) stores it: rotated and offset.
pub(crate) fn masked(sum: u32) -> u32 {
    sum.rotate_right(15).wrapping_add(0xA282_EAD8)
}

/// Slicing-by-8 tables of the reflected Castagnoli polynomial.
static CRC_TABLES: [[u32; 256]; 8] = {
    const POLY: u32 = 0x82F6_3B78;
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 { c >> 1 ^ POLY } else { c >> 1 };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut s = 1;
    while s < 8 {
        let mut i = 0;
        while i < 256 {
            let prev = t[s - 1][i];
            t[s][i] = prev >> 8 ^ t[0][(prev & 0xFF) as usize];
            i += 1;
        }
        s += 1;
    }
    t
};

#[cfg(test)]
mod tests;
