import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetIdleSendBuffers, idleSendBufferBytes, reuseAfterSent, sendBuffer } from './send-buffers.js';

/** What reuseAfterSent listens to on a response: its 'finish'. */
const response = () => new EventEmitter() as unknown as ServerResponse;
const memoryOf = (bytes: Buffer) => bytes.buffer;

describe('buffers for answers sent once', () => {
  // Another file's answers may have filled the pool to its bound (then nothing given back is kept).
  beforeEach(forgetIdleSendBuffers);

  it('gives the same memory to the next answer once the last one was handed to the OS', () => {
    const sent = response();
    const first = sendBuffer(62_000);
    expect(first.length).toBe(62_000);
    reuseAfterSent(sent, first);
    sent.emit('finish');
    const second = sendBuffer(63_000);
    expect(memoryOf(second)).toBe(memoryOf(first));
    expect(second.length).toBe(63_000);
  });

  it('never lends memory that a response still sending holds', () => {
    const sending = response();
    const first = sendBuffer(40_000);
    reuseAfterSent(sending, first);
    const meanwhile = sendBuffer(40_000);
    expect(memoryOf(meanwhile)).not.toBe(memoryOf(first));
    // A response that never finishes (the client went away) never gives its buffer back.
    sending.emit('close');
    expect(memoryOf(sendBuffer(40_000))).not.toBe(memoryOf(first));
  });

  it('gives a buffer back once, however often its response finishes', () => {
    const sent = response();
    const bytes = sendBuffer(30_000);
    reuseAfterSent(sent, bytes);
    reuseAfterSent(sent, bytes);
    sent.emit('finish');
    sent.emit('finish');
    const a = sendBuffer(30_000);
    const b = sendBuffer(30_000);
    expect(memoryOf(a)).not.toBe(memoryOf(b));
  });

  it('leaves small, large and foreign buffers alone', () => {
    const before = idleSendBufferBytes();
    for (const length of [100, 2 * 1024 * 1024]) {
      const sent = response();
      const bytes = sendBuffer(length);
      expect(bytes.length).toBe(length);
      reuseAfterSent(sent, bytes);
      sent.emit('finish');
    }
    const sent = response();
    reuseAfterSent(sent, Buffer.alloc(50_000));
    sent.emit('finish');
    expect(idleSendBufferBytes()).toBe(before);
  });

  it('keeps at most 8 MB idle after a burst', () => {
    const burst = Array.from({ length: 40 }, () => ({ sent: response(), bytes: sendBuffer(500_000) }));
    for (const { sent, bytes } of burst) reuseAfterSent(sent, bytes);
    for (const { sent } of burst) sent.emit('finish');
    expect(idleSendBufferBytes()).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(idleSendBufferBytes()).toBeGreaterThan(0);
  });
});
