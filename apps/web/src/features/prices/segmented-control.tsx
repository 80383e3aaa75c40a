// A small two- or three-way switch (the chart's 3 months / 1 year, the search order): toggle
// buttons with aria-pressed in a rounded track, 36 px high inside a 44 px row.
import { segmentClass } from '../../components/ui/segment.js';

export interface Segment<T extends string> {
  value: T;
  label: string;
}

export function SegmentedControl<T extends string>({
  legend,
  segments,
  value,
  onChange,
  className = '',
}: {
  /** Read by screen readers in place of a visible label. */
  legend: string;
  segments: readonly Segment<T>[];
  value: T;
  onChange(value: T): void;
  className?: string;
}) {
  return (
    <fieldset className={`flex rounded-full bg-stone-100 p-0.5 ${className}`}>
      <legend className="sr-only">{legend}</legend>
      {segments.map((segment) => (
        <button
          key={segment.value}
          type="button"
          aria-pressed={value === segment.value}
          onClick={() => onChange(segment.value)}
          className={`min-h-9 rounded-full px-3 text-sm ${segmentClass(value === segment.value)}`}
        >
          {segment.label}
        </button>
      ))}
    </fieldset>
  );
}
