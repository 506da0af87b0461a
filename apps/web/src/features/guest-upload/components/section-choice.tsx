import { ALBUM_CODE_HEADER } from '@momentos/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipChoice } from '@/components/ui/chip-choice';
import { guestSectionsQuery } from '@/lib/album-sections';

const MAIN = 'main';

interface SectionChoiceProps {
  albumId: string;
  accessCode: string;
  value: string | null;
  onChange: (sectionId: string | null) => void;
  disabled?: boolean;
}

/**
 * Which part of the album the guest's photos go to, when the host divided it: the main part or
 * one of the named sections. An album of one section (every Basic album) shows nothing.
 */
export function SectionChoice({ albumId, accessCode, value, onChange, disabled }: SectionChoiceProps) {
  const { t } = useTranslation('guest');
  const sections = useQuery(guestSectionsQuery(albumId, { [ALBUM_CODE_HEADER]: accessCode }));
  const items = sections.data?.items;
  // A section the host deleted while the page was open: the next batch goes to the main part.
  const isGone = value !== null && items !== undefined && !items.some((section) => section.id === value);
  useEffect(() => {
    if (isGone) onChange(null);
  }, [isGone, onChange]);

  if (!items || items.length === 0) return null;
  return (
    <ChipChoice
      testId="guest-section-choice"
      legend={t('section.legend')}
      options={[
        { value: MAIN, label: t('section.main') },
        ...items.map((section) => ({ value: section.id, label: section.name })),
      ]}
      value={value ?? MAIN}
      onChange={(next) => onChange(next === MAIN ? null : next)}
      disabled={disabled}
    />
  );
}
