// `npm run lhci`: Lighthouse CI offline with Debian's Chromium (collect → assert → filesystem upload).
// Assertions live in lighthouserc.json; a failed assertion exits non-zero.
import { execFileSync } from 'node:child_process';

const lhci = (cmd) => execFileSync('npx', ['lhci', cmd, '--config=./lighthouserc.json'], { stdio: 'inherit' });
lhci('collect');
lhci('upload');
lhci('assert');
