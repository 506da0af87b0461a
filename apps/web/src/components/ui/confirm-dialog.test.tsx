import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog() {
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      title="¿Borrar la foto?"
      description="No se puede deshacer."
      confirmLabel="Borrar"
      cancelLabel="Cancelar"
      confirmTestId="thing-delete-confirm"
      onConfirm={onConfirm}
    >
      <button type="button" data-testid="thing-delete">
        Borrar foto
      </button>
    </ConfirmDialog>,
  );
  return onConfirm;
}

describe('ConfirmDialog', () => {
  it('asks first, and acts only once the person confirms', async () => {
    const onConfirm = renderDialog();
    await userEvent.click(screen.getByTestId('thing-delete'));
    expect(onConfirm).not.toHaveBeenCalled();
    const dialog = screen.getByRole('alertdialog', { name: '¿Borrar la foto?' });
    expect(dialog).toHaveAccessibleDescription('No se puede deshacer.');
    await userEvent.click(screen.getByTestId('thing-delete-confirm'));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does nothing on Cancel, which holds the focus so Enter cannot delete by accident', async () => {
    const onConfirm = renderDialog();
    await userEvent.click(screen.getByTestId('thing-delete'));
    const cancel = screen.getByRole('button', { name: 'Cancelar' });
    expect(cancel).toHaveFocus();
    await userEvent.click(cancel);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
