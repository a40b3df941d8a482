import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js (docs/decisions/010-module-boundaries.md), run on small
// files that exist only in memory, so a rule that stops matching (a renamed folder, a glob typo) fails
// here instead of silently letting every import through.
const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary findings for `code` as if it were the file at `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('import boundaries', { timeout: 60_000 }, () => {
  it('keeps server and web apart, and shared free of both', async () => {
    expect(
      await boundaryErrors('src/server/lib/probe.ts', "import { formatDate } from '../../web/lib/format';\n"),
    ).toEqual([expect.stringContaining('The server never imports the web app')]);
    expect(await boundaryErrors('src/web/lib/probe.ts', "import { isUuid } from '../../server/lib/ids';\n")).toEqual([
      expect.stringContaining('The web app never imports the server'),
    ]);
    expect(
      await boundaryErrors(
        'src/shared/probe.ts',
        "import { isUuid } from '../server/lib/ids';\nimport { formatDate } from '../web/lib/format';\n",
      ),
    ).toHaveLength(2);
    expect(await boundaryErrors('src/shared/probe.ts', "import { computeTotals } from './money';\n")).toEqual([]);
  });

  it('lets a server feature use another only through its index', async () => {
    const file = 'src/server/features/dashboard/probe.ts';
    const inner = [expect.stringContaining('Import the server feature "orders" through its index.ts')];
    expect(await boundaryErrors(file, "import { listOrders } from '../orders/queries';\n")).toEqual(inner);
    expect(await boundaryErrors(file, "import { findPayableOrder } from '../orders/paid';\n")).toEqual(inner);
    expect(await boundaryErrors(file, "import { orderEventsPlugin } from '../orders/order-events-plugin';\n")).toEqual(
      inner,
    );
    expect(await boundaryErrors(file, "import { recordAudit } from '../audit/service';\n")).toEqual([
      expect.stringContaining('Import the server feature "audit" through its index.ts'),
    ]);
    expect(await boundaryErrors(file, "import { orderCustomer } from '../orders';\n")).toEqual([]);
    expect(await boundaryErrors(file, "import { orderCustomer } from '../orders/index';\n")).toEqual([]);
    expect(await boundaryErrors(file, "import { orderCustomer } from '../orders/index.ts';\n")).toEqual([]);
    expect(await boundaryErrors(file, "import { getShopSettings } from '../settings';\n")).toEqual([]);
    expect(await boundaryErrors(file, "import { Conflict } from '../../lib/http-errors';\n")).toEqual([]);
    // Inside a feature its own files are open (and its own index is not needed: that would be a loop).
    expect(
      await boundaryErrors('src/server/features/orders/probe.ts', "import { listOrders } from './queries';\n"),
    ).toEqual([]);
    // Tests may use another feature's fixtures.
    expect(
      await boundaryErrors(
        'src/server/features/dashboard/probe.test.ts',
        "import { insertProduct } from '../orders/test/fixtures';\n",
      ),
    ).toEqual([]);
  });

  it('lets the files that compose the server (app, main, seed, test app, scripts) use a feature only through its index', async () => {
    expect(
      await boundaryErrors('src/server/probe.ts', "import { orderRoutes } from './features/orders/routes';\n"),
    ).toEqual([expect.stringContaining('Import the server feature "orders" through its index.ts')]);
    expect(
      await boundaryErrors(
        'src/server/seed/probe.ts',
        "import type { ImageStore } from '../features/uploads/image-store';\n",
      ),
    ).toEqual([expect.stringContaining('Import the server feature "uploads" through its index.ts')]);
    expect(
      await boundaryErrors(
        'scripts/probe.ts',
        "import type { ViteManifest } from '../src/server/features/ssr/route-chunks';\n",
      ),
    ).toEqual([expect.stringContaining('Import the server feature "ssr" through its index.ts')]);
    expect(await boundaryErrors('src/server/probe.ts', "import { orderRoutes } from './features/orders';\n")).toEqual(
      [],
    );
    expect(
      await boundaryErrors(
        'src/server/probe.test.ts',
        "import { orderBody } from './features/orders/test/fixtures';\n",
      ),
    ).toEqual([]);
    // The one-shot commands and config.ts load only the small files they need (an index loads the whole feature).
    expect(
      await boundaryErrors(
        'src/server/cli/probe.ts',
        "import { restoreBackup } from '../features/backups/restore-backup';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/server/config.ts', "import { readSmsSettings } from './features/sms/sms-settings';\n"),
    ).toEqual([]);
  });

  it('lets a web feature use another only through its index', async () => {
    const file = 'src/web/features/catalog/probe.ts';
    expect(await boundaryErrors(file, "import { logIn } from '../auth/api';\n")).toEqual([
      expect.stringContaining('Import the web feature "auth" through its index.ts'),
    ]);
    expect(await boundaryErrors(file, "import { useAuth } from '../auth';\n")).toEqual([]);
  });

  it('keeps the lower server layers and the browser journeys below the features', async () => {
    expect(
      await boundaryErrors('src/server/db/probe.ts', "import { findUserByEmail } from '../features/users/queries';\n"),
    ).toEqual([expect.stringContaining('lib/, db/ and plugins/ are below the features')]);
    expect(
      await boundaryErrors(
        'src/server/features/users/probe.ts',
        "import { seedDemoIfEmpty } from '../../seed/demo';\n",
      ),
    ).toEqual([expect.stringContaining('Features do not import the seed or the CLIs')]);
    expect(await boundaryErrors('e2e/probe.spec.ts', "import { isUuid } from '../src/server/lib/ids';\n")).toEqual([
      expect.stringContaining('Browser journeys drive the real server'),
    ]);
  });

  it('keeps the simulators and the shop apart: only tests start a simulator', async () => {
    expect(
      await boundaryErrors(
        'simulators/probe.ts',
        "import { isUuid } from '../src/server/lib/ids';\nimport { computeTotals } from '../src/shared/money';\n",
      ),
    ).toEqual([
      expect.stringContaining('The simulators stand in for outside providers'),
      expect.stringContaining('The simulators stand in for outside providers'),
    ]);
    const start = "import { shopEnvForSimulator } from '../../../simulators/shop-env';\n";
    expect(await boundaryErrors('src/server/cli/probe.ts', start)).toEqual([
      expect.stringContaining('The product never imports the simulators'),
    ]);
    expect(
      await boundaryErrors(
        'src/server/features/sms/probe.test.ts',
        "import { startSimulators } from '../../../../simulators/server';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/server/features/sms/test/probe.ts',
        "import { startSimulators } from '../../../../../simulators/server';\n",
      ),
    ).toEqual([]);
  });

  it('keeps React Router out: the web app has its own router', async () => {
    expect(
      await boundaryErrors('src/web/features/catalog/probe.tsx', "import { Link } from 'react-router';\n"),
    ).toEqual([expect.stringContaining('The web app routes with src/web/lib/router')]);
    expect(
      await boundaryErrors('src/web/features/catalog/probe.tsx', "import { Link } from '../../lib/router';\n"),
    ).toEqual([]);
  });

  it('keeps test support out of production code', async () => {
    const code = "import { insertProduct } from './test/fixtures';\n";
    expect(await boundaryErrors('src/server/features/orders/probe.ts', code)).toEqual([
      expect.stringContaining('Tests and test support (test/ folders) are for tests only'),
    ]);
    expect(await boundaryErrors('src/server/features/orders/probe.test.ts', code)).toEqual([]);
  });
});
