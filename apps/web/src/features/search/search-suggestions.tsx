// Search suggestions for an empty box: everyday staples, one tap away.
export const SUGGESTIONS = ['Milk', 'Bread', 'Eggs', 'Butter', 'Bananas', 'Cheese', 'Coffee', 'Apples'];

export function SearchSuggestions({ onPick }: { onPick(text: string): void }) {
  return (
    <section aria-labelledby="search-suggestions" className="px-4">
      <h2 id="search-suggestions" className="pb-2 text-sm font-semibold text-stone-600">
        Try searching for
      </h2>
      <ul className="flex flex-wrap gap-2">
        {SUGGESTIONS.map((text) => (
          <li key={text}>
            <button
              type="button"
              onClick={() => onPick(text)}
              className="min-h-11 rounded-full border border-stone-300 bg-white px-4 font-medium hover:bg-stone-100"
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
