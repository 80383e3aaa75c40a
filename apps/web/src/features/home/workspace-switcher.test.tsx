import type { WorkspaceRef } from '@kete/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { InvitationSheet } from '../access/invitation-sheet.js';
import { WorkspaceSwitcher } from './workspace-switcher.js';

function loadWorkspaces(sharedWorkspaces: WorkspaceRef[]) {
  useWorkspaceStore.getState().setData({
    member: { displayName: 'Ben', email: 'ben@example.co.nz', features: [] },
    stores: { all: [], workspace: [] },
    accessLevel: 0,
    workspace: sharedWorkspaces[0] as WorkspaceRef,
    sharedWorkspaces,
    favourites: [],
    specials: [],
    lists: [],
    demoCatalogue: false,
  });
}

const chips = () => screen.getAllByRole('link').map((link) => link.textContent);

afterEach(cleanup);

describe('every list has its own name (issue 49)', () => {
  it("shows a list shared with me as its Owner's, and never two chips alike", () => {
    loadWorkspaces([
      { shortCode: 'ben', sharedName: null },
      { shortCode: 'aroha', sharedName: null, ownerName: 'Aroha' },
      { shortCode: 'other-aroha', sharedName: null, ownerName: 'Aroha Smith' },
      { shortCode: 'mere', sharedName: 'Whānau kai', ownerName: 'Mere' },
      { shortCode: 'tama', sharedName: 'my kete', ownerName: 'Tama' },
    ]);
    render(<WorkspaceSwitcher />, { wrapper: MemoryRouter });
    expect(chips()).toEqual(['My Kete', "Aroha's Kete", "Aroha's Kete (2)", 'Whānau kai', 'my kete (2)']);
  });

  it("names the Owner's list on the invitation until they name it", () => {
    render(
      <InvitationSheet
        invitation={{ shortCode: 'aroha', sharedName: null, invitedBy: 'Aroha', ownerName: 'Aroha' }}
        onLater={() => {}}
      />,
      { wrapper: MemoryRouter },
    );
    screen.getByRole('heading', { name: 'Aroha shared "Aroha\'s Kete" with you' });
    screen.getByText(/You can leave "Aroha's Kete" any time from the menu\./);
  });
});
