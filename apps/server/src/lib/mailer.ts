// Outgoing e-mail. With SMTP_URL it goes over SMTP; without it, nothing leaves the machine:
// the message is printed to the console and written to <data dir>/outbox/ as an .eml file.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields (e.g. List-Unsubscribe on a digest). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(
  outboxDir: string,
  from: string,
  print: (line: string) => void = (line) => console.log(line),
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      print(
        [
          '',
          `  ✉  E-mail to ${message.to} (no SMTP_URL set, so it was not sent)`,
          `     Subject: ${message.subject}`,
          ...message.text.split('\n').map((line) => `     ${line}`),
          `     Saved as ${file}`,
          '',
        ].join('\n'),
      );
    },
    close: () => transport.close(),
  };
}
