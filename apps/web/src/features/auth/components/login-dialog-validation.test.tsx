import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { es, renderWithProviders } from '@/test/render';
import { LoginDialogProvider, useLoginDialog } from './login-dialog-context';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

function OpenOnMount() {
  const { openLoginDialog } = useLoginDialog();
  useEffect(() => openLoginDialog(), [openLoginDialog]);
  return null;
}

describe('login dialog validation', () => {
  it('names the field of a malformed e-mail instead of asking the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LoginDialogProvider>
        <OpenOnMount />
      </LoginDialogProvider>,
    );
    await user.type(await screen.findByLabelText(es.auth.fields.email), 'ana@');
    await user.type(screen.getByLabelText(es.auth.fields.password), 'fiesta-2026');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('El correo no es válido')).toBeInTheDocument();
    expect(screen.queryByText(es.errors.VALIDATION_ERROR)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
