// Draws the Porchlight icons (a white house with a lit porch lamp on teal) without any image
// library: shapes in unit coordinates, 4x4 supersampling for smooth edges, PNG via node:zlib.
// Run: node scripts/make-icons.mjs   (writes public/icons/*.png and public/favicon.svg)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const TEAL = [0x00, 0x79, 0x6b, 255];
const WHITE = [255, 255, 255, 255];
const LAMP = [0xff, 0xca, 0x28, 255];
const CLEAR = [0, 0, 0, 0];
const SUPERSAMPLE = 4; // 16 samples a pixel: enough for clean edges at 180-512 px

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public', 'icons');

// The motif in a 0..1 square, centred on (0.5, 0.5); `scale` shrinks it towards the centre.
const HOUSE = {
  roof: [
    [0.5, 0.2],
    [0.83, 0.47],
    [0.17, 0.47],
  ],
  body: { x0: 0.27, y0: 0.44, x1: 0.73, y1: 0.8 },
  door: { x0: 0.43, y0: 0.6, x1: 0.57, y1: 0.8, arch: 0.07 },
  lamp: { cx: 0.655, cy: 0.57, ring: 0.052, light: 0.034 },
};

function inTriangle(px, py, [[ax, ay], [bx, by], [cx, cy]]) {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}
const inRect = (x, y, r) => x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
}

/** Colour of the point (x, y) in 0..1 for an icon variant. */
function colourAt(x, y, { cornerRadius, scale }) {
  if (cornerRadius > 0 && !inRoundedSquare(x, y, cornerRadius)) return CLEAR;
  const u = 0.5 + (x - 0.5) / scale;
  const v = 0.5 + (y - 0.5) / scale;
  const { roof, body, door, lamp } = HOUSE;
  if (inCircle(u, v, lamp.cx, lamp.cy, lamp.light)) return LAMP;
  if (inCircle(u, v, lamp.cx, lamp.cy, lamp.ring)) return TEAL;
  const doorArchY = door.y0 + door.arch;
  if (inRect(u, v, { ...door, y0: doorArchY }) || inCircle(u, v, 0.5, doorArchY, door.arch)) return TEAL;
  if (inTriangle(u, v, roof) || inRect(u, v, body)) return WHITE;
  return TEAL;
}

function render(size, variant) {
  const rgba = Buffer.alloc(size * size * 4);
  const n = SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, variant);
          // Premultiplied accumulation so transparent corners do not darken the edge.
          acc[0] += c[0] * c[3];
          acc[1] += c[1] * c[3];
          acc[2] += c[2] * c[3];
          acc[3] += c[3];
        }
      }
      const o = (py * size + px) * 4;
      const alpha = acc[3] / (n * n);
      for (let i = 0; i < 3; i++) rgba[o + i] = acc[3] ? Math.round(acc[i] / acc[3]) : 0;
      rgba[o + 3] = Math.round(alpha);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// "any" icons have rounded corners; the maskable one is full-bleed with the house at 80 % so it
// stays inside the 80 % safe circle; iOS rounds the apple-touch icon itself, so it is opaque.
const ICONS = [
  { file: 'icon-192.png', size: 192, cornerRadius: 0.18, scale: 1 },
  { file: 'icon-512.png', size: 512, cornerRadius: 0.18, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, cornerRadius: 0, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, cornerRadius: 0, scale: 0.9 },
];

mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const png = encodePng(icon.size, render(icon.size, icon));
  writeFileSync(path.join(outDir, icon.file), png);
  console.log(`public/icons/${icon.file}  ${icon.size}x${icon.size}  ${png.length} bytes`);
}

const { roof, body, door, lamp } = HOUSE;
const s = (n) => +(n * 64).toFixed(2); // favicon drawn on a 64-unit grid
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${s(0.18)}" fill="#00796b"/>
  <path fill="#fff" d="M${roof.map(([x, y]) => `${s(x)} ${s(y)}`).join('L')}Z"/>
  <rect fill="#fff" x="${s(body.x0)}" y="${s(body.y0)}" width="${s(body.x1 - body.x0)}" height="${s(body.y1 - body.y0)}"/>
  <path fill="#00796b" d="M${s(door.x0)} ${s(door.y1)}V${s(door.y0 + door.arch)}A${s(door.arch)} ${s(door.arch)} 0 0 1 ${s(door.x1)} ${s(door.y0 + door.arch)}V${s(door.y1)}Z"/>
  <circle cx="${s(lamp.cx)}" cy="${s(lamp.cy)}" r="${s(lamp.ring)}" fill="#00796b"/>
  <circle cx="${s(lamp.cx)}" cy="${s(lamp.cy)}" r="${s(lamp.light)}" fill="#ffca28"/>
</svg>
`;
writeFileSync(path.join(root, 'public', 'favicon.svg'), svg);
console.log('public/favicon.svg');
