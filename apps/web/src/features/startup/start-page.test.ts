import { describe, expect, it } from 'vitest';
import { landingAfterStart } from './start-page.js';

describe('landingAfterStart', () => {
  it('returns to the workspace page the guard sent the user from', () => {
    expect(landingAfterStart({ returnTo: '/w/cart' })).toBe('/w/cart');
    expect(landingAfterStart({ returnTo: '/w/search?q=milk' })).toBe('/w/search?q=milk');
  });

  it('goes home from a plain visit, or from anything that is not a workspace page', () => {
    expect(landingAfterStart(null)).toBe('/w/home');
    expect(landingAfterStart({})).toBe('/w/home');
    expect(landingAfterStart({ returnTo: 'https://elsewhere.example/w/' })).toBe('/w/home');
    expect(landingAfterStart({ returnTo: '/login' })).toBe('/w/home');
    expect(landingAfterStart({ returnTo: 42 })).toBe('/w/home');
  });
});
