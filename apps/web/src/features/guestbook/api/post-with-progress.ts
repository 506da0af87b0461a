import { ApiError, errorFromJsonText, NETWORK_ERROR_STATUS } from '@/lib/api-error';

/**
 * POSTs a form over XMLHttpRequest, the one browser API that reports upload progress, and
 * resolves with the JSON answer; a refusal rejects with the server's ApiError (rule (b)), a lost
 * connection with a network ApiError. The guest upload queue has its own transport with retries
 * and stall detection; a message is one small form the guest sends again by tapping.
 */
export function postFormWithProgress<T>(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (loaded: number, total: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(`HTTP ${xhr.status}`, xhr.status));
        }
      } else reject(errorFromJsonText(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(new ApiError('Network error', NETWORK_ERROR_STATUS, 'NETWORK_ERROR'));
    xhr.send(form);
  });
}
