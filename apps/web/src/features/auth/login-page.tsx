// /login: e-mail entry. Server field errors show under the field, the general message in a banner.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Form } from '../../components/ui/form.js';
import { TextInput } from '../../components/ui/text-input.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { preloadPage } from '../../lib/navigation.js';
import { requestCode } from './api/identity-api.js';
import { AuthLayout } from './auth-layout.js';
import { typedBeforeStart } from './static-shell.js';

export function LoginPage() {
  const navigate = useNavigate();
  // What was typed into index.html's copy of this screen before the app had loaded.
  const [typed] = useState(typedBeforeStart);
  const [email, setEmail] = useState(typed.email);
  useEffect(() => {
    if (typed.focused)
      document.querySelector<HTMLInputElement>('main:not([data-static-shell]) input[name="email"]')?.focus();
  }, [typed]);
  const send = useMutation({
    mutationFn: requestCode,
    onSuccess: (_data, sentTo) => navigate('/login/pass-code', { state: { email: sentTo } }),
  });
  const error = send.error instanceof ApiRequestError ? send.error : null;
  const fieldError = error?.fieldError('email');
  // The banner is for a general message; one that only repeats the field's is shown once, there.
  const banner = error && error.message !== fieldError ? error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    // The next step's code loads while the e-mail is sent (app/pages.tsx).
    void preloadPage('/login/pass-code');
    send.mutate(email.trim());
  };

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">Sign in or create an account</h1>
      <p className="mt-2 text-stone-700">We'll email you a code to sign in. No password needed.</p>
      <Form onSubmit={submit} className="mt-8 space-y-4">
        {banner && <Alert kind="danger">{banner}</Alert>}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@example.co.nz"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError}
        />
        <Button type="submit" busy={send.isPending} className="w-full">
          Continue
        </Button>
      </Form>
    </AuthLayout>
  );
}
