// The VAPID key pair (RFC 8292) that signs every push: generated once on first use and kept in
// the data folder beside the server secret, the same way (lib/write-once-file.ts), so every
// process sharing the folder uses the one pair. A new pair would orphan every subscription (the push services check the key).
import { join } from 'node:path';
import webpush from 'web-push';
import { ConfigError } from '../../../config.js';
import { readOrCreateOnce } from '../../../lib/write-once-file.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function checked(keys: Partial<VapidKeys>, where: string): VapidKeys {
  if (
    typeof keys.publicKey !== 'string' ||
    typeof keys.privateKey !== 'string' ||
    !B64URL.test(keys.publicKey) ||
    !B64URL.test(keys.privateKey) ||
    Buffer.from(keys.publicKey, 'base64url').length !== 65 ||
    Buffer.from(keys.privateKey, 'base64url').length !== 32
  ) {
    throw new ConfigError(`Kete cannot send notifications: ${where} does not hold a VAPID key pair.`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

const readKeys = (file: string, text: string) =>
  checked(
    JSON.parse(text) as Partial<VapidKeys>,
    `${file} (delete it to generate a new pair; every phone must then turn notifications on again)`,
  );

/**
 * Servers on several machines share one pair as they share KETE_SECRET: KETE_VAPID_PUBLIC_KEY and
 * KETE_VAPID_PRIVATE_KEY (base64url, as `npx web-push generate-vapid-keys` prints them).
 */
function configuredKeys(env: NodeJS.ProcessEnv): VapidKeys | undefined {
  const { KETE_VAPID_PUBLIC_KEY: publicKey, KETE_VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return undefined;
  return checked({ publicKey, privateKey }, 'KETE_VAPID_PUBLIC_KEY and KETE_VAPID_PRIVATE_KEY');
}

export function loadOrCreateVapidKeys(dataDir: string, env = process.env): VapidKeys {
  const configured = configuredKeys(env);
  if (configured) return configured;
  const file = join(dataDir, 'vapid-keys.json');
  return readOrCreateOnce(
    file,
    (text) => readKeys(file, text),
    () => {
      const keys = webpush.generateVAPIDKeys();
      return { value: keys, text: `${JSON.stringify(keys)}\n` };
    },
  );
}

const loaded = new Map<string, VapidKeys>();

/** The pair for this data folder, read once per process. */
export function vapidKeys(dataDir: string): VapidKeys {
  let keys = loaded.get(dataDir);
  if (!keys) {
    keys = loadOrCreateVapidKeys(dataDir);
    loaded.set(dataDir, keys);
  }
  return keys;
}
