import type { GuestAlbum } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import { withAlbumHeader } from './guest-page.js';

// The markers and placeholders of apps/web/first-paint/shell.html, with the markup trimmed.
const page = [
  '<html><head><title>Momentos</title></head><body><section>',
  '<!--album-header--><!--album-fonts--><style data-album-font="Arimo">@font-face{arimo}</style><style data-album-font="Gelasio">@font-face{gelasio}</style><!--/album-fonts-->',
  '<header><!--album-cover--><img src="%ALBUM_COVER%" alt=""><!--/album-cover--><p style="font-family:%ALBUM_FONT%">%ALBUM_NAME%</p>',
  '<!--album-date--><p><span data-l="es">%ALBUM_DATE_ES%</span><span data-l="en">%ALBUM_DATE_EN%</span></p><!--/album-date-->',
  '<!--album-place--><p class="place">%ALBUM_PLACE%</p><!--/album-place-->',
  '<!--album-music-audio--><div>play</div><!--/album-music-audio--><!--album-music-link--><span>listen</span><!--/album-music-link-->',
  '<!--album-music-text--><p><span data-l="es">Música: %ALBUM_MUSIC_TEXT%</span><span data-l="en">Music: %ALBUM_MUSIC_TEXT%</span></p><!--/album-music-text-->',
  '</header><!--/album-header-->',
  '<!--album-loading--><div>Cargando…</div><!--/album-loading-->',
  '<!--upload-form--><div>form skeleton</div><!--/upload-form-->',
  '</section></body></html>',
].join('');

const album: GuestAlbum = {
  id: 'a1',
  name: 'Boda de Ana y Luis',
  eventDate: '2027-06-12',
  uploadsOpen: true,
  videosAllowed: true,
  fontFamily: 'Georgia',
  coverImageUrl: null,
  location: 'Hacienda San Gabriel',
  description: '',
  itinerary: [],
  music: { kind: 'none' },
  uploadsCloseAt: null,
  guestDownloads: true,
};

describe('the guest page filled in with its album', () => {
  it("draws the album's name in its font and the date in both languages, in place of the loading card", () => {
    const html = withAlbumHeader(page, '123456', album);
    expect(html).toContain(
      '<p style="font-family:&quot;Gelasio&quot;, &quot;Georgia&quot;, serif">Boda de Ana y Luis</p>',
    );
    expect(html).toContain(
      '<span data-l="es">Sábado, 12 de junio de 2027</span><span data-l="en">Saturday, June 12, 2027</span>',
    );
    expect(html).not.toMatch(/Cargando|<!--album-|%ALBUM_/);
  });

  it("draws the host's cover, place and kind of music, and leaves out what the album lacks", () => {
    const designed = withAlbumHeader(page, '123456', {
      ...album,
      coverImageUrl: '/uploads/covers/a.webp',
      music: { kind: 'audio', url: 'https://cdn.example.com/vals.mp3' },
    });
    expect(designed).toContain('<img src="/uploads/covers/a.webp" alt="">');
    expect(designed).toContain('<p class="place">Hacienda San Gabriel</p>');
    expect(designed).toContain('<div>play</div>');
    expect(designed).not.toMatch(/listen|Música:|<!--album-|%ALBUM_/);

    const plain = withAlbumHeader(page, '123456', {
      ...album,
      location: '',
      music: { kind: 'text', text: 'Boleros & son' },
    });
    expect(plain).not.toMatch(/<img|class="place"|play|listen|<!--album-|%ALBUM_/);
    expect(plain).toContain(
      '<span data-l="es">Música: Boleros &amp; son</span><span data-l="en">Music: Boleros &amp; son</span>',
    );
  });

  it("escapes every text and address from the host, and never reads a host's text as a placeholder", () => {
    const html = withAlbumHeader(page, '123456', {
      ...album,
      name: 'Boda %ALBUM_PLACE%',
      location: '<img src=x onerror=alert(1)>',
      coverImageUrl: '/uploads/covers/a.webp" onerror="alert(1)',
    });
    expect(html).toContain('>Boda %ALBUM_PLACE%</p>');
    expect(html).toContain('<p class="place">&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).toContain('<img src="/uploads/covers/a.webp&quot; onerror=&quot;alert(1)" alt="">');
  });

  it("puts the album font's faces, and only those, in the head", () => {
    const html = withAlbumHeader(page, '123456', album);
    expect(html).toContain(
      '<head><title>Momentos</title><style data-album-font="Gelasio">@font-face{gelasio}</style></head>',
    );
    expect(html).not.toContain('arimo');
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(withAlbumHeader(page, '123456', { ...album, fontFamily: 'Wingdings' })).not.toContain('<style');
  });

  it('keeps the upload form skeleton only while the album takes uploads', () => {
    expect(withAlbumHeader(page, '123456', album)).toContain('form skeleton');
    expect(withAlbumHeader(page, '123456', { ...album, uploadsOpen: false })).not.toContain('form skeleton');
  });

  it('leaves the date out when the album has none', () => {
    const html = withAlbumHeader(page, '123456', { ...album, eventDate: '' });
    expect(html).toContain('Boda de Ana y Luis');
    expect(html).not.toMatch(/data-l=|%ALBUM_/);
  });

  it('writes a name with markup as text, and carries the album as data no name can break out of', () => {
    const name = '</script><script>alert(1)</script> & "Ana"';
    const html = withAlbumHeader(page, '123456', { ...album, name });
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Ana&quot;');
    expect(html.match(/<script/g)).toHaveLength(1);
    const data = /<script type="application\/json" id="guest-album-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({ accessCode: '123456', album: { ...album, name } });
  });

  it('keeps a page without the template as it is', () => {
    expect(withAlbumHeader('<html><body></body></html>', '123456', album)).toBe('<html><body></body></html>');
  });
});
