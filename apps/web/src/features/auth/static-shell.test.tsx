import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from './login-page.js';

const indexHtml = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');

/** index.html's sign-in screen, as a detached element. */
function staticShell(): HTMLElement {
  const doc = new DOMParser().parseFromString(indexHtml, 'text/html');
  const shell = doc.querySelector<HTMLElement>('#root > [data-static-shell="login"]');
  if (!shell) throw new Error('index.html has no static sign-in screen');
  return shell;
}

// What the eye sees: tags, classes and the attributes that change the look or the text. Left out:
// ids (React's are generated), the form's own behaviour (the HTML copy must not submit before the
// app is there, so it is a div with a plain button) and the marker attribute.
const IGNORED = new Set([
  'id',
  'for',
  'style',
  'data-static-shell',
  'autocomplete',
  'novalidate',
  'type',
  'value',
]);
function look(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  const tag = node.tagName.toLowerCase() === 'form' ? 'div' : node.tagName.toLowerCase();
  const keep = (name: string) =>
    !IGNORED.has(name) ||
    (name === 'type' && tag === 'input') ||
    (name === 'autocomplete' && tag === 'input');
  const attributes = [...node.attributes]
    .filter((a) => keep(a.name) && !(a.name === 'class' && a.value === ''))
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  return `<${tag} ${attributes}>${[...node.childNodes].map(look).join('')}</${tag}>`;
}

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: ['/login'],
  });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("index.html's sign-in screen (painted before the JavaScript)", () => {
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });

  it('looks exactly like the one React renders over it', () => {
    const { container } = renderLogin();
    const rendered = container.querySelector('main');
    if (!rendered) throw new Error('the login page rendered no main');
    expect(look(staticShell())).toBe(look(rendered));
  });

  it('its label names its field, and it cannot be sent before the app is there', () => {
    const shell = staticShell();
    const input = shell.querySelector('input');
    expect(shell.querySelector('label')?.getAttribute('for')).toBe(input?.id);
    expect(shell.querySelector('form')).toBeNull();
    expect(shell.querySelector('button')?.getAttribute('type')).toBe('button');
  });

  it('hands what was typed into it to the app, with the focus', () => {
    document.body.append(staticShell());
    const early = document.querySelector<HTMLInputElement>('[data-static-shell] input');
    if (!early) throw new Error('no field');
    early.value = 'aroha@example.co.nz';
    early.focus();
    renderLogin();
    const field = screen.getByLabelText<HTMLInputElement>('Email', {
      selector: 'main:not([data-static-shell]) input',
    });
    expect(field.value).toBe('aroha@example.co.nz');
    expect(document.activeElement).toBe(field);
  });
});
