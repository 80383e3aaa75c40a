// Whether a shopper's word is one slip of the thumb from another: one letter changed, dropped,
// added, or two neighbours swapped (Damerau's four single edits). Search uses it to still find
// "chicken" for "chiken" (issue 49).

/** a and b[0 .. bLength) agree from a[ai] and b[bi] for `count` characters. */
function same(a: string, ai: number, b: string, bi: number, count: number): boolean {
  for (let k = 0; k < count; k++) if (a.charCodeAt(ai + k) !== b.charCodeAt(bi + k)) return false;
  return true;
}

/**
 * Whether `a` and the first `bLength` characters of `b` (all of it by default) differ by at most
 * one edit. Reads b in place, so the prefixes of many words can be tried without copying them.
 */
export function withinOneEdit(a: string, b: string, bLength = b.length): boolean {
  const n = a.length;
  const m = bLength;
  if (m > b.length || Math.abs(n - m) > 1) return false;
  let i = 0;
  while (i < n && i < m && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (n === m) {
    if (i === n) return true;
    return (
      same(a, i + 1, b, i + 1, n - i - 1) ||
      (i + 1 < n &&
        a.charCodeAt(i) === b.charCodeAt(i + 1) &&
        a.charCodeAt(i + 1) === b.charCodeAt(i) &&
        same(a, i + 2, b, i + 2, n - i - 2))
    );
  }
  // One letter more in a (dropped from b) or one letter more in b (dropped from a).
  return n > m ? same(a, i + 1, b, i, m - i) : same(a, i, b, i + 1, n - i);
}

/** The prefix of `word` (its length) that `typed` is one edit from, as short as can be; 0 if none. */
export function prefixWithinOneEdit(typed: string, word: string): number {
  for (const length of [typed.length - 1, typed.length, typed.length + 1])
    if (length > 0 && withinOneEdit(typed, word, length)) return length;
  return 0;
}
