import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadAccept } from '@momentos/contract/upload-policy';
import { beforeEach, describe, expect, it } from 'vitest';
import { HEIC_HEAD, JPEG_HEAD, MP4_HEAD } from '@/test/media-heads';
import { renderWithProviders } from '@/test/render';
import type { GuestAlbum } from '../api/guest-api';
import { openQueueStore } from '../queue/queue-store';
import { UploadForm } from './upload-form';
import { weddingAlbum } from '@/test/guest-album';

const album = weddingAlbum;

const jpeg = (name: string) => new File([JPEG_HEAD], name, { type: 'image/jpeg' });

function setup(overrides: Partial<GuestAlbum> = {}) {
  // applyAccept off: a phone's picker can hand over files the accept attribute did not ask for.
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<UploadForm album={{ ...album, ...overrides }} accessCode="123456" />, { path: '/guest/123456' });
  return { user, input: screen.getByTestId('guest-file-input'), submit: screen.getByTestId('guest-submit') };
}

const fileNames = () => screen.queryAllByTestId('guest-file-name').map((node) => node.textContent);

// The queue outlives a page (that is its point): each test starts with an empty one.
beforeEach(async () => {
  const store = await openQueueStore();
  for (const file of await store.list()) await store.remove(file.id);
});

describe('UploadForm', () => {
  it('starts with the picker and a disabled button', () => {
    const { submit } = setup();
    expect(screen.getByText('Elegir fotos desde tu dispositivo')).toBeInTheDocument();
    expect(screen.getByLabelText('Tu nombre')).toHaveValue('');
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Subir fotos');
  });

  it('accumulates picks, refuses non-images while keeping the valid ones, and removes a file', async () => {
    const { user, input, submit } = setup();
    await user.upload(input, [jpeg('uno.jpg'), new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })]);
    const notice = screen.getByTestId('guest-rejected');
    expect(within(notice).getByText('Algunos archivos no son válidos')).toBeInTheDocument();
    expect(within(notice).getByText('Solo se pueden subir fotos JPEG, PNG, WebP, GIF o HEIC')).toBeInTheDocument();
    expect(within(notice).getByText('menu.pdf: formato no admitido')).toBeInTheDocument();

    await user.upload(input, [jpeg('dos.jpg'), jpeg('tres.jpg')]);
    expect(fileNames()).toEqual(['uno.jpg', 'dos.jpg', 'tres.jpg']);
    expect(screen.getAllByTestId('guest-file-status').map((node) => node.textContent?.trim())).toEqual([
      'Lista para subir',
      'Lista para subir',
      'Lista para subir',
    ]);
    expect(screen.queryByTestId('guest-rejected')).not.toBeInTheDocument();

    // Files without a name: the button stays off and the page says why.
    expect(submit).toBeDisabled();
    expect(screen.getByText('Por favor, añade tu nombre y selecciona al menos una foto')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Quitar dos.jpg' }));
    expect(fileNames()).toEqual(['uno.jpg', 'tres.jpg']);

    await user.type(screen.getByLabelText('Tu nombre'), 'Tía Carmen');
    expect(submit).toBeEnabled();
    expect(submit).toHaveTextContent('Subir 2 fotos');
    expect(screen.queryByTestId('guest-incomplete')).not.toBeInTheDocument();
  });

  it('keeps a file picked twice once, says so, and keeps the picks for the next visit of the page', async () => {
    const { user, input } = setup();
    const photo = new File([JPEG_HEAD], 'brindis.jpg', { type: 'image/jpeg', lastModified: 7 });
    await user.upload(input, [photo]);
    await user.upload(input, [new File([JPEG_HEAD], 'brindis.jpg', { type: 'image/jpeg', lastModified: 7 })]);
    expect(fileNames()).toEqual(['brindis.jpg']);
    const notice = screen.getByTestId('guest-rejected');
    expect(within(notice).getByText('Ya habías elegido estos archivos')).toBeInTheDocument();
    expect(within(notice).getByText('brindis.jpg ya está en tu lista')).toBeInTheDocument();
    expect(within(notice).queryByText('Algunos archivos no son válidos')).not.toBeInTheDocument();

    cleanup();
    setup();
    expect(await screen.findByText('brindis.jpg')).toBeInTheDocument();
    expect(screen.getByTestId('guest-file-status')).toHaveTextContent('Lista para subir');
  });

  it('does not accept a name of only spaces', async () => {
    const { user, input, submit } = setup();
    await user.upload(input, [jpeg('uno.jpg')]);
    await user.type(screen.getByLabelText('Tu nombre'), '   ');
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Subir 1 foto');
  });

  it('takes videos only when the plan allows them, and names a file that is too large', async () => {
    const { user, input } = setup({ videosAllowed: true });
    expect(input).toHaveAttribute('accept', uploadAccept(['photo', 'video']));
    const accept = input.getAttribute('accept')?.split(',');
    expect(accept).toEqual(expect.arrayContaining(['video/mp4', 'video/quicktime', '.mov']));
    const big = new File(['x'], 'fiesta.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 });
    await user.upload(input, [
      new File([MP4_HEAD], 'baile.mp4', { type: 'video/mp4' }),
      big,
      new File(['t'], 'notas.txt', { type: 'text/plain' }),
    ]);
    expect(fileNames()).toEqual(['baile.mp4']);
    const notice = screen.getByTestId('guest-rejected');
    const formats = 'Solo se pueden subir fotos y videos: fotos JPEG, PNG, WebP, GIF o HEIC y videos MP4, MOV o WebM';
    expect(within(notice).getByText(formats)).toBeInTheDocument();
    expect(within(notice).getByText('notas.txt: formato no admitido')).toBeInTheDocument();
    expect(within(notice).getByText('fiesta.jpg pesa 30.0 MB; el máximo es 25 MB')).toBeInTheDocument();
    expect(screen.getByTestId('guest-submit')).toHaveTextContent('Subir 1 archivo');
  });

  it("offers only the contract's photo types when the plan has no videos, HEIC included", () => {
    const { input } = setup();
    expect(input).toHaveAttribute('accept', uploadAccept(['photo']));
    const accept = input.getAttribute('accept')?.split(',') ?? [];
    expect(accept).toEqual(expect.arrayContaining(['image/jpeg', 'image/heic', '.heic']));
    expect(accept.filter((type) => type === 'image/*' || type.startsWith('video/'))).toEqual([]);
    expect(input).toHaveAttribute('multiple');
    expect(screen.getByText('Fotos de hasta 25 MB')).toBeInTheDocument();
  });

  it('refuses a TIFF picked with a JPEG before sending: the JPEG stays, the TIFF is named', async () => {
    const { user, input } = setup();
    await user.upload(input, [new File(['II*'], 'escaneo.tiff', { type: 'image/tiff' }), jpeg('brindis.jpg')]);
    expect(fileNames()).toEqual(['brindis.jpg']);
    const notice = screen.getByTestId('guest-rejected');
    expect(within(notice).getByText('escaneo.tiff: formato no admitido')).toBeInTheDocument();
    expect(within(notice).queryByText(/brindis/)).not.toBeInTheDocument();
  });

  it('refuses at once a text file named .jpg and random bytes named .heic, saying why, and keeps the real photo', async () => {
    const { user, input } = setup();
    await user.upload(input, [
      new File(['Lista de invitados: Ana, Luis'], 'invitados.jpg', { type: 'image/jpeg' }),
      jpeg('brindis.jpg'),
      new File(
        [new Uint8Array([0x13, 0x9a, 0x41, 0x07, 0xee, 0x52, 0x88, 0x01, 0x6c, 0xd3, 0x2f, 0x90])],
        'IMG_0002.HEIC',
        {
          type: '',
        },
      ),
    ]);
    expect(fileNames()).toEqual(['brindis.jpg']);
    const notice = screen.getByTestId('guest-rejected');
    expect(within(notice).getByText('invitados.jpg: no es una foto que podamos guardar')).toBeInTheDocument();
    expect(within(notice).getByText('IMG_0002.HEIC: no es una foto que podamos guardar')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tu nombre'), 'Tía Carmen');
    expect(screen.getByTestId('guest-submit')).toHaveTextContent('Subir 1 foto');
  });

  it('keeps a HEIC an iPhone hands over without a type', async () => {
    const { user, input } = setup();
    await user.upload(input, [new File([HEIC_HEAD], 'IMG_0001.HEIC', { type: '' })]);
    expect(fileNames()).toEqual(['IMG_0001.HEIC']);
    expect(screen.queryByTestId('guest-rejected')).not.toBeInTheDocument();
  });
});
