// How a refresh shows its progress: a bar redrawn in place on a terminal, plain lines in a log
// (a log reader wants each finished step once, not carriage returns).

export interface ProgressSink {
  write(text: string): void;
  isTTY?: boolean;
}

export interface RefreshProgress {
  /** A step (one store's specials or full listing) began. */
  started(label: string): void;
  /** A request went out. */
  request(): void;
  /** A step ended; `line` says how. */
  finished(line: string): void;
  close(): void;
}

export function refreshProgress(sink: ProgressSink, steps: number): RefreshProgress {
  let done = 0;
  let requests = 0;
  const current = new Set<string>();
  let lastDraw = 0;

  const bar = () => {
    const width = 24;
    const filled = steps === 0 ? width : Math.round((done / steps) * width);
    const doing = [...current].join(', ');
    return `\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${steps} steps, ${requests} requests${doing ? ` - ${doing}` : ''}`;
  };
  const draw = (force = false) => {
    if (!sink.isTTY) return;
    const now = Date.now();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    sink.write(bar());
  };

  return {
    started(label) {
      current.add(label);
      if (!sink.isTTY) sink.write(`refresh: ${label}: started\n`);
      draw(true);
    },
    request() {
      requests++;
      draw();
    },
    finished(line) {
      done++;
      for (const label of current) if (line.startsWith(label)) current.delete(label);
      if (sink.isTTY) sink.write(`\r\x1b[2K${line}\n`);
      else sink.write(`refresh: ${line}\n`);
      draw(true);
    },
    close() {
      if (sink.isTTY) sink.write('\r\x1b[2K');
    },
  };
}
