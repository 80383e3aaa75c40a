// The start-up answer with its store list written once must be exactly the answer the route's
// serializer would write whole (as UTF-8 bytes), whatever a user typed into their name.
import { type InitialData, type Store, ZInitialData } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { compiledSerializer } from '../../plugins/response-serializer.js';
import { initialDataJson } from './initial-data-json.js';

const store = (id: number, name: string): Store => ({
  id,
  name,
  type: ((id % 3) + 1) as 1 | 2 | 3,
  latitude: -36.8 - id / 100,
  longitude: 174.7,
  openingHours: id % 2 ? null : [{ day: 1, open: '07:00', close: '22:00' }],
});

const data = (displayName: string, all: Store[]): InitialData => ({
  member: { displayName, email: 'sam@example.com', features: ['AccessList'], priceAlerts: true },
  stores: { all, workspace: all.slice(0, 2) },
  accessLevel: 0,
  workspace: { shortCode: 'abc123', sharedName: 'Home "stores":{"all":[]' },
  sharedWorkspaces: [{ shortCode: 'abc123', sharedName: null }],
  favourites: [],
  specials: [],
  lists: [{ id: 1, name: 'BBQ' }],
  demoCatalogue: false,
  invitations: [{ shortCode: 'xyz789', sharedName: '"stores":{"all":[]', invitedBy: 'Aroha' }],
});

const whole = compiledSerializer({
  schema: ZInitialData,
  method: 'POST',
  url: '',
  httpStatus: '200',
} as never);

describe('initialDataJson', () => {
  it('writes what the route serializer writes, even when a name holds the spliced text', () => {
    const all = [
      store(1, 'Kilbirnie New World'),
      store(2, 'Pak\'nSave "Petone"'),
      store(3, 'Woolworths Ōtaki'),
    ];
    for (const name of ['Sam', '"stores":{"all":[]', 'stores all []', 'Māia 🛒']) {
      const answer = data(name, all);
      expect(initialDataJson(answer).equals(Buffer.from(whole(answer), 'utf8'))).toBe(true);
      expect(initialDataJson(answer).toString('utf8')).toBe(whole(answer));
      expect(JSON.parse(initialDataJson(answer).toString('utf8'))).toEqual(JSON.parse(whole(answer)));
    }
  });

  it('writes a new store list again once the list is replaced', () => {
    const first = [store(1, 'Old name')];
    const firstName = (list: Store[]) =>
      JSON.parse(initialDataJson(data('Sam', list)).toString('utf8')).stores.all[0].name;
    expect(firstName(first)).toBe('Old name');
    const second = [store(1, 'New name')];
    expect(firstName(second)).toBe('New name');
  });
});
