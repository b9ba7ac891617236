// `npm run lhci`: Lighthouse CI offline with Debian's Chromium (collect → assert → filesystem upload).
// Assertions live in lighthouserc.json; a failed assertion exits non-zero.
// LHCI_PORT moves the audited server off 18090 (engineers running side by side use different ports).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

let config = './lighthouserc.json';
const port = process.env.LHCI_PORT;
if (port && port !== '18090') {
  if (!/^\d{2,5}$/.test(port)) throw new Error(`LHCI_PORT 不合法 / invalid LHCI_PORT: ${port}`);
  const text = readFileSync(config, 'utf8')
    .replaceAll('18090', port)
    .replaceAll('.tmp/lhci-data', `.tmp/lhci-data-${port}`);
  mkdirSync('.tmp', { recursive: true });
  config = `./.tmp/lighthouserc-${port}.json`;
  writeFileSync(config, text);
}
const lhci = (cmd) => execFileSync('npx', ['lhci', cmd, `--config=${config}`], { stdio: 'inherit' });
lhci('collect');
lhci('upload');
lhci('assert');
