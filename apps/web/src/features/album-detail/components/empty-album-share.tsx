import type { Evento } from '@momentos/contract';
import { Copy, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { canShareNatively, copyText, shareNatively } from '@/lib/share-link';
import { track } from '@/lib/tracking/tracking';

/**
 * What an empty album needs most: guests who know how to reach it. "Compartir" opens the phone's share sheet
 * where there is one, else the Compartir tab (code, QR, WhatsApp, table card); "Copiar enlace" copies the link.
 */
export function EmptyAlbumShare({ id, evento, onOpenShare }: { id: string; evento: Evento; onOpenShare: () => void }) {
  const { t } = useTranslation('albumDetail');
  const copy = async () => {
    track('album_link_copied', { album_id: id });
    toast(
      (await copyText(evento.guestUrl))
        ? { variant: 'success', title: t('share.copied') }
        : { title: t('share.copyManual'), description: evento.guestUrl },
    );
  };
  const share = async () => {
    if (!canShareNatively()) return onOpenShare();
    const text = t('ready.shareText', { name: evento.nombre, code: evento.accessCode });
    const outcome = await shareNatively({ title: evento.nombre, text, url: evento.guestUrl });
    if (outcome === 'unavailable') onOpenShare();
  };
  return (
    <div className="mt-6 flex flex-wrap justify-center gap-2">
      <Button data-testid="photos-empty-share" onClick={() => void share()}>
        <Share2 aria-hidden className="size-4" />
        {t('photos.emptyShare')}
      </Button>
      <Button data-testid="photos-empty-copy" variant="secondary" onClick={() => void copy()}>
        <Copy aria-hidden className="size-4" />
        {t('share.copy')}
      </Button>
    </div>
  );
}
