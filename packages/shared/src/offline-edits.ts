// Shopping-list edits made with no connection (issue 14). The phone keeps each one (in order) and
// replays it when the connection returns; meanwhile what it shows is the last list it saw with
// the waiting edits applied on top. Merge rules, as the server applies them on replay:
// adds sum (the server's atomic add), ticks and deletes are idempotent (deleting twice is fine),
// and a quantity set carries the time it was made, so it wins only over changes someone else made
// earlier (never over the same phone's own: issue 49), and is written as made at that time.
import type { Product } from './api.js';
import { roundQuantity } from './quantity.js';
import type { CartItem } from './shopping-api.js';
import { cleanItemText, TEXT_ITEM_MAX_QUANTITY, type TextItem } from './text-items.js';

export type OfflineEdit =
  | { kind: 'add'; productId: number; quantity: number; product?: Product }
  | { kind: 'set'; productId: number; quantity: number; changedAt: number; product?: Product }
  | { kind: 'remove'; productId: number }
  /** A named list put on the shopping list: its products (as last seen) at their minimum. */
  | { kind: 'addList'; listId: number; products: Product[] }
  /** Issue 49: a free-text item written in; `localId` (negative) names it until the server has it. */
  | { kind: 'addText'; text: string; quantity: number; localId: number }
  | { kind: 'setText'; id: number; text?: string; quantity?: number }
  | { kind: 'removeText'; id: number };

export interface WriteRequest {
  method: string;
  path: string;
  body?: unknown;
}

const CART = /^\/api\/([^/]+)\/cart$/;
const CART_ITEM = /^\/api\/([^/]+)\/cart\/(\d+)$/;
const LIST_TO_CART = /^\/api\/([^/]+)\/lists\/(\d+)\/cart$/;
const TEXT_ITEMS = /^\/api\/([^/]+)\/cart\/text-items$/;
const TEXT_ITEM = /^\/api\/([^/]+)\/cart\/text-items\/(-?\d+)$/;

/** The workspace a shopping-list path belongs to, or null for any other path. */
export function cartWorkspaceOf(path: string): string | null {
  const match =
    CART.exec(path) ??
    CART_ITEM.exec(path) ??
    LIST_TO_CART.exec(path) ??
    TEXT_ITEMS.exec(path) ??
    TEXT_ITEM.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The offline edit a shopping-list write stands for, or null when the write is not one the phone
 * can keep for later (anything but the shopping list). `addList` needs its products filled in.
 */
export function editOf(request: WriteRequest, now: number): OfflineEdit | null {
  const body = (request.body ?? {}) as { productId?: unknown; quantity?: unknown; text?: unknown };
  const productId = typeof body.productId === 'number' ? body.productId : null;
  const quantity = typeof body.quantity === 'number' ? body.quantity : null;
  const text = typeof body.text === 'string' ? cleanItemText(body.text) : undefined;
  if (CART.test(request.path) && request.method === 'POST' && productId === null && text) {
    return { kind: 'addText', text, quantity: quantity ?? 1, localId: -now };
  }
  const textItem = TEXT_ITEM.exec(request.path);
  if (textItem) {
    const id = Number(textItem[2]);
    if (request.method === 'DELETE') return { kind: 'removeText', id };
    if (request.method === 'PATCH') {
      return {
        kind: 'setText',
        id,
        ...(text ? { text } : {}),
        ...(quantity !== null ? { quantity } : {}),
      };
    }
  }
  if (CART.test(request.path) && productId !== null && quantity !== null) {
    if (request.method === 'POST') return { kind: 'add', productId, quantity };
    if (request.method === 'PUT') return { kind: 'set', productId, quantity, changedAt: now };
  }
  const item = CART_ITEM.exec(request.path);
  if (item && request.method === 'DELETE') return { kind: 'remove', productId: Number(item[2]) };
  const list = LIST_TO_CART.exec(request.path);
  if (list && request.method === 'POST') return { kind: 'addList', listId: Number(list[2]), products: [] };
  return null;
}

function addTo(cart: CartItem[], product: Product | undefined, productId: number, quantity: number) {
  const existing = cart.find((item) => item.product.id === productId);
  if (existing) {
    return cart.map((item) =>
      item === existing ? { ...item, quantity: roundQuantity(item.quantity + quantity) } : item,
    );
  }
  return product ? [...cart, { product, quantity: roundQuantity(quantity) }] : cart;
}

/** The shopping list as the server will have it once these edits are replayed (others aside). */
export function cartWithEdits(cart: CartItem[], edits: readonly OfflineEdit[]): CartItem[] {
  let result = cart;
  for (const edit of edits) {
    if (edit.kind === 'add') result = addTo(result, edit.product, edit.productId, edit.quantity);
    if (edit.kind === 'remove') result = result.filter((item) => item.product.id !== edit.productId);
    if (edit.kind === 'set') {
      const listed = result.some((item) => item.product.id === edit.productId);
      result = listed
        ? result.map((item) =>
            item.product.id === edit.productId ? { ...item, quantity: edit.quantity } : item,
          )
        : result;
    }
    if (edit.kind === 'addList') {
      for (const product of edit.products) {
        result = addTo(result, product, product.id, product.minimumQuantity);
      }
    }
  }
  return result;
}

/** A queued write as the outbox keeps it (the body as it will be sent). */
export interface QueuedWrite {
  path: string;
  body?: unknown;
  edit: OfflineEdit;
}

const QUANTITY_ONLY = new Set(['productId', 'quantity', 'changedAt']);
const quantityOnly = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).every((key) => QUANTITY_ONLY.has(key));

/**
 * The waiting writes a new one makes pointless (issue 49): earlier quantity sets of the same item
 * in the same workspace. A set is absolute, so the last one made says it all; replaying only it
 * means three taps on the stepper reach the server as the one change the shopper sees, and a real
 * conflict is reported once, about the change that counts. A set that also changed 'Any brand'
 * settings is kept (the later set would not carry them).
 */
export function supersededBy<T extends QueuedWrite>(waiting: readonly T[], next: QueuedWrite): T[] {
  const { edit } = next;
  if (edit.kind !== 'set' || !quantityOnly(next.body)) return [];
  return waiting.filter(
    (entry) =>
      entry.path === next.path &&
      entry.edit.kind === 'set' &&
      entry.edit.productId === edit.productId &&
      quantityOnly(entry.body),
  );
}

const sameText = (a: string, b: string) => a.toLocaleLowerCase('en-NZ') === b.toLocaleLowerCase('en-NZ');

/**
 * The free-text items as the server will have them once these edits are replayed (issue 49):
 * the same text written again adds to its count, as the server does.
 */
export function textItemsWithEdits(items: TextItem[], edits: readonly OfflineEdit[]): TextItem[] {
  let result = items;
  for (const edit of edits) {
    if (edit.kind === 'addText') {
      const listed = result.find((item) => sameText(item.text, edit.text));
      result = listed
        ? result.map((item) =>
            item === listed
              ? { ...item, quantity: Math.min(TEXT_ITEM_MAX_QUANTITY, item.quantity + edit.quantity) }
              : item,
          )
        : [...result, { id: edit.localId, text: edit.text, quantity: edit.quantity }];
    }
    if (edit.kind === 'setText') {
      const { id, kind: _kind, ...change } = edit;
      result = result.map((item) => (item.id === id ? { ...item, ...change } : item));
    }
    if (edit.kind === 'removeText') result = result.filter((item) => item.id !== edit.id);
  }
  return result;
}
