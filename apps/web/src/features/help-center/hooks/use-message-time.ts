import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats a message time in the interface language: the hour today, the date and hour before. */
export function useMessageTime() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (iso: string) => {
      const date = new Date(iso);
      const isToday = date.toDateString() === new Date().toDateString();
      return new Intl.DateTimeFormat(language, {
        ...(isToday ? {} : { day: 'numeric', month: 'short' }),
        hour: '2-digit',
        minute: '2-digit',
      }).format(date);
    },
    [language],
  );
}
