// Shopping routes' request and response schemas (cart, lists, favourites, access).
export {};
