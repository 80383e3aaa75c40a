// What the demo catalogue is made of: real grocery categories, NZ brands and pack sizes, and a
// typical shelf price for each item's first size (cents). The generator combines them.

import { freshCategories } from './demo-categories-fresh.js';
import { shelfCategories } from './demo-categories-shelf.js';

export interface DemoItem {
  /** The product name without its variant, e.g. "Milk". */
  name: string;
  variants: string[];
  brands: string[];
  /** Pack sizes as shown; the first is the reference size for `price`. */
  sizes: string[];
  price: number;
  /** Sold by weight at $/kg (fruit and vegetables, butchery). */
  byWeight?: boolean;
}

export interface DemoCategory {
  slug: string;
  title: string;
  items: DemoItem[];
}

export const demoCategories: DemoCategory[] = [...freshCategories, ...shelfCategories];

/** More variant words, used to grow the catalogue to the benchmark's size. */
export const extraVariants = [
  'Value',
  'Family Pack',
  'Select',
  'Classic',
  'Light',
  'Extra',
  'Premium',
  'Mini',
  'Multipack',
  'Organic',
  'Gluten Free',
  'Twin Pack',
  'Reduced Fat',
  'No Added Sugar',
  'Kids',
  'Bulk',
  'Signature',
  'Smart Buy',
];
