import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zipNames } from '@momentos/contract';
import { downloadZip, percentOf } from '../lib/download-zip';
import { isPastHeader, useFloatingDownload } from './use-floating-download';

function Harness({ bottom }: { bottom: { value: number } }) {
  const ref = useRef<HTMLElement>(null);
  const visible = useFloatingDownload(ref, true);
  return (
    <>
      <header
        ref={(node) => {
          ref.current = node;
          if (node) node.getBoundingClientRect = () => ({ bottom: bottom.value }) as DOMRect;
        }}
      />
      {visible && <button type="button">Descargar Fotos</button>}
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('floating download button', () => {
  it('shows only when the viewport bottom is more than 100 px below the header bottom', () => {
    expect(isPastHeader(800, 700)).toBe(false);
    expect(isPastHeader(800, 700 - 0.5)).toBe(true);
    expect(isPastHeader(800, 699)).toBe(true);
    expect(isPastHeader(844, 900)).toBe(false);
  });

  it('appears and disappears as the page scrolls', () => {
    vi.stubGlobal('innerHeight', 844);
    const bottom = { value: 800 };
    render(<Harness bottom={bottom} />);
    expect(screen.queryByText('Descargar Fotos')).toBeNull();
    bottom.value = 744;
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(screen.queryByText('Descargar Fotos')).toBeNull();
    bottom.value = 743;
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(screen.getByText('Descargar Fotos')).toBeInTheDocument();
    bottom.value = 760;
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(screen.queryByText('Descargar Fotos')).toBeNull();
  });

  it('reports whole percentages', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(12, 10)).toBe(100);
  });

  it("suggests the archive's name by the server's rules, so the save dialog and the download agree", async () => {
    const suggested: string[] = [];
    const showSaveFilePicker = vi.fn(async ({ suggestedName }: { suggestedName: string }) => {
      suggested.push(suggestedName);
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    vi.stubGlobal('showSaveFilePicker', showSaveFilePicker);
    const getLink = vi.fn();
    for (const eventName of ['Boda de Ana y Luis', 'a/b: c', 'Boda\u202E\u200Bde Ana\u2066']) {
      const fileName = zipNames(eventName).archive;
      await expect(downloadZip({ fileName, getLink, onProgress: () => undefined })).resolves.toBe('cancelled');
    }
    // A right-to-left override would show "Boda_fotos.zip" as something else in the save dialog.
    expect(suggested).toEqual(['Boda de Ana y Luis_fotos.zip', 'a_b_ c_fotos.zip', 'Bodade Ana_fotos.zip']);
    expect(getLink).not.toHaveBeenCalled();
  });
});
