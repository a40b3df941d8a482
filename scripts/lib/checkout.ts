import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';

/** The commit a checkout is at, for a measurement's record: "114530d", "114530d with uncommitted changes" or "not a git checkout". */
export function describeCheckout(dir: string): string {
  try {
    // A copy inside another checkout (git archive) would otherwise be described as that checkout's HEAD.
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' }).trim();
    if (realpathSync(top) !== realpathSync(dir)) return 'not a git checkout';
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'not a git checkout';
  }
}
