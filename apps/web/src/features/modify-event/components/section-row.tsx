import { SECTION_NAME_MAX } from '@momentos/contract/constants';
import { ArrowDown, ArrowUp, Check, Pencil, Trash2, X } from 'lucide-react';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Section } from '@/lib/album-sections';
import { controlClass } from './field-controls';

interface SectionRowProps {
  section: Section;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  /** Resolves with the refusal's words, or null once saved; the typed name stays on a refusal. */
  onRename: (name: string) => Promise<string | null>;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

/** An icon-only action of the row; its label is both the accessible name and the hover hint. */
function RowButton({ label, ...props }: ComponentProps<typeof Button> & { label: string }) {
  return <Button variant="ghost" size="icon" aria-label={label} title={label} {...props} />;
}

/** One named section: its name (renamed in place), its photos, up and down, and delete with a confirmation. */
export function SectionRow({ section, isFirst, isLast, busy, onRename, onMove, onDelete }: SectionRowProps) {
  const { t } = useTranslation('modify');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const photoCount = section.photoCount ?? 0;
  const inputId = `section-name-${section.id}`;
  const moves = [
    { direction: -1, testId: 'section-up', label: 'sections.moveUp', Icon: ArrowUp, atEnd: isFirst },
    { direction: 1, testId: 'section-down', label: 'sections.moveDown', Icon: ArrowDown, atEnd: isLast },
  ] as const;

  const stopEditing = () => {
    setDraft(null);
    setError(null);
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    if (draft.trim() === '') return setError(t('sections.errors.nameRequired'));
    if (draft.trim() === section.name) return stopEditing();
    const refusal = await onRename(draft);
    if (refusal) setError(refusal);
    else stopEditing();
  }

  if (draft !== null)
    return (
      <li data-testid="section-row" className="rounded-2xl border border-rose-700/40 bg-white p-3">
        <form onSubmit={(event) => void submit(event)} className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="sr-only">
              {t('sections.nameLabel')}
            </label>
            <input
              id={inputId}
              data-testid="section-rename-input"
              // The host asked to rename: the field takes the keyboard at once.
              autoFocus
              value={draft}
              maxLength={SECTION_NAME_MAX}
              enterKeyHint="done"
              aria-invalid={error !== null}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(event) => {
                setDraft(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => event.key === 'Escape' && stopEditing()}
              className={controlClass}
            />
            {error && (
              <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm text-rose-800">
                {error}
              </p>
            )}
          </div>
          <Button
            type="submit"
            size="icon"
            data-testid="section-rename-save"
            disabled={busy}
            aria-label={t('sections.saveName')}
          >
            <Check aria-hidden className="size-5" />
          </Button>
          <Button variant="ghost" size="icon" onClick={stopEditing} aria-label={t('sections.cancel')}>
            <X aria-hidden className="size-5" />
          </Button>
        </form>
      </li>
    );

  return (
    <li
      data-testid="section-row"
      className="flex items-center gap-2 rounded-2xl border border-ink/10 bg-white py-2 pr-1 pl-4"
    >
      <div className="min-w-0 flex-1">
        <p data-testid="section-name" className="truncate font-semibold text-ink">
          {section.name}
        </p>
        <p className="text-xs text-ink-soft">{t('sections.photoCount', { count: photoCount })}</p>
      </div>
      <div className="flex shrink-0">
        {moves.map(({ direction, testId, label, Icon, atEnd }) => (
          <RowButton
            key={testId}
            data-testid={testId}
            label={t(label, { name: section.name })}
            disabled={busy || atEnd}
            onClick={() => onMove(direction)}
          >
            <Icon aria-hidden className="size-4" />
          </RowButton>
        ))}
        <RowButton
          data-testid="section-rename"
          label={t('sections.rename', { name: section.name })}
          disabled={busy}
          onClick={() => setDraft(section.name)}
        >
          <Pencil aria-hidden className="size-4" />
        </RowButton>
        <ConfirmDialog
          title={t('sections.deleteTitle', { name: section.name })}
          description={photoCount > 0 ? t('sections.deleteText', { count: photoCount }) : t('sections.deleteTextEmpty')}
          confirmLabel={t('sections.deleteConfirm')}
          cancelLabel={t('sections.cancel')}
          confirmTestId="section-delete-confirm"
          onConfirm={onDelete}
        >
          <RowButton data-testid="section-delete" label={t('sections.delete', { name: section.name })} disabled={busy}>
            <Trash2 aria-hidden className="size-4 text-rose-700" />
          </RowButton>
        </ConfirmDialog>
      </div>
    </li>
  );
}
