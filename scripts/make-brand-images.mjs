#!/usr/bin/env node
// Renders the Open Graph image and the app icons from HTML with Debian's Chromium, so the brand
// images are made here from our own palette and font, never downloaded. The PNGs are committed;
// run again (node scripts/make-brand-images.mjs) after changing the design.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'apps/web/public');
const font = path.join(root, 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2');
const fontFace = `@font-face { font-family: Fraunces; src: url(data:font/woff2;base64,${fs.readFileSync(font).toString('base64')}); font-weight: 100 900; }`;
const logo = (size) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#b3364f"/><path d="M18 44V22l14 14 14-14v22" fill="none" stroke="#f6ecd4" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

const ogImage = `<html><head><style>${fontFace}
  body { margin: 0; width: 1200px; height: 630px; font-family: Fraunces, serif; color: #1f1a24;
    background: radial-gradient(900px 420px at 50% -80px, rgb(179 54 79 / 0.16), transparent 70%),
      radial-gradient(600px 300px at 95% 90%, rgb(162 122 31 / 0.18), transparent 70%), #fbf8f4;
    display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
  .brand { display: flex; align-items: center; gap: 20px; font-size: 44px; font-weight: 600; }
  h1 { font-size: 76px; line-height: 1.05; font-weight: 500; margin: 40px 0 24px; letter-spacing: -1px; max-width: 940px; }
  p { font-family: system-ui, sans-serif; font-size: 30px; color: #575160; margin: 0; }
  .tags { margin-top: 36px; display: flex; gap: 14px; font-family: system-ui, sans-serif; font-size: 24px; font-weight: 600; }
  .tags span { background: #fcf1f2; color: #982c43; padding: 10px 22px; border-radius: 999px; }
</style></head><body>
  <div class="brand">${logo(72)}Momentos</div>
  <h1>Todas las fotos de tu evento, en un solo álbum</h1>
  <p>Every photo of your event, in one album</p>
  <div class="tags"><span>Bodas</span><span>XV años</span><span>Comuniones</span><span>Reuniones</span></div>
</body></html>`;

const icon = (size, padding) =>
  `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:#b3364f">
  <svg width="${size - padding * 2}" height="${size - padding * 2}" viewBox="0 0 64 64"><path d="M14 46V18l18 18 18-18v28" fill="none" stroke="#f6ecd4" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
async function render(html, width, height, file) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  await page.evaluate('document.fonts.ready');
  await page.screenshot({ path: path.join(out, file) });
  await page.close();
  console.log(`wrote ${file}`);
}
await render(ogImage, 1200, 630, 'og-image.png');
await render(icon(512, 96), 512, 512, 'icon-512.png');
await render(icon(192, 36), 192, 192, 'icon-192.png');
await render(icon(180, 30), 180, 180, 'apple-touch-icon.png');
await browser.close();
