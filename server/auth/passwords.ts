/** Passwords (and verification codes) are hashed with argon2id (@node-rs/argon2 defaults: m=19 MiB, t=2). */
import { hash, verify } from '@node-rs/argon2';

export const hashSecret = (secret: string): Promise<string> => hash(secret);

export const verifySecret = async (hashed: string | null | undefined, secret: string): Promise<boolean> => {
  if (!hashed) {
    // Spend about the same time as a real check, so timing does not tell whether an account exists.
    await verify(await dummyHash, secret).catch(() => false);
    return false;
  }
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
};

const dummyHash: Promise<string> = hash('not-a-real-password-0000');
