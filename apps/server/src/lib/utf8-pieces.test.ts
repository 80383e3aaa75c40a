import { describe, expect, it } from 'vitest';
import { utf8OfPieces } from './utf8-pieces.js';

const asJoined = (pieces: string[]) => Buffer.from(pieces.join(''), 'utf8');

describe('utf8OfPieces', () => {
  it('writes the same bytes as joining and encoding, names with macrons and emoji included', () => {
    const pieces = ['[', '{"name":"Māori Potatoes 1kg"}', ',', '', '{"name":"Café ☕ beans 🫘"}', ']'];
    expect(utf8OfPieces(pieces).equals(asJoined(pieces))).toBe(true);
    expect(JSON.parse(utf8OfPieces(pieces).toString('utf8'))[1].name).toBe('Café ☕ beans 🫘');
  });

  it('gives each answer its own bytes: a later, shorter answer leaves an earlier one as it was', () => {
    const first = utf8OfPieces(['a'.repeat(70_000), 'ā']);
    const copy = Buffer.from(first);
    const second = utf8OfPieces(['b'.repeat(10)]);
    expect(second.toString()).toBe('bbbbbbbbbb');
    expect(first.equals(copy)).toBe(true);
    expect(first.length).toBe(70_002);
  });

  it('fits answers made only of three-byte characters, and very large ones', () => {
    const wide = Array.from({ length: 50 }, () => '€'.repeat(1_000));
    expect(utf8OfPieces(wide).equals(asJoined(wide))).toBe(true);
    const huge = Array.from({ length: 20 }, () => 'ō'.repeat(60_000));
    expect(utf8OfPieces(huge).equals(asJoined(huge))).toBe(true);
  });

  it('answers nothing with no bytes', () => {
    expect(utf8OfPieces([]).length).toBe(0);
    expect(utf8OfPieces(['', '']).length).toBe(0);
  });
});
