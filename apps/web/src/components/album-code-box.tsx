import { clsx } from 'clsx';
import { ArrowRight } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { parseAlbumCode } from '@/lib/album-code';

type Problem = 'empty' | 'invalid';

/**
 * The guest's front door: a box for the album's 6-digit code, however it was said ("482 913",
 * "482-913"), that opens /guest/{code}. The guest page looks the code up and shows a wrong one as
 * not found (with this box again). The same box sits on the home page, at /guest and on those states.
 * `autoComplete="off"`: "one-time-code" would offer the last SMS code, which is never this one.
 */
export function AlbumCodeBox({
  label,
  className,
  autoFocus,
}: {
  label?: string;
  className?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const messageId = `${id}-message`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const code = parseAlbumCode(typed);
    if (!code) {
      setProblem(typed.trim() ? 'invalid' : 'empty');
      return;
    }
    setProblem(null);
    void navigate(`/guest/${code}`);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      data-testid="album-code-box"
      className={clsx('flex flex-col gap-2', className)}
    >
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label ?? t('albumCode.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          data-testid="album-code-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          // Room for a pasted link; the code itself is 6 digits with a separator.
          maxLength={200}
          autoFocus={autoFocus}
          placeholder={t('albumCode.placeholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={messageId}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (problem) setProblem(null);
          }}
          className={clsx(
            'min-h-12 w-0 min-w-32 flex-1 rounded-xl border bg-white px-4 text-lg tracking-[0.12em] text-ink tabular-nums shadow-inner-soft',
            'placeholder:tracking-[0.12em] placeholder:text-ink-soft/60 focus:ring-4 focus:ring-rose-700/15 focus:outline-none',
            problem ? 'border-rose-700' : 'border-ink/20 focus:border-rose-700',
          )}
        />
        <button type="submit" data-testid="album-code-submit" className={buttonClass('primary', 'lg', 'px-4 sm:px-5')}>
          {t('albumCode.submit')}
          <ArrowRight aria-hidden className="size-5" />
        </button>
      </div>
      <p
        id={messageId}
        data-testid={problem ? 'album-code-error' : undefined}
        aria-live="polite"
        className={clsx('text-left text-xs', problem ? 'font-medium text-rose-800' : 'text-ink-soft')}
      >
        {problem === 'empty'
          ? t('albumCode.empty')
          : problem === 'invalid'
            ? t('albumCode.invalid')
            : t('albumCode.hint')}
      </p>
    </form>
  );
}
