// Legacy URL segments of the form `id=123` (designConfigure/id=123, middlewaresDevice/id=1/module=2).

/** '123' from `id=123` (or from a bare `123`); undefined when absent or for another key. */
export function keyedParam(segment: string | undefined, key: string): string | undefined {
  if (segment === undefined || segment === '') return undefined;
  const eq = segment.indexOf('=');
  if (eq === -1) return decodeURIComponent(segment);
  return segment.slice(0, eq) === key ? decodeURIComponent(segment.slice(eq + 1)) : undefined;
}

/** Builds the segment `key=value`. */
export function keyedSegment(key: string, value: string | number): string {
  return `${key}=${encodeURIComponent(String(value))}`;
}
