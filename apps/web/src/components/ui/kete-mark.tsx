// Kete's own mark: a woven flax basket, drawn as a simple SVG (kept local for the PWA).
export function KeteMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <path
        d="M13 15c0-5 3-9 7-9s7 4 7 9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M5 15h30l-4 19a3 3 0 0 1-3 2H12a3 3 0 0 1-3-2z" fill="currentColor" />
      <path d="M9 22h22M10.5 29h19" stroke="#E9A23B" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M15 15l2 21M25 15l-2 21" stroke="#fff" strokeOpacity=".35" strokeWidth="2" />
    </svg>
  );
}
