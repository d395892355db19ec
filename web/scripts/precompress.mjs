// Writes a brotli (.br) and a gzip (.gz) twin beside every text file of the built web app, at the highest
// settings (done once per build, not per request). The api serves the twin the browser accepts
// (api/src/web/web-assets.ts). A twin that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let before = 0;
let afterBr = 0;
for (const path of [...files(DIST)]) {
  if (path.endsWith('.br') || path.endsWith('.gz')) {
    unlinkSync(path);
    continue;
  }
  if (!TEXT.has(extname(path))) continue;
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
  if (relative(DIST, path).startsWith('assets') && extname(path) === '.js') {
    before += raw.length;
    afterBr += Math.min(br.length, raw.length);
  }
}
console.log(`precompressed: JS ${(before / 1024).toFixed(0)} kB -> ${(afterBr / 1024).toFixed(0)} kB brotli`);
