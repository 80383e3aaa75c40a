import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.js';
import { Modal } from './modal.js';

afterEach(cleanup);

/** A request the test finishes by hand. */
function deferred() {
  let finish: (ok: boolean) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    finish = (ok) => (ok ? resolve() : reject(new Error('refused')));
  });
  return { promise, finish };
}

describe('an action button, by default', () => {
  it('sends one request for a fast double click and is disabled until it settles', async () => {
    const request = deferred();
    const onClick = vi.fn(() => request.promise);
    render(<Button onClick={onClick}>Add</Button>);
    const button = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => request.finish(true));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('comes back after a failed request, without an unhandled rejection', async () => {
    const request = deferred();
    render(<Button onClick={() => request.promise}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    await act(async () => request.finish(false));
    expect(button.disabled).toBe(false);
  });

  it('stays enabled for an action that is not a request', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Open</Button>);
    const button = screen.getByRole('button', { name: 'Open' }) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(button.disabled).toBe(false);
  });
});

describe("the modal's Save", () => {
  it('is disabled while the save request runs: a double tap saves once', async () => {
    const request = deferred();
    const onSave = vi.fn(() => request.promise);
    render(
      <Modal open onOpenChange={() => {}} title="Grant access" onSave={onSave}>
        <p>body</p>
      </Modal>,
    );
    const save = (await screen.findByRole('button', { name: 'Save' })) as HTMLButtonElement;
    fireEvent.click(save);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledOnce();
    expect(save.disabled).toBe(true);
    await act(async () => request.finish(true));
    expect(save.disabled).toBe(false);
  });
});
