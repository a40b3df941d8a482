import { z } from 'zod';
import { emptyToUndefined } from '../../shared/schemas/common';

/** An environment setting that may be absent; set to the empty string (FOO= in a .env file) it counts as absent too. */
export const optionalSetting = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional()) as unknown as z.ZodOptional<T>;
