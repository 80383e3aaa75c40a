// Catalogue routes' request and response schemas (search, product detail, specials, statistics).
// The entities themselves (Product, Price, Store, Specials) are in api.ts.
export {};
