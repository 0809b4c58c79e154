/** A web address from data, or null (never a script URL). */
export function webAddress(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether a branch's map link may be shown in a frame: its origin is one the operator allows (MAP_ORIGINS,
 * which is also the CSP's frame-src). Origins are compared whole, so `https://maps.example.org.evil.test`
 * or a link that only mentions an allowed origin in its path or query is not embedded.
 */
export function embeddableMap(href: string, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.includes(new URL(href).origin);
}
