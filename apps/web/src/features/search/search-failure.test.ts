import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-errors.js';
import { searchFailureMessage, searchFailureMessages } from './search-failure.js';

describe('searchFailureMessage', () => {
  it("gives a 400's own reason", () => {
    const tooLong = new ApiRequestError(400, { message: 'Search for at most 500 characters.' });
    expect(searchFailureMessage(tooLong)).toBe('Search for at most 500 characters.');
  });

  it('says the connection failed on a lost connection or time-out (status 0)', () => {
    expect(searchFailureMessage(new ApiRequestError(0, null))).toBe(searchFailureMessages.offline);
  });

  it('says search is not working on a server failure or anything unexpected', () => {
    expect(searchFailureMessage(new ApiRequestError(503, { message: 'db down' }))).toBe(
      searchFailureMessages.server,
    );
    expect(searchFailureMessage(new ApiRequestError(400, null))).toBe(searchFailureMessages.server);
    expect(searchFailureMessage(new Error('boom'))).toBe(searchFailureMessages.server);
  });
});
