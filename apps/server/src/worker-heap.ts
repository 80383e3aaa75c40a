// The heap limit each server process of a cluster runs with. V8 sizes its heap from the machine's
// memory (about 4 GB on a 24 GB machine) and lets garbage pile up towards that before collecting
// it in full: at NZ scale a worker whose live data was ~200 MB peaked at 506 MB resident. With a
// limit V8 collects sooner; 320 MB kept each worker under the 400 MB that issue 15 sets, at the
// same speed (decision 0011). An operator's own limit (NODE_OPTIONS or node's arguments) wins.
const HEAP_FLAG = '--max-old-space-size';

export function workerExecArgv(heapMb: number, execArgv: string[], nodeOptions = ''): string[] {
  const ownLimit = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg.startsWith(HEAP_FLAG));
  return ownLimit ? execArgv : [...execArgv, `${HEAP_FLAG}=${heapMb}`];
}
