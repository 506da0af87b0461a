import { describe, expect, it } from 'vitest';
import { musicOf } from './guest-album-view.js';

describe("the album's music as guests get it", () => {
  it('plays an audio file in the page, links to a streaming page, and shows a style as text', () => {
    expect(musicOf('https://cdn.example.com/canciones/vals.MP3?v=2')).toEqual({
      kind: 'audio',
      url: 'https://cdn.example.com/canciones/vals.MP3?v=2',
    });
    expect(musicOf('https://open.spotify.com/playlist/37i9dQZF1DX')).toEqual({
      kind: 'link',
      url: 'https://open.spotify.com/playlist/37i9dQZF1DX',
    });
    expect(musicOf('  Mariachi y boleros  ')).toEqual({ kind: 'text', text: 'Mariachi y boleros' });
    expect(musicOf('')).toEqual({ kind: 'none' });
  });

  it('never offers a script or other scheme as a link', () => {
    expect(musicOf('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(musicOf('data:audio/mp3;base64,AAAA')).toEqual({ kind: 'text', text: 'data:audio/mp3;base64,AAAA' });
  });
});
