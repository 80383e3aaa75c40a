// A real SMTP server, in-process, that keeps what it is sent: sign-in is tested through the
// same nodemailer SMTP transport production uses.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** Header fields as sent, by lower-case name (unfolded). */
  headers: Record<string, string>;
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** Addresses whose mailbox the server refuses at RCPT TO, with this reply (e.g. 550). */
  refused: Map<string, { code: number; text: string }>;
  /** The newest message to this address, waiting briefly for it to arrive. */
  lastTo(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const headersOf = (mail: ParsedMail) =>
  Object.fromEntries(
    mail.headerLines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim(),
    ]),
  );

const addressesOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((group) => group.value.map((a) => a.address?.toLowerCase() ?? ''));

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const refused = new Map<string, { code: number; text: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refused.get(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of addressesOf(mail)) {
            messages.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              headers: headersOf(mail),
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    async lastTo(address) {
      for (let i = 0; i < 100; i++) {
        const found = messages.filter((m) => m.to === address.toLowerCase()).at(-1);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail arrived for ${address}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The "ABC-DEF" code from a sign-in message. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /code is ([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no sign-in code in: ${mail.text}`);
  return match[1];
}
