import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StorageKeys } from '@/lib/storage';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { LanguageSwitcher } from './language-switcher';

// The app's own i18next instance, which the switcher changes, is started by main.tsx; here it starts
// bare, so changing its language resolves instead of failing outside the test.
beforeAll(async () => {
  await i18n.init({ lng: 'es', fallbackLng: 'es', resources: { es: {}, en: {} } });
});

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  localStorage.clear();
});

function storeSession() {
  const user = {
    id: 'u',
    email: 'a@example.com',
    role: 'host',
    created_at: '',
    user_metadata: { email_verified: true },
  };
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const session = {
    access_token: 'a',
    refresh_token: 'r',
    expires_at: expiresAt,
    expires_in: 3600,
    token_type: 'bearer',
    user,
  };
  localStorage.setItem(StorageKeys.session, JSON.stringify(session));
}

/** The calls to the account endpoint (the switch is also tracked, to /api/tracking). */
const accountCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/me');

describe('LanguageSwitcher', () => {
  it("stores a signed-in person's new language, so their e-mails come in it", async () => {
    storeSession();
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    renderWithProviders(<LanguageSwitcher />);
    await userEvent.click(await screen.findByTestId('lang-en'));
    await vi.waitFor(() => expect(accountCalls()).toHaveLength(1));
    const [, init] = accountCalls()[0]!;
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ language: 'en' });
  });

  it('asks the server nothing for a visitor who is not signed in', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    renderWithProviders(<LanguageSwitcher />);
    await userEvent.click(await screen.findByTestId('lang-en'));
    await userEvent.click(await screen.findByTestId('lang-es'));
    expect(accountCalls()).toEqual([]);
  });
});
