import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { startLoadBalancer, type LoadBalancer } from '../../src/server/test/load-balancer';
import { stopChild, waitForHealth } from '../local-server';
import { peakRssMb } from './http';

/**
 * The built shop under test: one process answering the scenarios itself, or (--instances N) N processes
 * on one PostgreSQL database behind our own nginx (round robin, one worker; src/server/test/load-balancer.ts).
 */
export interface BenchShops {
  /** Starts one instance per entry of `envs` (each with its PORT), one after the other, and answers the URL the scenarios aim at. */
  start(envs: NodeJS.ProcessEnv[]): Promise<string>;
  /** Each instance's peak resident memory so far (VmHWM), in MB, in start order. */
  peakRssEachMb(): number[];
  /** The instances' process ids, in start order. */
  pids(): number[];
  /** Stops nginx and every instance started so far, also after a start that failed half-way. */
  stop(): Promise<void>;
}

export function benchShops(root: string, nodeArgs: string[], extraEnv: NodeJS.ProcessEnv = {}): BenchShops {
  const children: ChildProcess[] = [];
  let balancer: LoadBalancer | undefined;
  return {
    async start(envs) {
      // One after the other: the first applies the migrations before the next opens the database.
      for (const env of envs) {
        // BENCH_SERVER_LOG=FILE keeps the servers' logs (each request's responseTime among them) there.
        const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
        const child = spawn('node', [...nodeArgs, 'dist/server/main.js'], {
          cwd: root,
          env: { ...env, ...extraEnv },
          stdio: ['ignore', log, log],
        });
        children.push(child);
        await waitForHealth(`http://127.0.0.1:${env.PORT}`, child);
      }
      const upstreams = envs.map((env) => `127.0.0.1:${env.PORT}`);
      // A single instance is measured without nginx in front, as before --instances existed.
      if (upstreams.length === 1) return `http://${upstreams[0]}`;
      balancer = await startLoadBalancer(upstreams);
      return balancer.url;
    },
    peakRssEachMb: () => children.map((child) => peakRssMb(child.pid!)),
    pids: () => children.map((child) => child.pid!),
    async stop() {
      const closing = balancer;
      balancer = undefined;
      await closing?.close();
      await Promise.all(children.splice(0).map((child) => stopChild(child)));
    },
  };
}
