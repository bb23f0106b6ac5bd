/**
 * What the demo's scenes are painted from: skies, sun, clouds, ridges, sea, turbines, solar rows,
 * skylines, people, and the film-like finish (grain, vignette).
 */
import { clamp01, lerp, mix, scale, smoothstep, taperedDistance } from './canvas.mjs';

/** Vertical gradient through colour stops [[t, color], ...] over the whole canvas height. */
export function skyGradient(c, stops) {
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

export function sun(c, cx, cy, r, color, glowColor, glowStrength = 0.55) {
  c.glow(cx, cy, r * 9, glowColor, glowStrength * 0.35);
  c.glow(cx, cy, r * 3, glowColor, glowStrength * 0.6);
  c.ellipse(cx, cy, r, r, color);
}

export function clouds(c, noise, { yMax, color, coverage = 0.5, opacity = 0.8, scaleX = 0.0025, scaleY = 0.009, shade = null }) {
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
export function ridge(c, f, top, bottom, { texture = null, depth = null } = {}) {
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
export function ridgeProfile(rnd, noise, base, amp, roughness = 0.35) {
  const waves = Array.from({ length: 3 }, (_, i) => ({ f: rnd.range(0.6, 1.6) * (i + 1) * 0.0025, p: rnd.range(0, Math.PI * 2), a: amp / (i + 1.2) }));
  const off = rnd.range(0, 100);
  return (x) => base - waves.reduce((s, w) => s + Math.sin(x * w.f + w.p) * w.a, 0) - (noise.fbm(x * 0.006 + off, off, 4) - 0.5) * amp * roughness * 2;
}

export function sea(c, noise, horizonY, near, far, { sunX = null, glint = [255, 230, 180], glintStrength = 0.6 } = {}) {
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
export function turbine(c, x, baseY, h, { angle = 0, color = [236, 238, 240], haze = null, hazeAmount = 0, light = -1, offshore = false }) {
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
export function perspective(c, horizonY, cx, camH = 2) {
  const F = c.w * 0.9;
  return {
    yAt: (z) => horizonY + (F * camH) / z,
    xAt: (X, z) => cx + (F * X) / z,
    zAt: (y) => (F * camH) / Math.max(0.001, y - horizonY),
    F,
  };
}

/** Rows of solar panels on a ground plane. */
export function solarRows(c, noise, view, { zStart = 4, zEnd = 120, rowGap = 7, halfWidth = 60, panelDepth = 2.2, lift = 1.0, frame = [200, 208, 214], cell = [24, 44, 86], sky = [120, 160, 210], objects = [] }) {
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

export function grassTexture(noise, base, dark) {
  return (x, y, col) => {
    const n = noise.fbm(x * 0.02, y * 0.05, 4);
    return mix(col, mix(base, dark, n), 0.5);
  };
}

/** City skyline: one layer of buildings along baseY, with lit windows. */
export function skyline(c, rnd, { baseY, minH, maxH, color, windowColor = [255, 214, 140], lit = 0.3, minW = 30, maxW = 90, windowSize = 4, antenna = 0.2 }) {
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
export function reflect(c, noise, baseY, tint, amount = 0.55) {
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

export function bokeh(c, rnd, count, colors, rMin, rMax, opacity) {
  for (let i = 0; i < count; i++) {
    const r = rnd.range(rMin, rMax);
    c.ellipse(rnd.range(0, c.w), rnd.range(0, c.h), r, r, rnd.pick(colors), opacity * rnd.range(0.4, 1));
  }
}

export function conifer(c, x, baseY, h, color) {
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
export function worker(c, x, footY, h, { suit, helmet, skin, vest = [235, 120, 30] }) {
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
export function develop(c, rnd, { grain = 3.2, vignette = 0.28, warmth = 0 } = {}) {
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
