import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort, Nginx, NGINX_CONF, nginxSiteFor } from './cluster';
import { describeScale } from './scale-env';

const DOC = resolve(__dirname, '../../../docs/scale-out.md');

/** The nginx config an operator copies from docs/scale-out.md is the file the suite runs behind. */
describeScale('the nginx config of docs/scale-out.md', () => {
  const file = readFileSync(NGINX_CONF, 'utf8');

  it('is shown in the doc exactly as deploy/nginx/kpi.conf has it', () => {
    expect(readFileSync(DOC, 'utf8')).toContain(`\`\`\`nginx\n${file}\`\`\``);
  });

  it('the suite replaces only the upstream addresses and the listen port', () => {
    const site = nginxSiteFor([4001, 4002], 8080);
    const rest = (text: string) => text.split('\n').filter((l) => !/^\s*(server \S+:\d+|listen )/.test(l));
    expect(rest(site)).toEqual(rest(file));
    expect(site).toContain('server 127.0.0.1:4001 max_fails=1 fail_timeout=2s;');
    expect(site).toContain('server 127.0.0.1:4002 max_fails=1 fail_timeout=2s;');
    expect(site).toContain('listen 127.0.0.1:8080;');
  });

  it('passes nginx -t', async () => {
    const nginx = new Nginx(await freePort(), [await freePort(), await freePort()]);
    const verdict = await nginx.test();
    await nginx.stop();
    expect(verdict).toMatchObject({ ok: true });
  });
});
