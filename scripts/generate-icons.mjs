/**
 * The installable app's icons (web/public/icons), drawn from the favicon's glass with sharp:
 * 192 and 512 px "any" icons (rounded square), a 512 px maskable one (full bleed, the glass inside
 * the 80 % safe zone) and a 180 px Apple touch icon. Run after changing the mark:
 * `node scripts/generate-icons.mjs`; the PNGs are committed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'icons');
const BRAND = '#86461f';
const CREAM = '#fbf6f1';

/** The glass on a 32-unit grid, scaled into a square of `size` with `inset` units of margin. */
function svg({ size, rounded, inset }) {
  const scale = (32 - 2 * inset) / 32;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${BRAND}"/>
  <g transform="translate(${inset} ${inset}) scale(${scale})">
    <path d="M10 7h12l-1.5 18a2 2 0 0 1-2 1.8h-5a2 2 0 0 1-2-1.8z" fill="${CREAM}"/>
    <path d="M11 12h10" stroke="${BRAND}" stroke-width="2"/>
  </g>
</svg>`);
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 4 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 2 },
];
for (const icon of icons) {
  await sharp(svg(icon)).resize(icon.size, icon.size).png({ compressionLevel: 9 }).toFile(path.join(out, icon.file));
  console.log(`wrote ${icon.file}`);
}
