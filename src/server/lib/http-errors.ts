/** Errors a service throws; the error handler turns each into `{message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const BadRequest = (message: string) => new HttpError(400, message);
export const Unauthorized = (message = 'Authentication required. Please log in.') => new HttpError(401, message);
export const Forbidden = (message = 'Not authorized as an admin') => new HttpError(403, message);
export const NotFound = (message: string) => new HttpError(404, message);
/** A thing that existed and is no longer offered (an expired order link). */
export const Gone = (message: string) => new HttpError(410, message);
export const Conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);
export const TooManyRequests = (message: string) => new HttpError(429, message);

/** PostgreSQL's unique_violation, raised by both drivers (the code sits on the error or its cause). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
