// The description after a recipe line's amount, split into the name to match a product by and a
// note (preparation, sizes, purposes, alternatives): 'finely chopped red onion, peeled (about
// 150g)' is the name 'red onion'. Words that pick another product stay in the name (issue 43).
import { isAnotherName, isNamedAlternative, listedAlternatives } from './ingredient-name-asides.js';

// Containers named after a metric size: 'cans chopped tomatoes' -> 'chopped tomatoes'
const CONTAINER =
  /^(cans?|tins?|bags?|packets?|packages?|pkts?|jars?|bottles?|packs?|punnets?|blocks?|tubs?|pots?(?=\s+of\b)|pottles?|boxes|box|cartons?|containers?|baskets?|squares?|sleeves?|envelopes?|links?|sachets?|fillets(?!\s+or\b)|jiggers?)\b\s*(of\s+)?(?:or\s+(?:cans?|bottles?|jars?|packages?|bags?)\s+)?/i;

const TO_TASTE_WORDS = /\b(to taste|to serve|as needed|as desired|\(optional\)|optional)\b/gi;

/** Words that describe preparation, moved from the front of the name into the note. */
// Words that pick another product stay in the name (dried, ground, smoked, fresh, frozen, ripe,
// boneless, cooked: issue 43); only how to prepare it, and sizes, go to the note.
const PREP =
  /^(freshly ground|freshly milled|freshly cracked|medium sized|medium size|sized|finely|roughly|thinly|coarsely|freshly|lightly|well|very|chopped|diced|sliced|grated|minced|crushed(?! (?:tomatoes|red pepper|pineapple|chillies|chilies))|peeled|trimmed|halved|quartered|shredded|beaten|melted|softened|large|medium|small|lg|md|sm|big|medium-size|medium-sized|extra large|extra-large|thick|plump|fat(?![\s-]free)|packed|firmly packed|loosely packed|gently packed|lightly packed|tightly packed|heaped|heaping|level|rounded|generous|about|approx\.?|approximately|plus|few|additional|washed|hulled|heated|cleaned|squeezed|freshly squeezed|shelled|boned|iced|roasted or poached|poached|fully|hot cooked|cooked|seeded|deseeded|cored|cubed|chilled|sifted|unsifted|snipped|slivered|drained|rinsed|crumbled|mashed|scrubbed|stemmed|julienned|defrosted|torn|steamed|skinned|medium-large|medium-small|hard-boiled|hard boiled|hard-cooked|soft-boiled|thickly|cracked|strained|shaved|toasted(?! sesame)|jumbo|size|bite-size|bite-sized)\s+/i;

/**
 * Measures and containers left at the front of the name ('bunch coriander', 'small handful of
 * basil', 'heads of garlic', 'few drops of'): the thing is what follows.
 */
const LEFT_MEASURE =
  /^(?:(?:a|an|one|few|couple(?: of)?|small|large|big|good|generous|md|lg|sm|medium|thin|thick)\s+)*(?:\d+(?:\.\d+)?[\s-]*(?:inch|in|cm)(?:-long|-thick|-wide)?\.?[\s-]+)?(?:[a-z]+-size[d]?\s+)?(?:bunch(?:es)?|strips?|wheels?|balls?|pairs?|teacups?|grates?|scoops?|tubs?|pots?|glass(?:es)?|bulbs?|leaves(?!\s+from\b)|handfuls?|heads?|pinch(?:es)?|drops?|dollops?|sprigs?|knobs?|splash(?:es)?|thumb-size piece|thumb-sized piece|pieces?|sheets?|envelopes?|batch(?:es)?|gratings?|quarter-sized slices?|stalks?|ribs?|stems?|spears?|sticks?|cloves?|ears?|slices?|rashers?|tsp|tbsp|teaspoons?|tablespoons?|cups?)\s+(?:of\s+)?(?=\S)/i;
/** '1 tbsp plus 1 tsp sugar': the extra amount before the name, a note. */
const EXTRA_AMOUNT =
  /^(?:plus|minus)\s+[\d½¼¾⅓⅔./\s]+(?:tsp|tbsp|teaspoons?|tablespoons?|cups?|oz|ounces?|lbs?|pounds?|g|ml)\.?\s+/i;
const TRAILING_PREP =
  /(?:\s+(?:and\s+|or\s+)?(?:very\s+)?(?:finely\s+|roughly\s+|thinly\s+|coarsely\s+)?(?:chopped|diced|sliced|minced|grated|crushed|peeled|halved|quartered|shredded|beaten|melted|softened|drained|rinsed|trimmed|cored|seeded|deseeded|pitted|stoned|skinned|torn|cubed|crumbled|julienned|zested|juiced))+$/i;
/** Preparation or a size between the describing words and the thing: 'ripe peeled pears', 'whole 2-pound chickens'. */
const INNER_PREP =
  /(?<=\S)\s+(?:(?:finely|roughly|coarsely|thinly)\s+(?:chopped|diced|minced|grated|ground|sliced)|peeled|chopped|diced|minced|medium|large|small|\d+(?:\.\d+)?(?:\s*[-–]\s*\d+)?-(?:pound|ounce|lb|oz|inch)(?:-(?:long|thick|wide))?)(?=\s+\S)/gi;
const SIZE = '(?:fat|thin|large|small|medium|big|thick)(?:[\\s-]sized?)?';
const SIZE_CHOICE = new RegExp(`^(?:${SIZE}\\s+)?(?:or|to)\\s+(?:[\\d½¼¾]+\\s+)?${SIZE}\\s+`, 'i');
/** After the name, what is done with it: 'torn into strips', 'mixed with 1 tbsp sugar'. */
const DONE_AFTER =
  /\s+(?:(?:peeled|trimmed|seeded|cored|halved)\s+and\s+)?(?:cut|torn|divided|broken|mixed|dissolved|tied|sliced|diced|chopped|beaten|whisked)\s+(?:into|in|with|together)\b.*$|\s+in\s+[\d½¼¾/.-]+[\s-]*(?:inch|in|cm)\b.*$/i;
/** '¼ tsp sea salt 1 mL': Canadian books give the metric measure after the name. */
const METRIC_AFTER = /\s+[\d./½¼¾]+\s*(?:ml|l|g|grams?|kg)\.?$/i;
/** A purpose after the name: 'oats to sprinkle over', 'oil for frying'. */
const PURPOSE =
  /\s+(?:(?:to|for)\s+(?:sprinkle|serve|serving|garnish|dust|dusting|brush|brushing|grease|greasing|fry|frying|drizzle|drizzling|decorate|decorating|coat|coating|finish|top|topping|cover)\b|for\s+[\w\u00C0-\u024F-]+ing(?![\w\u00C0-\u024F])|per\s+(?:person|serving|guest)\b|as\s+(?:a\s+)?garnish\b|for\s+(?:the|your)\s+\S|at room temperature\b|for\s+(?:the\s+)?(?:pans?|tins?|dish(?:es)?|bowls?|moulds?|molds?|ramekins?|glass(?:es)?|rims?|work surface)\b|weighing\b).*$/i;
/** Preparation listed before the name with commas: 'washed, hulled, and dried strawberries'. */
const LEADING_PREP_LIST =
  /^(?:(?:(?:finely|roughly|thinly|coarsely|lightly)\s+)?(?:washed|hulled|peeled|cored|seeded|deseeded|pitted|trimmed|rinsed|drained|chopped|sliced|diced|halved|cleaned|scrubbed|shelled|stemmed|cubed|cooked|flaked|deboned|[a-z]+-packed)\s*,\s*(?:and\s+)?)+(?:(?:washed|hulled|peeled|cored|seeded|deseeded|pitted|trimmed|rinsed|drained|chopped|sliced|diced|halved|cleaned|scrubbed|shelled|stemmed|cubed|cooked)\s+(?:and\s+)?)?/i;
/** '3- to 3 1/2-pound', '2-to-3-pound', '1-inch': a size written before the name. */
const SIZE_RANGE =
  /^[\d½¼¾⅓⅔./\s]+-?\s*(?:(?:to|-|–)[\s-]*[\d½¼¾⅓⅔./\s]+-?\s*)?(?:pounds?|ounces?|lbs?|oz|inch(?:es)?|in|cm)\.?(?:[\s-](?:wide|thick|long))?\s+(?=\S)/i;
/** Words a comma may follow inside a name: 'boneless, skinless chicken thighs'. */
const LIST_ADJECTIVE =
  /^(boneless|smoked|unbleached|all-purpose|roasted|ready-to-eat|skinless|soft|ripe|fresh|dried|peeled|raw|unsalted|salted|organic|free-range|hot|sweet|small|large|medium|whole|firm|strong|natural|smooth|crunchy|lean|thick|thin|cold|warm|mild|dry|plain|good|good-quality|extra-virgin|tender|juicy|crisp|young|mature|heavy|light|chunky|fine|coarse|creamy|aged|sharp|spicy|industrial|skin-on|skin-off|bone-in|thick-cut|center-cut|centre-cut|day-old|low-sodium|reduced-sodium|unsweetened|sweetened|full-fat|low-fat|fat-free|extra-firm|silken|seedless|pitted)$/i;

/** 'finely chopped red onion, peeled (about 150g)' -> name 'red onion', note '…'. */
export function splitName(description: string, inContainer = false): { name: string; note: string | null } {
  const notes: string[] = [];
  let text = description.trim();
  // Asides in brackets are notes: '(about 600g)', '(or 1 tsp dried)'; another name for the
  // thing stays: 'heavy (whipping) cream'. A bracket left open runs to the end of the line.
  text = text.replace(/\(([^)]*)(?:\)|$)/g, (_, inner: string) => {
    if (isAnotherName(inner) || isNamedAlternative(inner)) return ` ${inner.trim()} `;
    if (inner.trim()) notes.push(inner.trim());
    return ' ';
  });
  text = text.trim().replace(/\s+of (?:your |their )?choice\b/i, (aside) => {
    notes.push(aside.trim());
    return '';
  });
  // A can of 'chopped tomatoes' is a product of that name: the preparation stays in the name.
  // Packages of 'cooked and peeled prawns' are sold as prawns: only cans, tins and jars keep it.
  const canned = inContainer || /^(?:cans?|tins?|jars?)\b/i.test(text);
  text = text.replace(CONTAINER, '');
  text = text
    .replace(TO_TASTE_WORDS, ' ')
    .replace(/^(a|an|some)\s+(pinch|dash|splash|drizzle|sprinkle|little|few)?\s*(of\s+)?/i, '');
  text = text.replace(PURPOSE, (purpose) => {
    notes.push(purpose.trim());
    return '';
  });
  // 'coarse sugar like Demerara or turbinado', 'greens like romaine, escarole or frisee', 'red
  // pepper such as Aleppo or Maras, or paprika': examples of the thing are a note, up to a last
  // ', or' alternative (after a comma they are the tail's business).
  text = text.replace(/(?<!,)\s+(?:such as|like)\s+(?:(?!,\s*or\s)[^;])*/i, (examples) => {
    notes.push(examples.trim());
    return '';
  });
  // 'boneless, skinless chicken thighs': a comma after one describing word is inside the name.
  // '12 large, ripe tomatoes' leaves ', ripe tomatoes' after the size the library read.
  text = text.replace(/^[,\s]+/, '');
  // 'natural, salted, smooth peanut butter', 'strong, hot coffee': describing words in a list.
  let listed = '';
  while (listed !== text) {
    listed = text;
    text = text.replace(
      /^((?:\S+ )*?)(\S+)\s*,\s+(?:and\s+)?(?=\S)/,
      (whole, before: string, word: string) =>
        LIST_ADJECTIVE.test(word) && before.split(' ').every((w) => !w || LIST_ADJECTIVE.test(w))
          ? `${before}${word} `
          : whole,
    );
  }
  // 'washed, hulled, and dried strawberries': preparation listed before the name.
  text = text.replace(LEADING_PREP_LIST, (words) => {
    notes.push(words.replace(/[,\s]+$/, '').trim());
    return '';
  });
  // '1 fat or 2 thin scallions', 'medium to large onions', '2 large or 3 medium grapefruit': sizes.
  text = text.replace(SIZE_CHOICE, '');
  const comma = text.search(/,|;| - | – | -- /);
  if (comma >= 0) {
    const tail = text
      .slice(comma + 1)
      .replace(/^[\s-–]+/, '')
      .trim();
    // 'Cheddar, Monterey Jack or favorite cheese': the tail lists alternatives of the name.
    const listed = text[comma] === ',' ? listedAlternatives(tail) : null;
    notes.push(listed ? listed.preparation.join(', ') : tail);
    text = listed ? `${text.slice(0, comma)} ${listed.name}` : text.slice(0, comma);
  }
  // '1 tsp. Diamond Crystal or ½ tsp. Morton kosher salt': the other brand's amount is a note
  // (a brand is written with a capital; 'oregano or 1 tbsp fresh' is left to the rule below).
  text = text.replace(
    /(?<=\b[A-Z]\S*\s+)or\s+([\d½¼¾⅓⅔./\s]+(?:tsp|tbsp|teaspoons?|tablespoons?)\.?)\s+(?=\D)/,
    (_, amount: string) => {
      notes.push(`or ${amount.trim()}`);
      return 'or ';
    },
  );
  // 'or 2 tsp dried' after the name is an alternative, not part of it.
  const alternative = /\s+or\s+.*$/i.exec(text);
  // ('whole or 2% milk' names another milk: a percentage is not an amount.)
  if (alternative && /[\d½¼¾⅓⅔⅛](?![\d.]*\s*%)|\bhalf\b/i.test(alternative[0])) {
    notes.push(alternative[0].trim());
    text = text.slice(0, alternative.index);
  }
  // 'One 3- to 3½-pound chicken': the size of the one thing is a note.
  text = text.replace(SIZE_RANGE, (size) => {
    notes.push(size.trim());
    return '';
  });
  const prep: string[] = [];
  let previous = '';
  // '1 tablespoon each minced parsley and chives': the amount is for each of them.
  // '1 stick or more softened butter', 'The rest of the orange peel': not the thing's name.
  text = text
    .trim()
    .replace(/^(?:of|each)\s+/i, '')
    .replace(/^(?:or\s+(?:more|less)|the rest of(?: the)?)\s+/i, '');
  while (!canned && previous !== text) {
    previous = text;
    text = text.replace(LEFT_MEASURE, '');
    text = text.replace(EXTRA_AMOUNT, (extra) => {
      notes.push(extra.trim());
      return '';
    });
    text = text.replace(PREP, (word) => {
      prep.push(word.trim());
      return '';
    });
    // 'finely grated or minced garlic': another preparation after 'or' is one too.
    text = text.replace(/^(and|or|,)\s+/i, '');
  }
  // 'ripe peeled pears', 'red pepper, coarsely chopped': preparation inside the name.
  // A can of 'petite cut diced tomatoes' is sold by that name: the words stay.
  if (!canned)
    text = text.replace(INNER_PREP, (words) => {
      prep.push(words.trim());
      return '';
    });
  // '3 garlic cloves' buys garlic; '4 celery stalks' buys celery.
  text = text
    .replace(/\bgarlic cloves?\b/i, 'garlic')
    .replace(/\bcelery (?:stalks?|sticks?|ribs?)\b/i, 'celery')
    .replace(/\bgelatine leaves\b/i, 'gelatine')
    // Pepper is ground as it is used: 'ground black pepper' is black pepper on the shelf.
    .replace(/\b(?:freshly\s+)?(?:ground|milled|cracked)\s+(black|white)\s+pepper\b/i, '$1 pepper')
    // 'parsley sprigs', 'asparagus spears': the herb or vegetable is what is bought.
    .replace(/(\S)\s+(?:sprigs?|spears?|slices?|stalks?|branches|bulbs?)$/i, '$1')
    // 'sea salt and freshly milled black pepper': preparation inside a pair of names.
    .replace(/\b(?:and|or)\s+freshly\s+(?:ground|milled|cracked)\s+/i, (joint) => `${joint.split(' ')[0]} `);
  // 'fresh chopped parsley': the preparation between 'fresh' and the herb.
  text = text.replace(
    /^(fresh)\s+(?:(?:finely|roughly)\s+)?(?:chopped|sliced|minced|grated|diced)\s+/i,
    '$1 ',
  );
  // '1 tbsp plus 1 tsp sugar', 'flour plus 2 teaspoons': the extra amount is a note.
  text = text.replace(/\s+plus(?:\s+.*)?$/i, (extra) => {
    notes.push(extra.trim());
    return '';
  });
  for (const after of [
    DONE_AFTER,
    METRIC_AFTER,
    /\s+or\s+(?:more|less|so|enough)$/i,
    /^or\s+(?:more|less)\s+/i,
  ]) {
    text = text.replace(after, (words) => {
      notes.push(words.trim());
      return '';
    });
  }
  // 'red onion chopped': a preparation after the name without a comma.
  text = text.replace(TRAILING_PREP, (words) => {
    prep.push(words.trim());
    return '';
  });
  if (prep.length) notes.unshift(prep.join(' '));
  const name = text.replace(/\s+/g, ' ').replace(/[.:]$/, '').trim().toLocaleLowerCase('en-NZ');
  const note = notes.filter(Boolean).join('; ');
  return { name, note: note || null };
}
