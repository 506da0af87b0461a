import { useQuery } from '@tanstack/react-query';
import { Images, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { customizationKeys, fetchMyCustomizations } from '../api/customizations-api';

/** A small list of the host's albums with their guest codes, until the dashboard lands. */
export function MyAlbums() {
  const { t } = useTranslation('personalization');
  const query = useQuery({ queryKey: customizationKeys.mine, queryFn: fetchMyCustomizations, refetchOnMount: 'always' });
  const items = query.data ?? [];

  return (
    <section data-testid="my-albums" className="mt-8 rounded-3xl border border-ink/10 bg-white p-6 shadow-soft sm:p-8">
      <h2 className="flex items-center gap-2 font-display text-2xl text-ink">
        <Images aria-hidden className="size-5 text-rose-700" />
        {t('account.title')}
      </h2>
      {query.isPending && (
        <div aria-hidden className="mt-5 grid gap-3">
          {[0, 1].map((key) => (
            <div key={key} className="h-16 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />
          ))}
        </div>
      )}
      {query.isError && <p className="mt-4 text-sm text-rose-800">{t('account.loadFailed')}</p>}
      {query.isSuccess && items.length === 0 && <p className="mt-4 text-sm text-ink-soft">{t('account.empty')}</p>}
      <ul className="mt-5 grid gap-3">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid={item.access_code ? 'my-album' : 'my-draft'}
            className="flex flex-col gap-3 rounded-2xl bg-paper-deep p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words text-ink">{item.event_name || t('account.unnamed')}</p>
              {item.access_code ? (
                <p className="mt-1 text-sm text-ink-soft">
                  {t('account.code')}:{' '}
                  <span data-testid="my-album-code" className="font-mono text-base font-semibold tracking-[0.2em] text-ink">
                    {item.access_code}
                  </span>
                </p>
              ) : (
                <p className="mt-1 text-sm text-ink-soft">{t('account.draft')}</p>
              )}
            </div>
            {item.access_code ? (
              <Link to={`/modify/${item.id}`} className={buttonClass('secondary', 'md', 'shrink-0')}>
                <Pencil aria-hidden className="size-4" />
                {t('account.modify')}
              </Link>
            ) : (
              <Link to={`/personalization/step-1?orderId=${encodeURIComponent(item.order_id)}`} className={buttonClass('primary', 'md', 'shrink-0')}>
                {t('account.continue')}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
