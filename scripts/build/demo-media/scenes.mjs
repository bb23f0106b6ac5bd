/**
 * The demo's scenes (offshore and onshore wind, solar, city, crowd, portraits…), each painted
 * from its options, a seeded PRNG and noise.
 */
import { clamp01, hex, lerp, makeNoise, mix, scale, seedOf, smoothstep } from './canvas.mjs';
import { bokeh, clouds, conifer, grassTexture, perspective, reflect, ridge, ridgeProfile, sea, skyGradient, skyline, solarRows, sun, turbine, worker } from './scene-parts.mjs';

export const scenes = {
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

export function playButton(c) {
  const cx = c.w / 2;
  const cy = c.h / 2;
  const r = Math.min(c.w, c.h) * 0.1;
  c.ellipse(cx, cy, r, r, [20, 24, 28], 0.55);
  c.sdf(cx - r, cy - r, cx + r, cy + r, (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - 2.5, [255, 255, 255], 0.95);
  c.polygon([[cx - r * 0.32, cy - r * 0.5], [cx + r * 0.55, cy], [cx - r * 0.32, cy + r * 0.5]], [255, 255, 255], 0.95);
}
