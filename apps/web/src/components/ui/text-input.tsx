// A labelled text field with a 500-character default limit and a slot for the server's message.
import { TEXT_MAX_LENGTH } from '@kete/shared';
import { type InputHTMLAttributes, useId } from 'react';

export const DEFAULT_MAX_LENGTH = TEXT_MAX_LENGTH;

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

export function TextInput({
  label,
  error,
  hint,
  maxLength = DEFAULT_MAX_LENGTH,
  id,
  className = '',
  ...rest
}: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={inputId}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-xl border bg-white px-3 text-base placeholder:text-stone-500 ${error ? 'border-red-600' : 'border-stone-300'}`}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
