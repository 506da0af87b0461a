import type { OwnerMessage } from '@momentos/contract';
import { Check, Eye, EyeOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
      <ConfirmDialog
        title={t('host.deleteTitle')}
        description={t('host.deleteText')}
        confirmLabel={t('host.delete')}
        cancelLabel={t('host.cancel')}
        confirmTestId="message-delete-confirm"
        onConfirm={() =>
          remove.mutate(message.id, {
            onSuccess: () => toast({ variant: 'success', title: t('host.done.delete') }),
            onError: () => toast({ variant: 'destructive', title: t('host.failed') }),
          })
        }
      >
        <Button variant="ghost" data-testid="message-delete" className="text-rose-800" disabled={busy}>
          <Trash2 aria-hidden className="size-4" />
          {t('host.delete')}
        </Button>
      </ConfirmDialog>
    </div>
  );
}
