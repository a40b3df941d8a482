import type { z } from 'zod';
import type {
  acceptReturnSchema,
  receiveReturnSchema,
  refuseReturnSchema,
  returnsListSchema,
} from '../../../shared/schemas/returns';

export type { ReturnOutcome, ReturnState } from '../../../shared/returns';
export type { AskReturnInput, Returnable, ReturnListItem, ReturnView } from '../../../shared/schemas/returns';
export type ReturnList = z.infer<typeof returnsListSchema>;
export type AcceptReturnInput = z.input<typeof acceptReturnSchema>;
export type RefuseReturnInput = z.input<typeof refuseReturnSchema>;
export type ReceiveReturnInput = z.input<typeof receiveReturnSchema>;
