import { hash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, base64url: session refresh tokens and access tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * Tokens are stored only as their sha256 (base64url). Every authenticated request hashes its token:
 * the one-shot `hash` costs about a third of a createHash/update/digest chain.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'base64url');

/** A 6-digit verification code (uniform, leading zeros kept). */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
