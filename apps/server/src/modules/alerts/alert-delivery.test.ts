// One bad mailbox stops no one else's mail: the real SMTP test server refuses one recipient with
// 550, and `kete alerts:send` still sends everyone else's digest, records the refusal, says so, and
// tries that mailbox again after a back-off.
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../lib/clock.js';
import { createSmtpMailer } from '../../lib/mailer.js';
import { seededStoreId } from '../../test/fixtures/catalogue-setup.js';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { retryDelayMs } from './alert-delivery.js';
import { alertsSendCommand } from './alerts.command.js';
import { digestSubject } from './alerts.service.js';

let t: TestApp;
let shoppers: Shopper[];
const at = stores.paknsaveAlbany;
const milk = {
  productKey: 'AM',
  name: 'Blue Top Milk',
  brand: 'Anchor',
  size: '2L',
  barcode: '9401234567894',
};

const digestsTo = (email: string) =>
  t.smtp.messages.filter((m) => m.to === email && m.subject === digestSubject);
async function runCommand() {
  const out: string[] = [];
  const err: string[] = [];
  const code = await alertsSendCommand.run([], t.ctx, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}
/**
 * Prices loaded as `kete ingest` loads them, from another process: the server under test then sends
 * nothing by itself (it sends after its own ingests), and each digest is the command's to send.
 */
const ingestElsewhere = (lines: string[]) => ingestLines({ ...t.ctx, db: t.ctx.db.withoutPlugins() }, lines);
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const state = (userId: number) =>
  t.ctx.db
    .selectFrom('price_alert_state')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp();
  await ingestLines(t.ctx, [
    priceLine(at, { ...milk, price: 500, observedAt: t.clock.now() - 30 * 24 * HOUR }),
  ]);
  const storeId = await seededStoreId(t, at);
  const product = await t.ctx.db.selectFrom('products').select('id').executeTakeFirstOrThrow();
  // The refused mailbox signs up first, so it comes first in the run.
  shoppers = [];
  for (const email of ['bounces@example.com', 'hana@example.com', 'rawiri@example.com']) {
    const shopper = await signInShopper(t, email);
    expect((await shopper.api('POST', `/stores/${storeId}`)).statusCode).toBe(200);
    expect((await shopper.api('POST', `/favourites/${product.id}`)).statusCode).toBe(200);
    shoppers.push(shopper);
  }
  await ingestElsewhere([priceLine(at, { ...milk, price: 450, observedAt: t.clock.now() - HOUR })]);
  t.smtp.refused.set('bounces@example.com', { code: 550, text: '5.1.1 Mailbox unavailable' });
});
afterAll(() => t.close());

describe('kete alerts:send with a mailbox that answers 550', () => {
  it("sends everyone else's digest, records the refusal and reports it", async () => {
    const [bounces, hana, rawiri] = shoppers as [Shopper, Shopper, Shopper];
    const run = await runCommand();
    expect(run.out).toEqual(['Sent 2 price-drop e-mails.']);
    expect(run.err[0]).toBe("1 price-drop e-mail refused by the recipient's mail server, to be tried again:");
    expect(run.err[1]).toMatch(
      /^ {2}bounces@example\.com: 550 5\.1\.1 Mailbox unavailable \(first refusal; next try after \S+\)$/,
    );
    expect(run.code).toBe(1);
    expect(digestsTo(hana.email)).toHaveLength(1);
    expect(digestsTo(rawiri.email)).toHaveLength(1);
    expect(digestsTo(bounces.email)).toHaveLength(0);
    expect(await state(bounces.userId)).toMatchObject({
      last_sent_at: null,
      failures: 1,
      retry_at: t.clock.now() + retryDelayMs(1),
      last_error: '550 5.1.1 Mailbox unavailable',
    });
  });

  it('tries the refused mailbox again only after its back-off, doubling while it refuses', async () => {
    const [bounces] = shoppers as [Shopper];
    expect(await runCommand()).toEqual({ code: 0, out: ['Sent 0 price-drop e-mails.'], err: [] });

    t.clock.advance(retryDelayMs(1));
    const again = await runCommand();
    expect(again.code).toBe(1);
    expect(again.err[1]).toMatch(/\(2 refusals in a row; /);
    expect((await state(bounces.userId)).retry_at).toBe(t.clock.now() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    // The mailbox is fixed: the next try after the back-off delivers, and the record is cleared.
    t.smtp.refused.clear();
    t.clock.advance(retryDelayMs(2));
    expect(await runCommand()).toEqual({ code: 0, out: ['Sent 1 price-drop e-mail.'], err: [] });
    await t.smtp.lastTo(bounces.email);
    expect(digestsTo(bounces.email)[0]?.text).toContain('$5.00 → $4.50');
    expect(await state(bounces.userId)).toMatchObject({ failures: 0, retry_at: null, last_error: null });
  });

  it('stops the run, sending nothing twice, when the mail server cannot be reached', async () => {
    t.clock.advance(2 * 24 * HOUR);
    await ingestElsewhere([priceLine(at, { ...milk, price: 400, observedAt: t.clock.now() - HOUR })]);
    const before = t.smtp.messages.length;
    // A mail server that is not there: every send fails before any mailbox is asked about.
    const unreachable = {
      ...t.ctx,
      mailer: createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'Kete <k@kete.local>'),
    };
    const err: string[] = [];
    const code = await alertsSendCommand.run([], unreachable, { out: () => {}, err: (l) => err.push(l) });
    expect(code).toBe(1);
    unreachable.mailer.close();
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^No e-mail could be sent \(.*ECONNREFUSED.*\)\. 0 price-drop e-mails were sent before it; the rest will be sent on the next run\.$/,
    );
    // Nobody's digest was used up: the next run with the mail server back sends all three.
    expect(await runCommand()).toEqual({ code: 0, out: ['Sent 3 price-drop e-mails.'], err: [] });
    for (let i = 0; i < 50 && t.smtp.messages.length < before + 3; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(t.smtp.messages.length).toBe(before + 3);
  });
});
