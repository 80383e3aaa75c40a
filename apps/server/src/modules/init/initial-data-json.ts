// Start-up data as JSON bytes. The 389-store list is 43 of a start-up answer's 48 KB and the same
// in every one, yet writing it cost more CPU than finding everything else (decision 0011). So the
// list is written once per store list (the repository keeps one list until a refresh replaces it)
// and set into the rest of the answer, which the route's own serializer writes as always.
// The answer is sent as UTF-8 bytes, the list's bytes kept with it: as one 48 KB string, with
// names such as "Ōtaki" making it two-byte text, Node measured it for Content-Length and then
// encoded it again for the socket, 20% of init's CPU; copying bytes costs next to nothing.
import { type InitialData, type Store, ZInitialData, ZStore } from '@kete/shared';
import { z } from 'zod';
import { serializerFor } from '../../plugins/response-serializer.js';

const writeInitialData = serializerFor(ZInitialData);
const writeStoreList = serializerFor(z.array(ZStore));
const storeListBytes = new WeakMap<readonly Store[], Buffer>();

// Where the empty list sits in the rest of the answer. "member" comes first, but its strings are
// JSON-escaped, so this unescaped text can only be the real key.
const SLOT = '"stores":{"all":[]';
const SLOT_KEY = '"stores":{"all":';

export function initialDataJson(data: InitialData): Buffer {
  const all = data.stores.all;
  let allBytes = storeListBytes.get(all);
  if (allBytes === undefined) {
    allBytes = Buffer.from(writeStoreList(all));
    storeListBytes.set(all, allBytes);
  }
  const rest = writeInitialData({ ...data, stores: { ...data.stores, all: [] } });
  const at = rest.indexOf(SLOT);
  if (at < 0) return Buffer.from(writeInitialData(data));
  // Written straight into one buffer of the right size: no part is copied twice.
  const head = rest.slice(0, at) + SLOT_KEY;
  const tail = rest.slice(at + SLOT.length);
  const headBytes = Buffer.byteLength(head);
  const out = Buffer.allocUnsafe(headBytes + allBytes.length + Buffer.byteLength(tail));
  out.write(head, 0);
  allBytes.copy(out, headBytes);
  out.write(tail, headBytes + allBytes.length);
  return out;
}
