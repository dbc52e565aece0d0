/** Recognises PostgreSQL errors through Drizzle's wrapper (the driver error is the `cause`). */
const pgCode = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof (e as { code: unknown }).code === 'string') {
      return (e as { code: string }).code;
    }
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : undefined;
  }
  return undefined;
};

export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === '23505';
