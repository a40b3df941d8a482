import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server serves pages only when the web app is built (src/server/features/ssr/ssr-plugin.ts): builds it
 * when a page scenario will run and it is missing, or when --build-web asks, and says which build is used.
 */
export function ensureWebApp(appRoot: string, buildWeb: boolean) {
  const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(appRoot, 'dist', 'web');
  const index = path.join(distDir, 'index.html');
  if (process.env.WEB_DIST_DIR) {
    if (!existsSync(index))
      throw new Error(`WEB_DIST_DIR=${distDir} holds no index.html: build it, or unset WEB_DIST_DIR`);
    console.log(`pages served from WEB_DIST_DIR=${distDir}, built ${statSync(index).mtime.toISOString()}`);
    return;
  }
  if (!buildWeb && existsSync(index)) {
    console.log(
      `pages served from ${distDir}, built ${statSync(index).mtime.toISOString()} (--build-web builds it again)`,
    );
    return;
  }
  console.log(
    buildWeb
      ? `building the web app (--build-web) in ${appRoot}...`
      : `building the web app: ${index} is missing, and without it the server serves no pages...`,
  );
  const started = Date.now();
  try {
    execFileSync('npm', ['run', 'build:web'], { cwd: appRoot, stdio: 'inherit' });
  } catch (error) {
    // build:web ends with the bundle report, which fails over its budget after Vite has built everything:
    // a bundle over budget is still worth measuring.
    if (!existsSync(index) || statSync(index).mtimeMs < started) throw error;
    console.log(
      'build:web failed after Vite had built the app (the bundle report above says why); measuring that build',
    );
  }
}
