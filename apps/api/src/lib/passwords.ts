import bcrypt from 'bcrypt';

/** bcrypt cost: about a quarter of a second per hash on this machine's kind. */
export const BCRYPT_COST = 12;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
