// Fetching a recipe page for import without letting the server be used to reach inside its own
// network: http(s) only; every address a name resolves to must be public (checked in the socket's
// own DNS lookup, so the address checked is the address connected to); redirects are followed by
// hand, each hop checked again; at most IMPORT_MAX_BYTES and IMPORT_TIMEOUT_MS in all; no cookies
// are sent or kept. KETE_IMPORT_ALLOW_PRIVATE=1 lifts the address rule (tests, a home lab).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { IMPORT_MAX_BYTES, IMPORT_TIMEOUT_MS } from '@kete/shared';
import { isPrivateAddress } from '../../lib/public-address.js';

export const MAX_REDIRECTS = 5;

export class ImportFetchError extends Error {}

const refused = 'That address is not a public web page.';
const tooLarge = 'That page is too large to import (over 2 MB).';

/**
 * The body as the page's HTML: a compressed one (gzip, deflate, br) through its decompressor,
 * whose output is what counts toward the 2 MB (a small page can unpack to gigabytes; reading
 * stops at the limit); any other encoding is refused rather than read as text (issue 43).
 */
function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding === 'identity' || encoding === '') return res;
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return res.pipe(zlib.createInflate());
  if (encoding === 'br') return res.pipe(zlib.createBrotliDecompress());
  throw new ImportFetchError('That page is sent in a form Kete cannot read.');
}

/** A DNS lookup that fails when any address the name has is private. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const list = Array.isArray(addresses) ? addresses : [];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(new ImportFetchError(refused), '', 4);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImportFetchError('Enter a web address starting with http:// or https://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImportFetchError('Only http:// and https:// pages can be imported.');
  }
  if (url.username || url.password) throw new ImportFetchError(refused);
  return url;
}

interface Hop {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

function request(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<Hop> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL is connected to without a lookup: check it here.
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new ImportFetchError(refused));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        ...(allowPrivate ? {} : { lookup: publicLookup }),
        agent: false,
        headers: {
          'user-agent': 'Kete recipe import (+https://github.com/kete)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > IMPORT_MAX_BYTES) {
          res.destroy();
          reject(new ImportFetchError(tooLarge));
          return;
        }
        let body: Readable;
        try {
          body = decoded(res);
        } catch (error) {
          res.destroy();
          reject(error);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > IMPORT_MAX_BYTES) {
            res.destroy();
            body.destroy();
            reject(new ImportFetchError(tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
        // Bytes that do not unpack as their encoding says: a broken page, not a server error.
        body.on('error', () => {
          res.destroy();
          reject(new ImportFetchError('That page could not be read.'));
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (error instanceof ImportFetchError) reject(error);
      else if (signal.aborted) reject(new ImportFetchError('That page took too long to answer.'));
      else if ((error as { cause?: unknown }).cause instanceof ImportFetchError)
        reject((error as { cause: Error }).cause);
      else reject(new ImportFetchError('That page could not be reached.'));
    });
    req.end();
  });
}

/** The page's HTML and the address it was finally read from. */
export async function fetchRecipePage(
  raw: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<{ html: string; url: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? IMPORT_TIMEOUT_MS);
  let url = checkUrl(raw);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await request(url, options.allowPrivate, signal);
    if (answer.status >= 300 && answer.status < 400) {
      if (!answer.location) throw new ImportFetchError('That page could not be read.');
      url = checkUrl(new URL(answer.location, url).toString());
      continue;
    }
    if (answer.status !== 200) throw new ImportFetchError(`That page answered ${answer.status}.`);
    if (answer.contentType && !/html|xml|text\/plain/i.test(answer.contentType)) {
      throw new ImportFetchError('That address is not a web page.');
    }
    return { html: answer.body.toString('utf8'), url: url.toString() };
  }
  throw new ImportFetchError('That page redirects too many times.');
}
