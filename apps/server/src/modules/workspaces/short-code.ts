import { randomString } from '../../lib/random.js';

// 10 characters of 32 symbols is 50 bits: unguessable, and still short enough to read aloud.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const SHORT_CODE_LENGTH = 10;

export const newShortCode = () => randomString(ALPHABET, SHORT_CODE_LENGTH);
