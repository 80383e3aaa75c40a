// Issue 43 item 5: a line costed as a small share of a big pack says so; a line no product
// matches says so, and neither shows a cost it does not have.
import type { RecipeIngredient } from '@kete/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IngredientRows } from './ingredient-rows.js';

const line = (fields: Partial<RecipeIngredient>): RecipeIngredient => ({
  line: '1 cup flour',
  quantity: 1,
  unit: 'cup',
  name: 'flour',
  note: null,
  productId: null,
  product: null,
  chosen: false,
  status: 'unpriced',
  cost: null,
  bigPack: false,
  ...fields,
});
const flour = {
  id: 7,
  name: 'Standard Grade Flour',
  brand: 'Edmonds',
  displayUnits: '5kg',
  imageUrl: null,
  price: 1200,
  storeId: null,
};

afterEach(cleanup);

describe('ingredient rows', () => {
  it("flag a line costed from a big pack 'big pack', beside its share's cost", () => {
    render(
      <IngredientRows
        ingredients={[
          line({ productId: 7, product: flour, status: 'priced', cost: 36, bigPack: true }),
          line({ line: '2 eggs', name: 'eggs', unit: 'each', status: 'priced', cost: 150 }),
        ]}
      />,
    );
    const [cup, eggs] = screen.getAllByRole('listitem');
    expect(within(cup as HTMLElement).getByText('big pack')).toBeTruthy();
    expect(within(cup as HTMLElement).getByText('$0.36')).toBeTruthy();
    expect(within(eggs as HTMLElement).queryByText('big pack')).toBeNull();
  });

  it('say a line no product matches is not priced, without a cost or a flag', () => {
    render(<IngredientRows ingredients={[line({ line: '2 sprigs lovage', name: 'lovage' })]} />);
    expect(screen.getByText('No product found')).toBeTruthy();
    expect(screen.queryByText('big pack')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
  });
});
