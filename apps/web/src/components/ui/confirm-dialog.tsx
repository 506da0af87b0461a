import { AlertDialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  /** The button that opens the dialog; it gets the trigger's behaviour and keeps its own props. */
  children: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  confirmTestId?: string;
  onConfirm: () => void;
}

/**
 * Asks before something that cannot be undone. The confirm button is the brand's rose primary, which is
 * the destructive look every such question uses today; focus starts on Cancel (Radix), so Enter is safe.
 */
export function ConfirmDialog({
  children,
  title,
  description,
  confirmLabel,
  cancelLabel,
  confirmTestId,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[61] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-lift">
          {/* break-words: titles may quote a guest- or host-typed name with no spaces. */}
          <AlertDialog.Title className="text-lg font-semibold break-words text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink-soft">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button data-testid={confirmTestId} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
