import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { customizationKeys, fetchCustomization, usePermissions } from '@/features/personalization';
import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formFromCustomization } from '../lib/modify-form';
import { ModifyEditor } from './modify-editor';

/** Spec 001 §8's load errors: an answer that says no, or a request that never completed. */
function loadErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS) return 'errors.loadUnsuccessful';
  return 'errors.loadException';
}

function LoadError({ detailKey }: { detailKey: string }) {
  const { t } = useTranslation('modify');
  return (
    <section
      data-testid="modify-error"
      className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-16"
    >
      <div role="alert" className="rounded-3xl border border-ink/10 bg-white p-8 text-center shadow-soft">
        <CircleAlert aria-hidden className="mx-auto size-10 text-rose-700" />
        <h1 className="mt-4 font-display text-2xl text-ink">{t('errors.unloadable')}</h1>
        <p className="mt-2 text-ink-soft">{t(detailKey)}</p>
        <Link to="/auth" className={buttonClass('primary', 'md', 'mt-6')}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('backToDashboard')}
        </Link>
      </div>
    </section>
  );
}

function ModifySkeleton() {
  return (
    <div aria-hidden data-testid="modify-loading" className="mx-auto w-full max-w-3xl space-y-4 px-4 py-10">
      <div className="h-9 w-2/3 animate-pulse rounded-xl bg-ink/10 motion-reduce:animate-none" />
      <div className="h-12 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />
      <div className="h-80 animate-pulse rounded-3xl bg-ink/5 motion-reduce:animate-none" />
    </div>
  );
}

/** /modify/{id}: the event-settings edit screen (spec 001 §2), login checked by the route. */
export function ModifyPage() {
  const { t } = useTranslation('modify');
  const { id } = useParams();
  useDocumentTitle(t('title'));
  const customization = useQuery({
    queryKey: customizationKeys.one(id ?? ''),
    queryFn: () => fetchCustomization(id!),
    enabled: !!id,
    refetchOnMount: 'always',
  });
  const permissions = usePermissions(id ?? null);

  if (!id) return <LoadError detailKey="errors.noId" />;
  if (customization.isError) return <LoadError detailKey={loadErrorKey(customization.error)} />;
  if (customization.isPending || permissions.isPending) return <ModifySkeleton />;
  return (
    <ModifyEditor
      key={customization.data.id}
      id={id}
      albumId={customization.data.album_id}
      initial={formFromCustomization(customization.data)}
      permissions={permissions.data}
    />
  );
}
