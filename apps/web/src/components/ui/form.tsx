// Forms never let the browser autofill or validate on its own: the server's messages are shown.
import type { FormHTMLAttributes } from 'react';

export function Form(props: FormHTMLAttributes<HTMLFormElement>) {
  return <form autoComplete="off" noValidate {...props} />;
}
