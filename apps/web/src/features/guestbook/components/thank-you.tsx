import type { PostMessageResponse } from '@momentos/contract';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** After a message arrived: thanks, and when the hosts review messages first, that they will. */
export function ThankYou({
  status,
  onAnother,
  onDone,
}: {
  status: PostMessageResponse['data']['status'];
  onAnother: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('guestbook');
  return (
    <div data-testid="guestbook-thanks" role="status" className="mt-6 flex flex-col items-center gap-4 text-center">
      <span aria-hidden className="grid size-14 place-items-center rounded-full bg-rose-50 text-rose-700">
        <Heart className="size-7 fill-current" />
      </span>
      <div>
        <p className="font-display text-2xl text-ink">{t('thanks.title')}</p>
        <p className="mt-1 text-ink">{t('thanks.text')}</p>
        {status === 'pending' && <p className="mt-1 text-sm text-ink-soft">{t('thanks.pending')}</p>}
      </div>
      <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button variant="secondary" onClick={onAnother}>
          {t('thanks.another')}
        </Button>
        <Button onClick={onDone}>{t('thanks.done')}</Button>
      </div>
    </div>
  );
}
