// Demo categories from the chilled and fresh aisles (see demo-catalogue-data.ts).
import type { DemoCategory } from './demo-catalogue-data.js';

const loose = { variants: [''], brands: [''], sizes: ['per kg'], byWeight: true };

export const freshCategories: DemoCategory[] = [
  {
    slug: 'dairy',
    title: 'Dairy & eggs',
    items: [
      {
        name: 'Milk',
        variants: ['Blue Top', 'Light Blue', 'Trim', 'Calci', 'Organic', 'Lactose Free'],
        brands: ['Anchor', 'Meadow Fresh', 'Pams', 'Lewis Road', 'Dairy Goodness'],
        sizes: ['1L', '2L', '3L'],
        price: 329,
      },
      {
        name: 'Butter',
        variants: ['Salted', 'Unsalted', 'Spreadable'],
        brands: ['Anchor', 'Mainland', 'Westgold', 'Pams', 'Lewis Road'],
        sizes: ['500g', '250g'],
        price: 699,
      },
      {
        name: 'Cheese',
        variants: ['Colby', 'Edam', 'Tasty', 'Mild', 'Vintage', 'Mozzarella'],
        brands: ['Mainland', 'Anchor', 'Pams', 'Rolling Meadow', 'Kapiti'],
        sizes: ['1kg', '500g', '250g'],
        price: 1399,
      },
      {
        name: 'Yoghurt',
        variants: ['Greek', 'Vanilla', 'Strawberry', 'Natural', 'Passionfruit'],
        brands: ['Fresh n Fruity', 'Yoplait', 'Puhoi Valley', 'Pams', 'Clearly Premium'],
        // Issue 45: a '6 pack' was priced as 2.5 tubs ($17.69); weighed, it is priced by the kg.
        sizes: ['1kg', '500g', '6 x 125g'],
        price: 599,
      },
      {
        name: 'Eggs',
        variants: ['Free Range Size 7', 'Barn Size 7', 'Cage Free Size 6', 'Free Range Mixed Grade'],
        brands: ['Woodland', 'Henergy', 'Pams', 'Frenz', 'Otaika Valley'],
        sizes: ['12 pack', '6 pack', '18 pack'],
        price: 899,
      },
      {
        name: 'Cream',
        variants: ['Fresh', 'Lite', 'Sour'],
        brands: ['Anchor', 'Meadow Fresh', 'Pams'],
        sizes: ['300ml', '500ml'],
        price: 369,
      },
    ],
  },
  {
    slug: 'bakery',
    title: 'Bakery',
    items: [
      {
        name: 'Bread',
        variants: ['White Toast', 'Wholemeal', 'Multigrain', 'Sourdough', 'Soy & Linseed', 'Mixed Grain'],
        brands: ['Tip Top', 'Vogels', 'Molenberg', "Freya's", 'Pams', 'Burgen'],
        sizes: ['700g', '750g'],
        price: 449,
      },
      {
        name: 'Wraps',
        variants: ['Original', 'Wholemeal', 'Spinach', 'Low Carb'],
        brands: ['Mission', 'Rebel Bakehouse', 'Pams'],
        sizes: ['8 pack', '6 pack'],
        price: 549,
      },
      {
        name: 'Crumpets',
        variants: ['Original', 'Rounds'],
        brands: ['Golden', 'Pams', 'Tip Top'],
        sizes: ['6 pack', '9 pack'],
        price: 349,
      },
      {
        name: 'Hot Cross Buns',
        variants: ['Traditional', 'Chocolate Chip', 'Apple & Cinnamon'],
        brands: ['Tip Top', 'Bakery Fresh'],
        sizes: ['6 pack', '12 pack'],
        price: 599,
      },
      {
        name: 'Bagels',
        variants: ['Plain', 'Blueberry', 'Cinnamon Raisin', 'Sesame'],
        brands: ['Bakery Fresh', 'Rebel Bakehouse'],
        sizes: ['5 pack'],
        price: 599,
      },
    ],
  },
  {
    slug: 'fruit-veg',
    title: 'Fruit & vegetables',
    items: [
      { ...loose, name: 'Bananas', variants: ['', 'Organic'], price: 349 },
      {
        ...loose,
        name: 'Apples',
        variants: ['Royal Gala', 'Braeburn', 'Granny Smith', 'Jazz', 'Envy', 'Pacific Rose'],
        price: 399,
      },
      { ...loose, name: 'Kiwifruit', variants: ['Green', 'Gold', 'Red'], price: 599 },
      { ...loose, name: 'Mandarins', variants: ['', 'Satsuma'], price: 549 },
      { ...loose, name: 'Potatoes', variants: ['Agria', 'Red Rascal', 'Perlas', 'Jersey Benne'], price: 299 },
      { ...loose, name: 'Kumara', variants: ['Red', 'Gold', 'Orange'], price: 499 },
      { ...loose, name: 'Carrots', variants: [''], price: 249 },
      { ...loose, name: 'Onions', variants: ['Brown', 'Red'], price: 299 },
      { ...loose, name: 'Tomatoes', variants: ['Loose', 'Roma', 'Truss'], price: 899 },
      { ...loose, name: 'Courgettes', variants: [''], price: 999 },
      { ...loose, name: 'Capsicum', variants: ['Red', 'Green', 'Yellow'], price: 1499 },
      { ...loose, name: 'Pears', variants: ['Packham', 'Beurre Bosc', 'Nashi'], price: 449 },
      {
        name: 'Lettuce',
        variants: ['Iceberg', 'Cos', 'Buttercrunch'],
        brands: [''],
        sizes: ['each'],
        price: 349,
      },
      { name: 'Broccoli', variants: [''], brands: [''], sizes: ['each'], price: 299 },
      { name: 'Avocados', variants: ['Hass'], brands: [''], sizes: ['each', '4 pack'], price: 199 },
      {
        name: 'Salad',
        variants: ['Baby Spinach', 'Mesclun', 'Rocket', 'Coleslaw'],
        brands: ['Superb Herb', 'Pams', 'Fresh Express'],
        sizes: ['120g', '200g'],
        price: 399,
      },
    ],
  },
  {
    slug: 'meat',
    title: 'Meat & seafood',
    items: [
      { ...loose, name: 'Beef Mince', variants: ['Premium', 'Prime', 'Lean'], price: 1999 },
      {
        ...loose,
        name: 'Chicken',
        variants: ['Breast Fillets', 'Thigh Fillets', 'Drumsticks', 'Wings', 'Whole'],
        price: 1499,
      },
      {
        ...loose,
        name: 'Lamb',
        variants: ['Leg Roast', 'Shoulder Chops', 'Loin Chops', 'Shanks', 'Mince'],
        price: 2499,
      },
      { ...loose, name: 'Pork', variants: ['Belly', 'Shoulder Roast', 'Loin Chops', 'Mince'], price: 1799 },
      {
        ...loose,
        name: 'Beef Steak',
        variants: ['Scotch Fillet', 'Sirloin', 'Rump', 'Schnitzel'],
        price: 3499,
      },
      {
        name: 'Sausages',
        variants: ['Beef', 'Pork', 'Precooked', 'Chicken'],
        brands: ['Hellers', 'Pams', 'Verkerks', 'Angel Bay'],
        sizes: ['1kg', '500g'],
        price: 999,
      },
      {
        name: 'Bacon',
        variants: ['Streaky', 'Middle', 'Shoulder'],
        brands: ['Hellers', 'Freedom Farms', 'Kiwi', 'Pams'],
        sizes: ['250g', '500g', '1kg'],
        price: 599,
      },
      {
        name: 'Salmon',
        variants: ['Fillets', 'Cold Smoked'],
        brands: ['Regal', 'Akaroa'],
        sizes: ['200g', '100g'],
        price: 1499,
      },
    ],
  },
];
