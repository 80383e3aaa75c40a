// Server-sent event frames, parsed from a growing text buffer: the stream is read with fetch (so
// the access token travels in the Authorization header), not EventSource.
export interface SseFrame {
  event: string;
  data: string;
}

/** Splits off every complete frame; `rest` is the unfinished tail to keep for the next chunk. */
export function takeFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const text = buffer.replace(/\r\n?/g, '\n');
  let start = 0;
  let end = text.indexOf('\n\n', start);
  while (end >= 0) {
    const block = text.slice(start, end);
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue; // a comment
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') frames.push({ event, data: data.join('\n') });
    start = end + 2;
    end = text.indexOf('\n\n', start);
  }
  return { frames, rest: text.slice(start) };
}
