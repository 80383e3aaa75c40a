// What the API client asks when a shopping-list write cannot (or should not yet) be sent, and
// when a shopping list is read: see OfflineHooks in lib/api-client.ts. Writes are kept while
// offline, and also while older edits still wait, so the server always gets them in order.
import {
  type CartItem,
  cartWithEdits,
  cartWorkspaceOf,
  editOf,
  NOT_A_MEMBER_MESSAGE,
  type OfflineEdit,
  type Product,
  type TextItem,
  textItemsWithEdits,
} from '@kete/shared';
import type { OfflineHooks, RequestOptions } from '../../lib/api-client.js';
import { queryClient } from '../../lib/query-client.js';
import { serverNow } from '../live/server-clock.js';
import { forgetWorkspace, hasKeptAnswer, recallAnswer, rememberAnswer } from './kept-answers.js';
import { workspaceOfPath } from './kept-paths.js';
import { changeWaitingAdd, keep, outboxReady, pendingEdits, useOutbox } from './outbox.js';

const CART_KEY = ['cart'];
const TEXT_ITEMS_KEY = ['cart', 'text-items'];

const isProduct = (value: unknown): value is Product =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Product).id === 'number' &&
  typeof (value as Product).name === 'string' &&
  Array.isArray((value as Product).prices);

/** A product the app has shown (in any cached answer), for lines added offline. */
function knownProduct(productId: number): Product | undefined {
  const seen = new Set<unknown>();
  const search = (value: unknown, depth: number): Product | undefined => {
    if (depth > 3 || typeof value !== 'object' || value === null || seen.has(value)) return undefined;
    seen.add(value);
    if (isProduct(value) && value.id === productId) return value;
    for (const inner of Array.isArray(value) ? value : Object.values(value)) {
      const found = search(inner, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const [, data] of queryClient.getQueriesData({})) {
    const found = search(data, 0);
    if (found) return found;
  }
  return undefined;
}

function completed(edit: OfflineEdit): OfflineEdit {
  if (edit.kind === 'add' || edit.kind === 'set') {
    const product = knownProduct(edit.productId);
    return product ? { ...edit, product } : edit;
  }
  if (edit.kind === 'addList') {
    const products = queryClient.getQueryData<Product[]>(['list', edit.listId]) ?? [];
    return { ...edit, products };
  }
  return edit;
}

const textOf = (id: number) =>
  queryClient.getQueryData<TextItem[]>(TEXT_ITEMS_KEY)?.find((item) => item.id === id)?.text ?? 'an item';

function labelOf(edit: OfflineEdit): string {
  if (edit.kind === 'addList') return 'Add a list to the shopping list';
  if (edit.kind === 'addText') return `Add "${edit.text}"`;
  if (edit.kind === 'setText') return `Change "${textOf(edit.id)}"`;
  if (edit.kind === 'removeText') return `Tick off "${textOf(edit.id)}"`;
  const name = knownProduct(edit.productId)?.name ?? 'an item';
  if (edit.kind === 'add') return `Add ${name}`;
  if (edit.kind === 'set') return `Change the quantity of ${name}`;
  return `Take ${name} off the shopping list`;
}

/** The answer the server would have given, worked out from the list as shown. */
function localAnswer(edit: OfflineEdit): unknown {
  if (edit.kind === 'addText' || edit.kind === 'setText' || edit.kind === 'removeText') {
    const items = textItemsWithEdits(queryClient.getQueryData<TextItem[]>(TEXT_ITEMS_KEY) ?? [], [edit]);
    if (edit.kind === 'removeText') return undefined;
    const id = edit.kind === 'addText' ? edit.localId : edit.id;
    return (
      items.find((item) => item.id === id) ??
      items.find((item) => edit.kind === 'addText' && item.text === edit.text)
    );
  }
  const cart = cartWithEdits(queryClient.getQueryData<CartItem[]>(CART_KEY) ?? [], [edit]);
  if (edit.kind === 'addList') return cart;
  if (edit.kind === 'remove') return undefined;
  const line = cart.find((item) => item.product.id === edit.productId);
  const product = line?.product ?? knownProduct(edit.productId);
  return line ?? (product ? { product, quantity: edit.quantity } : undefined);
}

function hold(path: string, options: RequestOptions, failed: boolean): Promise<unknown> | null {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const request = { method, path, body: options.body };
  const found = editOf(request, serverNow());
  if (!found || (method !== 'POST' && method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE'))
    return null;
  const waiting = useOutbox.getState().pending.length > 0;
  if (!failed && navigator.onLine && !waiting) return null;
  const edit = completed(found);
  // An item written in offline and not yet sent: its waiting add takes the change (issue 49).
  if ((edit.kind === 'setText' || edit.kind === 'removeText') && edit.id < 0) {
    const answer = localAnswer(edit);
    return changeWaitingAdd(
      edit.id,
      edit.kind === 'removeText'
        ? null
        : (entry) => {
            const added = entry.edit.kind === 'addText' ? entry.edit : null;
            const text = edit.text ?? added?.text ?? '';
            const quantity = edit.quantity ?? added?.quantity ?? 1;
            return {
              body: { text, quantity },
              edit: { kind: 'addText', text, quantity, localId: edit.id },
            };
          },
    ).then(() => answer);
  }
  // A set carries when it was made, so on replay it wins only over older changes.
  const body =
    edit.kind === 'set' ? { ...(options.body as object), changedAt: edit.changedAt } : options.body;
  const answer = localAnswer(edit);
  return keep({ method, path, body, edit, label: labelOf(edit) }).then(() => answer);
}

function overlay(path: string, body: unknown): unknown {
  const shortCode = cartWorkspaceOf(path);
  if (shortCode && path.endsWith('/cart/text-items') && Array.isArray(body)) {
    const edits = pendingEdits(shortCode);
    return edits.length > 0 ? textItemsWithEdits(body as TextItem[], edits) : body;
  }
  if (!shortCode || !path.endsWith('/cart') || !Array.isArray(body)) return body;
  const edits = pendingEdits(shortCode);
  return edits.length > 0 ? cartWithEdits(body as CartItem[], edits) : body;
}

/** Shopping-list writes and reads wait until the edits an earlier visit left are loaded. */
const ready = (path: string) => (cartWorkspaceOf(path) ? outboxReady() : null);

/** A 403 saying the user is not a member: nothing of that workspace may open on this device. */
function refused(path: string, status: number, body: unknown): void {
  const workspace = workspaceOfPath(path);
  if (
    status === 403 &&
    workspace &&
    (body as { message?: unknown } | null)?.message === NOT_A_MEMBER_MESSAGE
  ) {
    void forgetWorkspace(workspace);
  }
}

export const offlineHooks: OfflineHooks = {
  hold,
  overlay,
  ready,
  isOffline: () => !navigator.onLine,
  remember: rememberAnswer,
  recall: recallAnswer,
  hasKept: hasKeptAnswer,
  refused,
};
