import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { GuestCodeEntry } from './guest-states';

/** /guest (no code in the address): the code box a guest who was only told the code types it into. */
export function GuestCodePage() {
  const { t } = useTranslation('guest');
  useDocumentTitle(t('codeEntry.title'));
  return <GuestCodeEntry />;
}
