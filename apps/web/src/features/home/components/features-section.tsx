import { Download, Images, KeyRound, Palette } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionShell } from './section-shell';

const FEATURES = [
  { icon: KeyRound, key: 'code' },
  { icon: Images, key: 'share' },
  { icon: Palette, key: 'style' },
  { icon: Download, key: 'download' },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation('home');
  return (
    <SectionShell id="features" title={t('features.title')} text={t('features.text')}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, key }) => (
          <li key={key} className="rounded-2xl border border-ink/10 bg-white p-6 shadow-soft">
            <span className="grid size-11 place-items-center rounded-xl bg-rose-50 text-rose-700">
              <Icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-ink">{t(`features.${key}`)}</h3>
            <p className="mt-1 text-sm text-ink-soft">{t(`features.${key}Text`)}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
