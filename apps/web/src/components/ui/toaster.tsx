import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToastState, type ToastVariant } from './toast-store';

const TOAST_DURATION_MS = 5000;

const icons: Record<ToastVariant, typeof Info> = {
  default: Info,
  success: CircleCheck,
  destructive: CircleAlert,
};

const tones: Record<ToastVariant, string> = {
  default: 'border-ink/10 text-ink [&_svg]:text-gold-700',
  success: 'border-emerald-700/25 text-ink [&_svg]:text-emerald-700',
  destructive: 'border-rose-700/40 text-ink [&_svg]:text-rose-700',
};

/** Radix Toast wiring: 5 s, swipe right past 50 px to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const { t } = useTranslation();
  const item = useToastState();
  const Icon = item ? icons[item.variant] : Info;

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.itemLabel')}
    >
      {item && (
        <Toast.Root
          key={item.id}
          data-testid="toast"
          data-variant={item.variant}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={clsx(
            'toast-root pointer-events-auto flex w-full items-start gap-3 rounded-2xl border bg-white p-4 pr-3 shadow-lift',
            tones[item.variant],
          )}
        >
          <Icon aria-hidden className="mt-0.5 size-5 shrink-0" strokeWidth={2} />
          <div className="min-w-0 flex-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="mt-1 text-sm text-ink-soft">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t('toast.close')}
            className="-my-2 grid size-11 shrink-0 place-items-center rounded-xl text-ink-soft hover:bg-ink/5 hover:text-ink"
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        hotkey={['F8']}
        // Radix puts the hotkey in place of {hotkey}; only the viewport's label has one.
        label={t('toast.viewportLabel')}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:top-auto"
      />
    </Toast.Provider>
  );
}
