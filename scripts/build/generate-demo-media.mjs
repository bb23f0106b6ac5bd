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
import jpegJs from 'jpeg-js';
import { Canvas, makeNoise, prng, seedOf } from './demo-media/canvas.mjs';
import { iconPng, logoPng, squareLogoPng } from './demo-media/logos.mjs';
import { annualReportPdf } from './demo-media/report-pdf.mjs';
import { develop } from './demo-media/scene-parts.mjs';
import { playButton, scenes } from './demo-media/scenes.mjs';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..', 'content', 'demo', 'media');
const JPEG_QUALITY = 70;

// ---------------------------------------------------------------------------------------------
// The photo list (name, size, scene, its options, extras)
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
