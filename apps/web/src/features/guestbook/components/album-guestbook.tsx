import { useInfiniteQuery } from '@tanstack/react-query';
import { BookHeart } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { guestMessagesQuery } from '../api/guest-messages-api';
import type { JoinAlbum } from '../lib/guest-identity';
import { LeaveMessageEntry } from './leave-message-entry';
import { MessageBody } from './message-body';

interface AlbumGuestbookProps {
  albumId: string;
  accessCode: string;
  /** The shared album's own join, so the pass a message makes is the album's session too. */
  join: JoinAlbum;
  /** The upload window closes the guestbook too: no "leave a message" after it. */
  canWrite: boolean;
}

/**
 * The guestbook on the shared album: "Deja un mensaje" while guests may write, and the messages
 * themselves (newest first, with their count) once the hosts made the guestbook public. While it
 * is private nothing of it shows but the entry.
 */
export function AlbumGuestbook(props: AlbumGuestbookProps) {
  return (
    <Suspense fallback={null}>
      <Guestbook {...props} />
    </Suspense>
  );
}

function Guestbook({ albumId, accessCode, join, canWrite }: AlbumGuestbookProps) {
  const { t } = useTranslation('guestbook');
  const query = useInfiniteQuery(guestMessagesQuery(albumId, accessCode));
  const first = query.data?.pages[0];
  const isPublic = Boolean(first?.visible && first.totalCount > 0);
  if (!isPublic && !canWrite) return null;
  const entry = canWrite && (
    <LeaveMessageEntry albumId={albumId} accessCode={accessCode} join={join} variant="button" />
  );

  if (!isPublic || !first || !query.data)
    return (
      <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
        <div
          data-testid="guestbook-entry"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-ink/10 bg-white p-3 pl-4 shadow-soft"
        >
          {/* A basis of its own: on a phone the button goes under the words instead of squeezing them. */}
          <p className="inline-flex min-w-0 flex-1 basis-60 items-center gap-2 text-sm text-ink-soft">
            <BookHeart aria-hidden className="size-5 shrink-0 text-rose-700" />
            {t('entry.text')}
          </p>
          {entry}
        </div>
      </div>
    );

  const messages = query.data.pages.flatMap((page) => page.items);
  return (
    <section
      data-testid="public-guestbook"
      aria-labelledby="public-guestbook-title"
      className="mx-auto w-full max-w-6xl px-4 pt-5 sm:px-6"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-3">
          <h2 id="public-guestbook-title" className="inline-flex items-center gap-2 text-lg font-semibold text-ink">
            <BookHeart aria-hidden className="size-5 text-rose-700" />
            {t('public.title')}
          </h2>
          <p data-testid="public-guestbook-count" className="text-sm text-ink-soft">
            {t('public.count', { count: first.totalCount })}
          </p>
        </div>
        {entry}
      </div>
      {/* A strip that scrolls sideways, so a long guestbook never pushes the photos far down. */}
      <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {messages.map((message) => (
          <li
            key={message.id}
            data-testid="public-message"
            className="flex w-[min(20rem,80vw)] shrink-0 snap-start flex-col rounded-2xl border border-ink/10 bg-white p-4 shadow-soft"
          >
            <MessageBody message={message} />
          </li>
        ))}
        {query.hasNextPage && (
          <li className="flex shrink-0 items-center">
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? t('public.loadingMore') : t('public.more')}
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
