/** Reads an album's server-sent events stream as a browser's EventSource would, for assertions. */
export async function openStream(
  baseUrl: string,
  albumId: string,
  query: string,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/albums/${albumId}/live${query}`, { headers, signal: controller.signal });
  let text = '';
  let ended = false;
  const reader = response.body!.getReader();
  const pump = (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  const waitFor = async (predicate: () => boolean, timeoutMs = 5000) => {
    const start = Date.now();
    while (!predicate()) {
      if (Date.now() - start > timeoutMs) throw new Error(`timed out; received: ${JSON.stringify(text)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    response,
    text: () => text,
    ended: () => ended,
    waitFor,
    photoIds: () =>
      [...text.matchAll(/event: photo\ndata: (\{[^\n]*\})\n\n/g)].map(
        (match) => (JSON.parse(match[1]!) as { photoId: string }).photoId,
      ),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
