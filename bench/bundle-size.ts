/**
 * First-load JavaScript per HTML entry, from Vite's manifest: the entry chunk plus every chunk it imports
 * statically (transitively), raw and gzip (zlib level 9). Dynamic imports (lazy screens) are listed apart
 * for the admin's sign-in and home routes. Run after `npm run build`: `npx tsx bench/bundle-size.ts`
 * (`npm run bench -- --chunks` also lists the chunks of the first load after sign-in, largest first).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = process.env.BENCH_DIST ?? join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k]?.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

function size(files: string[]) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { raw: (raw / 1024).toFixed(1), gz: (gz / 1024).toFixed(1) };
}

const kb = (s: { raw: string; gz: string }) => `${s.raw} kB raw / ${s.gz} kB gzip`;
console.log('entry    first-load JS                     CSS');
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isEntry || !key.endsWith('index.html')) continue;
  const keys = closure([key]);
  const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  console.log(`${key.split('/')[1].padEnd(8)} ${kb(size(js)).padEnd(34)} ${kb(size(css))}`);
}

// The admin's lazy route chunks a user hits first: sign-in, then home.
let loginGz = 0;
const afterSignIn = new Set<string>(); // files of the admin entry + layout + dashboard (what the first screen loads)
const admin = Object.entries(manifest).find(([k]) => k === 'entries/admin/index.html')?.[1];
const base = closure(['entries/admin/index.html']);
for (const screen of ['screens/shell/login.tsx', 'screens/shell/dashboard.tsx', 'features/shell/layout.tsx']) {
  const key = admin?.dynamicImports?.find((k) => k === screen) ?? Object.keys(manifest).find((k) => k === screen);
  if (!key) continue;
  const extra = [...closure([key])]
    .filter((k) => !base.has(k))
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  console.log(`  + ${screen.padEnd(32)} ${kb(size(extra))}`);
  if (screen !== 'screens/shell/login.tsx') for (const f of extra) afterSignIn.add(f);
  if (screen === 'screens/shell/login.tsx') {
    const baseJs = [...base].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    loginGz = Number(size([...baseJs, ...extra]).gz);
  }
}
console.log(`login page first load: ${loginGz.toFixed(1)} kB gzip (issue 16 target ≤ 133 kB)`);
for (const k of base) if (manifest[k].file.endsWith('.js')) afterSignIn.add(manifest[k].file);
const dashboardGz = Number(size([...afterSignIn]).gz);
console.log(
  `after sign-in first load (admin + layout + dashboard): ${dashboardGz.toFixed(1)} kB gzip (issue 25 goal ≤ 200 kB)`,
);
if (process.argv.includes('--chunks')) {
  const rows = [...afterSignIn].map((f) => ({ f, gz: gzipSync(readFileSync(join(dist, f)), { level: 9 }).length }));
  for (const { f, gz } of rows.sort((a, b) => b.gz - a.gz))
    console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} kB  ${f}`);
}
// the main wall screen's map (/visual/home): the site map and what it loads beyond the visual entry
const visualBase = closure(['entries/visual/index.html']);
const mapKey = Object.keys(manifest).find((k) => k === 'screens/visual/site-map.tsx');
const mapFiles = mapKey
  ? [...closure([mapKey])]
      .filter((k) => !visualBase.has(k))
      .map((k) => manifest[k].file)
      .filter((f) => f.endsWith('.js'))
  : [];
const mapGz = Number(size(mapFiles).gz);
console.log(`wall map (/visual/home site map) beyond the visual entry: ${kb(size(mapFiles))}`);
console.log(`load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(`figure: login first load kB = ${loginGz.toFixed(1)}`);
console.log(`figure: dashboard first load kB = ${dashboardGz.toFixed(1)}`);
if (mapFiles.length) console.log(`figure: wall map chunk kB = ${mapGz.toFixed(1)}`);
