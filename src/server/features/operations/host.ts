import { spawn } from 'node:child_process';

export interface RunOptions {
  /** Written to the command's standard input, then closed: how a secret reaches a command (never argv). */
  input?: string;
  /** The whole environment of the command (default: this process's, PATH with the sbin folders). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Run as this user (uid and gid), e.g. the service user. */
  as?: { uid: number; gid: number };
  timeoutMs?: number;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The machine the commands act on. Tests give a fake one to see what would be run. */
export interface Host {
  run(command: string, args: string[], options?: RunOptions): Promise<RunResult>;
  isRoot(): boolean;
}

/** Debian's root has the sbin folders on PATH; `sudo` from some shells or a service may not. */
export function withSbin(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const parts = (env.PATH ?? '/usr/bin:/bin').split(':');
  for (const sbin of ['/usr/local/sbin', '/usr/sbin', '/sbin']) if (!parts.includes(sbin)) parts.push(sbin);
  return { ...env, PATH: parts.join(':') };
}

export const realHost: Host = {
  isRoot: () => process.getuid?.() === 0,
  run(command, args, options = {}) {
    return new Promise((resolve) => {
      // No shell: every argument reaches the command as given, never re-read by sh.
      const child = spawn(command, args, {
        env: options.env ?? withSbin(process.env),
        cwd: options.cwd,
        uid: options.as?.uid,
        gid: options.as?.gid,
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: options.timeoutMs,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', (error) => resolve({ code: 127, stdout, stderr: stderr + error.message }));
      child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
      child.stdin.on('error', () => {});
      child.stdin.end(options.input ?? '');
    });
  },
};

/** Runs a command that must succeed; its own error output in the message when it does not. */
export async function mustRun(host: Host, command: string, args: string[], options?: RunOptions): Promise<string> {
  const result = await host.run(command, args, options);
  if (result.code !== 0) {
    const said = (result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n');
    throw new OperationFailed(`${command} ${args[0] ?? ''} failed (exit ${result.code})${said ? `:\n${said}` : ''}`);
  }
  return result.stdout;
}

/** A step could not be done; its message says what and, where it can, what to do. */
export class OperationFailed extends Error {
  override name = 'OperationFailed';
}
