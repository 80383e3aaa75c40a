// What the demo catalogue is made of: real grocery categories, NZ brands and pack sizes, and a
// typical shelf price for each item's first size (cents). The generator combines them.

import { freshCategories } from './demo-categories-fresh.js';
import { shelfCategories } from './demo-categories-shelf.js';
import { ingredientCategories } from './demo-ingredients.js';

export interface DemoItem {
  /** The product name without its variant, e.g. "Milk". */
  name: string;
  variants: string[];
  brands: string[];
  /** Pack sizes as shown; the first is the reference size for `price`. */
  sizes: string[];
  price: number;
  /** Its row of demo-price-ranges.ts when not its name. */
  kind?: string;
  /** Sold by weight at $/kg (fruit and vegetables, butchery). */
  byWeight?: boolean;
}

export interface DemoCategory {
  slug: string;
  title: string;
  items: DemoItem[];
}

// The recipe ingredients come last: the generated aisles keep their products' indexes (and barcodes).
export const demoCategories: DemoCategory[] = [
  ...freshCategories,
  ...shelfCategories,
  ...ingredientCategories,
];

/** Variants that are one maker's product, sold under that maker's brand only (issue 45: Weet-Bix
 * was sold under two brands). */
export const variantOwners: Record<string, string> = {
  'Weet-Bix': 'Sanitarium',
  'Weet-Bix Bites': 'Sanitarium',
  'Nutri-Grain': 'Kelloggs',
  'Just Right': 'Kelloggs',
  'Rice Bubbles': 'Kelloggs',
  'Special K': 'Kelloggs',
  Marmite: 'Sanitarium',
  Vegemite: 'Bega',
  Nutella: 'Ferrero',
  'Toffee Pops': 'Griffins',
  Gingernuts: 'Griffins',
  Mallowpuffs: 'Griffins',
  Krispie: 'Griffins',
  'Dark Ghana': 'Whittakers',
  'Jelly Tip': 'Whittakers',
  Dentastix: 'Pedigree',
};

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
