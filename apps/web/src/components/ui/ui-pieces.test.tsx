import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert, type AlertKind } from './alert.js';
import { StoreLogo, StoreTypeIcon } from './chain-mark.js';
import { lazyDialog, WhenOpened } from './lazy-dialog.js';
import { Modal } from './modal.js';
import { SearchBox } from './search-box.js';
import { DelayedSpinner } from './spinner.js';
import { DEFAULT_MAX_LENGTH, TextInput } from './text-input.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function ModalHarness({ onSave, dismissible = true }: { onSave(): void; dismissible?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <Modal open={open} onOpenChange={setOpen} title="Edit list" onSave={onSave} dismissible={dismissible}>
        <input aria-label="List name" />
      </Modal>
    </>
  );
}

describe('the modal', () => {
  it('has Cancel and Save in its header; Cancel closes it, Save calls back', async () => {
    const onSave = vi.fn();
    render(<ModalHarness onSave={onSave} />);
    expect(await screen.findByRole('dialog', { name: 'Edit list' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('closes on Escape, unless it is not dismissible', async () => {
    const { unmount } = render(<ModalHarness onSave={() => {}} />);
    fireEvent.keyDown(await screen.findByLabelText('List name'), { key: 'Escape' });
    expect(screen.getByText('closed')).toBeTruthy();
    unmount();
    render(<ModalHarness onSave={() => {}} dismissible={false} />);
    fireEvent.keyDown(await screen.findByLabelText('List name'), { key: 'Escape' });
    expect(screen.getByText('open')).toBeTruthy();
  });
});

describe('a dialog loaded on its first opening', () => {
  it('renders nothing until first open, then keeps its body through a close (for the exit motion)', () => {
    const { rerender } = render(
      <WhenOpened open={false}>
        <p>body</p>
      </WhenOpened>,
    );
    expect(screen.queryByText('body')).toBeNull();
    rerender(
      <WhenOpened open>
        <p>body</p>
      </WhenOpened>,
    );
    expect(screen.getByText('body')).toBeTruthy();
    rerender(
      <WhenOpened open={false}>
        <p>body</p>
      </WhenOpened>,
    );
    expect(screen.getByText('body')).toBeTruthy();
  });

  it('whose code cannot be fetched yet tries again when the connection returns; the page stays', async () => {
    let tries = 0;
    const Body = lazyDialog(async () => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return ({ open }: { open: boolean }) => <p>{open ? 'dialog body' : 'closed'}</p>;
    });
    render(
      <>
        <p>page</p>
        <WhenOpened open>
          <Body open />
        </WhenOpened>
      </>,
    );
    await act(async () => {});
    expect(tries).toBe(1);
    expect(screen.queryByText('dialog body')).toBeNull();
    expect(screen.getByText('page')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('dialog body')).toBeTruthy();
    expect(tries).toBe(2);
  });
});

describe('the alert boxes', () => {
  it.each<[AlertKind, string]>([
    ['danger', 'alert'],
    ['warning', 'alert'],
    ['neutral', 'status'],
    ['information', 'status'],
    ['success', 'status'],
  ])('of kind %s are announced with role %s and carry an icon', (kind, role) => {
    render(<Alert kind={kind}>Message</Alert>);
    const box = screen.getByRole(role);
    expect(box.dataset.kind).toBe(kind);
    expect(box.querySelector('svg')).toBeTruthy();
  });
});

describe('the delayed spinner', () => {
  it('stays hidden for the first 500 ms', () => {
    vi.useFakeTimers();
    render(<DelayedSpinner />);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});

function SearchHarness({ onClear }: { onClear(): void }) {
  const [text, setText] = useState('milk');
  return <SearchBox value={text} onChange={setText} onClear={onClear} />;
}

describe('the search box', () => {
  it("has the placeholder 'Search' and a clear button that empties it", () => {
    const onClear = vi.fn();
    render(<SearchHarness onClear={onClear} />);
    const input = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(input.placeholder).toBe('Search');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input.value).toBe('');
    expect(onClear).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });
});

describe('the text input', () => {
  it('is labelled, limited to 500 characters by default, and shows its error', () => {
    render(<TextInput label="List name" error="That name is taken." />);
    const input = screen.getByLabelText('List name') as HTMLInputElement;
    expect(input.maxLength).toBe(DEFAULT_MAX_LENGTH);
    expect(DEFAULT_MAX_LENGTH).toBe(500);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('error');
    expect(screen.getByText('That name is taken.')).toBeTruthy();
  });
});

describe('the chain marks', () => {
  it.each([
    [1, 'New World', 'NW'],
    [2, "Pak'nSave", 'PS'],
    [3, 'Woolworths', 'W'],
  ] as const)('draw store type %i as a %s badge reading %s, and a type icon', (type, name, letters) => {
    render(
      <>
        <StoreLogo type={type} />
        <StoreTypeIcon type={type} />
      </>,
    );
    const [logo, icon] = screen.getAllByRole('img', { name });
    expect(logo?.textContent).toBe(letters);
    expect(icon?.tagName.toLowerCase()).toBe('svg');
  });
});
