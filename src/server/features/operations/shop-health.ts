/** Whether the shop on this port answers /api/health with 200 now. */
export async function shopAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Waits until the shop answers its health check; false when it did not within `timeoutMs`. */
export async function waitForShop(
  port: number,
  timeoutMs: number,
  stillStarting: () => Promise<boolean> | boolean = () => true,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await shopAnswers(port)) return true;
    if (!(await stillStarting())) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * A new release is taken only when it serves what shoppers ask for, not just its health check (which asks
 * the database for `select 1`): the storefront, and the catalogue through the API.
 */
export async function shopServes(port: number): Promise<string | undefined> {
  for (const page of ['/api/health', '/api/products', '/']) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${page}`, { signal: AbortSignal.timeout(15_000) });
      await response.arrayBuffer();
      if (!response.ok) return `${page} answered ${response.status}`;
    } catch (error) {
      return `${page} did not answer (${(error as Error).message})`;
    }
  }
  return undefined;
}
