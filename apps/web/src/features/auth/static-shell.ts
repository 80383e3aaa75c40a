// index.html carries the sign-in screen as plain HTML, painted before the JavaScript arrives on a
// slow phone link. React renders the same screen over it; whatever was typed there meanwhile is
// carried over, and the field keeps the focus (the keyboard stays up).
export interface TypedBeforeStart {
  email: string;
  focused: boolean;
}

export function typedBeforeStart(): TypedBeforeStart {
  if (typeof document === 'undefined') return { email: '', focused: false };
  const input = document.querySelector<HTMLInputElement>('[data-static-shell] input[name="email"]');
  return { email: input?.value ?? '', focused: input !== null && document.activeElement === input };
}
