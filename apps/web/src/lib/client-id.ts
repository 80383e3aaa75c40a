// This tab's name, sent with every request (LIVE_CLIENT_HEADER). The live events a change causes
// carry it back to every member, so this tab knows its own echo (features/live) and does not fetch
// again what it already shows. Random per tab; getRandomValues works on plain http too (a phone on
// a home network), where crypto.randomUUID does not.
const bytes = crypto.getRandomValues(new Uint8Array(12));

export const clientId = `tab-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
