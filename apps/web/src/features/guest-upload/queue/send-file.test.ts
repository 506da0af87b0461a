import { describe, expect, it } from 'vitest';
import { GUEST_TOKEN_HEADER } from '@momentos/contract/constants';
import type { QueuedFile } from './queue-store';
import { encodeMetadata, RESUMABLE_THRESHOLD, sendFile } from './send-file';
import type { Transport, TransportRequest } from './transport';

const FIESTA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02';

const queued = (size: number, sectionId?: string | null): QueuedFile => ({
  id: 'f1',
  albumId: 'a1',
  blob: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }),
  name: 'brindis.jpg',
  type: 'image/jpeg',
  size,
  lastModified: 1,
  kind: 'photo',
  status: 'uploading',
  addedAt: 1,
  uploaderName: 'Tía Carmen',
  sent: 0,
  attempts: 0,
  ...(sectionId !== undefined && { sectionId }),
});

/** A server that takes every upload at once: a photo id for the POST, the whole file in one PATCH. */
function recordingTransport() {
  const requests: TransportRequest[] = [];
  const transport: Transport = async (request) => {
    requests.push(request);
    const headers: Record<string, string> =
      request.method === 'POST' && request.url.endsWith('/uploads')
        ? { Location: '/api/albums/a1/uploads/u1' }
        : { 'Momentos-Photo-Id': 'p1', 'Upload-Offset': '0' };
    return {
      status: request.method === 'POST' && request.url.endsWith('/uploads') ? 201 : 200,
      header: (name) => headers[name] ?? null,
      text: JSON.stringify({ success: true, data: { id: 'p1', status: 'approved' } }),
    };
  };
  return { transport, requests };
}

describe('sending a file into a section', () => {
  it('names the section in the multipart form, and sends none for the main part', async () => {
    const { transport, requests } = recordingTransport();
    await sendFile(queued(1000, FIESTA), { transport, guestToken: 'pass-1' });
    await sendFile(queued(1000, null), { transport, guestToken: 'pass-1' });
    const [inSection, inMain] = requests.map((request) => request.body as FormData);
    expect(inSection!.get('sectionId')).toBe(FIESTA);
    expect(inMain!.has('sectionId')).toBe(false);
    expect(requests[0]!.headers[GUEST_TOKEN_HEADER]).toBe('pass-1');
  });

  it('names the section in the resumable upload’s metadata', async () => {
    const { transport, requests } = recordingTransport();
    await sendFile(queued(RESUMABLE_THRESHOLD + 1, FIESTA), { transport, guestToken: 'pass-1' });
    await sendFile(queued(RESUMABLE_THRESHOLD + 1), { transport, guestToken: 'pass-1' });
    const [inSection, inMain] = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers['Upload-Metadata']);
    expect(inSection).toContain(encodeMetadata({ sectionId: FIESTA }));
    expect(inMain).not.toContain('sectionId');
  });
});
