// The look of a selected segment in every two- or three-way switch (All/Near me, All/By store,
// Relevance/Unit price, 3 months/1 year). A white pill on a grey track was barely told apart in
// the dark (issue 37 item 2): the chosen one is now filled with the accent, its text in the
// surface colour, in both themes (7:1 light, 8:1 dark), and also bold, so colour is not the only sign.
export function segmentClass(selected: boolean): string {
  return selected
    ? 'bg-flax-600 font-semibold text-white shadow-sm'
    : 'font-medium text-stone-700 hover:text-stone-900';
}
