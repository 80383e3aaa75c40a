// The chains' marks, drawn by us (UI.md): a rounded badge in the chain's colour with short
// letters, and a simpler type icon for dense places. No copied artwork.
import { StoreType, storeTypeNames } from '@kete/shared';

const badges: Record<StoreType, { letters: string; className: string }> = {
  [StoreType.NewWorld]: { letters: 'NW', className: 'bg-chain-nw text-white' },
  [StoreType.PakNSave]: { letters: 'PS', className: 'bg-black text-chain-ps' },
  [StoreType.Woolworths]: { letters: 'W', className: 'bg-[#00843f] text-white' },
};

/** The chain's logo badge; `size` in px (height). */
export function StoreLogo({ type, size = 24 }: { type: StoreType; size?: number }) {
  const { letters, className } = badges[type];
  return (
    <span
      role="img"
      aria-label={storeTypeNames[type]}
      style={{ height: size, minWidth: size, fontSize: Math.round(size * 0.45) }}
      className={`inline-flex items-center justify-center rounded-md px-1 font-extrabold leading-none tracking-tight ${className}`}
    >
      {letters}
    </span>
  );
}

/** The chain's type icon: New World a red circle, Pak'nSave a yellow square edged in black, Woolworths a green leaf. */
export function StoreTypeIcon({ type, size = 14 }: { type: StoreType; size?: number }) {
  const label = storeTypeNames[type];
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox="0 0 14 14"
      className="inline-block shrink-0"
    >
      {type === StoreType.NewWorld && <circle cx="7" cy="7" r="6" fill="#E11A2C" />}
      {type === StoreType.PakNSave && (
        <rect x="1" y="1" width="12" height="12" rx="2" fill="#FFD400" stroke="#000" strokeWidth="2" />
      )}
      {type === StoreType.Woolworths && <path d="M7 1C3 4 2 9 7 13c5-4 4-9 0-12z" fill="#00A651" />}
    </svg>
  );
}
