/** The home-page sections the nav bar links to (spec 000 §2). */
export const HOME_ANCHORS = [
  { to: '/#features', labelKey: 'nav.features' },
  { to: '/#how-it-works', labelKey: 'nav.howItWorks' },
  { to: '/#pricing', labelKey: 'nav.pricing' },
] as const;
