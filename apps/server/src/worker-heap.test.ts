import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './worker-heap.js';

describe("a cluster worker's heap limit", () => {
  it('is added to the arguments the workers start with', () => {
    expect(workerExecArgv(320, ['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      '--max-old-space-size=320',
    ]);
  });

  it("leaves an operator's own limit, given to node or in NODE_OPTIONS", () => {
    expect(workerExecArgv(320, ['--max-old-space-size=1024'])).toEqual(['--max-old-space-size=1024']);
    expect(workerExecArgv(320, [], '--trace-warnings --max-old-space-size=2048')).toEqual([]);
  });
});
