/** Minimal structured logger: one line per event, `key=value` fields after the message. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;
export type LogLevel = 'info' | 'warn' | 'error';
export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

export const formatLogLine = (message: string, fields?: LogFields): string => {
  const parts = Object.entries(fields ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' && /\s/.test(v) ? JSON.stringify(v) : String(v)}`);
  return parts.length ? `${message} ${parts.join(' ')}` : message;
};

export const createConsoleLogger = (): Logger => ({
  info: (m, f) => console.log(formatLogLine(m, f)),
  warn: (m, f) => console.warn(formatLogLine(m, f)),
  error: (m, f) => console.error(formatLogLine(m, f)),
});

export type MemoryLogger = Logger & { lines: { level: LogLevel; line: string }[] };

/** Keeps the lines in memory (tests read them). */
export const createMemoryLogger = (): MemoryLogger => {
  const lines: { level: LogLevel; line: string }[] = [];
  const at = (level: LogLevel) => (m: string, f?: LogFields) => {
    lines.push({ level, line: formatLogLine(m, f) });
  };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
};
