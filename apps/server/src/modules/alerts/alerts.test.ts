// Price-drop alerts through the real ingest and the real SMTP test server: the digest after an
// ingest, at most one a day, the setting, the home strip's drops, and the unsubscribe link.
import { ZInitialData } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../lib/clock.js';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import type { ReceivedMail } from '../../test/smtp-server.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { alertsSendCommand } from './alerts.command.js';
import {
  badUnsubscribeText,
  confirmUnsubscribeText,
  unsubscribeButtonText,
  unsubscribedText,
} from './alerts.routes.js';
import { digestSubject, sendDueAlerts } from './alerts.service.js';
import { unsubscribeToken } from './unsubscribe-token.js';

let t: TestApp;
let aroha: SignedIn;
let ben: SignedIn;
let cleo: SignedIn;
const shortCodes = new Map<SignedIn, string>();
const storeId = { newWorld: 0, paknsave: 0 };
let milk: number;

const nw = stores.newWorldAlbany;
const ps = stores.paknsaveAlbany;
const milkLine = {
  productKey: 'AM',
  name: 'Blue Top Milk',
  brand: 'Anchor',
  size: '2L',
  barcode: '9401234567894',
};

const digestsTo = (who: SignedIn) =>
  t.smtp.messages.filter((m) => m.to === who.email && m.subject === digestSubject);
async function nextDigest(who: SignedIn, count: number): Promise<ReceivedMail> {
  for (let i = 0; i < 200 && digestsTo(who).length < count; i++) await new Promise((r) => setTimeout(r, 20));
  const mail = digestsTo(who)[count - 1];
  if (!mail) throw new Error(`digest ${count} for ${who.email} did not arrive`);
  return mail;
}
const init = async (who: SignedIn) =>
  ZInitialData.parse((await who.request({ method: 'POST', url: '/api/init/start' })).json());
/** Read from the database: the sessions signed in above have expired by the clock's last moves. */
const alertsOn = async (who: SignedIn) =>
  (
    await t.ctx.db
      .selectFrom('users')
      .select('price_alerts')
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow()
  ).price_alerts === 1;
const userId = async (who: SignedIn) =>
  (await t.ctx.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow())
    .id;

beforeAll(async () => {
  t = await buildTestApp();
  const now = t.clock.now();
  // Known for 200 days: long enough for a drop to the year's low to be 'great' (issue 45).
  await ingestLines(t.ctx, [
    priceLine(nw, { ...milkLine, price: 520, observedAt: now - 200 * DAY }),
    priceLine(ps, { ...milkLine, price: 500, observedAt: now - 200 * DAY }),
  ]);
  const rows = await t.ctx.db.selectFrom('stores').select(['id', 'source_id']).execute();
  storeId.newWorld = rows.find((r) => r.source_id === nw.store)?.id ?? -1;
  storeId.paknsave = rows.find((r) => r.source_id === ps.store)?.id ?? -1;
  milk = (await t.ctx.db.selectFrom('products').select('id').executeTakeFirstOrThrow()).id;
  aroha = await t.signIn('aroha@example.com');
  ben = await t.signIn('ben@example.com');
  cleo = await t.signIn('cleo@example.com');
  for (const who of [aroha, ben, cleo]) {
    const shortCode = (await init(who)).workspace.shortCode;
    shortCodes.set(who, shortCode);
    for (const store of [storeId.newWorld, storeId.paknsave]) {
      await who.request({ method: 'POST', url: `/api/${shortCode}/stores/${store}` });
    }
    const fav = await who.request({ method: 'POST', url: `/api/${shortCode}/favourites/${milk}` });
    expect(fav.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('the alert setting', () => {
  it('is on by default and changed with PUT /api/me', async () => {
    expect((await init(ben)).member.priceAlerts).toBe(true);
    const res = await ben.request({ method: 'PUT', url: '/api/me', payload: { priceAlerts: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      displayName: expect.any(String),
      email: 'ben@example.com',
      features: expect.any(Array),
      priceAlerts: false,
    });
    expect((await init(ben)).member.priceAlerts).toBe(false);
    const bad = await ben.request({ method: 'PUT', url: '/api/me', payload: { priceAlerts: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.priceAlerts.message).toBe('Choose whether to get price-drop e-mails.');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/me', payload: { priceAlerts: true } })).statusCode,
    ).toBe(401);
  });
});

describe('price-drop digests', () => {
  it('e-mails each member with alerts on after an ingest that dropped a favourite', async () => {
    await ingestLines(t.ctx, [
      priceLine(ps, {
        ...milkLine,
        price: 450,
        basePrice: 500,
        promotionType: 4,
        observedAt: t.clock.now() - HOUR,
      }),
    ]);
    const mail = await nextDigest(aroha, 1);
    expect(mail.text).toContain("Anchor Blue Top Milk 2L at PAK'nSAVE Albany: $5.00 → $4.50 (Great price)");
    expect(mail.text).toMatch(/\/api\/alerts\/unsubscribe\?token=\d+\.[\w-]{43}/);
    await nextDigest(cleo, 1);
    expect(digestsTo(ben)).toHaveLength(0);
  });

  it('lists the drops of the last week on the home strip', async () => {
    const res = await aroha.request({ method: 'GET', url: `/api/${shortCodes.get(aroha)}/price-drops` });
    expect(res.statusCode).toBe(200);
    const { drops } = res.json();
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({
      storeId: storeId.paknsave,
      oldPrice: 500,
      newPrice: 450,
      dealRating: 'great',
    });
    expect(drops[0].product).toMatchObject({ id: milk, name: 'Blue Top Milk' });
    const other = await aroha.request({ method: 'GET', url: `/api/${shortCodes.get(ben)}/price-drops` });
    expect(other.statusCode).toBe(403);
  });

  it('sends at most one digest a day; the next day brings the drops since', async () => {
    t.clock.advance(2 * HOUR);
    await ingestLines(t.ctx, [priceLine(nw, { ...milkLine, price: 480, observedAt: t.clock.now() - HOUR })]);
    expect((await sendDueAlerts(t.ctx)).sent).toBe(0);
    const io = { lines: [] as string[], out: (line: string) => io.lines.push(line), err: () => {} };
    expect(await alertsSendCommand.run([], t.ctx, io)).toBe(0);
    expect(io.lines).toEqual(['Sent 0 price-drop e-mails.']);
    expect(digestsTo(aroha)).toHaveLength(1);

    t.clock.advance(DAY);
    expect(await sendDueAlerts(t.ctx)).toEqual({ sent: 2, refused: [] });
    const mail = await nextDigest(aroha, 2);
    expect(mail.text).toContain('Anchor Blue Top Milk 2L at New World Albany: $5.20 → $4.80 (Lower price)');
    expect(mail.text).not.toContain('$5.00 → $4.50');
    // Nothing new since: nothing to send.
    t.clock.advance(DAY);
    expect((await sendDueAlerts(t.ctx)).sent).toBe(0);
  });
});

describe('the unsubscribe link', () => {
  it('carries List-Unsubscribe and one-click List-Unsubscribe-Post headers (RFC 8058)', async () => {
    const mail = await nextDigest(aroha, 1);
    const link = /https?:\/\/\S+\/api\/alerts\/unsubscribe\?token=\S+/.exec(mail.text)?.[0] ?? '';
    expect(link).not.toBe('');
    expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('opens a page whose button unsubscribes: a GET alone (a mail scanner) unsubscribes no one', async () => {
    const mail = await nextDigest(aroha, 1);
    const link = new URL(/https?:\/\/\S+\/api\/alerts\/unsubscribe\?token=\S+/.exec(mail.text)?.[0] ?? '');
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(confirmUnsubscribeText);
      expect(res.body).toContain(`<button type="submit"`);
      expect(res.body).toContain(unsubscribeButtonText);
    }
    expect(await alertsOn(aroha)).toBe(true);

    // The button posts the page's form to its action, as a browser would.
    const page = (await t.app.inject({ method: 'GET', url: link.pathname + link.search })).body;
    const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1] ?? '';
    const posted = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain(unsubscribedText);
    expect(await alertsOn(aroha)).toBe(false);
  });

  it("turns alerts off with a mail program's one-click POST to the List-Unsubscribe address", async () => {
    const mail = await nextDigest(cleo, 1);
    const address = new URL(mail.headers['list-unsubscribe']?.slice(1, -1) ?? '');
    expect(await alertsOn(cleo)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: address.pathname + address.search,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(200);
    expect(await alertsOn(cleo)).toBe(false);
    await t.ctx.db.updateTable('users').set({ price_alerts: 1 }).where('email', '=', cleo.email).execute();
  });

  it('refuses a token forged for someone else, or made up', async () => {
    const arohaToken = unsubscribeToken(t.ctx.secret, await userId(aroha));
    const forged = `${await userId(cleo)}.${arohaToken.split('.')[1]}`;
    for (const token of [
      forged,
      'abc',
      '',
      unsubscribeToken('another secret of enough length!!', await userId(cleo)),
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain(badUnsubscribeText);
      }
    }
    expect(await alertsOn(cleo)).toBe(true);
  });
});
