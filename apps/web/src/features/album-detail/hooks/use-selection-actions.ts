import { SELECTION_ZIP_MAX, zipNames, type PhotoBatchAction } from '@momentos/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { useInvalidateAlbum } from '../api/album-detail-api';
import { fetchSelectionLink, runPhotoBatch } from '../api/photo-selection-api';
import { downloadZip } from '../lib/download-zip';
import type { PhotoSelection } from './use-photo-selection';

/** What the selection bar is busy with, with its number: photos sent of all, or the download's percentage. */
export type SelectionWork =
  { kind: PhotoBatchAction; sent: number; total: number } | { kind: 'download'; percent: number };

/** The selection bar's actions: approve, hide or delete the chosen photos, or download them as one ZIP. */
export function useSelectionActions(id: string, selection: PhotoSelection) {
  const { t } = useTranslation('albumDetail');
  const invalidate = useInvalidateAlbum(id);
  const [work, setWork] = useState<SelectionWork | null>(null);

  const run = async (action: PhotoBatchAction) => {
    if (work) return;
    const ids = [...selection.selected];
    const total = ids.length;
    setWork({ kind: action, sent: 0, total });
    const outcome = await runPhotoBatch(id, action, ids, (sent) => setWork({ kind: action, sent, total }));
    setWork(null);
    invalidate();
    // What failed stays chosen, so "try again" is one tap.
    selection.drop([...outcome.done, ...outcome.notFound]);
    if (outcome.error) {
      const done = outcome.done.length;
      toast({
        variant: 'destructive',
        title: t('moderation.failed'),
        description: done > 0 ? t('selection.partly', { done, total }) : undefined,
      });
      return;
    }
    toast({
      variant: 'success',
      title: t(`selection.done.${action}`, { count: outcome.done.length }),
      description: outcome.notFound.length > 0 ? t('selection.gone', { count: outcome.notFound.length }) : undefined,
    });
  };

  /** `eventName` names the archive, by the server's rules. */
  const download = async (eventName: string) => {
    if (work) return;
    const ids = [...selection.selected];
    if (ids.length > SELECTION_ZIP_MAX) {
      toast({ title: t('selection.tooMany', { max: SELECTION_ZIP_MAX }), description: t('selection.tooManyText') });
      return;
    }
    setWork({ kind: 'download', percent: 0 });
    try {
      const outcome = await downloadZip({
        fileName: zipNames(eventName).selection,
        getLink: () => fetchSelectionLink(id, ids),
        onProgress: (percent) => setWork({ kind: 'download', percent }),
      });
      if (outcome === 'saved') toast({ variant: 'success', title: t('download.done') });
      if (outcome === 'handed-over')
        toast({ title: t('download.handedOver'), description: t('selection.handedOverText') });
    } catch (error) {
      console.error('album-detail: selection download failed', error);
      toast({ variant: 'destructive', title: t('selection.downloadFailed') });
    } finally {
      setWork(null);
    }
  };

  return { work, run, download };
}
