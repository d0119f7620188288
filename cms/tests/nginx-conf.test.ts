// The rewrite that runs deploy/nginx.conf on loopback for the two-instance suite (tests/helpers/nginx.ts): only
// addresses, listen ports and run paths change, and nothing the test setup does not cover is left pointing away.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEPLOY_NGINX_CONF, loopbackNginxConf } from './helpers/nginx';

const dir = '/tmp/run';
const upstreams = { 'cms:1337': ['127.0.0.1:7001', '127.0.0.1:7002'], 'site:4321': ['127.0.0.1:7003'] };
const listen = { '80': 7080, '8081': 7081 };

const directConf = `user nginx;
pid /var/run/nginx.pid;
error_log /dev/stderr warn;
http {
  access_log /dev/stdout;
  server {
    listen 80;
    set $cms_upstream http://cms:1337;  # the cms
    location / { proxy_pass http://site:4321; }
    location /api/ { proxy_pass $cms_upstream; proxy_buffering off; }
  }
}`;

const upstreamConf = `http {
  upstream cms {
    server cms-a:1337 max_fails=1;
    server cms-b:1337;
    keepalive 16;
  }
  server {
    listen [::]:8081 default_server;
    location / { proxy_pass http://cms; }
  }
}`;

describe('loopbackNginxConf', () => {
  it('points a direct address at an upstream group of its loopback servers and moves run paths into the test folder', () => {
    const out = loopbackNginxConf(directConf, { dir, listen, upstreams });
    expect(out).not.toMatch(/^\s*user /m);
    expect(out).toContain(`pid ${dir}/nginx.pid;`);
    expect(out).toContain(`error_log ${dir}/error.log warn;`);
    expect(out).toContain(`access_log ${dir}/access.log;`);
    expect(out).toContain('listen 127.0.0.1:7080;');
    expect(out).toContain('set $cms_upstream http://loopback_cms_1337;  # the cms');
    expect(out).toContain('proxy_pass http://loopback_site_4321;');
    expect(out).toContain('upstream loopback_cms_1337 {\n    server 127.0.0.1:7001;\n    server 127.0.0.1:7002;\n  }');
    expect(out).toContain('upstream loopback_site_4321 {\n    server 127.0.0.1:7003;\n  }');
    for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) expect(out).toContain(`${name}_temp_path ${dir}/${name}_temp;`);
    // Everything else stays as written.
    expect(out).toContain('location /api/ { proxy_pass $cms_upstream; proxy_buffering off; }');
  });

  it('rewrites the server lines of an upstream block, keeping their parameters', () => {
    const out = loopbackNginxConf(upstreamConf, {
      dir,
      listen,
      upstreams: { 'cms-a:1337': ['127.0.0.1:7001'], 'cms-b:1337': ['127.0.0.1:7002'] },
    });
    expect(out).toContain('    server 127.0.0.1:7001 max_fails=1;\n    server 127.0.0.1:7002;\n    keepalive 16;');
    expect(out).toContain('listen 127.0.0.1:7081 default_server;');
    expect(out).toContain('proxy_pass http://cms;');
  });

  it.each([
    ['an address it does not serve', { listen, upstreams: { 'cms:1337': ['127.0.0.1:1'] } }, /site:4321/],
    ['an address the file no longer names', { listen, upstreams: { ...upstreams, 'old:1': ['127.0.0.1:1'] } }, /no longer proxies to old:1/],
    ['a listen port it does not map', { listen: { '80': 7080 }, upstreams }, /listens on 8081/],
  ])('refuses %s', (_name, options, message) => {
    expect(() => loopbackNginxConf(`${directConf}\nserver {\n  listen 8081;\n}`, { dir, ...options })).toThrow(message);
  });

  it('covers the deployed file', () => {
    const out = loopbackNginxConf(readFileSync(DEPLOY_NGINX_CONF, 'utf8'), { dir, listen, upstreams });
    expect(out).not.toMatch(/http:\/\/(cms|site):/);
    expect(out).toMatch(/127\.0\.0\.1:7001/);
  });
});
