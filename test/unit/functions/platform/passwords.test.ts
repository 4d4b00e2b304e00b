import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../../functions/platform/auth/passwords';

describe('password hashes', () => {
  it('verifies the right password and nothing else', async () => {
    const hash = await hashPassword('s3cret pass');
    expect(await verifyPassword('s3cret pass', hash)).toBe(true);
    expect(await verifyPassword('s3cret pas', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
  });

  it('treats malformed stored hashes as non-matching instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$AAAA$BBBB', 'bcrypt$1$2$3$4$5', 'scrypt$16384$8$1$c2FsdA==$']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});
