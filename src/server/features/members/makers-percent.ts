import type { Db, Tx } from '../../db/client';
import { DEFAULT_MAKERS_PERCENT } from '../../../shared/member-shares';

/**
 * The shop's makers' percent, for a product that names none of its own. The one place this feature reads
 * it: it is the constant of src/shared/member-shares.ts until the shop settings carry `makersPercent`.
 */
export function shopMakersPercent(_db: Db | Tx): Promise<number> {
  return Promise.resolve(DEFAULT_MAKERS_PERCENT);
}
