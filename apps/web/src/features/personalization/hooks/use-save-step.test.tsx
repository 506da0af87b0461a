import type { CustomizationField } from '@momentos/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/components/ui/toast-store';
import { esPersonalization, jsonResponse, renderWithProviders } from '@/test/render';
import { resetDraft, setTemporary } from './draft-store';
import { useSaveStep } from './use-save-step';

const CUSTOMIZATION_ID = '3c6f1c2a-4e5d-4c3b-9a8f-7e6d5c4b3a21';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  resetDraft();
  // The toast store outlives a render; a toast left over would leak into the next test.
  dismissToast();
});

/** The server's PATCH answer: the fields it refused, the rest saved (spec 001 §7). */
function answerPatchWith(rejectedFields: CustomizationField[]) {
  fetchMock.mockImplementation(async (input, init) =>
    init?.method === 'PATCH'
      ? jsonResponse({ success: true, data: { customization: {}, rejectedFields, savedFields: [] } })
      : jsonResponse({ success: true, data: {} }),
  );
}

/** Continue on the singles sub-step, which sends the whole of step 2 in one save. */
function Harness() {
  // Permissions unknown: nothing is locked on the client, so the server's answer is the only judge.
  const { save } = useSaveStep(CUSTOMIZATION_ID, undefined);
  const [result, setResult] = useState<string>('');
  return (
    <button type="button" onClick={() => void save('singles', false).then((ok) => setResult(String(ok)))}>
      continuar {result && <span data-testid="result">{result}</span>}
    </button>
  );
}

function patchBody() {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
  return JSON.parse(String(call![1]!.body)) as Record<string, unknown>;
}

describe('useSaveStep', () => {
  it('names the fields the plan refused, by their labels, in the plan-restriction toast', async () => {
    answerPatchWith(['font_type', 'music_url', 'enable_parejas']);
    setTemporary({ fontStyle: 'Georgia', musicStyle: 'https://example.com/vals.mp3', singlesFeature: true });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: /continuar/ }));
    // A refusal is not a failure: the rest was saved and the host moves on.
    expect(await screen.findByTestId('result')).toHaveTextContent('true');
    // With the host's time zone, where the album's upload window will end.
    const time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(patchBody()).toEqual({
      font_type: 'Georgia',
      music_url: 'https://example.com/vals.mp3',
      enable_parejas: true,
      time_zone,
    });

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent(esPersonalization.errors.planRestrictionTitle);
    const labels = [
      esPersonalization.fields.font_type,
      esPersonalization.fields.music_url,
      esPersonalization.fields.enable_parejas,
    ];
    expect(toast).toHaveTextContent(esPersonalization.errors.planRestriction.replace('{{fields}}', labels.join(', ')));
  });

  it('shows no toast when the server saved every field', async () => {
    answerPatchWith([]);
    setTemporary({ fontStyle: 'Georgia', singlesFeature: false });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: /continuar/ }));
    expect(await screen.findByTestId('result')).toHaveTextContent('true');
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
