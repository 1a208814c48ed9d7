function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Like Rails' allowed_request_origins: a socket is accepted only from the listed origins. A request
 * without an Origin header is refused too (Rails does the same); browsers always send one, and other
 * clients can.
 */
export function originChecker(allowed: string[]) {
  const origins = new Set(allowed.map(originOf).filter((origin) => origin !== null));
  return (origin: string | undefined) => {
    if (!origin) return false;
    const normalized = originOf(origin);
    return normalized !== null && origins.has(normalized);
  };
}
