// npm run kete -- ingest <file|->: loads an NDJSON feed (docs/data-feed.md) from a file or stdin.
// The lines are parsed on a worker thread while this one writes them (feed-source.ts).
import { type FileHandle, open } from 'node:fs/promises';
import { type CliCommand, UsageError } from '../../cli/command.js';
import { type IngestReport, ingestFile, ingestStream } from './ingest.service.js';

export function describeReport(report: IngestReport, seconds: number): string[] {
  const out = report.errors.map((e) => `line ${e.line}: ${e.reason}`);
  if (report.skipped > report.errors.length)
    out.push(`... and ${report.skipped - report.errors.length} more bad lines`);
  const rate = Math.round(report.lines / Math.max(seconds, 0.001));
  out.push(
    `Read ${report.lines} lines in ${seconds.toFixed(1)} s (${rate} lines/s): ` +
      `${report.productsCreated} new products, ${report.pricesAdded} new prices, ${report.pricesChanged} changed, ` +
      `${report.pricesUnchanged} unchanged, ${report.delisted} delisted, ${report.skipped} bad lines skipped.`,
  );
  return out;
}

export const ingestCommand: CliCommand = {
  name: 'ingest',
  usage: 'ingest <file.ndjson|->',
  summary: 'Load a price feed (NDJSON, see docs/data-feed.md) from a file or stdin',
  async run(args, ctx, io) {
    const [path] = args;
    if (!path || args.length > 1) throw new UsageError('Give one feed file, or - to read stdin.');
    let file: FileHandle | undefined;
    if (path !== '-') {
      try {
        file = await open(path, 'r');
      } catch (error) {
        io.err(`Cannot read ${path}: ${(error as Error).message}`);
        return 1;
      }
    }
    const started = performance.now();
    let report: IngestReport;
    try {
      report = file ? await ingestFile(ctx, file) : await ingestStream(ctx, process.stdin);
    } finally {
      await file?.close();
    }
    const lines = describeReport(report, (performance.now() - started) / 1000);
    for (const line of lines.slice(0, -1)) io.err(line);
    io.out(lines.at(-1) ?? '');
    return report.skipped > 0 ? 3 : 0;
  },
};
