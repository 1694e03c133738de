//! Helpers shared by the fuzz targets that open fst files.

use folio_lexicon::build::FstBuilder;

/// Turns fuzz bytes into an fst file that passes folio's footer check and the fst checksum,
/// so a target reaches the walks behind them (a malformed but checksummed file is what the
/// guard exists for).
///
/// Input layout: byte 0 chooses the mode. Even: the rest are the file's bytes (padded to the
/// 36-byte minimum), with the root address and checksum fixed up. Odd: the rest is a list of
/// lines (keys, sorted and de-duplicated here) up to the first `0xFF`, built into a valid fst
/// (a map when `map`), then the bytes after the `0xFF` taken in threes (`offset` u16 LE,
/// `xor` byte) flip bytes of it; the checksum is fixed up last.
pub fn checksummed_fst(data: &[u8], map: bool) -> Option<Vec<u8>> {
    let (&mode, rest) = data.split_first()?;
    let mut bytes = if mode & 1 == 0 {
        let mut b = rest.to_vec();
        b.resize(b.len().max(36), 0);
        if mode & 2 == 0 {
            // Format 3: the root address sits before the checksum, 21 bytes from the end.
            let n = b.len();
            let root = (n - 21) as u64;
            b[..8].copy_from_slice(&3u64.to_le_bytes());
            b[n - 12..n - 4].copy_from_slice(&root.to_le_bytes());
        }
        b
    } else {
        let split = rest.iter().position(|&b| b == 0xFF).unwrap_or(rest.len());
        let (keys, flips) = rest.split_at(split);
        let mut keys: Vec<&[u8]> = keys.split(|&b| b == b'\n').collect();
        keys.sort_unstable();
        keys.dedup();
        // folio's builder (the fst crate's bytes, as `fst_build` checks) without the fst
        // crate's registry set-up, which cost more than the rest of a small input.
        let mut builder = FstBuilder::new(rest.len() + 64);
        for (i, k) in keys.iter().enumerate() {
            let out = if map { 1 + (i as u64 * 7919) % 1000 } else { 0 };
            builder.insert(k, out).ok()?;
        }
        let mut b = builder.finish();
        let body = b.len() - 4;
        for f in flips.get(1..).unwrap_or_default().chunks_exact(3) {
            let at = usize::from(u16::from_le_bytes([f[0], f[1]])) % body;
            b[at] ^= f[2];
        }
        b
    };
    let n = bytes.len();
    let sum = masked_crc32c(&bytes[..n - 4]);
    bytes[n - 4..].copy_from_slice(&sum.to_le_bytes());
    Some(bytes)
}

/// fst's checksum: CRC-32C (Castagnoli), masked as in the Snappy frame format.
fn masked_crc32c(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0x82F6_3B78 & (crc & 1).wrapping_neg());
        }
    }
    let sum = !crc;
    (sum.rotate_right(15)).wrapping_add(0xA282_EAD8)
}
