import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the outbox mailer (no SMTP_URL)', () => {
  it('prints the message to the console and saves it as an .eml file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kete-outbox-'));
    const printed: string[] = [];
    const mailer = createOutboxMailer(join(dir, 'outbox'), 'Kete <no-reply@kete.local>', (line) =>
      printed.push(line),
    );
    await mailer.send({
      to: 'jo@example.com',
      subject: 'Your Kete sign-in code',
      text: 'Your code is ABC-DEF',
    });
    mailer.close();
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(dir, 'outbox', files[0] as string), 'utf8');
    expect(eml).toContain('To: jo@example.com');
    expect(eml).toContain('Subject: Your Kete sign-in code');
    expect(eml).toContain('Your code is ABC-DEF');
    expect(printed.join('\n')).toContain('Your code is ABC-DEF');
  });
});
