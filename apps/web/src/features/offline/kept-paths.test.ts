import { describe, expect, it } from 'vitest';
import { keptReadOf, switchPathOf, workspaceOfPath } from './kept-paths.js';

describe('keptReadOf', () => {
  it('keeps start-up, by the workspace it opens', () => {
    expect(keptReadOf('POST', '/api/init/start')).toEqual({ workspace: null });
    expect(keptReadOf('POST', '/api/init/switch/abc123xyz0')).toEqual({ workspace: 'abc123xyz0' });
    expect(keptReadOf('POST', switchPathOf('a b'))).toEqual({ workspace: 'a b' });
  });

  it('keeps every read of a workspace, and statistics by the workspace asked for', () => {
    for (const path of [
      '/cart',
      '/lists/7',
      '/products/3/prices',
      '/products/3/history?days=365',
      '/price-drops',
    ]) {
      expect(keptReadOf('GET', `/api/abc123xyz0${path}`), path).toEqual({ workspace: 'abc123xyz0' });
    }
    expect(keptReadOf('GET', '/api/statistics?workspace=abc123xyz0')).toEqual({ workspace: 'abc123xyz0' });
    expect(keptReadOf('GET', '/api/statistics')).toEqual({ workspace: '' });
  });

  it('keeps no write, no live stream, nothing of sign-in and no search', () => {
    expect(keptReadOf('PUT', '/api/abc123xyz0/cart')).toBeNull();
    expect(keptReadOf('POST', '/api/abc123xyz0/cart')).toBeNull();
    expect(keptReadOf('POST', '/api/abc123xyz0/products/search')).toBeNull();
    expect(keptReadOf('GET', '/api/abc123xyz0/events')).toBeNull();
    expect(keptReadOf('POST', '/api/identity/passcode')).toBeNull();
    expect(keptReadOf('GET', '/api/me')).toBeNull();
    expect(keptReadOf('GET', '/api/health')).toBeNull();
    expect(keptReadOf('POST', '/api/init/switch/')).toBeNull();
  });
});

describe('workspaceOfPath', () => {
  it('finds the workspace of any workspace route, and none of the others', () => {
    expect(workspaceOfPath('/api/abc123xyz0/cart')).toBe('abc123xyz0');
    expect(workspaceOfPath('/api/abc123xyz0')).toBe('abc123xyz0');
    expect(workspaceOfPath('/api/abc123xyz0/events')).toBe('abc123xyz0');
    expect(workspaceOfPath('/api/init/start')).toBeNull();
    expect(workspaceOfPath('/api/statistics?workspace=x')).toBeNull();
  });
});
