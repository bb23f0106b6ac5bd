#!/usr/bin/env node
/**
 * Generates the media files of the demo newsroom (content/demo/media/): procedurally painted
 * JPEG "photographs", the PNG logos and a small PDF report.
 *
 *   node scripts/build/generate-demo-media.mjs
 *
 * Deterministic: every image is painted from a PRNG seeded with its file name, so every run
 * writes the same bytes and re-importing the demo folder changes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import jpegJs from 'jpeg-js';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..', 'content', 'demo', 'media');
const JPEG_QUALITY = 70;

// ---------------------------------------------------------------------------------------------
// Small maths helpers, PRNG and value noise
// ---------------------------------------------------------------------------------------------

const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);
const lerp = (a, b, t) => a + (b - a) * t;
const mix = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
const scale = (c, k) => [c[0] * k, c[1] * k, c[2] * k];
const smoothstep = (e0, e1, x) => {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
const hex = (s) => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];

/** FNV-1a: a 32-bit seed from a name. */
function seedOf(name) {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: small, fast, good enough for painting. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.int = (lo, hi) => Math.floor(lo + (hi - lo + 1) * next());
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

/** 2D value noise with fractal sum, values roughly in [0, 1]. */
function makeNoise(seed) {
  const rnd = prng(seed);
  const perm = new Uint8Array(512);
  const values = new Float32Array(256);
  const p = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255];
  for (let i = 0; i < 256; i++) values[i] = rnd();
  const lattice = (x, y) => values[perm[(x & 255) + perm[y & 255]]];
  const noise = (x, y) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const u = xf * xf * (3 - 2 * xf);
    const v = yf * yf * (3 - 2 * yf);
    const a = lattice(xi, yi);
    const b = lattice(xi + 1, yi);
    const c = lattice(xi, yi + 1);
    const d = lattice(xi + 1, yi + 1);
    return lerp(lerp(a, b, u), lerp(c, d, u), v);
  };
  const fbm = (x, y, octaves = 5) => {
    let sum = 0;
    let amp = 0.5;
    let norm = 0;
    for (let o = 0; o < octaves; o++) {
      sum += noise(x, y) * amp;
      norm += amp;
      amp *= 0.5;
      x *= 2.03;
      y *= 2.03;
    }
    return sum / norm;
  };
  return { noise, fbm };
}

// ---------------------------------------------------------------------------------------------
// A float RGB canvas with anti-aliased shapes
// ---------------------------------------------------------------------------------------------

class Canvas {
  constructor(width, height) {
    this.w = width;
    this.h = height;
    this.px = new Float32Array(width * height * 3);
  }

  blend(x, y, c, a) {
    if (a <= 0) return;
    if (a > 1) a = 1;
    const i = (y * this.w + x) * 3;
    const p = this.px;
    p[i] += (c[0] - p[i]) * a;
    p[i + 1] += (c[1] - p[i + 1]) * a;
    p[i + 2] += (c[2] - p[i + 2]) * a;
  }

  add(x, y, c, a) {
    const i = (y * this.w + x) * 3;
    const p = this.px;
    p[i] += c[0] * a;
    p[i + 1] += c[1] * a;
    p[i + 2] += c[2] * a;
  }

  get(x, y) {
    const i = (y * this.w + x) * 3;
    return [this.px[i], this.px[i + 1], this.px[i + 2]];
  }

  /** Calls fn(x, y) for every pixel centre in a clipped box; fn returns [color, alpha] or null. */
  region(x0, y0, x1, y1, fn) {
    const xa = Math.max(0, Math.floor(x0));
    const ya = Math.max(0, Math.floor(y0));
    const xb = Math.min(this.w - 1, Math.ceil(x1));
    const yb = Math.min(this.h - 1, Math.ceil(y1));
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const r = fn(x + 0.5, y + 0.5);
        if (r) this.blend(x, y, r[0], r[1]);
      }
    }
  }

  /** Fills the shape whose signed distance is dist(x, y); color is a triple or fn(x, y, d). */
  sdf(x0, y0, x1, y1, dist, color, opacity = 1) {
    this.region(x0 - 1, y0 - 1, x1 + 1, y1 + 1, (x, y) => {
      const d = dist(x, y);
      if (d > 0.5) return null;
      const a = clamp01(0.5 - d) * opacity;
      return [typeof color === 'function' ? color(x, y, d) : color, a];
    });
  }

  /** Even-odd polygon fill: exact horizontal coverage, 4 sub-scanlines per pixel row. */
  polygon(points, color, opacity = 1) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(this.w - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(this.h - 1, Math.ceil(Math.max(...ys)));
    if (x1 < x0 || y1 < y0) return;
    const width = x1 - x0 + 1;
    const cov = new Float32Array(width + 1);
    const n = points.length;
    for (let y = y0; y <= y1; y++) {
      cov.fill(0);
      let touched = false;
      for (let s = 0; s < 4; s++) {
        const sy = y + (s + 0.5) / 4;
        const hits = [];
        for (let i = 0; i < n; i++) {
          const a = points[i];
          const b = points[(i + 1) % n];
          if ((a[1] <= sy && b[1] > sy) || (b[1] <= sy && a[1] > sy)) hits.push(a[0] + ((sy - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
        }
        hits.sort((p, q) => p - q);
        for (let k = 0; k + 1 < hits.length; k += 2) {
          const l = Math.max(x0, hits[k]);
          const r = Math.min(x1 + 1, hits[k + 1]);
          for (let px = Math.floor(l); px < r; px++) {
            const overlap = Math.min(r, px + 1) - Math.max(l, px);
            if (overlap > 0) {
              cov[px - x0] += overlap / 4;
              touched = true;
            }
          }
        }
      }
      if (!touched) continue;
      for (let x = x0; x <= x1; x++) {
        const a = cov[x - x0];
        if (a > 0) this.blend(x, y, typeof color === 'function' ? color(x + 0.5, y + 0.5) : color, a * opacity);
      }
    }
  }

  rect(x, y, w, h, color, opacity = 1) {
    this.polygon(
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ],
      color,
      opacity,
    );
  }

  ellipse(cx, cy, rx, ry, color, opacity = 1) {
    const r = Math.min(rx, ry);
    this.sdf(cx - rx, cy - ry, cx + rx, cy + ry, (x, y) => (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * r, color, opacity);
  }

  /** A line segment of width 2*r (rounded ends). */
  line(ax, ay, bx, by, r, color, opacity = 1) {
    this.sdf(Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r, (x, y) => segmentDistance(x, y, ax, ay, bx, by) - r, color, opacity);
  }

  /** Soft additive glow. */
  glow(cx, cy, radius, color, strength) {
    this.region(cx - radius * 2.2, cy - radius * 2.2, cx + radius * 2.2, cy + radius * 2.2, (x, y) => {
      const d = Math.hypot(x - cx, y - cy) / radius;
      const a = Math.exp(-d * d) * strength;
      if (a < 0.002) return null;
      this.add(Math.floor(x), Math.floor(y), color, a);
      return null;
    });
  }
}

function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp01(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1));
  return Math.hypot(ax + dx * t - px, ay + dy * t - py);
}

/** Distance to a segment whose radius varies along it: radius(t) for t in [0, 1]. */
function taperedDistance(px, py, ax, ay, bx, by, radius) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp01(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1));
  return Math.hypot(ax + dx * t - px, ay + dy * t - py) - radius(t);
}

// ---------------------------------------------------------------------------------------------
// Scene building blocks
// ---------------------------------------------------------------------------------------------

/** Vertical gradient through colour stops [[t, color], ...] over the whole canvas height. */
function skyGradient(c, stops) {
  for (let y = 0; y < c.h; y++) {
    const t = y / (c.h - 1);
    let k = 0;
    while (k < stops.length - 2 && t > stops[k + 1][0]) k++;
    const [t0, c0] = stops[k];
    const [t1, c1] = stops[k + 1];
    const color = mix(c0, c1, smoothstep(0, 1, clamp01((t - t0) / (t1 - t0 || 1))));
    for (let x = 0; x < c.w; x++) c.blend(x, y, color, 1);
  }
}

function sun(c, cx, cy, r, color, glowColor, glowStrength = 0.55) {
  c.glow(cx, cy, r * 9, glowColor, glowStrength * 0.35);
  c.glow(cx, cy, r * 3, glowColor, glowStrength * 0.6);
  c.ellipse(cx, cy, r, r, color);
}

function clouds(c, noise, { yMax, color, coverage = 0.5, opacity = 0.8, scaleX = 0.0025, scaleY = 0.009, shade = null }) {
  const limit = Math.floor(yMax);
  for (let y = 0; y < Math.min(c.h, limit); y++) {
    const fade = 1 - smoothstep(yMax * 0.55, yMax, y);
    for (let x = 0; x < c.w; x++) {
      const n = noise.fbm(x * scaleX + 7.3, y * scaleY + 1.7, 5);
      const d = smoothstep(1 - coverage, 1 - coverage + 0.22, n) * fade;
      if (d <= 0.01) continue;
      const col = shade ? mix(color, shade, smoothstep(0.55, 0.85, n)) : color;
      c.blend(x, y, col, d * opacity);
    }
  }
}

/** Fills everything below a ridge line y = f(x) with a gradient; returns the ridge function. */
function ridge(c, f, top, bottom, { texture = null, depth = null } = {}) {
  for (let x = 0; x < c.w; x++) {
    const yTop = f(x + 0.5);
    const ys = Math.max(0, Math.floor(yTop));
    const span = Math.max(1, (depth ?? c.h) - yTop);
    for (let y = ys; y < c.h; y++) {
      const cover = clamp01(y + 1 - yTop);
      if (cover <= 0) continue;
      let col = mix(top, bottom, clamp01((y - yTop) / span));
      if (texture) col = texture(x + 0.5, y + 0.5, col);
      c.blend(x, y, col, cover);
    }
  }
  return f;
}

/** A ridge profile from a few sines and some noise. */
function ridgeProfile(rnd, noise, base, amp, roughness = 0.35) {
  const waves = Array.from({ length: 3 }, (_, i) => ({ f: rnd.range(0.6, 1.6) * (i + 1) * 0.0025, p: rnd.range(0, Math.PI * 2), a: amp / (i + 1.2) }));
  const off = rnd.range(0, 100);
  return (x) => base - waves.reduce((s, w) => s + Math.sin(x * w.f + w.p) * w.a, 0) - (noise.fbm(x * 0.006 + off, off, 4) - 0.5) * amp * roughness * 2;
}

function sea(c, noise, horizonY, near, far, { sunX = null, glint = [255, 230, 180], glintStrength = 0.6 } = {}) {
  for (let y = Math.floor(horizonY); y < c.h; y++) {
    const depth = Math.max(0, (y - horizonY) / (c.h - horizonY));
    const cover = clamp01(y + 1 - horizonY);
    for (let x = 0; x < c.w; x++) {
      const n = noise.fbm(x * 0.004 / (0.15 + depth), y * 0.09 / (0.2 + depth), 4);
      let col = mix(far, near, Math.pow(depth, 0.6));
      col = scale(col, 0.88 + n * 0.24);
      if (sunX !== null) {
        const width = c.w * (0.02 + depth * 0.12);
        const g = Math.exp(-(((x - sunX) / width) ** 2)) * smoothstep(0.45, 0.75, n) * glintStrength * (1 - depth * 0.6);
        col = mix(col, glint, clamp01(g));
      }
      c.blend(x, y, col, cover);
    }
  }
}

/** A three-bladed wind turbine. (x, baseY) is the foot of the tower, h the hub height in px. */
function turbine(c, x, baseY, h, { angle = 0, color = [236, 238, 240], haze = null, hazeAmount = 0, light = -1, offshore = false }) {
  const col = haze ? mix(color, haze, hazeAmount) : color;
  const hubX = x;
  const hubY = baseY - h;
  const rBottom = Math.max(0.8, h * 0.028);
  const rTop = Math.max(0.5, h * 0.015);
  const towerShade = (px) => {
    const u = clamp01((px - hubX) / (rBottom * 2) + 0.5) * 2 - 1;
    return scale(col, 0.86 + 0.14 * u * -light);
  };
  c.sdf(x - rBottom, hubY, x + rBottom, baseY, (px, py) => taperedDistance(px, py, x, baseY, hubX, hubY, (t) => lerp(rBottom, rTop, t)), (px) => towerShade(px));
  if (offshore) {
    const yellow = haze ? mix([232, 190, 40], haze, hazeAmount) : [232, 190, 40];
    c.rect(x - rBottom * 1.25, baseY - h * 0.07, rBottom * 2.5, h * 0.07, yellow);
    c.rect(x - rBottom * 1.35, baseY - h * 0.012, rBottom * 2.7, h * 0.03, scale(yellow, 0.5));
  }
  const blade = h * 0.64;
  const bladeColor = scale(col, 0.95);
  for (let k = 0; k < 3; k++) {
    const a = angle + (k * Math.PI * 2) / 3;
    const tipX = hubX + Math.cos(a) * blade;
    const tipY = hubY + Math.sin(a) * blade;
    const profile = (t) => (t < 0.18 ? lerp(h * 0.014, h * 0.024, t / 0.18) : lerp(h * 0.024, h * 0.003, (t - 0.18) / 0.82));
    c.sdf(Math.min(hubX, tipX) - h * 0.03, Math.min(hubY, tipY) - h * 0.03, Math.max(hubX, tipX) + h * 0.03, Math.max(hubY, tipY) + h * 0.03, (px, py) => taperedDistance(px, py, hubX, hubY, tipX, tipY, profile), bladeColor);
  }
  c.ellipse(hubX + light * -h * 0.02, hubY, h * 0.05, h * 0.028, scale(col, 0.9));
  c.ellipse(hubX, hubY, h * 0.022, h * 0.022, scale(col, 1.02));
}

/** Ground-plane perspective helpers. */
function perspective(c, horizonY, cx, camH = 2) {
  const F = c.w * 0.9;
  return {
    yAt: (z) => horizonY + (F * camH) / z,
    xAt: (X, z) => cx + (F * X) / z,
    zAt: (y) => (F * camH) / Math.max(0.001, y - horizonY),
    F,
  };
}

/** Rows of solar panels on a ground plane. */
function solarRows(c, noise, view, { zStart = 4, zEnd = 120, rowGap = 7, halfWidth = 60, panelDepth = 2.2, lift = 1.0, frame = [200, 208, 214], cell = [24, 44, 86], sky = [120, 160, 210], objects = [] }) {
  const rows = [];
  for (let z = zStart; z < zEnd; z += rowGap) rows.push(z);
  rows.reverse();
  // Objects standing between the rows ({ z, draw }) are painted back to front with the rows.
  const pending = [...objects].sort((a, b) => b.z - a.z);
  for (const z of rows) {
    while (pending.length && pending[0].z > z) pending.shift().draw();
    const zt = z + panelDepth;
    const yb = view.yAt(z) - (view.F * 0.35) / z;
    const yt = view.yAt(zt) - (view.F * lift) / zt;
    const pts = [
      [view.xAt(-halfWidth, z), yb],
      [view.xAt(halfWidth, z), yb],
      [view.xAt(halfWidth, zt), yt],
      [view.xAt(-halfWidth, zt), yt],
    ];
    // Legs under the front edge.
    const legColor = [70, 74, 78];
    for (let X = -halfWidth; X <= halfWidth; X += 4) {
      const lx = view.xAt(X, z);
      if (lx < -10 || lx > c.w + 10) continue;
      c.rect(lx - 0.6, yb, Math.max(1, 12 / z), view.yAt(z) - yb, legColor, 0.9);
    }
    const cells = 6;
    const cellW = 1.0;
    c.polygon(pts, (x, y) => {
      const v = clamp01((y - yb) / (yt - yb));
      const zz = 1 / lerp(1 / z, 1 / zt, v);
      const X = ((x - view.xAt(0, zz)) * zz) / view.F;
      const footX = zz / view.F / cellW;
      const footV = cells / Math.max(1, yb - yt);
      const fu = Math.abs(((X / cellW) % 1 + 1) % 1 - 0.5);
      const fv = Math.abs(((v * cells) % 1 + 1) % 1 - 0.5);
      const lineU = smoothstep(0.5 - Math.max(0.035, footX), 0.5, fu);
      const lineV = smoothstep(0.5 - Math.max(0.04, footV), 0.5, fv);
      const reflect = smoothstep(0, 1, v) * 0.35 + noise.fbm(x * 0.004, y * 0.01, 3) * 0.15;
      let col = mix(cell, sky, reflect);
      col = mix(col, frame, Math.max(lineU, lineV) * 0.55 * clamp01(1.4 - z / 60));
      return col;
    });
    c.polygon([pts[0], pts[1], [pts[1][0], pts[1][1] + Math.max(1, 10 / z)], [pts[0][0], pts[0][1] + Math.max(1, 10 / z)]], frame, 0.9);
  }
  for (const object of pending) object.draw();
}

function grassTexture(noise, base, dark) {
  return (x, y, col) => {
    const n = noise.fbm(x * 0.02, y * 0.05, 4);
    return mix(col, mix(base, dark, n), 0.5);
  };
}

/** City skyline: one layer of buildings along baseY, with lit windows. */
function skyline(c, rnd, { baseY, minH, maxH, color, windowColor = [255, 214, 140], lit = 0.3, minW = 30, maxW = 90, windowSize = 4, antenna = 0.2 }) {
  let x = -rnd.range(0, 40);
  while (x < c.w) {
    const w = rnd.range(minW, maxW);
    const h = rnd.range(minH, maxH);
    const top = baseY - h;
    const tone = scale(color, rnd.range(0.85, 1.12));
    c.rect(x, top, w - 2, h + 2, tone);
    if (rnd() < 0.3) c.rect(x + w * 0.2, top - h * 0.06, w * 0.6 - 2, h * 0.06 + 1, tone);
    if (rnd() < antenna) c.line(x + w * 0.5, top, x + w * 0.5, top - h * 0.25, 0.8, tone);
    if (lit > 0) {
      const gx = windowSize * 2.4;
      const gy = windowSize * 2.8;
      for (let wy = top + gy * 0.8; wy < baseY - gy; wy += gy) {
        for (let wx = x + gx * 0.6; wx < x + w - gx; wx += gx) {
          if (rnd() < lit) c.rect(wx, wy, windowSize, windowSize * 1.3, mix(tone, windowColor, rnd.range(0.55, 1)), 0.95);
        }
      }
    }
    x += w + rnd.range(0, 6);
  }
}

/** Mirrors the band above baseY into the water below it, with ripples. */
function reflect(c, noise, baseY, tint, amount = 0.55) {
  const src = new Float32Array(c.px);
  for (let y = Math.ceil(baseY); y < c.h; y++) {
    const d = y - baseY;
    for (let x = 0; x < c.w; x++) {
      const ripple = (noise.noise(x * 0.02, y * 0.35) - 0.5) * (6 + d * 0.08);
      const sx = Math.min(c.w - 1, Math.max(0, Math.round(x + ripple)));
      const sy = Math.max(0, Math.round(baseY - d * 1.0 - 1));
      const i = (sy * c.w + sx) * 3;
      const col = mix([src[i], src[i + 1], src[i + 2]], tint, amount + (d / (c.h - baseY)) * 0.25);
      c.blend(x, y, col, 1);
    }
  }
}

function bokeh(c, rnd, count, colors, rMin, rMax, opacity) {
  for (let i = 0; i < count; i++) {
    const r = rnd.range(rMin, rMax);
    c.ellipse(rnd.range(0, c.w), rnd.range(0, c.h), r, r, rnd.pick(colors), opacity * rnd.range(0.4, 1));
  }
}

function conifer(c, x, baseY, h, color) {
  const w = h * 0.32;
  const tiers = 4;
  for (let k = 0; k < tiers; k++) {
    const top = baseY - h + (k * h) / (tiers + 0.5);
    const bottom = top + h * 0.42;
    const half = w * (0.45 + (k / tiers) * 0.55);
    c.polygon(
      [
        [x, top],
        [x + half, bottom],
        [x - half, bottom],
      ],
      color,
    );
  }
  c.rect(x - h * 0.02, baseY - h * 0.1, h * 0.04, h * 0.1, scale(color, 0.8));
}

/** A standing person in work clothes and a hard hat, seen from the front; (x, footY) feet. */
function worker(c, x, footY, h, { suit, helmet, skin, vest = [235, 120, 30] }) {
  const head = h * 0.075;
  const shoulderY = footY - h * 0.8;
  c.rect(x - h * 0.085, footY - h * 0.47, h * 0.07, h * 0.47, scale(suit, 0.8));
  c.rect(x + h * 0.015, footY - h * 0.47, h * 0.07, h * 0.47, scale(suit, 0.75));
  c.sdf(x - h * 0.16, shoulderY, x + h * 0.16, footY - h * 0.42, (px, py) => {
    const dx = Math.max(Math.abs(px - x) - h * 0.1, 0);
    const dy = Math.max(Math.abs(py - (shoulderY + footY - h * 0.42) / 2) - (footY - h * 0.42 - shoulderY) / 2 + h * 0.05, 0);
    return Math.hypot(dx, dy) - h * 0.05;
  }, vest);
  c.rect(x - h * 0.1, shoulderY + h * 0.14, h * 0.2, h * 0.025, [220, 224, 226], 0.9);
  c.line(x - h * 0.14, shoulderY + h * 0.05, x - h * 0.17, footY - h * 0.45, h * 0.035, vest);
  c.line(x + h * 0.14, shoulderY + h * 0.05, x + h * 0.17, footY - h * 0.45, h * 0.035, scale(vest, 0.9));
  c.rect(x - h * 0.025, shoulderY - h * 0.04, h * 0.05, h * 0.05, scale(skin, 0.85));
  c.ellipse(x, shoulderY - head * 0.95, head * 0.82, head, skin);
  c.sdf(x - head * 1.3, shoulderY - head * 2.3, x + head * 1.3, shoulderY - head * 1.1, (px, py) => {
    const dome = Math.hypot((px - x) / (head * 0.95), (py - (shoulderY - head * 1.35)) / (head * 0.85)) - 1;
    return Math.max(dome * head, py - (shoulderY - head * 1.35));
  }, helmet);
  c.rect(x - head * 1.15, shoulderY - head * 1.42, head * 2.3, head * 0.18, scale(helmet, 0.85));
}

/** Final look: grain, a slight contrast curve and a vignette. Returns RGBA bytes. */
function develop(c, rnd, { grain = 3.2, vignette = 0.28, warmth = 0 } = {}) {
  const out = Buffer.alloc(c.w * c.h * 4);
  const cx = c.w / 2;
  const cy = c.h / 2;
  const maxR = Math.hypot(cx, cy);
  for (let y = 0; y < c.h; y++) {
    for (let x = 0; x < c.w; x++) {
      const i = (y * c.w + x) * 3;
      const r = Math.hypot(x - cx, y - cy) / maxR;
      const v = 1 - vignette * r * r * r;
      const g = (rnd() + rnd() - 1) * grain;
      for (let k = 0; k < 3; k++) {
        let val = c.px[i + k] / 255;
        if (Number.isNaN(val)) throw new Error(`NaN pixel at ${x},${y}`);
        val = val + (val - 0.5) * 0.06 * (1 - Math.abs(val - 0.5) * 2);
        val = val * 255 * v + g + (k === 0 ? warmth : k === 2 ? -warmth : 0);
        out[(y * c.w + x) * 4 + k] = val < 0 ? 0 : val > 255 ? 255 : Math.round(val);
      }
      out[(y * c.w + x) * 4 + 3] = 255;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------

const scenes = {
  offshore(c, rnd, noise, o) {
    const horizonY = c.h * (o.horizon ?? 0.56);
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [horizonY / c.h, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    const sunX = c.w * (o.sunX ?? 0.68);
    const sunY = horizonY - c.h * (o.sunHeight ?? 0.08);
    clouds(c, noise, { yMax: horizonY * 0.95, color: hex(o.cloud ?? '#ffe9d6'), shade: hex(o.cloudShade ?? '#b98a8f'), coverage: o.clouds ?? 0.42, opacity: 0.75 });
    sun(c, sunX, sunY, c.w * 0.018, hex(o.sun ?? '#fff6e0'), hex(o.sunGlow ?? '#ffb870'), 0.8);
    sea(c, noise, horizonY, hex(o.seaNear), hex(o.seaFar), { sunX, glint: hex(o.sunGlow ?? '#ffc98a') });
    const count = o.turbines ?? 9;
    const haze = hex(o.skyHorizon);
    for (let i = 0; i < count; i++) {
      const z = rnd.range(1.4, 6) * (i % 3 === 0 ? 0.7 : 1.4);
      const h = (c.h * 0.34) / z;
      const x = rnd.range(0.03, 0.97) * c.w;
      const base = horizonY + (c.h * 0.018) / z;
      turbine(c, x, base, h, { angle: rnd.range(0, Math.PI * 2), color: hex(o.turbine ?? '#eef0f2'), haze, hazeAmount: clamp01(z / 9), offshore: true, light: sunX > x ? 1 : -1 });
    }
    if (o.hero) {
      turbine(c, c.w * o.hero.x, c.h * o.hero.base, c.h * o.hero.h, { angle: o.hero.angle ?? 0.4, color: hex(o.turbine ?? '#eef0f2'), offshore: true, light: sunX > c.w * o.hero.x ? 1 : -1 });
    }
  },

  onshore(c, rnd, noise, o) {
    const horizonY = c.h * 0.5;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.55, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    if (o.sun) sun(c, c.w * o.sun.x, c.h * o.sun.y, c.w * 0.016, [255, 250, 235], hex(o.sun.glow ?? '#ffe2a8'), 0.6);
    clouds(c, noise, { yMax: horizonY, color: hex(o.cloud ?? '#ffffff'), shade: hex(o.cloudShade ?? '#c6ced8'), coverage: o.clouds ?? 0.5, opacity: 0.85 });
    const layers = o.layers;
    const haze = hex(o.skyHorizon);
    layers.forEach((layer, index) => {
      const f = ridgeProfile(rnd, noise, c.h * layer.base, c.h * layer.amp);
      const top = mix(hex(layer.top), haze, layer.haze ?? 0);
      const bottom = mix(hex(layer.bottom), haze, layer.haze ?? 0);
      const tex = layer.snow
        ? (x, y, col) => mix(col, [242, 246, 250], smoothstep(0.45, 0.6, noise.fbm(x * 0.01, y * 0.03, 4)) * 0.85)
        : grassTexture(noise, top, scale(bottom, 0.85));
      ridge(c, f, top, bottom, { texture: tex, depth: c.h });
      const n = layer.turbines ?? 0;
      for (let i = 0; i < n; i++) {
        const x = ((i + rnd.range(0.2, 0.8)) / n) * c.w;
        const h = c.h * layer.turbineH * rnd.range(0.9, 1.1);
        turbine(c, x, f(x) + h * 0.02, h, { angle: rnd.range(0, Math.PI * 2), color: hex(o.turbine ?? '#f2f4f5'), haze, hazeAmount: (layer.haze ?? 0) * 0.8, light: o.sun && o.sun.x * c.w > x ? 1 : -1 });
      }
      if (layer.trees) {
        for (let i = 0; i < layer.trees; i++) {
          const x = rnd.range(0, c.w);
          const h = c.h * rnd.range(0.03, 0.06) * (layer.treeScale ?? 1);
          conifer(c, x, f(x) + h * 0.15, h, scale(bottom, 0.6));
        }
      }
      if (index === layers.length - 1 && o.workers) {
        for (const w of o.workers) worker(c, c.w * w.x, c.h * w.y, c.h * w.h, w);
      }
    });
  },

  tulipFields(c, rnd, noise, o) {
    const horizonY = c.h * 0.46;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.46, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    clouds(c, noise, { yMax: horizonY, color: [255, 255, 255], shade: [190, 200, 214], coverage: 0.48, opacity: 0.85 });
    const view = perspective(c, horizonY, c.w * (o.vanish ?? 0.42), 2);
    const colors = o.stripes.map(hex);
    for (let y = Math.floor(horizonY); y < c.h; y++) {
      const z = view.zAt(y + 0.5);
      const foot = z / view.F;
      for (let x = 0; x < c.w; x++) {
        const X = ((x + 0.5 - view.xAt(0, z)) * z) / view.F;
        const band = X / 4;
        const idx = ((Math.floor(band) % colors.length) + colors.length) % colors.length;
        const frac = band - Math.floor(band);
        const edge = smoothstep(0, Math.max(0.04, foot / 4), Math.min(frac, 1 - frac));
        let col = mix(hex('#4c6b2e'), colors[idx], edge * 0.92);
        col = mix(col, hex(o.skyHorizon), clamp01(Math.pow(1 - (y - horizonY) / (c.h - horizonY), 8) * 0.7));
        col = scale(col, 0.85 + noise.fbm(x * 0.05, y * 0.2, 3) * 0.3);
        c.blend(x, y, col, clamp01(y + 1 - horizonY));
      }
    }
    const haze = hex(o.skyHorizon);
    for (let i = 0; i < (o.turbines ?? 7); i++) {
      const z = 320 + i * 150;
      const X = -140 + i * 75 + rnd.range(-10, 10);
      const x = view.xAt(X, z);
      const base = view.yAt(z) - 0.5;
      turbine(c, x, base, (view.F * 95) / z, { angle: rnd.range(0, Math.PI * 2), haze, hazeAmount: clamp01(z / 1800), light: 1 });
    }
    for (let i = 0; i < 14; i++) {
      const z = rnd.range(250, 900);
      const X = rnd.range(-400, 500);
      conifer(c, view.xAt(X, z), view.yAt(z), (view.F * 12) / z, mix(hex('#2f4a2a'), haze, clamp01(z / 1200)));
    }
  },

  solar(c, rnd, noise, o) {
    const horizonY = c.h * (o.horizon ?? 0.42);
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [horizonY / c.h, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    if (o.sun) sun(c, c.w * o.sun.x, c.h * o.sun.y, c.w * 0.02, [255, 248, 230], hex(o.sun.glow), 0.8);
    clouds(c, noise, { yMax: horizonY, color: hex(o.cloud ?? '#ffffff'), shade: hex(o.cloudShade ?? '#c9d2dd'), coverage: o.clouds ?? 0.4, opacity: 0.85 });
    const haze = hex(o.skyHorizon);
    const far = ridgeProfile(rnd, noise, horizonY + 2, c.h * 0.02, 0.6);
    ridge(c, far, mix(hex('#52703f'), haze, 0.55), mix(hex('#3f6a35'), haze, 0.3), { depth: c.h * 0.3 });
    for (let i = 0; i < 26; i++) {
      const x = rnd.range(0, c.w);
      const h = c.h * rnd.range(0.015, 0.03);
      c.ellipse(x, far(x) - h * 0.4, h * rnd.range(0.8, 1.6), h * 0.7, mix(hex('#2f4f2a'), haze, 0.45));
    }
    ridge(c, () => horizonY + c.h * 0.012, hex(o.grass ?? '#6f8f3f'), hex(o.grassNear ?? '#4b6e2a'), { texture: grassTexture(noise, hex(o.grass ?? '#6f8f3f'), hex('#3d5b24')) });
    const view = perspective(c, horizonY, c.w * (o.vanish ?? 0.35), o.camH ?? 3.5);
    const zStart = o.zStart ?? 4;
    const rowGap = o.rowGap ?? 7;
    const objects = [];
    for (let i = 0; i < (o.sheep ?? 0); i++) {
      const row = rnd.int(0, 4);
      const z = zStart + row * rowGap + rnd.range(3, rowGap - 0.6);
      const X = rnd.range(-12, 14);
      objects.push({
        z,
        draw: () => {
          const x = view.xAt(X, z);
          const y = view.yAt(z);
          const s = view.F / z;
          const dir = X > 0 ? -1 : 1;
          c.rect(x - s * 0.25, y - s * 0.3, s * 0.07, s * 0.3, [52, 48, 44]);
          c.rect(x + s * 0.18, y - s * 0.3, s * 0.07, s * 0.3, [52, 48, 44]);
          c.ellipse(x, y - s * 0.48, s * 0.48, s * 0.28, (px, py) => scale([238, 234, 222], 0.85 + 0.15 * clamp01((y - s * 0.2 - py) / (s * 0.5))));
          c.ellipse(x + dir * s * 0.5, y - s * 0.58, s * 0.14, s * 0.12, [52, 48, 44]);
        },
      });
    }
    solarRows(c, noise, view, { sky: hex(o.panelSky ?? '#8fb3dd'), cell: hex(o.cell ?? '#1c2f5c'), zStart, rowGap, objects });
  },

  city(c, rnd, noise, o) {
    const baseY = c.h * (o.base ?? 0.66);
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.45, hex(o.skyMid)],
      [baseY / c.h, hex(o.skyHorizon)],
      [1, hex(o.water ?? '#203040')],
    ]);
    if (o.stars) for (let i = 0; i < 160; i++) c.ellipse(rnd.range(0, c.w), rnd.range(0, baseY * 0.6), 0.7, 0.7, [255, 255, 240], rnd.range(0.2, 0.8));
    if (o.moon) sun(c, c.w * 0.78, c.h * 0.16, c.w * 0.014, [250, 248, 235], [150, 170, 210], 0.3);
    if (o.clouds) clouds(c, noise, { yMax: baseY * 0.8, color: hex(o.cloud), shade: hex(o.cloudShade), coverage: o.clouds, opacity: 0.6, scaleX: 0.002, scaleY: 0.012 });
    skyline(c, rnd, { baseY, minH: c.h * 0.12, maxH: c.h * 0.3, color: hex(o.far), lit: o.lit * 0.5, windowSize: 2.5, minW: 24, maxW: 60 });
    skyline(c, rnd, { baseY, minH: c.h * 0.06, maxH: c.h * 0.22, color: hex(o.near), lit: o.lit, windowSize: 3.5, minW: 40, maxW: 110, antenna: 0.35 });
    if (o.turbines) {
      for (const t of o.turbines) turbine(c, c.w * t.x, baseY - c.h * t.lift, c.h * t.h, { angle: t.angle, color: hex(o.near), light: 1 });
    }
    if (o.rooftop) {
      const view = perspective(c, baseY - c.h * 0.05, c.w * 0.5, 1.2);
      c.rect(0, c.h * 0.8, c.w, c.h * 0.2, hex('#5a5c60'));
      solarRows(c, noise, view, { zStart: 2.2, rowGap: 2.1, halfWidth: 9, panelDepth: 1.1, lift: 0.9, cell: hex('#1b2b52'), sky: hex(o.skyHorizon) });
    } else {
      reflect(c, noise, baseY, hex(o.water ?? '#203040'), 0.45);
    }
  },

  canal(c, rnd, noise, o) {
    const baseY = c.h * 0.7;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.7, hex(o.skyHorizon)],
      [1, hex('#2c3a40')],
    ]);
    clouds(c, noise, { yMax: baseY * 0.7, color: [255, 255, 255], shade: [188, 196, 210], coverage: 0.45, opacity: 0.8 });
    let x = -20;
    const bricks = o.bricks.map(hex);
    while (x < c.w) {
      const w = rnd.range(c.w * 0.085, c.w * 0.13);
      const h = c.h * rnd.range(0.42, 0.56);
      const top = baseY - h;
      const col = rnd.pick(bricks);
      c.rect(x, top, w - 1, h, col);
      const gable = rnd.int(0, 2);
      const gh = h * 0.22;
      if (gable === 0) {
        c.polygon([[x, top], [x + w / 2, top - gh], [x + w - 1, top]], col);
      } else if (gable === 1) {
        c.polygon([[x, top], [x + w * 0.2, top], [x + w * 0.2, top - gh * 0.4], [x + w * 0.35, top - gh * 0.4], [x + w * 0.35, top - gh * 0.8], [x + w * 0.65, top - gh * 0.8], [x + w * 0.65, top - gh * 0.4], [x + w * 0.8, top - gh * 0.4], [x + w * 0.8, top], [x + w - 1, top]], col);
      } else {
        c.sdf(x, top - gh, x + w, top, (px, py) => {
          const bell = Math.hypot((px - (x + w / 2)) / (w * 0.32), (py - top) / gh) - 1;
          return Math.max(bell * gh, py - top - 1);
        }, col);
      }
      c.rect(x, top - 2, w - 1, 3, [238, 236, 230], 0.9);
      const cols = 3;
      const rows = 4;
      for (let r = 0; r < rows; r++) {
        for (let k = 0; k < cols; k++) {
          const wx = x + w * (0.14 + k * 0.27);
          const wy = top + h * (0.08 + r * 0.22);
          c.rect(wx - 2, wy - 2, w * 0.18 + 4, h * 0.14 + 4, [240, 238, 232]);
          c.rect(wx, wy, w * 0.18, h * 0.14, mix(hex('#2a3640'), hex(o.skyTop), rnd.range(0.1, 0.4)));
          c.rect(wx + w * 0.085, wy, 1.5, h * 0.14, [240, 238, 232]);
        }
      }
      c.rect(x, baseY - c.h * 0.02, w, c.h * 0.02, scale(col, 0.6));
      x += w;
    }
    for (let i = 0; i < 6; i++) {
      const tx = rnd.range(0, c.w);
      c.ellipse(tx, baseY - c.h * 0.16, c.w * 0.05, c.h * 0.1, mix(hex('#3f5e2f'), hex('#6f8f45'), rnd()), 0.92);
      c.rect(tx - 3, baseY - c.h * 0.08, 6, c.h * 0.08, hex('#3a2e25'));
    }
    c.rect(0, baseY - 3, c.w, 6, hex('#4a4a48'));
    reflect(c, noise, baseY + 3, hex('#34474f'), 0.4);
  },

  mountains(c, rnd, noise, o) {
    const lakeY = c.h * 0.66;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.5, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    clouds(c, noise, { yMax: c.h * 0.35, color: [255, 255, 255], shade: [190, 198, 214], coverage: 0.4, opacity: 0.8 });
    const haze = hex(o.skyHorizon);
    const peaks = (base, amp, sharp) => {
      const off = rnd.range(0, 50);
      return (x) => base - amp * Math.pow(noise.fbm(x * 0.0022 + off, off, 5), sharp) * 2.4;
    };
    const far = peaks(c.h * 0.62, c.h * 0.35, 1.6);
    ridge(c, far, mix(hex('#7b8aa0'), haze, 0.35), mix(hex('#50607a'), haze, 0.3), {
      texture: (x, y, col) => mix(col, [246, 248, 252], smoothstep(c.h * 0.36, c.h * 0.3, y) * smoothstep(0.35, 0.55, noise.fbm(x * 0.02, y * 0.02, 4))),
    });
    const near = peaks(c.h * 0.7, c.h * 0.2, 1.3);
    ridge(c, near, hex('#3f5a3c'), hex('#2b3f2b'), { texture: grassTexture(noise, hex('#46613e'), hex('#243624')) });
    for (let i = 0; i < 60; i++) {
      const x = rnd.range(0, c.w);
      conifer(c, x, near(x) + 6, c.h * rnd.range(0.025, 0.05), hex('#1f3322'));
    }
    const damX = c.w * 0.62;
    c.polygon([[damX - c.w * 0.16, lakeY - c.h * 0.06], [damX + c.w * 0.16, lakeY - c.h * 0.06], [damX + c.w * 0.19, lakeY + 2], [damX - c.w * 0.19, lakeY + 2]], (x, y) => scale(hex('#b9bcbd'), 0.85 + 0.15 * noise.fbm(x * 0.05, y * 0.05, 2)));
    c.rect(damX - c.w * 0.165, lakeY - c.h * 0.066, c.w * 0.33, c.h * 0.008, hex('#8e9192'));
    for (let i = 0; i < 5; i++) c.rect(damX - c.w * 0.12 + i * c.w * 0.06, lakeY - c.h * 0.055, c.w * 0.012, c.h * 0.05, hex('#7f8485'));
    reflect(c, noise, lakeY, hex('#3a5a6a'), 0.35);
  },

  forest(c, rnd, noise, o) {
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.6, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    if (o.sun) sun(c, c.w * o.sun.x, c.h * o.sun.y, c.w * 0.02, [255, 250, 232], hex(o.sun.glow), 0.9);
    const haze = hex(o.skyHorizon);
    const layers = 5;
    for (let l = 0; l < layers; l++) {
      const depth = 1 - l / (layers - 1);
      const base = c.h * (0.5 + l * 0.1);
      const f = ridgeProfile(rnd, noise, base, c.h * 0.04, 0.5);
      const col = mix(hex(o.tree), haze, depth * 0.85);
      ridge(c, f, col, scale(col, 0.9), { depth: c.h });
      const count = 28 + l * 8;
      for (let i = 0; i < count; i++) {
        const x = rnd.range(-20, c.w + 20);
        conifer(c, x, f(x) + 4, c.h * (0.08 + l * 0.05) * rnd.range(0.7, 1.2), col);
      }
      if (l < layers - 1) clouds(c, makeNoise(seedOf(`mist${l}`)), { yMax: c.h, color: haze, coverage: 0.35, opacity: 0.35 * depth, scaleX: 0.003, scaleY: 0.02 });
    }
  },

  wetland(c, rnd, noise, o) {
    const horizonY = c.h * 0.52;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.52, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    if (o.sun) sun(c, c.w * o.sun.x, c.h * o.sun.y, c.w * 0.018, [255, 246, 225], hex(o.sun.glow), 0.8);
    clouds(c, noise, { yMax: horizonY, color: hex(o.cloud), shade: hex(o.cloudShade), coverage: 0.38, opacity: 0.7 });
    const f = ridgeProfile(rnd, noise, horizonY, c.h * 0.012, 0.8);
    ridge(c, f, mix(hex('#51693b'), hex(o.skyHorizon), 0.5), hex('#5d7440'), { depth: c.h * 0.56 });
    for (let i = 0; i < 30; i++) {
      const x = rnd.range(0, c.w);
      c.ellipse(x, f(x) - 6, rnd.range(10, 28), rnd.range(6, 14), mix(hex('#354b2a'), hex(o.skyHorizon), 0.5));
    }
    const waterY = horizonY + c.h * 0.05;
    reflect(c, noise, waterY, hex(o.water), 0.35);
    for (let i = 0; i < 260; i++) {
      const x = rnd.range(0, c.w);
      const baseY = c.h * rnd.range(0.78, 1.05);
      const h = c.h * rnd.range(0.08, 0.22);
      const lean = rnd.range(-0.15, 0.15) * h;
      const col = mix(hex('#6b6b33'), hex('#c2a766'), rnd());
      c.line(x, baseY, x + lean, baseY - h, rnd.range(0.8, 1.8), col);
      if (rnd() < 0.3) c.ellipse(x + lean, baseY - h, 2.2, 7, hex('#5b3d22'));
    }
    for (let i = 0; i < 7; i++) {
      const bx = rnd.range(0.1, 0.9) * c.w;
      const by = rnd.range(0.1, 0.35) * c.h;
      const s = rnd.range(5, 10);
      c.line(bx - s, by - s * 0.4, bx, by, 1.1, [40, 40, 48]);
      c.line(bx, by, bx + s, by - s * 0.5, 1.1, [40, 40, 48]);
    }
  },

  dunes(c, rnd, noise, o) {
    const horizonY = c.h * 0.45;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.45, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    clouds(c, noise, { yMax: horizonY, color: [255, 255, 255], shade: [200, 208, 220], coverage: 0.42, opacity: 0.85 });
    sea(c, noise, horizonY, hex('#3d7d8c'), hex('#6fa3b5'), {});
    if (o.turbines) {
      for (let i = 0; i < o.turbines; i++) turbine(c, rnd.range(0.05, 0.95) * c.w, horizonY + 1, c.h * rnd.range(0.035, 0.05), { angle: rnd.range(0, 6.28), haze: hex(o.skyHorizon), hazeAmount: 0.5, offshore: true });
    }
    const beach = ridgeProfile(rnd, noise, c.h * 0.6, c.h * 0.01, 0.5);
    ridge(c, beach, hex('#e8d7b0'), hex('#d9c192'), { depth: c.h * 0.7 });
    const dune = ridgeProfile(rnd, noise, c.h * 0.74, c.h * 0.08, 0.4);
    ridge(c, dune, hex('#e6cf9d'), hex('#c9ab72'), { texture: (x, y, col) => scale(col, 0.92 + noise.fbm(x * 0.02, y * 0.06, 3) * 0.16) });
    for (let i = 0; i < 420; i++) {
      const x = rnd.range(0, c.w);
      const y = dune(x) + rnd.range(0, c.h * 0.3);
      if (y > c.h + 20) continue;
      const h = c.h * rnd.range(0.03, 0.09);
      c.line(x, y, x + rnd.range(-0.4, 0.4) * h, y - h, rnd.range(0.7, 1.5), mix(hex('#7d8a4a'), hex('#b9b77a'), rnd()));
    }
  },

  battery(c, rnd, noise, o) {
    const horizonY = c.h * 0.5;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.5, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    clouds(c, noise, { yMax: horizonY, color: [255, 255, 255], shade: [190, 198, 210], coverage: 0.5, opacity: 0.85 });
    const haze = hex(o.skyHorizon);
    for (let i = 0; i < 4; i++) turbine(c, c.w * (0.64 + i * 0.09), horizonY + 1, c.h * 0.1, { angle: rnd.range(0, 6.28), haze, hazeAmount: 0.5 });
    ridge(c, ridgeProfile(rnd, noise, horizonY, c.h * 0.008, 0.5), mix(hex('#5f7a45'), haze, 0.4), hex('#a19f97'), { texture: (x, y, col) => scale(col, 0.9 + noise.fbm(x * 0.08, y * 0.2, 3) * 0.2) });
    const camH = 3.6;
    const view = perspective(c, horizonY, c.w * 0.46, camH);
    const at = (X, z, height) => [view.xAt(X, z), horizonY + (view.F * (camH - height)) / z];
    const box = hex(o.box);
    const stripe = hex(o.stripe);
    const H = 2.6;
    const W = 2.4;
    const L = 6;
    const containers = [];
    for (const X0 of [-15.5, -10, -4.5, 3, 8.5, 14]) {
      for (let z = 9; z < 120; z += L + 1.2) containers.push({ X0, z });
    }
    containers.sort((a, b) => b.z - a.z || Math.abs(b.X0) - Math.abs(a.X0));
    for (const { X0, z } of containers) {
      const X1 = X0 + W;
      const sideX = X1 < 0 ? X1 : X0 > 0 ? X0 : null;
      if (sideX !== null) {
        const side = [at(sideX, z, 0), at(sideX, z + L, 0), at(sideX, z + L, H), at(sideX, z, H)];
        c.polygon(side, (x) => {
          const zz = (view.F * sideX) / (x - view.xAt(0, 1) || 0.001);
          const rib = Math.abs((((zz - z) / 0.45) % 1) - 0.5) < 0.14 ? 0.92 : 1;
          return scale(box, 0.8 * rib);
        });
        c.polygon([at(sideX, z, H * 0.86), at(sideX, z + L, H * 0.86), at(sideX, z + L, H * 0.78), at(sideX, z, H * 0.78)], scale(stripe, 0.9));
      }
      c.polygon([at(X0, z, H), at(X1, z, H), at(X1, z + L, H), at(X0, z + L, H)], scale(box, 1.04));
      const [fx0, fy0] = at(X0, z, 0);
      const [fx1, fyTop] = at(X1, z, H);
      c.rect(fx0, fyTop, fx1 - fx0, fy0 - fyTop, scale(box, 0.94));
      c.rect(fx0, fyTop + (fy0 - fyTop) * 0.14, fx1 - fx0, (fy0 - fyTop) * 0.08, stripe);
      c.rect(fx0 + (fx1 - fx0) * 0.2, fyTop + (fy0 - fyTop) * 0.35, (fx1 - fx0) * 0.25, (fy0 - fyTop) * 0.5, scale(box, 0.82));
      c.rect(fx0 + (fx1 - fx0) * 0.55, fyTop + (fy0 - fyTop) * 0.35, (fx1 - fx0) * 0.25, (fy0 - fyTop) * 0.5, scale(box, 0.82));
    }
  },

  hydrogen(c, rnd, noise, o) {
    const groundY = c.h * 0.72;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.7, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    if (o.sun) sun(c, c.w * o.sun.x, c.h * o.sun.y, c.w * 0.018, [255, 246, 226], hex(o.sun.glow), 0.7);
    clouds(c, noise, { yMax: groundY * 0.8, color: [255, 255, 255], shade: [196, 204, 216], coverage: 0.36, opacity: 0.8 });
    c.rect(0, groundY, c.w, c.h - groundY, hex('#8c8a84'));
    const plume = makeNoise(seedOf('plume'));
    const tanks = [0.12, 0.24, 0.36, 0.7, 0.82];
    for (const tx of tanks) {
      const x = c.w * tx;
      const r = c.w * 0.045;
      const h = c.h * rnd.range(0.3, 0.42);
      const top = groundY - h;
      c.sdf(x - r, top - r * 0.4, x + r, groundY, (px, py) => {
        const dx = Math.abs(px - x) - r;
        const capY = top;
        const dome = py < capY ? Math.hypot((px - x) / r, (py - capY) / (r * 0.4)) - 1 : -1;
        return py < capY ? dome * r * 0.4 : Math.max(dx, py - groundY);
      }, (px) => {
        const u = (px - x) / r;
        const shade = 0.62 + 0.38 * Math.sqrt(Math.max(0, 1 - u * u)) + 0.1 * u;
        return scale(hex(o.tank), shade);
      });
      c.rect(x - r, top + h * 0.3, 2 * r, h * 0.05, hex(o.band), 0.95);
      c.line(x + r * 0.7, top - 4, x + r * 0.7, groundY, 1.3, [90, 96, 100]);
    }
    c.rect(c.w * 0.44, groundY - c.h * 0.18, c.w * 0.2, c.h * 0.18, hex('#e9ecee'));
    c.rect(c.w * 0.44, groundY - c.h * 0.18, c.w * 0.2, c.h * 0.025, hex(o.band));
    for (let i = 0; i < 5; i++) c.rect(c.w * (0.455 + i * 0.037), groundY - c.h * 0.12, c.w * 0.025, c.h * 0.05, hex('#6d8aa0'));
    c.rect(c.w * 0.58, groundY - c.h * 0.4, c.w * 0.018, c.h * 0.22, hex('#c9cdd0'));
    c.region(c.w * 0.5, 0, c.w * 0.75, groundY - c.h * 0.4, (x, y) => {
      const top = groundY - c.h * 0.4;
      const t = (top - y) / (top * 0.9);
      const cx = c.w * 0.589 + t * t * c.w * 0.08;
      const width = c.w * (0.012 + t * 0.05);
      const n = plume.fbm(x * 0.012, y * 0.012 + 3, 5);
      const a = Math.exp(-(((x - cx) / width) ** 2)) * smoothstep(0.3, 0.6, n) * (1 - t) * 0.9;
      return a > 0.01 ? [[248, 248, 250], a] : null;
    });
    for (let i = 0; i < 3; i++) {
      const py = groundY - c.h * (0.03 + i * 0.03);
      c.rect(0, py, c.w * 0.44, c.h * 0.012, scale(hex('#b8bcc0'), 0.9 - i * 0.08));
      c.rect(c.w * 0.64, py, c.w * 0.36, c.h * 0.012, scale(hex('#b8bcc0'), 0.9 - i * 0.08));
    }
  },

  pylons(c, rnd, noise, o) {
    const horizonY = c.h * 0.74;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.55, hex(o.skyMid)],
      [0.74, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    if (o.sun) sun(c, c.w * o.sun.x, c.h * o.sun.y, c.w * 0.03, [255, 236, 200], hex(o.sun.glow), 1);
    clouds(c, noise, { yMax: horizonY * 0.9, color: hex(o.cloud), shade: hex(o.cloudShade), coverage: 0.35, opacity: 0.7 });
    const dark = hex(o.ground);
    ridge(c, ridgeProfile(rnd, noise, horizonY, c.h * 0.02, 0.6), dark, scale(dark, 0.8));
    const towers = o.towers.map(([x, h]) => ({ x: c.w * x, h: c.h * h }));
    const col = hex(o.steel);
    const arms = [];
    for (const t of towers) {
      const base = horizonY + t.h * 0.03;
      const top = base - t.h;
      const wb = t.h * 0.16;
      const wt = t.h * 0.035;
      const lw = Math.max(0.7, t.h * 0.006);
      const at = (f, side) => [t.x + side * lerp(wb, wt, f), lerp(base, top, f)];
      c.line(...at(0, -1), ...at(1, -1), lw * 1.6, col);
      c.line(...at(0, 1), ...at(1, 1), lw * 1.6, col);
      const steps = 9;
      for (let k = 0; k < steps; k++) {
        const f0 = k / steps;
        const f1 = (k + 1) / steps;
        c.line(...at(f0, -1), ...at(f1, 1), lw, col);
        c.line(...at(f0, 1), ...at(f1, -1), lw, col);
      }
      const armYs = [0.62, 0.78, 0.92];
      const armW = [0.42, 0.34, 0.26];
      armYs.forEach((f, k) => {
        const y = lerp(base, top, f);
        const w = t.h * armW[k];
        c.line(t.x - w, y, t.x + w, y, lw * 1.4, col);
        c.line(t.x - w, y, t.x - wt * 1.5, y - t.h * 0.05, lw, col);
        c.line(t.x + w, y, t.x + wt * 1.5, y - t.h * 0.05, lw, col);
        arms.push({ tower: t, k, left: [t.x - w, y + t.h * 0.04], right: [t.x + w, y + t.h * 0.04] });
      });
      c.line(t.x, top, t.x, top - t.h * 0.05, lw, col);
    }
    for (let i = 0; i + 1 < towers.length; i++) {
      for (let k = 0; k < 3; k++) {
        for (const side of ['left', 'right']) {
          const a = arms.find((r) => r.tower === towers[i] && r.k === k)[side];
          const b = arms.find((r) => r.tower === towers[i + 1] && r.k === k)[side];
          const sag = Math.abs(b[0] - a[0]) * 0.08;
          let prev = a;
          for (let s = 1; s <= 24; s++) {
            const t = s / 24;
            const p = [lerp(a[0], b[0], t), lerp(a[1], b[1], t) + sag * 4 * t * (1 - t)];
            c.line(prev[0], prev[1], p[0], p[1], 0.7, col, 0.85);
            prev = p;
          }
        }
      }
    }
  },

  harbour(c, rnd, noise, o) {
    const waterY = c.h * 0.66;
    skyGradient(c, [
      [0, hex(o.skyTop)],
      [0.6, hex(o.skyHorizon)],
      [1, hex(o.skyHorizon)],
    ]);
    clouds(c, noise, { yMax: waterY * 0.85, color: [255, 255, 255], shade: [180, 188, 200], coverage: 0.5, opacity: 0.8 });
    sea(c, noise, waterY, hex('#2e4d5c'), hex('#6d8fa0'), {});
    const quayY = c.h * 0.8;
    c.rect(0, quayY, c.w, c.h - quayY, hex('#55585a'));
    c.rect(0, quayY, c.w, c.h * 0.012, hex('#d9b531'));
    const hullTop = waterY - c.h * 0.08;
    c.polygon([[c.w * 0.28, hullTop], [c.w * 0.95, hullTop], [c.w * 0.92, waterY + c.h * 0.02], [c.w * 0.33, waterY + c.h * 0.02]], hex('#1f3f6a'));
    c.rect(c.w * 0.28, hullTop - c.h * 0.008, c.w * 0.67, c.h * 0.012, hex('#e8e8e2'));
    c.rect(c.w * 0.8, hullTop - c.h * 0.16, c.w * 0.12, c.h * 0.16, hex('#f2f2ee'));
    for (let i = 0; i < 4; i++) c.rect(c.w * (0.81 + i * 0.027), hullTop - c.h * 0.13, c.w * 0.018, c.h * 0.025, hex('#30404e'));
    for (const lx of [0.34, 0.5, 0.66, 0.9]) c.rect(c.w * lx, c.h * 0.16, c.w * 0.016, hullTop - c.h * 0.16 + c.h * 0.1, hex('#d8a72b'));
    for (let i = 0; i < 3; i++) {
      const y = hullTop - c.h * (0.035 + i * 0.05);
      c.sdf(c.w * 0.36, y - c.h * 0.03, c.w * 0.76, y + c.h * 0.03, (px, py) => Math.max(Math.abs(py - y) - c.h * 0.022, Math.max(c.w * 0.37 - px, px - c.w * 0.75)), (px, py) => scale([236, 238, 238], 0.75 + 0.25 * Math.cos(((py - y) / (c.h * 0.022)) * 1.3)));
    }
    const craneX = c.w * 0.18;
    const col = hex('#d8a72b');
    c.line(craneX, quayY, craneX, c.h * 0.12, 4, col);
    c.line(craneX - 12, quayY, craneX - 12, c.h * 0.12, 4, col);
    for (let y = quayY; y > c.h * 0.14; y -= 24) c.line(craneX - 12, y, craneX, y - 24, 1.5, col);
    c.line(craneX - 40, c.h * 0.12, c.w * 0.55, c.h * 0.2, 3.5, col);
    c.line(c.w * 0.5, c.h * 0.2, c.w * 0.5, hullTop - c.h * 0.2, 0.8, [60, 60, 60]);
    for (let i = 0; i < 5; i++) turbine(c, c.w * (0.05 + i * 0.05), waterY, c.h * 0.07, { angle: rnd.range(0, 6.28), haze: hex(o.skyHorizon), hazeAmount: 0.5, offshore: true });
  },

  crowd(c, rnd, noise, o) {
    const bg = o.bg.map(hex);
    skyGradient(c, [
      [0, bg[0]],
      [1, bg[1]],
    ]);
    bokeh(c, rnd, 40, o.lights.map(hex), c.w * 0.01, c.w * 0.05, 0.25);
    c.rect(c.w * 0.3, c.h * 0.12, c.w * 0.4, c.h * 0.3, hex('#f4f1ea'));
    c.rect(c.w * 0.3 + 8, c.h * 0.12 + 8, c.w * 0.4 - 16, c.h * 0.3 - 16, hex(o.slide));
    for (let i = 0; i < 5; i++) c.rect(c.w * (0.35 + i * 0.06), c.h * (0.36 - i * 0.035), c.w * 0.04, c.h * (0.02 + i * 0.035), [250, 250, 250], 0.85);
    const skins = ['#f1c7a6', '#d9a27c', '#a86f4c', '#6e4630', '#e8b896'].map(hex);
    const clothes = o.clothes.map(hex);
    const hair = ['#2b1f18', '#4a3224', '#8a6a45', '#c9a66b', '#1a1a1a', '#6b6b6b'].map(hex);
    for (let row = 0; row < 3; row++) {
      const y = c.h * (0.72 + row * 0.13);
      const size = c.h * (0.07 + row * 0.025);
      const count = 7 - row;
      for (let i = 0; i < count; i++) {
        const x = ((i + 0.5 + rnd.range(-0.2, 0.2) + (row % 2) * 0.3) / count) * c.w;
        const darken = 0.55 + row * 0.2;
        const cloth = scale(rnd.pick(clothes), darken);
        c.ellipse(x, y + size * 1.3, size * 1.25, size * 1.1, cloth);
        c.ellipse(x, y, size * 0.55, size * 0.68, scale(rnd.pick(skins), darken * 0.7));
        c.ellipse(x, y - size * 0.18, size * 0.6, size * 0.55, scale(rnd.pick(hair), darken));
      }
    }
  },

  chart(c, rnd, noise, o) {
    const bg = o.bg.map(hex);
    skyGradient(c, [
      [0, bg[0]],
      [1, bg[1]],
    ]);
    bokeh(c, rnd, 30, [hex(o.accent), [255, 255, 255]], c.w * 0.01, c.w * 0.06, 0.08);
    const x0 = c.w * 0.1;
    const x1 = c.w * 0.9;
    const yBase = c.h * 0.82;
    for (let i = 0; i <= 5; i++) c.rect(x0, yBase - i * c.h * 0.12, x1 - x0, 1.2, [255, 255, 255], 0.15);
    const n = 10;
    const values = [];
    let v = 0.22;
    for (let i = 0; i < n; i++) {
      v = Math.min(0.95, v + rnd.range(0.02, 0.1));
      values.push(v);
    }
    const bw = ((x1 - x0) / n) * 0.62;
    values.forEach((val, i) => {
      const bx = x0 + ((i + 0.19) * (x1 - x0)) / n;
      const h = val * c.h * 0.6;
      c.sdf(bx, yBase - h, bx + bw, yBase, (px, py) => {
        const dx = Math.max(Math.abs(px - (bx + bw / 2)) - bw / 2 + 6, 0);
        const dy = Math.max(yBase - h + 6 - py, 0);
        return py > yBase ? py - yBase : Math.hypot(dx, dy) - 6;
      }, (px, py) => mix(hex(o.accent), hex(o.accent2), clamp01((yBase - py) / (c.h * 0.6))));
    });
    let prev = null;
    values.forEach((val, i) => {
      const p = [x0 + ((i + 0.5) * (x1 - x0)) / n, yBase - val * c.h * 0.6 - c.h * 0.08];
      if (prev) c.line(prev[0], prev[1], p[0], p[1], 2.2, [255, 255, 255], 0.9);
      prev = p;
    });
    values.forEach((val, i) => {
      const p = [x0 + ((i + 0.5) * (x1 - x0)) / n, yBase - val * c.h * 0.6 - c.h * 0.08];
      c.ellipse(p[0], p[1], 6, 6, [255, 255, 255]);
      c.ellipse(p[0], p[1], 3, 3, hex(o.accent));
    });
  },

  portrait(c, rnd, noise, o) {
    const bg = o.bg.map(hex);
    c.region(0, 0, c.w, c.h, (x, y) => [mix(bg[0], bg[1], clamp01(Math.hypot(x - c.w * 0.35, y - c.h * 0.25) / (c.w * 0.9))), 1]);
    bokeh(c, rnd, 14, [scale(bg[0], 1.2), [255, 255, 255]], c.w * 0.03, c.w * 0.1, 0.12);
    const cx = c.w * 0.5;
    const skin = hex(o.skin);
    const hair = hex(o.hair);
    const suit = hex(o.suit);
    const headY = c.h * 0.42;
    const hr = c.w * 0.16;
    if (o.long) c.ellipse(cx, headY + hr * 0.55, hr * 1.32, hr * 1.75, scale(hair, 0.9));
    c.rect(cx - hr * 0.42, headY + hr * 0.6, hr * 0.84, hr * 1.2, scale(skin, 0.82));
    c.ellipse(cx, c.h * 1.06, c.w * 0.43, c.h * 0.36, (x) => scale(suit, 0.78 + 0.3 * clamp01(1 - Math.abs(x - cx * 0.9) / (c.w * 0.5))));
    c.polygon([[cx - hr * 0.55, c.h * 0.72], [cx + hr * 0.55, c.h * 0.72], [cx, c.h * 0.9]], hex(o.shirt));
    c.polygon([[cx - hr * 0.55, c.h * 0.72], [cx - hr * 0.05, c.h * 0.9], [cx - hr * 0.9, c.h]], scale(suit, 0.85));
    c.polygon([[cx + hr * 0.55, c.h * 0.72], [cx + hr * 0.05, c.h * 0.9], [cx + hr * 0.9, c.h]], scale(suit, 0.78));
    c.ellipse(cx - hr * 0.93, headY + hr * 0.1, hr * 0.14, hr * 0.24, scale(skin, 0.9));
    c.ellipse(cx + hr * 0.93, headY + hr * 0.1, hr * 0.14, hr * 0.24, scale(skin, 0.85));
    c.ellipse(cx, headY, hr * 0.92, hr * 1.16, (x) => scale(skin, 0.84 + 0.2 * clamp01((cx + hr - x) / (hr * 2))));
    if (o.beard) {
      c.sdf(cx - hr, headY, cx + hr, headY + hr * 1.2, (x, y) => Math.max((Math.hypot((x - cx) / (hr * 0.92), (y - headY) / (hr * 1.16)) - 1) * hr, headY + hr * 0.62 - y - Math.abs(x - cx) * 0.5), scale(hair, 1.1), 0.85);
    }
    c.sdf(cx - hr * 1.2, headY - hr * 1.5, cx + hr * 1.2, headY + hr * 0.2, (x, y) => {
      const cap = (Math.hypot((x - cx) / (hr * 1.0), (y - (headY - hr * 0.12)) / (hr * 1.14)) - 1) * hr;
      const line = y - (headY - hr * (o.fringe ?? 0.45)) - Math.abs(x - cx) * (o.fringeSlope ?? 0.35);
      return Math.max(cap, line);
    }, hair);
    if (o.glasses) {
      for (const side of [-1, 1]) {
        const gx = cx + side * hr * 0.38;
        c.sdf(gx - hr * 0.3, headY - hr * 0.2, gx + hr * 0.3, headY + hr * 0.2, (x, y) => Math.abs(Math.hypot((x - gx) / (hr * 0.27), (y - (headY + hr * 0.02)) / (hr * 0.19)) - 1) * hr * 0.2 - 1.2, [40, 40, 44]);
      }
      c.line(cx - hr * 0.12, headY, cx + hr * 0.12, headY, 1.3, [40, 40, 44]);
    }
  },
};

function playButton(c) {
  const cx = c.w / 2;
  const cy = c.h / 2;
  const r = Math.min(c.w, c.h) * 0.1;
  c.ellipse(cx, cy, r, r, [20, 24, 28], 0.55);
  c.sdf(cx - r, cy - r, cx + r, cy + r, (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - 2.5, [255, 255, 255], 0.95);
  c.polygon([[cx - r * 0.32, cy - r * 0.5], [cx + r * 0.55, cy], [cx - r * 0.32, cy + r * 0.5]], [255, 255, 255], 0.95);
}

// ---------------------------------------------------------------------------------------------
// The photo list
// ---------------------------------------------------------------------------------------------

const dawnSea = { skyTop: '#3d5f8f', skyHorizon: '#f6c79b', seaNear: '#1f3c55', seaFar: '#7d8fa6', sunGlow: '#ffb877' };
const daySky = { skyTop: '#4f86c6', skyHorizon: '#cfe0ef' };

const PHOTOS = [
  ['offshore-wind-dawn.jpg', 1600, 900, 'offshore', { ...dawnSea, turbines: 11, sunX: 0.64 }],
  ['offshore-wind-dusk.jpg', 1200, 800, 'offshore', { skyTop: '#2b2f5e', skyHorizon: '#e58f7d', seaNear: '#1b2238', seaFar: '#6a5b7a', sun: '#ffe1c4', sunGlow: '#ff9466', cloud: '#f3b4a5', cloudShade: '#7d5a7a', turbines: 8, sunX: 0.3, sunHeight: 0.04, turbine: '#d8d4dc' }],
  ['offshore-turbine-closeup.jpg', 800, 1200, 'offshore', { skyTop: '#3f7cc0', skyHorizon: '#d8e6f0', seaNear: '#1d4a66', seaFar: '#7fa6bf', sun: '#ffffff', sunGlow: '#fff2d0', cloud: '#ffffff', cloudShade: '#b9c8d8', turbines: 4, horizon: 0.72, sunX: 0.2, sunHeight: 0.5, hero: { x: 0.58, base: 0.74, h: 0.5, angle: 0.9 } }],
  ['onshore-wind-hills.jpg', 1200, 800, 'onshore', { ...daySky, sun: { x: 0.82, y: 0.12 }, layers: [
    { base: 0.55, amp: 0.05, top: '#6c8a6a', bottom: '#56765a', haze: 0.55, turbines: 6, turbineH: 0.12 },
    { base: 0.66, amp: 0.06, top: '#6f9a48', bottom: '#4f7a35', haze: 0.2, turbines: 3, turbineH: 0.26 },
    { base: 0.84, amp: 0.04, top: '#86ad4f', bottom: '#58843a', trees: 10 },
  ] }],
  ['onshore-wind-winter.jpg', 1200, 800, 'onshore', { skyTop: '#8fa9c8', skyHorizon: '#e7ecf2', clouds: 0.6, cloudShade: '#aab4c4', layers: [
    { base: 0.56, amp: 0.06, top: '#a7b3c2', bottom: '#8d9aab', haze: 0.5, snow: true, turbines: 5, turbineH: 0.14 },
    { base: 0.7, amp: 0.05, top: '#e9eef3', bottom: '#cfd8e2', snow: true, turbines: 2, turbineH: 0.3, trees: 26, treeScale: 1.2 },
    { base: 0.88, amp: 0.03, top: '#f3f6f9', bottom: '#dbe3ea', snow: true, trees: 8, treeScale: 2 },
  ] }],
  ['wind-farm-tulip-fields.jpg', 1200, 800, 'tulipFields', { ...daySky, stripes: ['#d8323b', '#f2c230', '#e887a6', '#f6f0e6', '#b1244a'], turbines: 7 }],
  ['solar-farm-zeeland.jpg', 1600, 900, 'solar', { ...daySky, sun: { x: 0.8, y: 0.1, glow: '#fff4d6' } }, { grain: 2, quality: 62 }],
  ['solar-farm-sunset.jpg', 1200, 800, 'solar', { skyTop: '#3a4a86', skyHorizon: '#f7a96b', sun: { x: 0.7, y: 0.36, glow: '#ff9a4d' }, cloud: '#ffc9a0', cloudShade: '#a06d82', clouds: 0.35, grass: '#5c6b33', grassNear: '#3c4a22', panelSky: '#e79a6d', cell: '#1d2448', vanish: 0.6 }],
  ['solar-panels-closeup.jpg', 800, 1200, 'solar', { skyTop: '#3f78c0', skyHorizon: '#d3e3f0', horizon: 0.3, camH: 2.4, zStart: 1.6, rowGap: 5.5, clouds: 0.5 }],
  ['agrivoltaics-sheep.jpg', 1200, 800, 'solar', { skyTop: '#6796cc', skyHorizon: '#e2ebf2', sheep: 10, rowGap: 8, zStart: 5, clouds: 0.55, grass: '#7ea04a' }],
  ['city-skyline-dusk.jpg', 1200, 800, 'city', { skyTop: '#24305e', skyMid: '#7b5c8c', skyHorizon: '#f2a56b', far: '#5a4f6e', near: '#2c2a3c', lit: 0.35, clouds: 0.35, cloud: '#f0a58a', cloudShade: '#6a4a70', water: '#2a2d45' }],
  ['city-skyline-night.jpg', 1600, 900, 'city', { skyTop: '#070b1c', skyMid: '#142042', skyHorizon: '#2e4068', far: '#1d2640', near: '#0e1324', lit: 0.45, stars: true, moon: true, water: '#0c1226' }, { grain: 2, quality: 62 }],
  ['rooftop-solar-city.jpg', 1200, 800, 'city', { skyTop: '#4d86c6', skyMid: '#8fb6dc', skyHorizon: '#dce8f0', far: '#a4b2c2', near: '#6e7d8e', lit: 0, clouds: 0.45, cloud: '#ffffff', cloudShade: '#c3ccd8', base: 0.55, rooftop: true }],
  ['headquarters-amsterdam.jpg', 1200, 800, 'canal', { skyTop: '#5b8fcc', skyHorizon: '#dfe9f1', bricks: ['#7b3b2c', '#5a2f25', '#8c5a3c', '#3b3a3c', '#a0522d', '#6b4a3a'] }, { grain: 2, quality: 56 }],
  ['hydro-reservoir.jpg', 1200, 800, 'mountains', { skyTop: '#4c84c4', skyHorizon: '#d6e4ef' }],
  ['forest-morning.jpg', 1200, 800, 'forest', { skyTop: '#b8c9c9', skyHorizon: '#f1e6cf', tree: '#1f3a2a', sun: { x: 0.3, y: 0.3, glow: '#ffe0a8' } }],
  ['wetland-restoration.jpg', 1200, 800, 'wetland', { skyTop: '#6f8fb8', skyHorizon: '#f3dcc0', sun: { x: 0.75, y: 0.38, glow: '#ffc890' }, cloud: '#fff0e0', cloudShade: '#b49aa0', water: '#4b6a80' }],
  ['coastal-dunes.jpg', 1200, 800, 'dunes', { skyTop: '#4a8ac8', skyHorizon: '#dbe9f2', turbines: 6 }],
  ['battery-storage-site.jpg', 1200, 800, 'battery', { skyTop: '#5a8cc4', skyHorizon: '#dde7ef', box: '#e6e8e6', stripe: '#0b5c4b' }],
  ['hydrogen-plant.jpg', 1200, 800, 'hydrogen', { skyTop: '#4f88c8', skyHorizon: '#e2ecf3', tank: '#e8ecef', band: '#0b5c4b', sun: { x: 0.86, y: 0.14, glow: '#fff1cc' } }],
  ['grid-pylons-sunrise.jpg', 800, 1200, 'pylons', { skyTop: '#2b3e6e', skyMid: '#d98a72', skyHorizon: '#fbd08c', sun: { x: 0.35, y: 0.68, glow: '#ffb060' }, cloud: '#f7b48f', cloudShade: '#7c5a78', ground: '#2a2626', steel: '#1e1c22', towers: [[0.72, 0.55], [0.28, 0.3], [0.06, 0.16]] }],
  ['grid-substation.jpg', 1200, 800, 'pylons', { skyTop: '#5d8fcb', skyMid: '#a9c6e0', skyHorizon: '#e5edf2', cloud: '#ffffff', cloudShade: '#b9c4d2', ground: '#6f8a4a', steel: '#5b6068', towers: [[0.12, 0.55], [0.48, 0.38], [0.74, 0.26], [0.92, 0.19]] }],
  ['harbour-installation-vessel.jpg', 1200, 800, 'harbour', { skyTop: '#6d8db4', skyHorizon: '#dfe5ea' }],
  ['engineers-on-site.jpg', 1200, 800, 'onshore', { skyTop: '#3f75b8', skyHorizon: '#f1e3c8', sun: { x: 0.15, y: 0.2, glow: '#ffd79a' }, clouds: 0.4, layers: [
    { base: 0.6, amp: 0.04, top: '#7c8f72', bottom: '#66785c', haze: 0.5, turbines: 4, turbineH: 0.16 },
    { base: 0.78, amp: 0.02, top: '#8aa05a', bottom: '#5f7a3a', turbines: 1, turbineH: 0.62 },
  ], workers: [
    { x: 0.62, y: 1.02, h: 0.5, suit: [40, 52, 70], helmet: [245, 245, 240], skin: [224, 172, 135], vest: [240, 130, 40] },
    { x: 0.78, y: 1.04, h: 0.48, suit: [50, 50, 55], helmet: [250, 200, 40], skin: [140, 95, 66], vest: [238, 214, 60] },
  ] }],
  ['community-meeting.jpg', 1200, 800, 'crowd', { bg: ['#3d4a5c', '#1e242e'], lights: ['#ffd9a0', '#9fd3c7', '#ffffff'], slide: '#0b5c4b', clothes: ['#3a6ea5', '#c44536', '#f2a541', '#5b8e7d', '#e8e8e8', '#7d5ba6'] }],
  ['results-chart.jpg', 1200, 800, 'chart', { bg: ['#0d4f47', '#082b33'], accent: '#4fd1a5', accent2: '#b6f2d8' }],
  ['og-default.jpg', 1200, 630, 'offshore', { ...dawnSea, skyHorizon: '#f4d0a8', turbines: 7, sunX: 0.5, sunHeight: 0.06 }],
  ['video-offshore-construction.jpg', 1200, 800, 'harbour', { skyTop: '#55779f', skyHorizon: '#e9d9c4' }, { play: true }],
  ['video-solar-timelapse.jpg', 1200, 800, 'solar', { skyTop: '#2f4f8c', skyHorizon: '#f1c28e', sun: { x: 0.2, y: 0.34, glow: '#ffb46a' }, grass: '#68793a', panelSky: '#d9a47a', vanish: 0.5 }, { play: true }],
  ['video-community-day.jpg', 1200, 800, 'crowd', { bg: ['#5c4a3d', '#2a211b'], lights: ['#ffcf7a', '#ffffff'], slide: '#c44536', clothes: ['#2f6690', '#d9a441', '#3a7d44', '#e0e0e0', '#9d4edd'] }, { play: true }],
  ['contact-anna-de-vries.jpg', 400, 400, 'portrait', { bg: ['#8fc1b5', '#2f6d63'], skin: '#f0c6a8', hair: '#c99a5b', suit: '#1f3b57', shirt: '#f2f2f2', long: true, fringe: 0.5, fringeSlope: 0.2 }],
  ['contact-julien-marchand.jpg', 400, 400, 'portrait', { bg: ['#f0c987', '#b06a3b'], skin: '#e3b08b', hair: '#3a2a20', suit: '#3b3f46', shirt: '#cfe1f0', beard: true, glasses: true, fringe: 0.6 }],
  ['contact-lotte-janssens.jpg', 400, 400, 'portrait', { bg: ['#b9c7ef', '#4a5a9c'], skin: '#f4d2b8', hair: '#7a3d22', suit: '#0b5c4b', shirt: '#fafafa', long: true, fringe: 0.35, fringeSlope: 0.5 }],
  ['contact-karim-haddad.jpg', 400, 400, 'portrait', { bg: ['#e3a6a1', '#7a3b4c'], skin: '#b9805a', hair: '#1c1612', suit: '#26303d', shirt: '#e9e4d8', beard: true, fringe: 0.7, fringeSlope: 0.15 }],
];

// ---------------------------------------------------------------------------------------------
// PNG (hand-rolled) and the logos
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA 8-bit PNG, filter type 0 on every row. */
function encodePng(width, height, rgba) {
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
class Layer {
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

const BRAND = hex('#0b5c4b');
const BRAND_LIGHT = hex('#4fd1a5');
const WHITE = [255, 255, 255];

/** The Northwind mark: a rotor of three swept blades around a hub. */
function rotorMark(layer, cx, cy, r, color, angle = -Math.PI / 2) {
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
const arc = (cx, cy, rx, ry, from, to, steps = 18) =>
  Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + Math.cos(a) * rx, cy + Math.sin(a) * ry];
  });
const GLYPHS = {
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

function textWidth(text, size, tracking) {
  return [...text].reduce((sum, ch) => sum + GLYPHS[ch].w * size, 0) + tracking * (text.length - 1);
}

function drawText(layer, text, x, top, size, weight, tracking, color) {
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

function logoPng() {
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

function roundedSquare(layer, size, radius, colorFn) {
  const half = size / 2;
  layer.shape(0, 0, size, size, (x, y) => {
    const qx = Math.abs(x - half) - (half - radius);
    const qy = Math.abs(y - half) - (half - radius);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
  }, colorFn);
}

function iconPng() {
  const layer = new Layer(192, 192);
  roundedSquare(layer, 192, 40, (x, y) => mix(BRAND, hex('#0e7a63'), clamp01((x + y) / 384)));
  rotorMark(layer, 96, 96, 68, WHITE);
  return encodePng(192, 192, layer.toRgba());
}

function squareLogoPng() {
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

// ---------------------------------------------------------------------------------------------
// A minimal PDF 1.4 text document
// ---------------------------------------------------------------------------------------------

function pdfEscape(text) {
  return text.replace(/[\\()]/g, (ch) => `\\${ch}`);
}

function annualReportPdf() {
  const lines = [
    ['F2', 22, 'Northwind Energy'],
    ['F1', 16, 'Annual Report 2025 - Summary'],
    ['F1', 11, ''],
    ['F1', 11, 'Northwind Energy B.V. is a fictional company used in this demonstration newsroom.'],
    ['F1', 11, 'All figures below are invented for illustration purposes only.'],
    ['F1', 11, ''],
    ['F2', 13, 'Key figures 2025'],
    ['F1', 11, 'Installed renewable capacity: 4.2 GW (+18% year on year)'],
    ['F1', 11, 'Electricity generated: 11.6 TWh'],
    ['F1', 11, 'Revenue: EUR 2.31 billion'],
    ['F1', 11, 'Investments in new capacity: EUR 1.4 billion'],
    ['F1', 11, 'Employees: 3,120 in six countries'],
    ['F1', 11, 'CO2 avoided: 5.9 million tonnes'],
    ['F1', 11, ''],
    ['F2', 13, 'Outlook 2026'],
    ['F1', 11, 'Northwind expects to reach 5 GW of installed capacity by the end of 2026,'],
    ['F1', 11, 'driven by the Dogger Ridge offshore wind farm and new solar parks in Zeeland.'],
    ['F1', 11, ''],
    ['F1', 9, 'Northwind Energy - Kade 12 - 1011 AB Amsterdam - press@northwind.example'],
  ];
  let content = 'BT\n72 770 Td\n';
  let leadingPrev = 0;
  for (const [font, size, text] of lines) {
    const leading = Math.round(size * 1.6);
    content += `0 -${leadingPrev || 0} Td\n/${font} ${size} Tf\n(${pdfEscape(text)}) Tj\n`;
    leadingPrev = leading;
  }
  content += 'ET\n';
  content += '0.043 0.36 0.294 RG\n2 w\n72 790 m 523 790 l S\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    '<< /Title (Northwind Energy Annual Report 2025) /Author (Northwind Energy) /Producer (generate-demo-media.mjs) >>',
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// ---------------------------------------------------------------------------------------------

function renderPhoto([name, width, height, scene, options, extra = {}]) {
  const rnd = prng(seedOf(name));
  const noise = makeNoise(seedOf(`${name}:noise`));
  const canvas = new Canvas(width, height);
  scenes[scene](canvas, rnd, noise, options);
  if (extra.play) playButton(canvas);
  const data = develop(canvas, prng(seedOf(`${name}:grain`)), { grain: extra.grain ?? (scene === 'portrait' ? 2.2 : 3) });
  return jpegJs.encode({ data, width, height }, extra.quality ?? JPEG_QUALITY).data;
}

function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const only = process.argv.slice(2);
  const written = [];
  const write = (name, bytes) => {
    writeFileSync(join(OUT_DIR, name), bytes);
    written.push([name, bytes.length]);
  };
  for (const photo of PHOTOS) {
    if (only.length && !only.includes(photo[0])) continue;
    write(photo[0], renderPhoto(photo));
  }
  if (!only.length) {
    write('logo.png', logoPng());
    write('icon.png', iconPng());
    write('square-logo.png', squareLogoPng());
    write('annual-report-2025.pdf', annualReportPdf());
  }
  const total = written.reduce((sum, [, size]) => sum + size, 0);
  for (const [name, size] of written) console.log(`${String(Math.round(size / 1024)).padStart(5)} KB  ${name}`);
  console.log(`${written.length} files, ${(total / 1024 / 1024).toFixed(2)} MB in content/demo/media/`);
}

main();
