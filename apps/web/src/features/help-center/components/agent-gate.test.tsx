import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginDialogProvider } from '@/features/auth';
import { StorageKeys } from '@/lib/storage';
import { renderWithProviders } from '@/test/render';
import { AgentGate } from './agent-gate';

function storeSession(role: 'host' | 'agent') {
  const user = { id: 'u', email: 'a@example.com', role, created_at: '', user_metadata: { email_verified: true } };
  const session = {
    access_token: 'a',
    refresh_token: 'r',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    expires_in: 3600,
    token_type: 'bearer',
    user,
  };
  localStorage.setItem(StorageKeys.session, JSON.stringify(session));
}

const renderGate = () =>
  renderWithProviders(
    <LoginDialogProvider>
      <AgentGate>
        <p>console</p>
      </AgentGate>
    </LoginDialogProvider>,
    { path: '/help-center/agent' },
  );

describe('AgentGate', () => {
  it('asks a visitor to sign in', () => {
    renderGate();
    expect(screen.getByTestId('agent-sign-in')).toBeInTheDocument();
    expect(screen.queryByText('console')).toBeNull();
  });

  it('tells a host the console is not for them', () => {
    storeSession('host');
    renderGate();
    expect(screen.getByTestId('agent-forbidden')).toBeInTheDocument();
    expect(screen.queryByText('console')).toBeNull();
  });

  it('shows the console to an agent', () => {
    storeSession('agent');
    renderGate();
    expect(screen.getByText('console')).toBeInTheDocument();
  });
});
