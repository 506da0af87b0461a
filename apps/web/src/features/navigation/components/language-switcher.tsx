import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { updateMyLanguage, useAuth } from '@/features/auth';
import { changeLanguage, isLanguage, SUPPORTED_LANGUAGES, type Language } from '@/lib/i18n';

/** es / en toggle; always visible (no menu) so it is one tap away on a phone. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'es';
  const { isLoggedIn } = useAuth();
  const choose = (lng: Language) => {
    void changeLanguage(lng);
    // A signed-in person's e-mails follow the language they use; the page has already switched,
    // and a failed save only leaves their e-mails in the language stored before.
    if (isLoggedIn && lng !== current) updateMyLanguage(lng).catch(() => undefined);
  };

  return (
    <div role="group" aria-label={t('language.label')} className="flex rounded-xl border border-ink/10 bg-white p-0.5">
      {SUPPORTED_LANGUAGES.map((lng) => (
        <Tooltip key={lng} label={t(`language.${lng}`)}>
          <button
            type="button"
            data-testid={`lang-${lng}`}
            lang={lng}
            aria-pressed={current === lng}
            aria-label={`${lng.toUpperCase()} · ${t(`language.${lng}`)}`}
            onClick={() => choose(lng)}
            className={clsx(
              'min-h-10 min-w-11 rounded-[10px] px-2 text-xs font-bold tracking-wide uppercase transition duration-150',
              current === lng ? 'bg-ink text-paper' : 'text-ink-soft hover:text-ink',
            )}
          >
            {lng}
          </button>
        </Tooltip>
      ))}
    </div>
  );
}
