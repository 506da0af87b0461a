import type { UploadImageResponse } from '@momentos/contract';
import { ApiError, errorFromJsonText, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { isRenewalDue, renewSession, storedAccessToken } from '@/lib/session-renewal';

// The API client's parser, so a refused image reads like any other call's failure.
const errorFrom = (xhr: XMLHttpRequest): ApiError =>
  errorFromJsonText(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After'));

/**
 * POST /api/upload/image (multipart field `image`). XMLHttpRequest rather than fetch because
 * only XHR reports upload progress, and the host waits on it with a percentage (DESIGN.md).
 */
export async function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  // An expired session is renewed first, as the api client does for its own requests.
  if (isRenewalDue()) await renewSession();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload/image');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = storedAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFrom(xhr));
      try {
        const body = JSON.parse(xhr.responseText) as UploadImageResponse;
        onProgress(100);
        resolve(body.data.url);
      } catch {
        reject(new ApiError('Request failed', xhr.status));
      }
    };
    xhr.onerror = () => reject(new ApiError('Network error', NETWORK_ERROR_STATUS, 'NETWORK_ERROR'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
