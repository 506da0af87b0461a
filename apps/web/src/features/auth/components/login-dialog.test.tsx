import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageKeys } from '@/lib/storage';
import { es, jsonResponse, renderWithProviders } from '@/test/render';
import { AUTH_STATE_CHANGED, SESSION_ENDED } from '../session';
import { LoginDialogProvider, useLoginDialog } from './login-dialog-context';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

function OpenOnMount() {
  const { openLoginDialog } = useLoginDialog();
  useEffect(() => openLoginDialog(), [openLoginDialog]);
  return (
    <button type="button" data-testid="reopen" onClick={() => openLoginDialog()}>
      reopen
    </button>
  );
}

function setup() {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <LoginDialogProvider>
      <OpenOnMount />
    </LoginDialogProvider>,
    { extraRoutes: [{ path: '/auth', element: <p>account</p> }] },
  );
  const email = () => screen.getByLabelText(es.auth.fields.email);
  const password = () => screen.getByLabelText(es.auth.fields.password);
  const submit = () => screen.getByTestId('login-submit');
  return { user, email, password, submit, ...view };
}

const session = {
  access_token: 'a',
  refresh_token: 'r',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  expires_in: 3600,
  token_type: 'bearer',
  user: {
    id: '00000000-0000-4000-8000-000000000000',
    email: 'ana@example.com',
    role: 'host',
    created_at: '',
    user_metadata: { email_verified: false },
  },
};

describe('login dialog', () => {
  it('keeps submit disabled until both fields have a value', async () => {
    const { user, email, password, submit } = setup();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(submit()).toBeDisabled();
    await user.type(email(), 'ana@example.com');
    expect(submit()).toBeDisabled();
    await user.type(password(), 'secret');
    expect(submit()).toBeEnabled();
  });

  it('shows the required toast titled Error for a whitespace-only field', async () => {
    // An email input strips surrounding blanks itself, so the reachable case is the password.
    const { user, email, password, submit } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), '   ');
    expect(submit()).toBeEnabled();
    await user.click(submit());
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent(es.actions.error);
    expect(toast).toHaveTextContent(es.validation.requiredField.replace('{{field}}', es.auth.fields.password));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(email()).toBeInTheDocument();
  });

  it('stores the session, broadcasts, closes and goes to /auth on success', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { session, user: session.user } }));
    const changed = vi.fn();
    window.addEventListener(AUTH_STATE_CHANGED, changed);
    const { user, password, submit, router } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'secret');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(JSON.parse(localStorage.getItem(StorageKeys.session) ?? '{}')).toMatchObject({ access_token: 'a' });
    expect(changed).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent(es.auth.login.success);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'ana@example.com', password: 'secret' });
    expect(typeof body.session_id).toBe('string');
    window.removeEventListener(AUTH_STATE_CHANGED, changed);
  });

  it('shows an Authentication error toast and stays open on failure', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    );
    const { user, password, submit } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'wrong');
    await user.click(submit());
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent(es.auth.errors.authTitle);
    expect(toast).toHaveTextContent(es.errors.INVALID_CREDENTIALS);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(localStorage.getItem(StorageKeys.session)).toBeNull();
  });

  const refused = (retryAfter: string) =>
    new Response(JSON.stringify({ success: false, message: 'Too many sign-in attempts.', code: 'RATE_LIMITED' }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
    });

  it('says how long to wait when sign-in is refused for too many attempts, keeping what was typed', async () => {
    fetchMock.mockResolvedValueOnce(refused('32'));
    const { user, email, password, submit } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'secret');
    await user.click(submit());
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent(es.auth.errors.authTitle);
    expect(toast).toHaveTextContent(
      'Ha habido demasiados intentos de inicio de sesión. Por tu seguridad, espera 32 segundos y vuelve a intentarlo.',
    );
    expect(email()).toHaveValue('ana@example.com');
    expect(password()).toHaveValue('secret');
    expect(submit()).toBeEnabled();
  });

  it('gives a long wait in minutes', async () => {
    fetchMock.mockResolvedValueOnce(refused('840'));
    const { user, password, submit } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'secret');
    await user.click(submit());
    expect(await screen.findByTestId('toast')).toHaveTextContent('espera 14 minutos y vuelve a intentarlo');
  });

  it('reports an answer without a session', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: {} }));
    const { user, password, submit } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'secret');
    await user.click(submit());
    expect(await screen.findByTestId('toast')).toHaveTextContent(es.auth.errors.noSession);
  });

  it('switches to login when registering an existing e-mail', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: false, message: 'A user with this email already exists', code: 'EMAIL_ALREADY_EXISTS' },
        409,
      ),
    );
    const { user, password, submit } = setup();
    await user.click(await screen.findByTestId('login-to-register'));
    expect(screen.getByRole('heading', { name: es.auth.register.title })).toBeInTheDocument();
    await user.type(screen.getByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'longenough');
    await user.click(submit());
    expect(await screen.findByTestId('toast')).toHaveTextContent(es.auth.errors.userExists);
    expect(screen.getByRole('heading', { name: es.auth.login.title })).toBeInTheDocument();
  });

  it('puts the focus back on the e-mail field after a failed login', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    );
    const { user, email, password, submit } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'wrong');
    await user.click(submit());
    await screen.findByTestId('toast');
    await waitFor(() => expect(email()).toHaveFocus());
    expect(email()).toHaveValue('ana@example.com');
  });

  it('closes with one Escape after a failed login, although the error toast is open', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    );
    const { user, password, submit } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(password(), 'wrong');
    await user.click(submit());
    await screen.findByTestId('toast');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens by itself when the session ended, says so, and signs back in to the page the user was on', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { session, user: session.user } }));
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <LoginDialogProvider>
        <p>album</p>
      </LoginDialogProvider>,
      { path: '/album-detail/abc', extraRoutes: [{ path: '/auth', element: <p>account</p> }] },
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    window.dispatchEvent(new CustomEvent(SESSION_ENDED, { detail: { from: '/album-detail/abc?tab=share' } }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('login-notice')).toHaveTextContent(es.auth.login.sessionEnded);
    await user.type(screen.getByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.type(screen.getByLabelText(es.auth.fields.password), 'secret');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(router.state.location).toMatchObject({ pathname: '/album-detail/abc', search: '?tab=share' }),
    );
  });

  it('clears the fields when closed and reopened', async () => {
    const { user, email } = setup();
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@example.com');
    await user.click(screen.getByTestId('login-to-register'));
    await user.click(screen.getByTestId('login-cancel'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('reopen'));
    expect(email()).toHaveValue('');
    expect(screen.getByRole('heading', { name: es.auth.login.title })).toBeInTheDocument();
  });
});
