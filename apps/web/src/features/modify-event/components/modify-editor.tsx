import type { CustomizationField } from '@momentos/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Save } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { type Permissions, updateCustomization, usePlanRestrictionToast } from '@/features/personalization';
import { useItineraryDraft } from '../hooks/use-itinerary-draft';
import { ItinerarySaveError } from '../lib/itinerary-draft';
import { describeError } from '@/lib/error-message';
import {
  blockingAddress,
  isFontHeightValid,
  modifyPayload,
  type AddressField,
  type ModifyForm,
} from '../lib/modify-form';
import { EventTab } from './event-tab';
import { FeaturesTab } from './features-tab';
import { ItineraryTab } from './itinerary-tab';
import { SectionsTab } from './sections-tab';
import { VisualTab } from './visual-tab';

const TABS = ['event', 'visual', 'features', 'itinerary', 'sections'] as const;
type Tab = (typeof TABS)[number];
const TAB_OF: Record<AddressField, Tab> = { cover_image_url: 'event', music_url: 'visual' };

/** The loaded screen: tabs over one form and the itinerary, saved together (the sections save themselves). */
export function ModifyEditor({
  id,
  albumId,
  initial,
  permissions,
}: {
  id: string;
  /** The album the customization made; null before it is finalized. */
  albumId: string | null;
  initial: ModifyForm;
  permissions: Permissions | undefined;
}) {
  const { t } = useTranslation('modify');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showRestriction = usePlanRestrictionToast();
  const [form, setForm] = useState(initial);
  const [tab, setTab] = useState<Tab>('event');
  const [uploadingCover, setUploadingCover] = useState(false);
  const set = (field: CustomizationField, value: string | boolean) =>
    setForm((current) => ({ ...current, [field]: value }));
  const fontHeightOk = isFontHeightValid(form.font_height);
  const itinerary = useItineraryDraft(id);

  // The event's fields first, then the itinerary's calls in order; a failure keeps every edit on screen.
  const save = useMutation({
    mutationFn: async () => {
      const result = await updateCustomization(id, modifyPayload(form, permissions, initial));
      await itinerary.save();
      return result;
    },
    onSuccess: (result) => {
      showRestriction(result.rejectedFields);
      void queryClient.invalidateQueries({ queryKey: ['customization'] });
      if (result.rejectedFields.length === 0) toast({ variant: 'success', title: t('saved') });
      navigate('/auth');
    },
    // The typed values stay in the form so nothing is lost (spec 001 §8).
    onError: (error) => {
      console.error('modify: save failed', error);
      if (!(error instanceof ItinerarySaveError))
        return toast({ variant: 'destructive', title: t('saveFailed'), description: describeError(t, error) });
      const { failed } = error;
      toast({
        variant: 'destructive',
        title: t('itinerary.partSaveFailed'),
        description:
          failed.kind === 'reorder'
            ? t('itinerary.reorderFailed')
            : t(`itinerary.stepFailed.${failed.kind}`, { title: failed.title }),
      });
    },
  });

  // An address the album pages could not load is shown where it is typed, and nothing is sent.
  function onSave() {
    const blocked = blockingAddress(form, initial);
    if (!blocked) return save.mutate();
    setTab(TAB_OF[blocked]);
    requestAnimationFrame(() => document.getElementById(`modify-${blocked}`)?.scrollIntoView({ block: 'center' }));
  }

  return (
    <div data-testid="modify-page" className="mx-auto w-full max-w-3xl px-4 pt-6 pb-32 sm:px-6 md:pt-10 md:pb-16">
      <Link to="/auth" data-testid="modify-back" className={buttonClass('link', 'md', '-ml-1')}>
        <ArrowLeft aria-hidden className="size-4" />
        {t('backToDashboard')}
      </Link>
      <h1 className="mt-2 font-display text-3xl text-ink sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-ink-soft">{t('subtitle')}</p>

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-6">
        <Tabs.List
          aria-label={t('title')}
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-ink/10 px-4 sm:mx-0 sm:px-0"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              data-testid={`modify-tab-${tab}`}
              className="min-h-11 shrink-0 border-b-2 border-transparent px-3 text-sm font-semibold text-ink-soft transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-rose-700 data-[state=active]:border-rose-700 data-[state=active]:text-ink"
            >
              {t(`tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="event" className="pt-6 focus-visible:outline-none">
          <EventTab form={form} permissions={permissions} set={set} onUploading={setUploadingCover} />
        </Tabs.Content>
        <Tabs.Content value="visual" className="pt-6 focus-visible:outline-none">
          <VisualTab form={form} permissions={permissions} set={set} />
        </Tabs.Content>
        <Tabs.Content value="features" className="pt-6 focus-visible:outline-none">
          <FeaturesTab form={form} permissions={permissions} set={set} />
        </Tabs.Content>
        <Tabs.Content value="itinerary" className="pt-6 focus-visible:outline-none">
          <ItineraryTab itinerary={itinerary} busy={save.isPending} />
        </Tabs.Content>
        <Tabs.Content value="sections" className="pt-6 focus-visible:outline-none">
          <SectionsTab albumId={albumId} />
        </Tabs.Content>
      </Tabs.Root>

      <div className="fixed inset-x-0 bottom-0 z-30 flex gap-3 border-t border-ink/10 bg-paper/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md md:static md:mt-10 md:justify-end md:border-0 md:bg-transparent md:p-0">
        <Button
          variant="secondary"
          size="lg"
          data-testid="modify-cancel"
          onClick={() => navigate('/auth')}
          disabled={save.isPending}
          className="flex-1 md:flex-none"
        >
          {t('cancel')}
        </Button>
        <Button
          size="lg"
          data-testid="modify-save"
          onClick={onSave}
          disabled={save.isPending || !fontHeightOk || uploadingCover}
          aria-busy={save.isPending}
          className="flex-1 md:flex-none"
        >
          {save.isPending ? (
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Save aria-hidden className="size-4" />
          )}
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </div>
  );
}
