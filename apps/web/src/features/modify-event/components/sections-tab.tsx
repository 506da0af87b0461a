import { SECTION_NAME_MAX } from '@momentos/contract/constants';
import { Layers, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { useOwnerSections, useSectionChanges } from '../api/sections-api';
import { controlClass } from './field-controls';
import { SectionRow } from './section-row';

/**
 * The album's sections (docs/decisions.md "Sections"): the main part always counts as one, so a
 * host adds up to `limit - 1` named sections. Each change is saved at once, like the itinerary.
 */
export function SectionsTab({ albumId }: { albumId: string | null }) {
  const { t } = useTranslation('modify');
  if (!albumId)
    return (
      <p className="rounded-2xl border border-dashed border-ink/20 p-6 text-center text-sm text-ink-soft">
        {t('sections.noAlbum')}
      </p>
    );
  return <SectionsEditor albumId={albumId} />;
}

function SectionsEditor({ albumId }: { albumId: string }) {
  const { t } = useTranslation('modify');
  const { t: tCommon } = useTranslation();
  const list = useOwnerSections(albumId);
  const changes = useSectionChanges(albumId);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const sections = list.data?.items ?? [];
  const limit = list.data?.limit ?? 1;
  const used = sections.length + 1;
  const isFull = used >= limit;

  // The server's refusals in the host's words; anything else as the common error text.
  const refusalText = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CONFLICT') return t('sections.errors.nameTaken');
    if (error instanceof ApiError && error.code === 'SECTION_LIMIT_REACHED') return limitText(limit);
    return describeError(tCommon, error, t('sections.errors.saveFailed'));
  };
  const limitText = (count: number) => (count <= 1 ? t('sections.basicNote') : t('sections.limitNote', { count }));
  const failed = (error: unknown) => toast({ variant: 'destructive', title: refusalText(error) });

  async function add(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') return setAddError(t('sections.errors.nameRequired'));
    try {
      await changes.create.mutateAsync(name);
      setName('');
      setAddError(null);
    } catch (error) {
      setAddError(refusalText(error));
    }
  }
  const rename = async (sectionId: string, next: string) => {
    try {
      await changes.update.mutateAsync({ sectionId, name: next });
      return null;
    } catch (error) {
      return refusalText(error);
    }
  };

  if (list.isPending)
    return <div aria-hidden className="h-48 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />;
  if (list.isError)
    return (
      <div role="alert" className="rounded-2xl bg-rose-50 p-5 text-sm text-rose-800">
        <p>{t('sections.loadFailed')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
          {t('sections.retry')}
        </Button>
      </div>
    );

  return (
    <div data-testid="sections-tab" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 flex-1 basis-72 text-sm text-ink-soft">{t('sections.intro')}</p>
        <p
          data-testid="sections-usage"
          className="shrink-0 rounded-full bg-gold-100 px-3 py-1 text-sm font-semibold text-gold-800 tabular-nums"
        >
          {t('sections.usage', { used, count: limit })}
        </p>
      </div>

      <ol className="grid gap-2" aria-label={t('sections.listLabel')}>
        <li className="flex items-center gap-3 rounded-2xl border border-ink/10 bg-paper-deep/60 px-4 py-3">
          <Layers aria-hidden className="size-5 shrink-0 text-rose-700" />
          <div className="min-w-0">
            <p className="font-semibold text-ink">{t('sections.main')}</p>
            <p className="text-xs text-ink-soft">{t('sections.mainHint')}</p>
          </div>
        </li>
        {sections.map((section, index) => (
          <SectionRow
            key={section.id}
            section={section}
            isFirst={index === 0}
            isLast={index === sections.length - 1}
            busy={changes.isBusy}
            onRename={(next) => rename(section.id, next)}
            onMove={(direction) =>
              changes.update.mutate({ sectionId: section.id, position: index + direction }, { onError: failed })
            }
            onDelete={() =>
              changes.remove.mutate(section.id, {
                onSuccess: () => toast({ variant: 'success', title: t('sections.deleted', { name: section.name }) }),
                onError: failed,
              })
            }
          />
        ))}
      </ol>

      <form onSubmit={(event) => void add(event)} noValidate className="grid gap-1.5">
        <label htmlFor="section-new-name" className="text-sm font-medium text-ink">
          {t('sections.newLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id="section-new-name"
            data-testid="section-new-name"
            value={name}
            maxLength={SECTION_NAME_MAX}
            placeholder={t('sections.newPlaceholder')}
            enterKeyHint="done"
            disabled={isFull}
            aria-invalid={addError !== null}
            aria-describedby={isFull ? 'section-limit-note' : addError ? 'section-add-error' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setAddError(null);
            }}
            className={controlClass}
          />
          <Button
            type="submit"
            size="lg"
            data-testid="section-add"
            disabled={isFull || changes.create.isPending}
            className="shrink-0 px-4"
          >
            <Plus aria-hidden className="size-4" />
            {t('sections.add')}
          </Button>
        </div>
        {addError && !isFull && (
          <p id="section-add-error" role="alert" className="text-sm text-rose-800">
            {addError}
          </p>
        )}
        {isFull && (
          <p id="section-limit-note" data-testid="sections-limit" className="text-sm text-gold-800">
            {limitText(limit)}
          </p>
        )}
      </form>
    </div>
  );
}
