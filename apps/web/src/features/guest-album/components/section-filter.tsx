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
  /** The section shown; undefined: the whole album. */
  value: string | undefined;
  onChange: (sectionId: string | undefined) => void;
}

/** "Todas" and each of the album's sections, when the host divided it; nothing otherwise. */
export function SectionFilter({ albumId, session, value, onChange }: SectionFilterProps) {
  const { t } = useTranslation('album');
  const sections = useQuery(guestSectionsQuery(albumId, readHeaders(session)));
  const items = sections.data?.items;
  // A link to a section the host has since deleted shows the whole album rather than an empty one.
  const isGone = value !== undefined && items !== undefined && !items.some((section) => section.id === value);
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
        ...items.map((section) => ({ value: section.id, label: section.name })),
      ]}
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? undefined : next)}
    />
  );
}
