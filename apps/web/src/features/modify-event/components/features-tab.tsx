import { useTranslation } from 'react-i18next';
import { FEATURE_FLAGS } from '../lib/modify-form';
import { ToggleRow } from './field-controls';
import type { TabProps } from './tab-props';

/** Features: the seven flags, locked ones disabled with the plan or add-on that opens them. */
export function FeaturesTab({ form, permissions, set }: TabProps) {
  const { t } = useTranslation('modify');
  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink-soft">{t('features.intro')}</p>
      {FEATURE_FLAGS.map((field) => (
        <ToggleRow
          key={field}
          field={field}
          checked={form[field] === true}
          hint={t(`features.hints.${field}`)}
          permissions={permissions}
          onChange={(value) => set(field, value)}
        />
      ))}
    </div>
  );
}
