import { describe, expect, it } from 'vitest';
import { refreshProgress } from './refresh-progress.js';

describe('refresh progress', () => {
  it('redraws one bar in place on a terminal, keeping finished steps as lines', () => {
    const out: string[] = [];
    const progress = refreshProgress({ isTTY: true, write: (s) => void out.push(s) }, 4);
    progress.started('woolworths Woolworths Nelson specials');
    progress.request();
    progress.finished('woolworths Woolworths Nelson specials: 5 products, 5 prices changed, 0 delisted');
    progress.close();
    const text = out.join('');
    const empty = '.'.repeat(24);
    expect(text).toContain(
      `\r\x1b[2K[${empty}] 0/4 steps, 0 requests - woolworths Woolworths Nelson specials`,
    );
    expect(text).toContain(
      '\r\x1b[2Kwoolworths Woolworths Nelson specials: 5 products, 5 prices changed, 0 delisted\n',
    );
    expect(text).toContain(`[${'#'.repeat(6)}${'.'.repeat(18)}] 1/4 steps, 1 requests`);
  });

  it('writes plain lines in a log', () => {
    const out: string[] = [];
    const progress = refreshProgress({ write: (s) => void out.push(s) }, 1);
    progress.started('paknsave Albany full');
    progress.request();
    progress.finished('paknsave Albany full: failed');
    progress.close();
    expect(out).toEqual([
      'refresh: paknsave Albany full: started\n',
      'refresh: paknsave Albany full: failed\n',
    ]);
  });
});
