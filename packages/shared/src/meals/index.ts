export * from './amount-limits.js';
export * from './ingredient-match.js';
export * from './ingredient-parse.js';
export * from './ingredient-synonyms.js';
export * from './meals-api.js';
export * from './recipe-cost.js';
export * from './units.js';
