// The search field: placeholder 'Search', a clear button while there is text, submit on Enter.
// It keeps the shared 500-character limit, so the server's 400 for longer text cannot be reached.
import { TEXT_MAX_LENGTH } from '@kete/shared';
import { Search, X } from 'lucide-react';
import { type FormEvent, type InputHTMLAttributes, useRef } from 'react';

export interface SearchBoxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'onSubmit'> {
  value: string;
  onChange(value: string): void;
  onSubmit?(value: string): void;
  /** Called after the clear button emptied the field. */
  onClear?(): void;
  label?: string;
}

export function SearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
  label = 'Search',
  className = '',
  maxLength = TEXT_MAX_LENGTH,
  ...rest
}: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter searches and lets the keyboard go, so the results are not half hidden (issue 37 item 8).
    input.current?.blur();
    onSubmit?.(value);
  };
  return (
    <form autoComplete="off" noValidate onSubmit={submit} className={`relative ${className}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
      />
      <input
        ref={input}
        type="search"
        aria-label={label}
        placeholder="Search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        enterKeyHint="search"
        maxLength={maxLength}
        className="min-h-11 w-full rounded-full border border-stone-300 bg-white py-2 pr-11 pl-10 text-base placeholder:text-stone-500 [&::-webkit-search-cancel-button]:hidden"
        {...rest}
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            onChange('');
            onClear?.();
            input.current?.focus();
          }}
          className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-full text-stone-600 hover:text-stone-900"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      )}
    </form>
  );
}
