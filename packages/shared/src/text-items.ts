// Free-text items (issue 49 item 2): things a household lists that no product stands for
// ('birthday candles', 'the good bread from the bakery', a recipe line no product matched). The
// text is what the shopper wrote, trimmed; the quantity is a plain count. They are on the list but
// have no price, so every total leaves them out and says so.
import { z } from 'zod';
import { ZProductId } from './shopping-api.js';

export const TEXT_ITEM_MAX_LENGTH = 120;
export const TEXT_ITEM_MAX_QUANTITY = 99;

export const textItemMessages = {
  text: `Write what to buy, in 1 to ${TEXT_ITEM_MAX_LENGTH} characters.`,
  quantity: `Give the quantity as a whole number from 1 to ${TEXT_ITEM_MAX_QUANTITY}.`,
  notFound: 'That item is not on the list.',
  productOrText: 'Choose a product or write what to buy.',
  totalLeavesOut: (count: number) =>
    `The total leaves out ${count} ${count === 1 ? 'item' : 'items'} written in without a product.`,
};

/** The text as kept: trimmed, inner runs of white space as one space. */
export const cleanItemText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Any line (a recipe's, an imported list's) as a free-text item's text: cleaned, cut to fit. */
export const asWrittenItem = (line: string) => cleanItemText(line).slice(0, TEXT_ITEM_MAX_LENGTH).trim();

export const ZItemText = z
  .string({ error: textItemMessages.text })
  .transform(cleanItemText)
  .pipe(
    z
      .string()
      .min(1, { error: textItemMessages.text })
      .max(TEXT_ITEM_MAX_LENGTH, { error: textItemMessages.text }),
  );

export const ZItemCount = z
  .number({ error: textItemMessages.quantity })
  .int({ error: textItemMessages.quantity })
  .min(1, { error: textItemMessages.quantity })
  .max(TEXT_ITEM_MAX_QUANTITY, { error: textItemMessages.quantity });

/** POST /api/{shortCode}/lists/{listId}/items (and the text form of POST /cart). */
export const ZTextItemRequest = z.object({ text: ZItemText, quantity: ZItemCount.optional() });
export type TextItemRequest = z.infer<typeof ZTextItemRequest>;

/**
 * POST /api/{shortCode}/cart: a product ({productId, quantity}) or written text ({text,
 * quantity?}). One loose object rather than a union, so a bad field gets its own message.
 */
export const ZCartAddRequest = z.object({
  productId: ZProductId.optional(),
  text: ZItemText.optional(),
  quantity: z.number({ error: 'Enter the quantity as a number.' }).optional(),
});
export type CartAddRequest = z.infer<typeof ZCartAddRequest>;

/** PATCH of a free-text item: its text, its quantity, or both. */
export const ZTextItemUpdate = z.object({ text: ZItemText.optional(), quantity: ZItemCount.optional() });
export type TextItemUpdate = z.infer<typeof ZTextItemUpdate>;

/** POST .../text-items/{id}/product: the product that turns out to be it ('Choose a product'). */
export const ZTextItemMatch = z.object({ productId: ZProductId });

export const ZTextItem = z.object({ id: z.number().int(), text: z.string(), quantity: z.number().int() });
export type TextItem = z.infer<typeof ZTextItem>;
