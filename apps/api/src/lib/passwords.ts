import bcrypt from 'bcrypt';

/** `cost` is the configuration's BCRYPT_COST; a check costs what the stored hash was made with. */
export const hashPassword = (password: string, cost: number) => bcrypt.hash(password, cost);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
