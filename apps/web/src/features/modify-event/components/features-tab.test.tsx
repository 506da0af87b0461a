import type { Customization } from '@momentos/contract';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Permissions } from '@/features/personalization';
import { createTestI18n } from '@/test/render';
import esModify from '../../../../public/locales/es/modify.json';
import { formFromCustomization } from '../lib/modify-form';
import { FeaturesTab } from './features-tab';

const PLUS_FIELDS = ['event_name', 'event_date', 'event_location', 'enable_notices', 'enable_parejas'];

/** A Plus album's permissions, with the ZIP opened by album_download or locked. */
function plusPermissions(withAlbumDownload: boolean): Permissions {
  const allowed = withAlbumDownload ? [...PLUS_FIELDS, 'enable_zip_download'] : PLUS_FIELDS;
  return {
    tier: 'plus',
    allowedFields: allowed.map((fieldName) => ({ fieldName, required: false, type: 'boolean' })),
    lockedFields: withAlbumDownload
      ? []
      : [{ fieldName: 'enable_zip_download', unlockedBy: 'premium', addon: 'album_download' }],
    currentValues: {},
  } as unknown as Permissions;
}

/** The customization as the server reads it: `enable_zip_download` is what the album can do. */
const customization = (zip: boolean) =>
  ({ event_name: 'Boda', enable_parejas: true, enable_zip_download: zip }) as unknown as Customization;

function renderTab(permissions: Permissions, zip: boolean) {
  const i18n = createTestI18n();
  i18n.addResourceBundle('es', 'modify', esModify);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesTab form={formFromCustomization(customization(zip))} permissions={permissions} set={() => {}} />
    </I18nextProvider>,
  );
  return screen.getByTestId('modify-toggle-enable_zip_download');
}

describe('FeaturesTab: Descarga ZIP', () => {
  it('shows the ZIP on, and not a switch to turn off, for a Plus album that bought album_download', () => {
    const toggle = renderTab(plusPermissions(true), true);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toBeDisabled();
    expect(screen.getByText(esModify.features.zipIncluded)).toBeInTheDocument();
    expect(screen.queryByTestId('locked-enable_zip_download')).not.toBeInTheDocument();
    // The other flags stay the host's choice.
    expect(screen.getByTestId('modify-toggle-enable_parejas')).toBeEnabled();
  });

  it('shows it off and locked, naming the add-on, for a Plus album without it', () => {
    const toggle = renderTab(plusPermissions(false), false);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toBeDisabled();
    expect(screen.getByTestId('locked-enable_zip_download')).toBeInTheDocument();
  });
});
