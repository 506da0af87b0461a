import { KeyRound } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { guestAlbumQuery } from '@/lib/guest-album-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isAccessCode } from '../hooks/use-album-session';

/** For a visitor who reached the album without its code: asks for it and checks it opens this album. */
export function CodeForm({ albumId, onValid }: { albumId: string; onValid: (code: string) => void }) {
  const { t } = useTranslation('album');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  useDocumentTitle(t('code.title'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isAccessCode(code)) return setError(t('code.invalidFormat'));
    setBusy(true);
    setError(null);
    try {
      // Into the cache: the album screen that opens next reads it from there.
      const album = await queryClient.fetchQuery(guestAlbumQuery(code));
      if (album.id !== albumId) throw new ApiError('wrong album', 404, 'ALBUM_NOT_FOUND');
      onValid(code);
    } catch (cause) {
      setError(cause instanceof ApiError && cause.status === 404 ? t('code.wrong') : describeError(tCommon, cause));
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center px-5 py-12">
      <form
        data-testid="album-code-form"
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-soft"
      >
        <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-rose-50 text-rose-700">
          <KeyRound className="size-6" />
        </span>
        <div>
          <h1 className="font-display text-2xl">{t('code.title')}</h1>
          <p className="mt-1 text-sm text-ink-soft">{t('code.text')}</p>
        </div>
        <TextField
          id="album-code"
          label={t('code.label')}
          inputMode="numeric"
          // Not "one-time-code": that offers the last SMS code. 7 lets "482 913" be pasted whole.
          autoComplete="off"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.4em]"
        />
        {error && (
          <p role="alert" className="text-sm text-rose-800">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" disabled={isBusy} data-testid="album-code-submit">
          {t('code.submit')}
        </Button>
      </form>
    </div>
  );
}
