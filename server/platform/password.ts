/** Passwords arrive as md5 hex from the client (DESIGN §4); we store argon2id(md5hex) only. */
import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const MD5_HEX = /^[0-9a-f]{32}$/;
export const md5hex = (plain: string) => createHash('md5').update(plain, 'utf8').digest('hex');
export const sha256hex = (v: string) => createHash('sha256').update(v, 'utf8').digest('hex');

/** argon2id (the library default algorithm) over the lower-case md5 hex. */
export const hashPassword = (md5: string) => hash(md5.toLowerCase());

export async function verifyPassword(stored: string, md5: string): Promise<boolean> {
  if (!MD5_HEX.test(md5.toLowerCase())) return false;
  try {
    return await verify(stored, md5.toLowerCase());
  } catch {
    return false;
  }
}
