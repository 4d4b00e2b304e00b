// Sealing a connection's password before it is stored (see passwords.ts).
import type { DatabaseConfig } from '../engines/types';
import { keyringFromEnv } from '../secrets/configured';
import { passwordContext } from './passwords';
import { PASSWORD_MASK, passwordOf, withPassword } from './uri';

/** The record as stored: no clear password in the URI, the password sealed beside it. */
export async function sealPassword<T extends DatabaseConfig>(db: T): Promise<T> {
  const password = passwordOf(db.sqlalchemy_uri);
  // An edit that echoed the masked URI keeps the sealed password it had.
  if (db.password_secret && password === PASSWORD_MASK) return db;
  const { password_secret: _dropped, ...rest } = db;
  if (password === null) return rest as T;
  const password_secret = await keyringFromEnv().seal(password, passwordContext(db.id));
  return { ...rest, sqlalchemy_uri: withPassword(db.sqlalchemy_uri, PASSWORD_MASK), password_secret } as T;
}
