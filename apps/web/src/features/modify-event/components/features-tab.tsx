import { useTranslation } from 'react-i18next';
import { isFieldAllowed } from '@/features/personalization';
import { FEATURE_FLAGS } from '../lib/modify-form';
import { ToggleRow } from './field-controls';
import type { TabProps } from './tab-props';

/**
 * Features: the flags, locked ones disabled with the plan or add-on that opens them. The ZIP is what the album can
 * do (the plan or a bought add-on), which the server reads into `enable_zip_download`, so it is shown, not switched.
 */
export function FeaturesTab({ form, permissions, set }: TabProps) {
  const { t } = useTranslation('modify');
  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink-soft">{t('features.intro')}</p>
      {FEATURE_FLAGS.map((field) => {
        const included = field === 'enable_zip_download' && isFieldAllowed(field, permissions);
        return (
          <ToggleRow
            key={field}
            field={field}
            checked={form[field] === true}
            hint={t(included ? 'features.zipIncluded' : `features.hints.${field}`)}
            permissions={permissions}
            readOnly={included}
            onChange={(value) => set(field, value)}
          />
        );
      })}
    </div>
  );
}
