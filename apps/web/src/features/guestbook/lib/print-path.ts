/**
 * The printable guestbook's address, beside the album detail's other printable page (the table
 * card, `/album-detail/:id/card`); app/routes.tsx routes it.
 */
export const guestbookPrintHref = (id: string) => `/album-detail/${encodeURIComponent(id)}/guestbook`;
