const sqlite3 = require('sqlite3');
const db = new sqlite3.Database(':memory:');
const q = () => new Promise((r) => { const t = process.hrtime.bigint(); db.get('select 1', () => r(Number(process.hrtime.bigint() - t) / 1e6)); });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (a, p) => a.slice().sort((x, y) => x - y)[Math.floor(a.length * p)];
(async () => {
  for (const gap of [0, 2, 10]) {
    const d = [];
    for (let i = 0; i < 1500; i++) { d.push(await q()); if (gap) await sleep(gap); }
    console.log(`gap ${gap} ms: select 1 round trip p50 ${pct(d, .5).toFixed(3)} p90 ${pct(d, .9).toFixed(3)} p99 ${pct(d, .99).toFixed(3)} max ${Math.max(...d).toFixed(2)} ms`);
  }
})();
