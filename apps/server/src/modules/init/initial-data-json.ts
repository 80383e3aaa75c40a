// Start-up data as JSON text. The 389-store list is 43 of a start-up answer's 44 KB and the same
// in every one, yet writing it cost more CPU than finding everything else (decision 0011). So the
// list is written once per store list (the repository keeps one list until a refresh replaces it)
// and set into the rest of the answer, which the route's own serializer writes as always.
import { type InitialData, type Store, ZInitialData, ZStore } from '@kete/shared';
import { z } from 'zod';
import { serializerFor } from '../../plugins/response-serializer.js';

const writeInitialData = serializerFor(ZInitialData);
const writeStoreList = serializerFor(z.array(ZStore));
const storeListJson = new WeakMap<readonly Store[], string>();

// Where the empty list sits in the rest of the answer. "member" comes first, but its strings are
// JSON-escaped, so this unescaped text can only be the real key.
const SLOT = '"stores":{"all":[]';

export function initialDataJson(data: InitialData): string {
  const all = data.stores.all;
  let allJson = storeListJson.get(all);
  if (allJson === undefined) {
    allJson = writeStoreList(all);
    storeListJson.set(all, allJson);
  }
  const rest = writeInitialData({ ...data, stores: { ...data.stores, all: [] } });
  const at = rest.indexOf(SLOT);
  if (at < 0) return writeInitialData(data);
  return `${rest.slice(0, at)}"stores":{"all":${allJson}${rest.slice(at + SLOT.length)}`;
}
