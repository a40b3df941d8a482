import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxStandaloneConfig, sampleNginxSiteConfig } from './nginx-config';

const page = readFileSync(path.resolve(import.meta.dirname, '../../../docs/operations/several-machines.md'), 'utf8');

describe('the nginx config in front of several instances', () => {
  it('is the one docs/operations/several-machines.md shows', () => {
    expect(page).toContain('```nginx\n' + sampleNginxSiteConfig() + '```\n');
  });

  it('runs our own nginx with every file in its folder, one worker so round robin alternates, and names the instance only when asked', () => {
    const conf = nginxStandaloneConfig({
      listen: '127.0.0.1:18080',
      upstreams: ['http://127.0.0.1:3001', '127.0.0.1:3002'],
      runDir: '/tmp/lb',
      showUpstream: true,
    });
    expect(conf).toMatch(/^worker_processes 1;$/m);
    for (const directive of [
      'pid',
      'error_log',
      'client_body_temp_path',
      'proxy_temp_path',
      'fastcgi_temp_path',
      'uwsgi_temp_path',
      'scgi_temp_path',
    ]) {
      expect(conf).toMatch(new RegExp(`^\\s*${directive} /tmp/lb/`, 'm'));
    }
    expect(conf).toContain('server 127.0.0.1:3001 max_fails');
    expect(conf).toContain('server 127.0.0.1:3002 max_fails');
    expect(conf).toContain('add_header X-Upstream $upstream_addr always;');
    expect(sampleNginxSiteConfig()).not.toContain('X-Upstream');
  });
});
