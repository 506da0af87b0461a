import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { track } from '@/lib/tracking/tracking';
import { FAQ_ITEMS } from '../home-data';
import { SectionShell } from './section-shell';

/** Five questions; one open at a time, and clicking the open one closes it (spec 000 §2). */
export function FaqSection() {
  const { t } = useTranslation('home');
  return (
    <SectionShell id="faq" title={t('faq.title')}>
      <Accordion.Root
        type="single"
        collapsible
        data-testid="faq"
        onValueChange={(item) => item && track('faq_opened', { item })}
        className="mx-auto max-w-3xl divide-y divide-ink/10 rounded-2xl border border-ink/10 bg-white shadow-soft"
      >
        {FAQ_ITEMS.map((item) => (
          <Accordion.Item key={item} value={item} data-testid={`faq-${item}`}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:text-rose-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-rose-700">
                  {t(`faq.items.${item}.question`)}
                  <ChevronDown
                    aria-hidden
                    className="size-5 shrink-0 text-ink-soft transition duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-5 text-ink-soft">{t(`faq.items.${item}.answer`)}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </SectionShell>
  );
}
