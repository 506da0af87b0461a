import { MAIN_SECTION } from '@momentos/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipChoice } from '@/components/ui/chip-choice';
import { guestSectionsQuery } from '@/lib/album-sections';
import type { GuestAlbumSession } from '@/lib/storage';
import { readHeaders } from '../api/album-api';

const ALL = 'all';

interface SectionFilterProps {
  albumId: string;
  session: GuestAlbumSession;
  /** The section shown (an id, or MAIN_SECTION for the photos in no section); undefined: the whole album. */
  value: string | undefined;
  onChange: (sectionId: string | undefined) => void;
}

/** "Todas", the album's main part and each named section, when the host divided it; nothing otherwise. */
export function SectionFilter({ albumId, session, value, onChange }: SectionFilterProps) {
  const { t } = useTranslation('album');
  const sections = useQuery(guestSectionsQuery(albumId, readHeaders(session)));
  const items = sections.data?.items;
  // A link to a section the host has since deleted shows the whole album rather than an empty one.
  const isGone =
    value !== undefined &&
    value !== MAIN_SECTION &&
    items !== undefined &&
    !items.some((section) => section.id === value);
  useEffect(() => {
    if (isGone) onChange(undefined);
  }, [isGone, onChange]);

  if (!items || items.length === 0) return null;
  return (
    <ChipChoice
      testId="album-section-filter"
      legend={t('sections.legend')}
      hideLegend
      options={[
        { value: ALL, label: t('sections.all') },
        { value: MAIN_SECTION, label: t('sections.main') },
        ...items.map((section) => ({ value: section.id, label: section.name })),
      ]}
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? undefined : next)}
    />
  );
}
