// Shopping tables (cart, lists, favourites, access grants): added with the shopping API.
// biome-ignore lint/complexity/noBannedTypes: filled in by the shopping migrations.
export type ShoppingTables = {};
