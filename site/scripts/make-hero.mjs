// Makes the home page's hero media (site/public/media/hero-*): a 6 s animation of verses in several scripts written in
// gold ink across a dark page, drawn on a canvas in Chromium frame by frame and encoded with ffmpeg to H.264 (mp4) and
// VP9 (webm), plus WebP posters of the first frame (the first paint, and what prefers-reduced-motion visitors see).
// Needs ffmpeg (`apt-get install -y ffmpeg`) and Chromium (Debian's, or Playwright's). Run from the repo root:
//   node site/scripts/make-hero.mjs
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const media = fileURLToPath(new URL('../public/media/', import.meta.url));
const FPS = 24;
const SECONDS = 6;

/** Where each verse sits (fractions of the frame), how big, how bright, and when it is written (s; negative: already there). */
const VERSES = [
  { text: 'The morning keeps its salt on the sill', font: 'italic 400 {s}px "Noto Serif", serif', dir: 'ltr' },
  { text: 'बारिश की हर बूँद एक कविता', font: '400 {s}px "Noto Serif Devanagari", "Noto Sans Devanagari", serif', dir: 'ltr' },
  { text: 'القصيدة بيتٌ للغريب', font: '400 {s}px "Noto Naskh Arabic", serif', dir: 'rtl' },
  { text: 'Under the bridge the river rehearses its one long vowel', font: 'italic 400 {s}px "Noto Serif", serif', dir: 'ltr' },
  { text: 'Je plie le soir en deux', font: 'italic 400 {s}px "Noto Serif", serif', dir: 'ltr' },
  { text: 'and keep it for a ferry that leaves when you are ready', font: 'italic 400 {s}px "Noto Serif", serif', dir: 'ltr' },
];

const LAYOUTS = {
  desktop: {
    width: 1280,
    height: 720,
    verses: [
      { x: 0.06, y: 0.25, size: 40, alpha: 0.5, start: -2, duration: 1 },
      { x: 0.62, y: 0.2, size: 36, alpha: 0.42, start: -2, duration: 1 },
      { x: 0.94, y: 0.8, size: 46, alpha: 0.62, start: 0.3, duration: 1.6 },
      { x: 0.05, y: 0.7, size: 30, alpha: 0.5, start: 1.4, duration: 2.4 },
      { x: 0.66, y: 0.38, size: 34, alpha: 0.36, start: 2.6, duration: 1.3 },
      { x: 0.2, y: 0.86, size: 26, alpha: 0.38, start: 3.6, duration: 2.1 },
    ],
  },
  mobile: {
    width: 720,
    height: 1280,
    verses: [
      { x: 0.06, y: 0.15, size: 34, alpha: 0.5, start: -2, duration: 1 },
      { x: 0.08, y: 0.21, size: 34, alpha: 0.42, start: -2, duration: 1 },
      { x: 0.94, y: 0.83, size: 46, alpha: 0.62, start: 0.3, duration: 1.6 },
      { x: 0.05, y: 0.74, size: 24, alpha: 0.5, start: 1.4, duration: 2.4 },
      { x: 0.1, y: 0.3, size: 32, alpha: 0.36, start: 2.6, duration: 1.3 },
      { x: 0.04, y: 0.89, size: 22, alpha: 0.38, start: 3.6, duration: 2.1 },
    ],
  },
};

/** Runs in the page: draws frame `t` (seconds) of the layout on the canvas and returns it as a PNG data URL. */
function drawFrame({ layout, verses, t }) {
  const canvas = document.querySelector('canvas');
  const { width: W, height: H } = layout;
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const ease = (x) => (x <= 0 ? 0 : x >= 1 ? 1 : x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

  // The page: warm ink, lit a little from the upper left, with faint rules.
  const light = ctx.createRadialGradient(W * 0.3, H * 0.25, 0, W * 0.5, H * 0.5, Math.max(W, H) * 0.85);
  light.addColorStop(0, '#3b2a1e');
  light.addColorStop(0.55, '#241a14');
  light.addColorStop(1, '#120e0b');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = 'rgba(243, 236, 224, 0.045)';
  ctx.lineWidth = 1;
  for (let y = 56; y < H; y += 56) {
    ctx.beginPath();
    ctx.moveTo(0, y + 0.5);
    ctx.lineTo(W, y + 0.5);
    ctx.stroke();
  }

  // Motes of gold dust rising slowly.
  for (let i = 0; i < 36; i++) {
    const x0 = random() * W;
    const y0 = random() * H;
    const speed = 6 + random() * 14;
    const r = 0.8 + random() * 1.8;
    const y = (((y0 - speed * t) % H) + H) % H;
    const x = x0 + Math.sin(t * 0.8 + i) * 6;
    ctx.fillStyle = `rgba(230, 186, 110, ${0.12 + random() * 0.22})`;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }

  // The verses, each revealed from its starting edge (the right one for right-to-left script) with a glowing nib.
  for (const verse of verses) {
    const progress = ease((t - verse.start) / verse.duration);
    if (progress <= 0) continue;
    ctx.save();
    ctx.font = verse.font.replace('{s}', String(verse.size));
    ctx.direction = verse.dir;
    ctx.textAlign = verse.dir === 'rtl' ? 'right' : 'left';
    ctx.textBaseline = 'alphabetic';
    const x = verse.x * W;
    const y = verse.y * H;
    const width = ctx.measureText(verse.text).width;
    const from = verse.dir === 'rtl' ? x - width : x;
    const edge = verse.dir === 'rtl' ? x - width * progress : x + width * progress;
    ctx.beginPath();
    if (verse.dir === 'rtl') ctx.rect(edge, y - verse.size * 1.6, x - edge + 4, verse.size * 2.4);
    else ctx.rect(from - 4, y - verse.size * 1.6, edge - from + 4, verse.size * 2.4);
    ctx.clip();
    ctx.fillStyle = `rgba(224, 170, 92, ${verse.alpha})`;
    ctx.shadowColor = 'rgba(224, 170, 92, 0.35)';
    ctx.shadowBlur = 6;
    ctx.fillText(verse.text, x, y);
    ctx.restore();
    if (progress < 1) {
      const glow = ctx.createRadialGradient(edge, y - verse.size * 0.3, 0, edge, y - verse.size * 0.3, verse.size * 0.9);
      glow.addColorStop(0, 'rgba(255, 220, 150, 0.85)');
      glow.addColorStop(0.3, 'rgba(240, 180, 90, 0.35)');
      glow.addColorStop(1, 'rgba(240, 180, 90, 0)');
      ctx.fillStyle = glow;
      ctx.fillRect(edge - verse.size, y - verse.size * 1.3, verse.size * 2, verse.size * 2);
    }
  }

  // A soft vignette so the edges settle into the page.
  const vignette = ctx.createRadialGradient(W / 2, H / 2, Math.min(W, H) * 0.35, W / 2, H / 2, Math.max(W, H) * 0.75);
  vignette.addColorStop(0, 'rgba(0, 0, 0, 0)');
  vignette.addColorStop(1, 'rgba(0, 0, 0, 0.45)');
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, W, H);
  return canvas.toDataURL('image/png');
}

const ffmpeg = (...args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const [name, layout] of Object.entries(LAYOUTS)) {
    const page = await browser.newPage();
    await page.setContent('<canvas></canvas>');
    await page.evaluate(() => document.fonts.load('italic 40px "Noto Serif"'));
    const verses = VERSES.map((verse, i) => ({ ...verse, ...layout.verses[i] }));
    const frames = mkdtempSync(join(tmpdir(), `hero-${name}-`));
    for (let frame = 0; frame <= FPS * SECONDS; frame++) {
      const png = await page.evaluate(drawFrame, { layout, verses, t: frame / FPS });
      writeFileSync(join(frames, `${String(frame).padStart(4, '0')}.png`), Buffer.from(png.split(',')[1], 'base64'));
    }
    await page.close();
    const input = ['-framerate', String(FPS), '-i', join(frames, '%04d.png'), '-t', String(SECONDS)];
    ffmpeg(
      ...input,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      join(media, `hero-${name}.mp4`),
    );
    ffmpeg(...input, '-c:v', 'libvpx-vp9', '-crf', '44', '-b:v', '0', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-an', join(media, `hero-${name}.webm`));
    ffmpeg('-i', join(frames, '0000.png'), '-c:v', 'libwebp', '-quality', '70', join(media, `hero-poster-${name}.webp`));
    rmSync(frames, { recursive: true, force: true });
    for (const file of [`hero-${name}.mp4`, `hero-${name}.webm`, `hero-poster-${name}.webp`])
      console.log(`${file}: ${Math.round(statSync(join(media, file)).size / 1024)} KB`);
  }
} finally {
  await browser.close();
}
