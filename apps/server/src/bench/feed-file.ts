// Writes feed lines to a file in chunks, waiting when the stream is full (10M lines would not fit
// in memory as one string). Used by the catalogue bench and write-nz-feed.
import { once } from 'node:events';
import { closeSync, createWriteStream, fsyncSync, openSync } from 'node:fs';

/** Writes every line to `file` and answers how many there were. */
export async function writeFeedFile(file: string, feedLines: Iterable<string>): Promise<number> {
  const fd = openSync(file, 'w');
  const out = createWriteStream(file, { fd, autoClose: false });
  let lines = 0;
  let chunk: string[] = [];
  for (const line of feedLines) {
    chunk.push(line);
    lines++;
    if (chunk.length === 2000) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  out.end(chunk.length ? `${chunk.join('\n')}\n` : '');
  await once(out, 'finish');
  // On disk before anything is timed: otherwise the OS writes the 3.4 GB back while the ingest
  // runs, and the ingest's figure carries it.
  fsyncSync(fd);
  closeSync(fd);
  return lines;
}
