// What a real NZ shelf charges per kg or per litre for each kind of demo product (issue 45, item 5):
// every demo product's typical shelf price falls inside its kind's range (demo-price-ranges.test.ts),
// so the demo never shows cat food at $279.88/kg.
//
// Sources. Where Stats NZ has a series, the range is built from its national weighted average retail
// prices over June 2021 - May 2022 (Stats NZ Food Price Index, weighted average prices; licensed by
// Stats NZ for re-use under the Creative Commons Attribution 4.0 International licence; the series
// and its low-high per kg or L are in each comment as "SNZ"). The average is one price across brands
// and pack sizes, so the range runs from about 0.6x its low (house brands, big packs, specials
// excluded) to about 2x its high (premium brands, small packs, ~20% food inflation since 2022).
// Kinds Stats NZ does not price (pet food, household goods, most spices and sauces) say "est.": an
// estimate from common NZ pack prices, written down as such, to be replaced by a measured source.

export interface PriceRange {
  per: 'kg' | 'L';
  /** Cents per kg or per litre. */
  min: number;
  max: number;
}

const kg = (min: number, max: number): PriceRange => ({ per: 'kg', min: min * 100, max: max * 100 });
const litre = (min: number, max: number): PriceRange => ({ per: 'L', min: min * 100, max: max * 100 });

export const priceRanges: Record<string, PriceRange> = {
  // Dairy and eggs
  Milk: litre(1.5, 6), // SNZ standard homogenised 2 L $3.66-4.02, calcium enriched $5.72-6.16
  Butter: kg(9, 30), // SNZ salted 500 g $4.98-5.65 ($9.96-11.30/kg)
  Cheese: kg(9, 60), // SNZ mild cheddar 1 kg $10.90-12.55; camembert 125 g $4.82-5.47 ($39-44/kg)
  Yoghurt: kg(4, 12), // SNZ flavoured 6 x 150 g $5.29-6.40 ($5.88-7.11/kg)
  Cream: litre(6, 22), // SNZ cream 300 ml $2.72-2.99 ($9.07-9.97/L)
  'Chilled dairy': kg(6, 40), // sour cream, cream cheese, ricotta, feta: SNZ cream and cheese above
  // Bakery
  Bread: kg(2, 14), // SNZ white sliced 600 g $1.32-1.52; wholegrain 700 g $3.52-3.67
  Pastry: kg(5, 16), // SNZ frozen puff or flaky sheets 800 g $5.19-5.41 ($6.49-6.76/kg)
  // Fruit and vegetables (per kg)
  Bananas: kg(2.5, 6), // SNZ bananas $2.92-3.35
  Apples: kg(2, 9), // SNZ apples $2.63-4.87
  Kiwifruit: kg(2, 12), // SNZ kiwifruit $2.45-8.99
  Mandarins: kg(3, 12), // SNZ mandarins $4.94-7.52
  Citrus: kg(3, 14), // SNZ oranges $3.36-5.29 (lemons and limes dearer)
  Potatoes: kg(1.5, 5.5), // SNZ potatoes $1.91-2.67
  Kumara: kg(2.5, 9), // SNZ kumara $3.13-5.12
  Carrots: kg(1.5, 5), // SNZ carrots $2.09-3.07
  Onions: kg(1.5, 6), // SNZ onions $1.86-2.94
  Tomatoes: kg(4, 18), // SNZ tomatoes $4.68-16.27
  Courgettes: kg(5, 18), // SNZ courgettes $6.22-15.42
  Capsicum: kg(8, 28), // SNZ capsicums $10.07-25.25
  Pears: kg(3, 10), // SNZ pears $4.31-5.67
  Vegetables: kg(1.5, 30), // SNZ cabbage $2.20-5.03 .. mushrooms $13.12-14.33, cucumber $6.34-17.66
  Garlic: kg(8, 45), // est.: imported bulbs ~$12/kg, NZ-grown ~$35/kg
  Ginger: kg(8, 40), // est.: fresh root ~$15-25/kg
  Salad: kg(15, 50), // SNZ packaged salad leaf 150 g $4.63-5.26 ($30.87-35.07/kg)
  'Fresh herbs': kg(60, 300), // SNZ fresh herbs packaged chilled $3.84-4.08 a 20-30 g pack
  // Meat and fish (per kg)
  'Beef Mince': kg(13, 30), // SNZ beef mince $16.03-18.17
  Chicken: kg(5, 24), // SNZ breast $12.34-14.31, pieces $7.38-8.48, whole frozen No.15 $7.29-8.06
  Lamb: kg(12, 42), // SNZ chops $18.65-20.46, roasting $15.49-18.61
  Pork: kg(8, 30), // SNZ loin chops $14.54-16.09, roasting $9.68-11.78
  'Beef Steak': kg(16, 60), // SNZ blade $18.82-21.96, porterhouse/sirloin $30.75-33.04
  Sausages: kg(8, 24), // SNZ sausages $10.70-11.63
  Bacon: kg(12, 38), // SNZ middle rashers 700 g $12.88-13.98 ($18.40-19.97/kg)
  Salmon: kg(25, 110), // SNZ fresh fish $36.38-38.43; cold smoked est. 100 g $8-11
  Seafood: kg(4, 120), // SNZ live mussels $4.42-4.89/kg, prawns frozen 700 g $16.30-17.19; anchovies est. 50 g $4-6
  Deli: kg(10, 80), // SNZ ham $14.19-14.97/kg, salami 100 g $3.13-3.33 ($31-33/kg)
  // Pantry
  'Breakfast Cereal': kg(4, 18), // SNZ breakfast biscuits 1 kg $5.54-5.87, corn flakes 500 g $3.73-4.23
  'Rolled Oats': kg(2.5, 10), // SNZ muesli 750 g $5.18-5.30 ($6.91-7.07/kg); oats are cheaper
  'Baked Beans': kg(2.5, 10), // SNZ canned spaghetti 420 g $1.67-2.21 ($3.98-5.26/kg)
  Spaghetti: kg(2.5, 10), // as baked beans
  Pasta: kg(2.5, 14), // SNZ dried pasta 500 g $2.03-2.26 ($4.06-4.52/kg)
  Rice: kg(2, 9), // SNZ long grain white 1 kg $2.73-2.97
  'Peanut Butter': kg(5, 28), // SNZ peanut butter 375 g $2.66-2.82 ($7.09-7.52/kg)
  Spread: kg(7, 50), // SNZ jam 375 g $2.71-3.01, creamed honey 500 g $7.29-7.47 ($14.58-14.94/kg)
  'Tomato Sauce': litre(3, 14), // SNZ tomato sauce 560 g $2.91-3.76 ($5.20-6.71/kg)
  Flour: kg(1, 10), // SNZ white flour 1.5 kg $1.96-2.10 ($1.31-1.40/kg); cornflour est. 400 g $3-4
  Sugar: kg(1.2, 8), // SNZ white sugar 1.5 kg $2.46-2.73 ($1.64-1.82/kg); icing, brown dearer
  Tuna: kg(8, 32), // SNZ canned tuna 185 g $2.86-3.06 ($15.46-16.54/kg)
  'Instant Coffee': kg(30, 120), // SNZ instant coffee 100 g $5.25-6.22 ($52.50-62.20/kg)
  'Chocolate Block': kg(12, 40), // SNZ chocolate block 250 g $4.18-4.46 ($16.72-17.84/kg)
  'Potato Chips': kg(9, 32), // SNZ potato crisps 150 g $1.81-1.95 ($12.07-13.00/kg)
  Biscuits: kg(7, 28), // SNZ chocolate biscuits 200 g $2.53-2.85, plain 250 g $2.26-2.48
  Canned: kg(2, 12), // SNZ canned tomatoes 400 g $1.29-1.62 ($3.23-4.05/kg), canned peaches 410 g
  'Dry goods': kg(2, 30), // SNZ sultanas 375 g $2.42-2.97; lentils, couscous, breadcrumbs est.
  Nuts: kg(10, 90), // SNZ peanuts 250 g $3.48-3.71 ($13.92-14.84/kg); almonds, pine nuts dearer est. (pine nuts 70 g $5-6)
  'Dried fruit': kg(5, 45), // SNZ sultanas 375 g ($6.45-7.92/kg), dried apricots 100 g ($20.30-23.60/kg)
  Spices: kg(30, 900), // SNZ dried mixed herbs 10-15 g $2.29-2.35 ($153-235/kg); bay leaves est. 5 g $3-4
  Baking: kg(6, 250), // est.: baking powder 200 g ~$4, cocoa 250 g ~$8, yeast 110 g ~$5, gelatine 25 g ~$5
  Essence: litre(20, 500), // est.: vanilla essence 50 ml ~$4 ($80/L); pure extract 100 ml ~$15 ($150/L)
  Oil: litre(4, 40), // SNZ olive oil 1 L $10.84-11.60; canola and sunflower cheaper est.
  Vinegar: litre(2, 30), // SNZ vinegar 750 ml $2.46-2.54 ($3.28-3.39/L); balsamic dearer est.
  Sauces: litre(4, 40), // SNZ soy sauce 300 ml $2.62-2.84 ($8.73-9.47/L); maple syrup est. 250 ml $8-10
  'Jarred sauces': kg(4, 40), // SNZ pasta sauce 500 g $3.21-3.51 ($6.42-7.02/kg); pastes, pesto est.
  Stock: litre(2, 9), // est.: liquid stock 1 L ~$3-4.50; SNZ canned soup 500 g $3.14-4.11
  'Stock powder': kg(15, 80), // est.: stock cubes or powder ~$3 for 100 g
  'Coconut milk': litre(3, 14), // est.: coconut milk or cream 400 ml ~$1.60-3.50
  Syrup: kg(5, 40), // SNZ creamed honey 500 g ($14.58-14.94/kg); golden syrup est. ~$8/kg, maple dearer
  // Frozen
  'Frozen Vegetables': kg(2, 10), // SNZ mixed vegetables 1 kg $3.47-3.99, peas 1 kg $2.52-2.83
  'Ice Cream': litre(2.5, 14), // SNZ ice cream 2 L $6.07-6.69 ($3.04-3.35/L)
  'Frozen Chips': kg(2, 8), // SNZ potato fries 1 kg $3.45-3.76
  Pizza: kg(8, 26), // SNZ pizza each $5.23-5.70 (~375 g: $13.95-15.20/kg)
  'Fish Fillets': kg(9, 30), // SNZ frozen fish fillets 500 g $7.32-7.86 ($14.64-15.72/kg)
  'Frozen Berries': kg(8, 30), // SNZ frozen berries 500 g $6.08-7.44 ($12.16-14.88/kg)
  // Drinks
  'Soft Drink': litre(1, 4.5), // SNZ soft drink 1.5 L $2.72-2.95 ($1.81-1.97/L)
  Juice: litre(1.2, 7), // SNZ apple juice 3 L $4.25-4.64, orange juice 1 L $2.22-2.64, chilled $4.75-5.03
  'Sparkling Water': litre(0.8, 4), // SNZ bottled water 750 ml $1.97-2.02 ($2.63-2.69/L)
  'Energy Drink': litre(4, 14), // SNZ sports/energy drinks 250 ml $1.79-1.84 ($7.16-7.36/L)
  'Coffee Beans': kg(20, 90), // SNZ ground coffee 200 g $5.69-6.13 ($28.45-30.65/kg)
  // Baby
  'Infant Formula': kg(18, 55), // SNZ infant formula 900 g $20.53-21.70 ($22.81-24.11/kg)
  'Baby Food Pouch': kg(8, 28), // SNZ baby food 110 g $1.14-1.21 ($10.36-11.00/kg)
  // Household (est.: no Stats NZ series)
  'Dishwashing Liquid': litre(3, 14), // est.: 500 ml-1 L $2.50-6
  'Laundry Powder': kg(5, 22), // est.: 1-3 kg $10-30
  // Pet (est.: no Stats NZ series)
  'Dry Dog Food': kg(3, 16), // est.: 3-8 kg bags $20-60
  'Wet Cat Food': kg(6, 26), // est.: 85 g pouch $1.20-2.00 ($14-24/kg), 400 g can $2-3 ($5-7.50/kg)
  'Dry Cat Food': kg(5, 26), // est.: 1-3 kg $10-30
  'Cat Litter': litre(0.6, 4), // est.: 10 L bag $8-20
  'Dog Treats': kg(10, 50), // est.: 500 g bag $8-15, chews dearer
};
