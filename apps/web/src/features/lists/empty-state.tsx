// An empty state: the spec's title and text, never a blank screen.
import type { LucideIcon } from 'lucide-react';

export function EmptyState({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text?: string }) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <Icon aria-hidden="true" className="mb-3 size-10 text-stone-400" />
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="mt-1 max-w-xs text-stone-600">{text}</p>}
    </div>
  );
}
