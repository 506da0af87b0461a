import { GUEST_NAME_MAX } from '@momentos/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { describeError } from '@/lib/error-message';

/** Liking and commenting need a named guest: asks for the name once, then the action goes on. */
export function JoinForm({ onJoin, onCancel }: { onJoin: (name: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('album');
  const { t: tCommon } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(t('join.nameRequired'));
    setBusy(true);
    setError(null);
    try {
      await onJoin(name.trim());
    } catch (cause) {
      setError(describeError(tCommon, cause));
      setBusy(false);
    }
  }

  return (
    <form
      data-testid="viewer-join"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-2xl bg-paper-deep p-4"
    >
      <p className="text-sm text-ink">{t('join.why')}</p>
      <TextField
        id="viewer-join-name"
        label={t('join.name')}
        value={name}
        maxLength={GUEST_NAME_MAX}
        autoComplete="given-name"
        onChange={(event) => setName(event.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm text-rose-800">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={isBusy} data-testid="viewer-join-submit">
          {t('join.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('join.cancel')}
        </Button>
      </div>
    </form>
  );
}
