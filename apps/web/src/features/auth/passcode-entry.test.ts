import { describe, expect, it } from 'vitest';
import { codeOf, emptyBoxes, enterText, erase, isComplete, typedText } from './passcode-entry.js';

describe('the pass-code boxes', () => {
  it('upper-case a typed letter and move on to the next box', () => {
    const { boxes, focus } = enterText(emptyBoxes(), 0, 'a');
    expect(boxes[0]).toBe('A');
    expect(focus).toBe(1);
  });

  it('reject spaces and stay on the same box', () => {
    const start = emptyBoxes();
    expect(enterText(start, 2, ' ')).toEqual({ boxes: start, focus: 2 });
  });

  it('spread a pasted code across the boxes, from the first box when it is a whole code', () => {
    const { boxes, focus } = enterText(emptyBoxes(), 3, 'abc-def');
    expect(codeOf(boxes)).toBe('ABCDEF');
    expect(isComplete(boxes)).toBe(true);
    expect(focus).toBe(5);
  });

  it('spread a partial paste from the box it lands in, dropping what does not fit', () => {
    const { boxes } = enterText(emptyBoxes(), 4, 'xy z');
    expect(boxes).toEqual(['', '', '', '', 'X', 'Y']);
  });

  it('erase this box, or step back and erase the previous one when empty', () => {
    const filled = enterText(emptyBoxes(), 0, 'ABC').boxes;
    expect(erase(filled, 2)).toEqual({ boxes: ['A', 'B', '', '', '', ''], focus: 2 });
    expect(erase(filled, 3)).toEqual({ boxes: ['A', 'B', '', '', '', ''], focus: 2 });
    expect(erase(emptyBoxes(), 0).focus).toBe(0);
  });

  it('work out what was typed into a box that already held a character', () => {
    expect(typedText('', 'q')).toBe('q');
    expect(typedText('A', 'AB')).toBe('B');
    expect(typedText('A', 'BA')).toBe('B');
    expect(typedText('A', 'B')).toBe('B');
  });
});
