import { KeyRound, Menu, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GUEST_CODE_PATH, HOME_ANCHORS } from './nav-links';

const itemClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-4 text-base font-medium text-ink outline-none data-[highlighted]:bg-rose-50';

/** The Radix menu behind MobileMenu's button, loaded on the first press; it mounts already open. */
export function MobileMenuDropdown({ showCreateAlbum }: { showCreateAlbum: boolean }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        data-testid="nav-menu"
        aria-label={t('nav.openMenu')}
        className="grid size-11 place-items-center rounded-xl text-ink hover:bg-ink/5 lg:hidden"
      >
        <Menu aria-hidden className="size-6" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="fade-in z-50 w-[calc(100vw-1.5rem)] max-w-sm rounded-2xl border border-ink/10 bg-white p-2 shadow-lift"
        >
          <DropdownMenu.Item asChild className={`${itemClass} text-rose-800`}>
            <Link to={GUEST_CODE_PATH} data-testid="menu-guest-code">
              <KeyRound aria-hidden className="size-5" />
              {t('nav.guestCode')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-ink/10" />
          {HOME_ANCHORS.map((anchor) => (
            <DropdownMenu.Item key={anchor.to} asChild className={itemClass}>
              <Link to={anchor.to}>{t(anchor.labelKey)}</Link>
            </DropdownMenu.Item>
          ))}
          {showCreateAlbum && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-ink/10" />
              <DropdownMenu.Item asChild className={`${itemClass} text-rose-700`}>
                <Link to="/checkout">
                  <Plus aria-hidden className="size-5" />
                  {t('nav.createAlbum')}
                </Link>
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
