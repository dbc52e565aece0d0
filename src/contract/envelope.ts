import { z } from 'zod';

/** Every response: `{code, data, message}`; code 100000 is success (SPEC §7). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), data: data.nullable(), message: z.string() });

export const anyEnvelopeSchema = envelopeSchema(z.unknown());
export type Envelope<T = unknown> = { code: number; data: T | null; message: string };
