/**
 * npm run build:server: the shop's server (src/server/main.ts and each command of src/server/cli),
 * bundled for Node into dist/server. Only the product (the simulators of simulators/ are not: they run from
 * source, decision 027): a test file beside a command is not
 * an entry point, and a test file found in the output fails the build.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const forNode: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  target: 'node20',
  logLevel: 'warning',
};

/** The server's entry points, relative to root: main.ts, the database thread and every command in src/server/cli but its tests. */
export function serverEntryPoints(root: string) {
  const cli = readdirSync(path.join(root, 'src/server/cli')).filter(
    (file) => file.endsWith('.ts') && !TEST_FILE.test(file),
  );
  // The embedded database's thread is started by its file's path (src/server/db/pglite-thread.ts).
  return [
    'src/server/main.ts',
    'src/server/db/pglite-worker.ts',
    ...cli.sort().map((file) => `src/server/cli/${file}`),
  ];
}

/** Every file under `folder` whose name is a test's, relative to it. */
export function testFilesIn(folder: string) {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) =>
    TEST_FILE.test(path.basename(file)),
  );
}

/** The inputs of a bundle that come from simulators/ (the fakes of outside providers, never the product). */
export function simulatorFilesIn(inputs: string[]) {
  return inputs.filter((input) => input.split(/[\\/]/)[0] === 'simulators');
}

export async function buildServer(root: string, outdir: string) {
  // A file left by an earlier build (a test bundled before this check, the simulator bundled before
  // decision 027) would otherwise stay.
  for (const part of ['server', 'payments-simulator'])
    rmSync(path.join(outdir, part), { recursive: true, force: true });
  const result = await build({
    ...forNode,
    absWorkingDir: root,
    entryPoints: serverEntryPoints(root),
    outdir: path.join(outdir, 'server'),
    metafile: true,
  });
  const tests = testFilesIn(outdir);
  if (tests.length > 0) throw new Error(`The build holds test files: ${tests.join(', ')}`);
  const simulatorCode = simulatorFilesIn(Object.keys(result.metafile.inputs));
  if (simulatorCode.length > 0) throw new Error(`The build holds simulator code: ${simulatorCode.join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '../..');
  await buildServer(root, path.join(root, 'dist'));
}
