import { describe, expect, it } from 'vitest';
import { takeFrames } from './sse-frames.js';

describe('takeFrames', () => {
  it('parses complete frames and keeps the unfinished tail', () => {
    const { frames, rest } = takeFrames('event: ready\ndata: {"you":1}\n\nevent: change\ndata: {"a"');
    expect(frames).toEqual([{ event: 'ready', data: '{"you":1}' }]);
    expect(rest).toBe('event: change\ndata: {"a"');
  });

  it('joins multi-line data, skips comments and reads CRLF', () => {
    const { frames } = takeFrames(': hi\r\ndata: one\r\ndata: two\r\n\r\n');
    expect(frames).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('ignores frames with nothing in them', () => {
    expect(takeFrames(': ping\n\n').frames).toEqual([]);
  });
});
