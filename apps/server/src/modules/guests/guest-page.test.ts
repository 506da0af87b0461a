import { describe, expect, it } from 'vitest';
import { withAlbumHeader } from './guest-page.js';

// The markers and placeholders of apps/web/first-paint/shell.html, with the markup trimmed.
const page = [
  '<html><body><section>',
  '<!--album-header--><header><p style="font-family:%ALBUM_FONT%">%ALBUM_NAME%</p>',
  '<!--album-date--><p><span data-l="es">%ALBUM_DATE_ES%</span><span data-l="en">%ALBUM_DATE_EN%</span></p><!--/album-date--></header><!--/album-header-->',
  '<!--album-loading--><div>Cargando…</div><!--/album-loading-->',
  '<!--upload-form--><div>form skeleton</div><!--/upload-form-->',
  '</section></body></html>',
].join('');

const album = { id: 'a1', name: 'Boda de Ana y Luis', eventDate: '2027-06-12', uploadsOpen: true, videosAllowed: true, fontFamily: 'Georgia' };

describe('the guest page filled in with its album', () => {
  it("draws the album's name in its font and the date in both languages, in place of the loading card", () => {
    const html = withAlbumHeader(page, '123456', album);
    expect(html).toContain('<p style="font-family:&quot;Georgia&quot;, serif">Boda de Ana y Luis</p>');
    expect(html).toContain('<span data-l="es">Sábado, 12 de junio de 2027</span><span data-l="en">Saturday, June 12, 2027</span>');
    expect(html).not.toMatch(/Cargando|<!--album-|%ALBUM_/);
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
