import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiBlob } from '@/lib/api-client';

/**
 * The album's QR code is served only to its owner (bearer token), which a plain <img src> cannot
 * send; it is fetched once and shown from an object URL (the CSP allows blob: images).
 */
export function useQrImage(url: string): string | undefined {
  const query = useQuery({
    queryKey: ['qr', url],
    queryFn: ({ signal }) => apiBlob(url, signal),
    enabled: Boolean(url),
    staleTime: 60 * 60 * 1000,
  });
  const objectUrl = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  return objectUrl;
}
