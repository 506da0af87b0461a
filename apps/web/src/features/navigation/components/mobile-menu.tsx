import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadDropdown = () => import('./mobile-menu-dropdown');
// The dropdown (Radix menu, roving focus) is only needed once someone opens it: a phone visitor
// gets the button at once and the menu code on the first press (fetched early on hover or focus).
const MobileMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).MobileMenuDropdown }));

const buttonClassName = 'grid size-11 place-items-center rounded-xl text-ink hover:bg-ink/5 lg:hidden';

/** Below lg (the bar holds them all only from 1024 px, in Spanish) the links and Create album collapse into this menu. */
export function MobileMenu({ showCreateAlbum }: { showCreateAlbum: boolean }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      data-testid="nav-menu"
      aria-label={t('nav.openMenu')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setWanted(true)}
      className={buttonClassName}
    >
      <Menu aria-hidden className="size-6" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MobileMenuDropdown showCreateAlbum={showCreateAlbum} />
    </Suspense>
  );
}
