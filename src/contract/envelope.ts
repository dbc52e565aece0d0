import { z } from 'zod/mini';

/** Every response: `{code, data, message}`; code 100000 is success (SPEC §7). */
export const envelopeSchema = <T extends z.ZodMiniType>(data: T) =>
  z.object({ code: z.int(), data: z.nullable(data), message: z.string() });

export const anyEnvelopeSchema = envelopeSchema(z.unknown());
export type Envelope<T = unknown> = { code: number; data: T | null; message: string };
