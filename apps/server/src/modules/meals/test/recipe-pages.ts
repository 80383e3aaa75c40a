// Recipe pages shaped as real ones are: a food site's JSON-LD in a Yoast-style @graph with
// HowToSection steps and HTML entities; an older blog's schema.org microdata; and a plain page
// with neither, only headings and lists.

export const jsonLdPage = `<!doctype html>
<html lang="en-NZ"><head><meta charset="utf-8">
<title>Classic Kiwi mince &amp; cheese pie | Kai Kitchen</title>
<meta property="og:image" content="https://kai.example/og.jpg">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
 {"@type":"WebSite","@id":"https://kai.example/#website","name":"Kai Kitchen"},
 {"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home"}]},
 {"@type":["Recipe"],"name":"Classic Kiwi mince &amp; cheese pie","author":{"@type":"Person","name":"Mere"},
  "image":["https://kai.example/pie-1x1.jpg","https://kai.example/pie-4x3.jpg"],
  "recipeYield":["6","6 servings"],"prepTime":"PT20M","cookTime":"PT40M",
  "recipeIngredient":["500 g beef mince","1 onion, finely diced","2 tbsp tomato paste","1 cup beef stock",
   "1 cup grated tasty cheese","2 sheets flaky puff pastry","1 egg, beaten","Salt &amp; pepper to taste"],
  "recipeInstructions":[{"@type":"HowToSection","name":"Filling","itemListElement":[
    {"@type":"HowToStep","text":"Brown the mince and onion in a large pan."},
    {"@type":"HowToStep","text":"Stir in the tomato paste and stock; simmer 15 minutes."}]},
   {"@type":"HowToSection","name":"Pie","itemListElement":[
    {"@type":"HowToStep","text":"Line a pie dish with pastry, fill, top with cheese and pastry."},
    {"@type":"HowToStep","text":"Brush with egg and bake at 200&deg;C for 25 minutes."}]}]}
]}</script>
<script>window.dataLayer = window.dataLayer || [];</script>
</head><body><header><nav><a href="/">Home</a></nav></header>
<main><h1>Classic Kiwi mince &amp; cheese pie</h1><p>Every bakery has one...</p></main>
</body></html>`;

export const microdataPage = `<!DOCTYPE html>
<html><head><title>Nana's pikelets - A Southern Kitchen</title></head>
<body>
<div id="sidebar"><h3>Popular</h3><ul><li>Anzac biscuits</li></ul></div>
<article itemscope itemtype="http://schema.org/Recipe">
  <h2 itemprop="name">Nana's pikelets</h2>
  <img itemprop="image" src="https://southern.example/pikelets.jpg" alt="">
  <p>Makes <span itemprop="recipeYield">20 pikelets</span></p>
  <h3>Ingredients</h3>
  <ul>
    <li itemprop="recipeIngredient">1 cup Edmonds standard grade flour</li>
    <li itemprop="recipeIngredient">1 tsp baking powder</li>
    <li itemprop="recipeIngredient">1/4 cup sugar</li>
    <li itemprop="recipeIngredient">1 egg</li>
    <li itemprop="recipeIngredient">¾ cup milk</li>
    <li itemprop="recipeIngredient">25 g butter, melted</li>
  </ul>
  <h3>Method</h3>
  <ol itemprop="recipeInstructions">
    <li>Sift flour and baking powder into a bowl. Add sugar.</li>
    <li>Beat egg and milk; add to the dry ingredients with the butter and mix until smooth.</li>
    <li>Drop spoonfuls onto a hot greased pan; turn when bubbles burst.</li>
  </ol>
</article>
</body></html>`;

export const plainPage = `<html><head><title>Weeknight spaghetti bolognese</title></head>
<body>
<nav><ul><li>Recipes</li><li>About</li></ul></nav>
<div class="post">
<h1>Weeknight spaghetti bolognese</h1>
<p>This one feeds the whole whānau. Serves 4.</p>
<h2>Ingredients</h2>
<ul>
<li>500g beef mince</li>
<li>1 onion, diced</li>
<li>2 cloves garlic, crushed</li>
<li>2 x 400 g cans chopped tomatoes</li>
<li>400g spaghetti</li>
<li>Parmesan, to serve</li>
</ul>
<h2>Method</h2>
<p>Brown the mince with the onion and garlic.</p>
<p>Add the tomatoes and simmer for 20 minutes. Cook the spaghetti and serve.</p>
<h2>Comments</h2>
<p>Lovely!</p>
</div>
<footer>© 2026</footer>
</body></html>`;

export const pastedText = `Quick kumara soup
Serves 4
1 tbsp olive oil
1 onion, chopped
1 kg kumara, peeled and diced
1 litre chicken stock
1/2 cup cream
Heat the oil in a large pot and cook the onion until soft.
Add the kumara and stock, simmer 20 minutes until tender, then blend with the cream.`;
