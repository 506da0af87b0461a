import type { EventDetails } from '@momentos/contract';
import { CalendarDays, Package, Palette, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { translatePlanName } from '@/lib/plan-name';

function Card({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section data-testid={testId} className="rounded-2xl border border-ink/10 bg-white p-5 shadow-soft">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <span className="text-rose-700">{icon}</span>
        {title}
      </h3>
      <dl className="mt-3 grid gap-2 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="flex items-start justify-between gap-4 border-b border-ink/5 pb-2 last:border-0 last:pb-0"
    >
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right font-medium break-words text-ink">{value}</dd>
    </div>
  );
}

/** Spec 001 §2 Detalles: event, package, capacities (used of allowed), features, personalization. */
export function DetailsTab({ data }: { data: EventDetails }) {
  const { t, i18n } = useTranslation('albumDetail');
  const { evento, habilidades: h, consolidado: used } = data;
  const date = (value: string | null) => (value ? formatDate(value, i18n.language, 'long') : '—');
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const number = (value: number) => value.toLocaleString(i18n.language);
  /** "12 de 150", "3 · ilimitados" when the plan sets no limit, null (no row) when the plan names none (spec 001 §2). */
  const usage = (count: number, limit: number | null, unlimited = false) =>
    unlimited
      ? t('details.usageUnlimited', { used: number(count) })
      : limit === null
        ? null
        : t('details.usage', { used: number(count), limit: number(limit) });
  // Every capacity as used of allowed, from the server's counts.
  const capacities: [key: string, value: string | null][] = [
    ['guests', usage(used.guests, h.numeroInvitados)],
    ['photos', usage(used.photos, h.numeroImagenes)],
    ['videos', usage(used.videos, h.numeroVideos, h.unlimitedVideos)],
    ['messages', usage(used.messages, h.numeroMensajes, h.unlimitedMessages)],
    ['sections', usage(used.sectionsUsed, h.secciones)],
  ];

  return (
    <div data-testid="details-tab" className="grid gap-4 md:grid-cols-2">
      <Card testId="details-event" title={t('details.event')} icon={<CalendarDays aria-hidden className="size-5" />}>
        <Row label={t('details.eventDate')} value={date(evento.fechaDeEvento)} />
        <Row label={t('details.purchaseDate')} value={date(evento.fechaCompra)} />
        <Row label={t('details.status')} value={evento.estatus ? t('active') : t('inactive')} />
      </Card>
      <Card testId="details-package" title={t('details.package')} icon={<Package aria-hidden className="size-5" />}>
        <Row label={t('details.packageName')} value={translatePlanName(t, h.paquete)} />
        <Row label={t('details.status')} value={t(`details.packageStatus.${h.status}`, { defaultValue: h.status })} />
        <Row label={t('details.from')} value={date(h.fechaHabilitacion)} />
        <Row label={t('details.until')} value={h.uploadsCloseDate ? date(h.uploadsCloseDate) : t('details.noEnd')} />
      </Card>
      <Card testId="details-capacities" title={t('details.capacities')} icon={<Users aria-hidden className="size-5" />}>
        {capacities.map(([key, value]) =>
          value === null ? null : (
            <Row key={key} testId={`capacity-${key}`} label={t(`details.capacity.${key}`)} value={value} />
          ),
        )}
        {capacities.every(([, value]) => value === null) && <p className="text-ink-soft">{t('details.unlimited')}</p>}
      </Card>
      <Card testId="details-features" title={t('details.features')} icon={<Sparkles aria-hidden className="size-5" />}>
        <Row label={t('details.couples')} value={yesNo(h.enableParejas)} />
        <Row
          label={t('details.verification')}
          value={h.verification ? t('details.verificationOn') : t('details.verificationOff')}
        />
        <Row label={t('details.watermark')} value={h.marcaAgua || t('details.noWatermark')} />
        <Row label={t('details.zip')} value={yesNo(h.zipDownload)} />
        <Row
          label={t('details.analytics')}
          value={
            h.advancedAnalytics
              ? t('details.analyticsAdvanced')
              : h.basicAnalytics
                ? t('details.analyticsBasic')
                : t('no')
          }
        />
      </Card>
      <Card
        testId="details-personalization"
        title={t('details.personalization')}
        icon={<Palette aria-hidden className="size-5" />}
      >
        <Row label={t('details.font')} value={h.tipoLetra} />
        <Row label={t('details.size')} value={`${h.heightLetra} px`} />
        <Row
          label={t('details.music')}
          value={
            h.musica ? (
              <a
                className="text-rose-700 underline break-all"
                href={h.musica}
                target="_blank"
                rel="noopener noreferrer"
              >
                {h.musica}
              </a>
            ) : (
              '—'
            )
          }
        />
        <Row label={t('details.notices')} value={yesNo(h.avisos)} />
      </Card>
    </div>
  );
}
