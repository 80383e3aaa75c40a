// Home before any store is chosen: a way forward for the Owner, an explanation for others.
import { Button } from '../../components/ui/button.js';

export function NoStoresYet({ isOwner, onChoose }: { isOwner: boolean; onChoose(): void }) {
  return (
    <div className="mx-4 space-y-3 rounded-2xl border border-dashed border-stone-300 p-4 text-stone-700">
      {isOwner ? (
        <>
          <p>Choose the stores you shop at to see their specials here.</p>
          <Button variant="secondary" onClick={onChoose}>
            Choose stores
          </Button>
        </>
      ) : (
        <p>No stores have been chosen for this shopping list yet.</p>
      )}
    </div>
  );
}
