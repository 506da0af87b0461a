import type { OwnerMessage } from '@momentos/contract';
import { Check, Eye, EyeOff, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useDeleteMessage, useModerateMessage } from '../api/host-messages-api';

type Action = 'approve' | 'hide' | 'show';
const requests = {
  approve: { approve: true },
  hide: { hidden: true },
  show: { hidden: false },
} as const;

/** Approve (pending only), hide or show again, and delete after a confirmation, as photos are moderated. */
export function MessageActions({ albumId, message }: { albumId: string; message: OwnerMessage }) {
  const { t } = useTranslation('guestbook');
  const moderate = useModerateMessage(albumId);
  const remove = useDeleteMessage(albumId);
  const busy = moderate.isPending || remove.isPending;
  const run = (action: Action) =>
    moderate.mutate(
      { messageId: message.id, request: requests[action] },
      {
        onSuccess: () => toast({ variant: 'success', title: t(`host.done.${action}`) }),
        onError: () => toast({ variant: 'destructive', title: t('host.failed') }),
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      {message.status === 'pending' && (
        <Button data-testid="message-approve" disabled={busy} onClick={() => run('approve')}>
          <Check aria-hidden className="size-4" />
          {t('host.approve')}
        </Button>
      )}
      {message.status === 'hidden' ? (
        <Button variant="secondary" data-testid="message-show" disabled={busy} onClick={() => run('show')}>
          <Eye aria-hidden className="size-4" />
          {t('host.show')}
        </Button>
      ) : (
        <Button variant="secondary" data-testid="message-hide" disabled={busy} onClick={() => run('hide')}>
          <EyeOff aria-hidden className="size-4" />
          {t('host.hide')}
        </Button>
      )}
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <Button variant="ghost" data-testid="message-delete" className="text-rose-800" disabled={busy}>
            <Trash2 aria-hidden className="size-4" />
            {t('host.delete')}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[61] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-lift">
            <AlertDialog.Title className="text-lg font-semibold text-ink">{t('host.deleteTitle')}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-ink-soft">
              {t('host.deleteText')}
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">{t('host.cancel')}</Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button
                  data-testid="message-delete-confirm"
                  onClick={() =>
                    remove.mutate(message.id, {
                      onSuccess: () => toast({ variant: 'success', title: t('host.done.delete') }),
                      onError: () => toast({ variant: 'destructive', title: t('host.failed') }),
                    })
                  }
                >
                  {t('host.delete')}
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
