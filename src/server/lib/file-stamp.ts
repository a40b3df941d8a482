/** A time for a file's name: 2026-11-25T05-42-17Z (to the second, UTC, no colons), which sorts by date. */
export function fileStamp(at: Date = new Date()): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}
