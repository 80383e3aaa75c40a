// Alert boxes of the five kinds the spec names. Colour is never the only signal: each has an icon.
import { CircleAlert, CircleCheck, Info, type LucideIcon, Sparkles, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type AlertKind = 'danger' | 'neutral' | 'information' | 'warning' | 'success';

const looks: Record<AlertKind, { icon: LucideIcon; className: string }> = {
  danger: { icon: CircleAlert, className: 'border-red-200 bg-red-50 text-red-900' },
  neutral: { icon: Sparkles, className: 'border-stone-200 bg-stone-100 text-stone-800' },
  information: { icon: Info, className: 'border-sky-200 bg-sky-50 text-sky-900' },
  warning: { icon: TriangleAlert, className: 'border-warm-500/40 bg-warm-100 text-warm-800' },
  success: { icon: CircleCheck, className: 'border-flax-100 bg-flax-50 text-flax-800' },
};

export function Alert({
  kind,
  children,
  className = '',
}: {
  kind: AlertKind;
  children: ReactNode;
  className?: string;
}) {
  const { icon: Icon, className: look } = looks[kind];
  // Danger and warning interrupt screen readers; the others are announced politely.
  const role = kind === 'danger' || kind === 'warning' ? 'alert' : 'status';
  return (
    <div
      role={role}
      data-kind={kind}
      className={`flex items-start gap-3 rounded-xl border p-3 text-sm ${look} ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
