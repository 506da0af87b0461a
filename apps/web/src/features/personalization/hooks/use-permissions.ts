import { useQuery } from '@tanstack/react-query';
import { DEFAULT_FONTS } from '@/lib/album-fonts/font-families';
import { customizationKeys, fetchFonts, fetchPermissions } from '../api/customizations-api';

/** The plan's field permissions; a failure is only logged (spec 001 §8) and locks nothing. */
export function usePermissions(customizationId: string | null) {
  return useQuery({
    queryKey: customizationKeys.permissions(customizationId ?? ''),
    queryFn: async () => {
      try {
        return await fetchPermissions(customizationId!);
      } catch (error) {
        console.warn('personalization: permissions failed to load', error);
        throw error;
      }
    },
    enabled: !!customizationId,
  });
}

/** The 15 fonts, from the API when it answers, else the spec's list. */
export function useFonts() {
  const query = useQuery({ queryKey: customizationKeys.fonts, queryFn: fetchFonts });
  return query.data && query.data.length > 0 ? query.data : DEFAULT_FONTS;
}
