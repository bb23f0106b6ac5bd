/**
 * The demo newsroom's logos as PNG: a rotor mark and a tiny stroke font drawn on the canvas,
 * written by a minimal PNG encoder (zlib from Node).
 */
import { deflateSync } from 'node:zlib';
import { clamp01, hex, lerp, mix, segmentDistance, taperedDistance } from './canvas.mjs';

export const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA 8-bit PNG, filter type 0 on every row. */
export function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An RGBA canvas with coverage-based "over" compositing, for the logos. */
export class Layer {
  constructor(width, height) {
    this.w = width;
    this.h = height;
    this.rgb = new Float32Array(width * height * 3);
    this.alpha = new Float32Array(width * height);
  }

  over(x, y, c, a) {
    if (a <= 0 || x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = y * this.w + x;
    const A = this.alpha[i];
    const out = a + A * (1 - a);
    for (let k = 0; k < 3; k++) this.rgb[i * 3 + k] = (c[k] * a + this.rgb[i * 3 + k] * A * (1 - a)) / out;
    this.alpha[i] = out;
  }

  shape(x0, y0, x1, y1, dist, color) {
    for (let y = Math.max(0, Math.floor(y0 - 1)); y <= Math.min(this.h - 1, Math.ceil(y1 + 1)); y++) {
      for (let x = Math.max(0, Math.floor(x0 - 1)); x <= Math.min(this.w - 1, Math.ceil(x1 + 1)); x++) {
        const d = dist(x + 0.5, y + 0.5);
        if (d < 0.5) this.over(x, y, typeof color === 'function' ? color(x + 0.5, y + 0.5) : color, clamp01(0.5 - d));
      }
    }
  }

  toRgba() {
    const out = Buffer.alloc(this.w * this.h * 4);
    for (let i = 0; i < this.w * this.h; i++) {
      for (let k = 0; k < 3; k++) out[i * 4 + k] = Math.round(Math.min(255, Math.max(0, this.rgb[i * 3 + k])));
      out[i * 4 + 3] = Math.round(clamp01(this.alpha[i]) * 255);
    }
    return out;
  }
}

export const BRAND = hex('#0b5c4b');
export const BRAND_LIGHT = hex('#4fd1a5');
export const WHITE = [255, 255, 255];

/** The Northwind mark: a rotor of three swept blades around a hub. */
export function rotorMark(layer, cx, cy, r, color, angle = -Math.PI / 2) {
  for (let k = 0; k < 3; k++) {
    const a = angle + (k * Math.PI * 2) / 3;
    const tip = [cx + Math.cos(a) * r, cy + Math.sin(a) * r];
    const bend = a + 0.35;
    const mid = [cx + Math.cos(bend) * r * 0.5, cy + Math.sin(bend) * r * 0.5];
    const profile1 = (t) => lerp(r * 0.13, r * 0.1, t);
    const profile2 = (t) => lerp(r * 0.1, r * 0.025, t);
    layer.shape(cx - r, cy - r, cx + r, cy + r, (x, y) => Math.min(taperedDistance(x, y, cx, cy, mid[0], mid[1], profile1), taperedDistance(x, y, mid[0], mid[1], tip[0], tip[1], profile2)), color);
  }
  layer.shape(cx - r * 0.2, cy - r * 0.2, cx + r * 0.2, cy + r * 0.2, (x, y) => Math.hypot(x - cx, y - cy) - r * 0.17, color);
}

/** A geometric stroke font for the letters of the wordmark (x in em units, y 0 top .. 1 base). */
export const arc = (cx, cy, rx, ry, from, to, steps = 18) =>
  Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + Math.cos(a) * rx, cy + Math.sin(a) * ry];
  });
export const GLYPHS = {
  N: { w: 0.72, strokes: [[[0, 1], [0, 0], [0.72, 1], [0.72, 0]]] },
  O: { w: 0.9, strokes: [arc(0.45, 0.5, 0.45, 0.5, 0, 360, 40)] },
  R: { w: 0.66, strokes: [[[0, 1], [0, 0], [0.4, 0], ...arc(0.4, 0.25, 0.25, 0.25, -90, 90), [0, 0.5]], [[0.34, 0.5], [0.66, 1]]] },
  T: { w: 0.7, strokes: [[[0, 0], [0.7, 0]], [[0.35, 0], [0.35, 1]]] },
  H: { w: 0.7, strokes: [[[0, 0], [0, 1]], [[0.7, 0], [0.7, 1]], [[0, 0.5], [0.7, 0.5]]] },
  W: { w: 1.04, strokes: [[[0, 0], [0.24, 1], [0.52, 0.22], [0.8, 1], [1.04, 0]]] },
  I: { w: 0, strokes: [[[0, 0], [0, 1]]] },
  D: { w: 0.74, strokes: [[[0, 0], [0, 1], [0.24, 1], ...arc(0.24, 0.5, 0.5, 0.5, 90, -90), [0, 0]]] },
  E: { w: 0.58, strokes: [[[0.58, 0], [0, 0], [0, 1], [0.58, 1]], [[0, 0.5], [0.5, 0.5]]] },
  G: { w: 0.9, strokes: [[...arc(0.45, 0.5, 0.45, 0.5, -40, -360 + 0, 40), [0.9, 0.5], [0.52, 0.5]]] },
  Y: { w: 0.72, strokes: [[[0, 0], [0.36, 0.5], [0.72, 0]], [[0.36, 0.5], [0.36, 1]]] },
};

export function textWidth(text, size, tracking) {
  return [...text].reduce((sum, ch) => sum + GLYPHS[ch].w * size, 0) + tracking * (text.length - 1);
}

export function drawText(layer, text, x, top, size, weight, tracking, color) {
  let pen = x;
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    const segments = [];
    for (const stroke of glyph.strokes) {
      for (let i = 0; i + 1 < stroke.length; i++) segments.push([pen + stroke[i][0] * size, top + stroke[i][1] * size, pen + stroke[i + 1][0] * size, top + stroke[i + 1][1] * size]);
    }
    layer.shape(pen - weight, top - weight, pen + glyph.w * size + weight, top + size + weight, (px, py) => {
      let d = Infinity;
      for (const s of segments) d = Math.min(d, segmentDistance(px, py, s[0], s[1], s[2], s[3]));
      return d - weight;
    }, color);
    pen += glyph.w * size + tracking;
  }
}

export function logoPng() {
  const layer = new Layer(480, 120);
  layer.shape(8, 8, 112, 112, (x, y) => Math.hypot(x - 60, y - 60) - 50, (x, y) => mix(BRAND_LIGHT, BRAND, clamp01((y - 10) / 100) * 0.85 + 0.15));
  rotorMark(layer, 60, 60, 38, WHITE);
  const nameWidth = textWidth('NORTHWIND', 40, 8);
  drawText(layer, 'NORTHWIND', 132, 24, 40, 3.4, 8, BRAND);
  const energyWidth = textWidth('ENERGY', 15, 9);
  drawText(layer, 'ENERGY', 132, 80, 15, 1.5, 9, BRAND_LIGHT.map((v) => v * 0.75));
  const end = 132 + nameWidth;
  for (let i = 0; i < 3; i++) layer.shape(132 + energyWidth + 14, 83 + i * 4, end, 85 + i * 4, (x, y) => Math.max(Math.abs(y - (84 + i * 4)) - 0.9, 132 + energyWidth + 14 - x, x - end), i === 0 ? BRAND : BRAND_LIGHT);
  return encodePng(480, 120, layer.toRgba());
}

export function roundedSquare(layer, size, radius, colorFn) {
  const half = size / 2;
  layer.shape(0, 0, size, size, (x, y) => {
    const qx = Math.abs(x - half) - (half - radius);
    const qy = Math.abs(y - half) - (half - radius);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
  }, colorFn);
}

export function iconPng() {
  const layer = new Layer(192, 192);
  roundedSquare(layer, 192, 40, (x, y) => mix(BRAND, hex('#0e7a63'), clamp01((x + y) / 384)));
  rotorMark(layer, 96, 96, 68, WHITE);
  return encodePng(192, 192, layer.toRgba());
}

export function squareLogoPng() {
  const size = 512;
  const layer = new Layer(size, size);
  roundedSquare(layer, size, 0, (x, y) => mix(BRAND, hex('#0a4a3d'), clamp01(y / size)));
  for (let i = 0; i < 4; i++) {
    const offset = 300 + i * 46;
    layer.shape(0, 0, size, size, (x, y) => Math.abs(x + y - offset - 300) / Math.SQRT2 - 9, [...mix(BRAND, BRAND_LIGHT, 0.25 + i * 0.12)]);
  }
  layer.shape(0, 0, size, size, (x, y) => Math.hypot(x - 256, y - 210) - 128, WHITE);
  rotorMark(layer, 256, 210, 100, BRAND);
  const width = textWidth('NORTHWIND', 40, 8);
  drawText(layer, 'NORTHWIND', (size - width) / 2, 388, 40, 3.4, 8, WHITE);
  return encodePng(size, size, layer.toRgba());
}
