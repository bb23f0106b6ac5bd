/**
 * Painting in numbers: small maths helpers, a seeded PRNG and value noise, and a float RGB
 * canvas with anti-aliased shapes, for the demo's generated pictures (./generate-demo-media.mjs).
 */
export const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);
export const lerp = (a, b, t) => a + (b - a) * t;
export const mix = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
export const scale = (c, k) => [c[0] * k, c[1] * k, c[2] * k];
export const smoothstep = (e0, e1, x) => {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
export const hex = (s) => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];

/** FNV-1a: a 32-bit seed from a name. */
export function seedOf(name) {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: small, fast, good enough for painting. */
export function prng(seed) {
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
export function makeNoise(seed) {
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

export class Canvas {
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

export function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp01(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1));
  return Math.hypot(ax + dx * t - px, ay + dy * t - py);
}

/** Distance to a segment whose radius varies along it: radius(t) for t in [0, 1]. */
export function taperedDistance(px, py, ax, ay, bx, by, radius) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp01(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1));
  return Math.hypot(ax + dx * t - px, ay + dy * t - py) - radius(t);
}
