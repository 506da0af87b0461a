import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createGuestI18n } from '@/test/render';
import type { FileStatus, SelectedFile } from '../lib/selection';
import { UploadProgress } from './upload-progress';

const file = (id: string, status: FileStatus, sent: number): SelectedFile => ({
  id,
  name: `${id}.jpg`,
  size: 4_000_000,
  kind: 'photo',
  previewUrl: '',
  status,
  sent,
  progress: sent / 4_000_000,
});

describe('UploadProgress', () => {
  // Two in, a large one on its way and one behind it: the one on its way must not read "waiting".
  const queue = [file('a', 'done', 4_000_000), file('b', 'pending', 4_000_000), file('c', 'uploading', 1_000_000)];
  it.each([
    ['es', '2 de 4 en el álbum · 1 subiéndose · 1 en espera'],
    ['en', '2 of 4 in the album · 1 on its way · 1 waiting'],
  ] as const)('in %s, says which files are on their way and which wait', (lng, summary) => {
    render(
      <I18nextProvider i18n={createGuestI18n(lng)}>
        <UploadProgress percent={56} items={[...queue, file('d', 'waiting', 0)]} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('guest-queue-summary').textContent).toMatch(new RegExp(`^${summary}\\. `));
  });
});
