// Writes dist/login.html: dist/index.html with the sign-in screen already rendered into its root element
// (src/prerender/signInPage.tsx, built for Node with the app's own Vite config). The api serves it for /login
// (api/src/web/web-assets.ts); every other page path keeps the empty index.html.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WEB, 'dist');
const ROOT_ELEMENT = '<div id="root"></div>';

const out = mkdtempSync(join(tmpdir(), 'kpi-prerender-'));
try {
  await build({
    root: WEB,
    logLevel: 'warn',
    // Bundled whole (React included): the output lives outside the tree, where no node_modules would resolve.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender/signInPage.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false },
  });
  const { renderSignInPage } = await import(pathToFileURL(join(out, 'signInPage.js')).href);
  const index = readFileSync(join(DIST, 'index.html'), 'utf8');
  if (!index.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT} to render into`);
  writeFileSync(join(DIST, 'login.html'), index.replace(ROOT_ELEMENT, `<div id="root">${renderSignInPage()}</div>`));
  console.log('prerendered: dist/login.html');
} finally {
  rmSync(out, { recursive: true, force: true });
}
