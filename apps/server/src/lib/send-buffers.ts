// Reused memory for answers that are sent once and dropped: a search with a new text is copied
// together into 62 KB (products/product-json.ts) that lives only until the socket has it. A new
// Buffer of that size is memory outside V8's heap, and V8 counts such memory: at 1,700 searches a
// second per process that was 100 MB a second, and each 64 MB of it started a full mark-compact
// (one every ~2.3 s, pausing the process 7-64 ms while 25 requests waited). Taken from here and
// given back once the answer has been handed to the operating system, the same few buffers serve
// every request (decision 0031, fifth round: 59 full collections in a bench run instead of 74;
// the rest come from the answers the answer cache keeps).
//
// Safety rests on one rule: a buffer is given back only on its response's 'finish' (every byte
// handed to the OS). A response that never finishes (the client went away) never gives its
// buffer back, and the garbage collector frees it as before.
import type { ServerResponse } from 'node:http';

/** Smallest size class (bytes): a smaller answer is not worth a pooled buffer. */
const SMALLEST = 16 * 1024;
/** Largest size class: a larger answer gets memory of its own, as before. */
const LARGEST = 1024 * 1024;
/** Idle buffers kept in all, so a burst of large answers does not hold memory after it. */
const MAX_IDLE_BYTES = 8 * 1024 * 1024;

/** Idle buffers by size class (a power of two from SMALLEST to LARGEST). */
const idle = new Map<number, Buffer[]>();
let idleBytes = 0;
let lentCount = 0;
/** Each buffer handed out (the answer's own view of it) and the whole pooled buffer behind it. */
const lent = new WeakMap<Buffer, Buffer>();

function sizeClass(length: number): number {
  let size = SMALLEST;
  while (size < length) size *= 2;
  return size;
}

/**
 * `length` bytes to write an answer into, which the caller sends once (then reuseAfterSent) and
 * keeps nowhere else. Contents are not zeroed: the caller writes every byte.
 */
export function sendBuffer(length: number): Buffer {
  if (length < SMALLEST || length > LARGEST) return Buffer.allocUnsafeSlow(length);
  const size = sizeClass(length);
  const whole = idle.get(size)?.pop();
  if (whole) idleBytes -= size;
  const pooled = whole ?? Buffer.allocUnsafeSlow(size);
  lentCount += 1;
  const view = pooled.subarray(0, length);
  lent.set(view, pooled);
  return view;
}

/**
 * Gives `bytes` back once `response` has handed all of it to the OS ('finish'); bytes that are not
 * from sendBuffer are left alone. Call it with what was passed to reply.send.
 */
export function reuseAfterSent(response: ServerResponse, bytes: Buffer): void {
  const pooled = lent.get(bytes);
  if (!pooled) return;
  lent.delete(bytes);
  response.once('finish', () => giveBack(pooled));
}

function giveBack(pooled: Buffer): void {
  if (idleBytes + pooled.length > MAX_IDLE_BYTES) return;
  let buffers = idle.get(pooled.length);
  if (!buffers) {
    buffers = [];
    idle.set(pooled.length, buffers);
  }
  buffers.push(pooled);
  idleBytes += pooled.length;
}

/** For tests: how many bytes of buffers wait to be reused. */
export const idleSendBufferBytes = () => idleBytes;
/** For tests: drops the idle buffers (the server tests' files share one process, and its pool). */
export function forgetIdleSendBuffers(): void {
  idle.clear();
  idleBytes = 0;
}
/** For tests: how many pooled buffers were handed out so far (this process, all tests in it). */
export const pooledSendBuffersLent = () => lentCount;
