// Small byte strings kept for a long time (a product's JSON, kept between searches), copied into
// large slabs of their own. Node gives small Buffers slices of a shared 8 KB pool: kept slices
// sat between the short-lived ones of each request, and a pool lives while any slice of it does,
// so 25 MB of kept JSON held twice that (measured: 430 MB per worker against 350 at NZ scale).
// A slab is freed when every piece copied into it has been dropped.

/** Each slab's size: large enough that its few hundred pieces share one allocation. */
const SLAB_BYTES = 256 * 1024;
/** A piece this large gets an allocation of its own (it would waste a slab's tail). */
const OWN_FROM_BYTES = SLAB_BYTES / 8;

/** A piece's length in bytes: a Buffer's own, a string's as UTF-8. */
export const byteLengthOf = (piece: Buffer | string) =>
  typeof piece === 'string' ? Buffer.byteLength(piece, 'utf8') : piece.length;

export class ByteArena {
  private slab = Buffer.allocUnsafeSlow(0);
  private used = 0;

  /** The pieces (UTF-8 for strings) one after another, as one kept Buffer. */
  keep(pieces: readonly (Buffer | string)[]): Buffer {
    let length = 0;
    for (const piece of pieces) length += byteLengthOf(piece);
    const target = this.room(length);
    let at = 0;
    for (const piece of pieces)
      at += typeof piece === 'string' ? target.write(piece, at, 'utf8') : piece.copy(target, at);
    return target;
  }

  private room(length: number): Buffer {
    if (length >= OWN_FROM_BYTES) return Buffer.allocUnsafeSlow(length);
    if (this.used + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      this.used = 0;
    }
    const start = this.used;
    this.used += length;
    return this.slab.subarray(start, start + length);
  }
}
