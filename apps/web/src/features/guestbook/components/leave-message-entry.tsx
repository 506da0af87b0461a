import { MessageSquareHeart } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useMessageDraft } from '../hooks/use-message-draft';
import { useSendMessage } from '../hooks/use-send-message';
import { joinAndRemember, storedGuestName, type JoinAlbum } from '../lib/guest-identity';

// The form, the recorder and the dialog load when a guest opens them, not with the guest page.
const ComposeDialog = lazy(async () => ({ default: (await import('./compose-dialog')).ComposeDialog }));

export interface LeaveMessageEntryProps {
  albumId: string;
  accessCode: string;
  /** How the page joins the album under a name (the shared album keeps its session); else joined here. */
  join?: JoinAlbum;
  /** A card of its own on the guest page; a button among the shared album's actions. */
  variant?: 'card' | 'button';
}

/** "Deja un mensaje": opens the message form; its translations arrive with it, so nothing waits on them. */
export function LeaveMessageEntry(props: LeaveMessageEntryProps) {
  return (
    <Suspense fallback={props.variant === 'button' ? null : <div aria-hidden className="h-36 rounded-3xl" />}>
      <Entry {...props} />
    </Suspense>
  );
}

function Entry({ albumId, accessCode, join, variant = 'card' }: LeaveMessageEntryProps) {
  const { t } = useTranslation('guestbook');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const joinAlbum = useMemo(() => join ?? joinAndRemember(albumId, accessCode), [join, albumId, accessCode]);
  const draft = useMessageDraft(() => storedGuestName(albumId));
  const sending = useSendMessage(albumId, joinAlbum);

  const openForm = () => {
    // The guest may have named themself on the page since it loaded.
    if (!draft.draft.authorName) draft.update({ authorName: storedGuestName(albumId) });
    if (sending.state.phase === 'sent') sending.reset();
    setLoaded(true);
    setOpen(true);
  };

  const trigger =
    variant === 'button' ? (
      <Button variant="secondary" data-testid="guestbook-open" onClick={openForm}>
        <MessageSquareHeart aria-hidden className="size-5" />
        {t('entry.title')}
      </Button>
    ) : (
      <section
        data-testid="guestbook-entry"
        aria-labelledby="guestbook-entry-title"
        className="flex flex-col gap-4 rounded-3xl border border-ink/10 bg-white p-5 shadow-soft sm:flex-row sm:items-center sm:p-7"
      >
        <span aria-hidden className="grid size-12 shrink-0 place-items-center rounded-full bg-rose-50 text-rose-700">
          <MessageSquareHeart className="size-6" />
        </span>
        <div className="flex-1">
          <h2 id="guestbook-entry-title" className="text-lg font-semibold text-ink">
            {t('entry.title')}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{t('entry.text')}</p>
        </div>
        <Button variant="secondary" data-testid="guestbook-open" onClick={openForm}>
          {t('entry.button')}
        </Button>
      </section>
    );

  return (
    <>
      {trigger}
      {loaded && (
        <Suspense fallback={null}>
          <ComposeDialog
            albumId={albumId}
            accessCode={accessCode}
            open={open}
            onOpenChange={setOpen}
            draft={draft}
            sending={sending}
          />
        </Suspense>
      )}
    </>
  );
}
