import { loadSharp } from '../../platform/images/load-sharp.js';

/**
 * Party-like pictures drawn from code (no downloaded images): a warm sky, hills, string lights
 * and soft bokeh. The same index always gives the same bytes, so re-running the seed stores
 * nothing twice (uploads are deduplicated by content hash).
 */
const PALETTES = [
  ['#f6c9a8', '#e88c7d', '#6d3b47'],
  ['#1f2a44', '#4b3b6b', '#120e1c'],
  ['#cfe3f2', '#8fb3d9', '#2e3f5c'],
  ['#fbe7c6', '#e7b36a', '#3f2f25'],
  ['#f9d5e5', '#d68fb0', '#4a2c40'],
  ['#2b1d2f', '#7a3b52', '#150d16'],
  ['#e6f0d5', '#a9c98d', '#364a2b'],
  ['#fde2b3', '#f2a65a', '#5b3a29'],
] as const;

/** A small deterministic pseudo-random sequence, so each picture is stable across runs. */
function sequence(seed: number) {
  let state = (seed * 2654435761) >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function samplePhotoSvg(index: number, width = 1600, height = 1067): string {
  const [sky, glow, ground] = PALETTES[(index * 5 + Math.floor(index / 4)) % PALETTES.length]!;
  const random = sequence(index + 1);
  const bokeh = Array.from({ length: 26 }, () => {
    const r = 12 + random() * 60;
    return `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height * 0.6).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff8e7" opacity="${(0.12 + random() * 0.35).toFixed(2)}"/>`;
  }).join('');
  const bulbs = Array.from({ length: 18 }, (_, i) => {
    const x = (i / 17) * width;
    const y = height * 0.18 + Math.sin((i / 17) * Math.PI) * height * 0.12;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="9" fill="#fff3c4"/><circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="26" fill="#ffe8a3" opacity="0.25"/>`;
  }).join('');
  const balloons = Array.from({ length: 7 }, (_, i) => {
    const x = width * (0.12 + i * 0.13 + random() * 0.04);
    const y = height * (0.22 + random() * 0.3);
    const r = Math.min(width, height) * (0.05 + random() * 0.03);
    const hue = Math.round(random() * 360);
    return `<path d="M${x.toFixed(0)} ${(y + r).toFixed(0)} q ${(r * 0.3).toFixed(0)} ${(r * 1.6).toFixed(0)} 0 ${(r * 3.2).toFixed(0)}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2" fill="none"/><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(r * 0.85).toFixed(0)}" ry="${r.toFixed(0)}" fill="hsl(${hue},70%,65%)"/><ellipse cx="${(x - r * 0.3).toFixed(0)}" cy="${(y - r * 0.35).toFixed(0)}" rx="${(r * 0.18).toFixed(0)}" ry="${(r * 0.28).toFixed(0)}" fill="#fff" opacity="0.5"/>`;
  }).join('');
  const confetti = Array.from({ length: 90 }, () => {
    const hue = Math.round(random() * 360);
    const x = random() * width;
    const y = random() * height * 0.8;
    return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(14 + random() * 18).toFixed(0)}" height="${(6 + random() * 8).toFixed(0)}" rx="2" fill="hsl(${hue},80%,62%)" transform="rotate(${Math.round(random() * 180)} ${x.toFixed(0)} ${y.toFixed(0)})" opacity="0.9"/>`;
  }).join('');
  const candles = Array.from({ length: 5 }, (_, i) => {
    const x = width * (0.2 + i * 0.15);
    const h = height * (0.12 + random() * 0.1);
    const top = height * 0.72 - h;
    return `<rect x="${(x - 14).toFixed(0)}" y="${top.toFixed(0)}" width="28" height="${h.toFixed(0)}" rx="4" fill="#fff6e6"/><ellipse cx="${x.toFixed(0)}" cy="${(top - 16).toFixed(0)}" rx="9" ry="18" fill="#ffd36e"/><circle cx="${x.toFixed(0)}" cy="${(top - 16).toFixed(0)}" r="60" fill="#ffd36e" opacity="0.18"/>`;
  }).join('');
  const scene = index % 4;
  const hill = (offset: number, colour: string, opacity: number) =>
    `<path d="M0 ${height * offset} C ${width * 0.3} ${height * (offset - 0.12 - random() * 0.08)}, ${width * 0.6} ${height * (offset + 0.06)}, ${width} ${height * (offset - 0.05)} L ${width} ${height} L 0 ${height} Z" fill="${colour}" opacity="${opacity}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${glow}"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${(width * (0.2 + random() * 0.6)).toFixed(0)}" cy="${(height * 0.45).toFixed(0)}" r="${(height * 0.28).toFixed(0)}" fill="url(#sun)"/>
  ${bokeh}
  ${scene === 0 ? `<path d="M0 ${height * 0.16} Q ${width / 2} ${height * 0.42} ${width} ${height * 0.16}" stroke="#3b2a2a" stroke-width="2" fill="none" opacity="0.5"/>${bulbs}` : ''}
  ${scene === 1 ? balloons : ''}
  ${scene === 2 ? confetti : ''}
  ${scene === 3 ? `<rect x="0" y="${height * 0.72}" width="${width}" height="${height * 0.28}" fill="${ground}"/>${candles}` : `${hill(0.72, ground, 0.55)}${hill(0.84, ground, 0.85)}`}
</svg>`;
}

/** A JPEG of the picture, as a phone would send it. */
export async function samplePhotoJpeg(index: number): Promise<Buffer> {
  // Every third picture is portrait, as phones mix them.
  const svg = index % 3 === 1 ? samplePhotoSvg(index, 1067, 1600) : samplePhotoSvg(index);
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}
