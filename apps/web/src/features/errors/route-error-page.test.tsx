import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/navigation.js';
import { isCodeLoadFailure, RouteErrorPage } from './route-error-page.js';

vi.mock('../../lib/navigation.js', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(reloadPage).mockClear();
});

function Throws({ error }: { error: Error }): never {
  throw error;
}

function openScreenThatThrows(error: Error) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteErrorPage />,
        children: [{ path: '/w/cart', element: <Throws error={error} /> }],
      },
    ],
    { initialEntries: ['/w/cart'] },
  );
  render(<RouterProvider router={router} />);
}

describe('a screen that cannot be drawn', () => {
  it("whose code did not arrive shows 'There's a glitch!' and Try again reloads that screen", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openScreenThatThrows(
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/cart-page-x.js'),
    );
    expect(screen.getByRole('heading', { name: "There's a glitch!" })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('with a fault in the app shows the server error page, its link going back to Kete', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openScreenThatThrows(new Error('Cannot read properties of undefined'));
    expect(screen.getByRole('heading', { name: 'Server error' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Back to Kete' });
    expect(link.getAttribute('href')).toBe('/');
    // The browser follows it (a fresh page load, new code); the router does not take it over.
    expect(fireEvent.click(link)).toBe(true);
  });
});

describe('isCodeLoadFailure', () => {
  it("knows each browser's words for a module that could not be fetched", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://kete.nz/assets/a.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://kete.nz/assets/a.js',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isCodeLoadFailure(new TypeError(message))).toBe(true);
    }
    expect(isCodeLoadFailure(new Error('x is undefined'))).toBe(false);
    expect(isCodeLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
