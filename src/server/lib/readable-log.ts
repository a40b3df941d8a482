import type { DestinationStream } from 'pino';

/**
 * The server's log as lines a person reads, for `npm start` in a terminal: time, level, message, and for
 * a request its method, address, status and milliseconds. Only what pino already wrote is formatted, so
 * its redaction (request-log.ts: no tokens, no headers) holds. Elsewhere (a file, a service manager,
 * a pipe) the log stays one JSON object a line.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Said by the line's own words, or pino's bookkeeping: not repeated as key=value. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);
/** Requests whose completion has not been written yet; a bound, so a request never completed cannot grow it. */
const MAX_OPEN_REQUESTS = 1_000;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/** A formatter that remembers each request's method and address from its first line, for its completion line. */
export function readableLogFormatter() {
  const open = new Map<string, string>();
  return (json: string): string => {
    let line: LogLine;
    try {
      line = JSON.parse(json);
    } catch {
      return json.endsWith('\n') ? json : `${json}\n`;
    }
    const parts = [clock(line.time), (LEVELS[line.level ?? 30] ?? String(line.level)).padEnd(5), line.msg ?? ''];
    if (line.req?.method) {
      const request = `${line.req.method} ${line.req.url ?? ''}`;
      parts.push(request);
      if (line.reqId) {
        open.set(line.reqId, request);
        if (open.size > MAX_OPEN_REQUESTS) open.delete(open.keys().next().value!);
      }
    } else if (line.reqId && line.res) {
      const request = open.get(line.reqId);
      open.delete(line.reqId);
      if (request) parts.push(request);
    }
    if (line.res?.statusCode !== undefined) parts.push(String(line.res.statusCode));
    if (typeof line.responseTime === 'number') parts.push(`${Math.round(line.responseTime)} ms`);
    for (const [key, value] of Object.entries(line)) {
      if (!SHOWN.has(key) && value !== undefined)
        parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    }
    let text = parts.filter(Boolean).join(' ');
    if (line.err) text += `\n  ${(line.err.stack ?? line.err.message ?? '').split('\n').join('\n  ')}`;
    return `${text}\n`;
  };
}

/** HH:MM:SS in the machine's time zone, the way a person at the terminal reads a clock. */
function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toTimeString().slice(0, 8);
}

/** A pino destination that writes readable lines to `out` (pino writes one JSON line per call). */
export function readableLogStream(out: { write(text: string): unknown }): DestinationStream {
  const format = readableLogFormatter();
  return { write: (json: string) => void out.write(format(json.trimEnd())) };
}
