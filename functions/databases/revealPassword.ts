// Unsealing a stored password to open a connection (see passwords.ts): the only reader is engines.ts.
import type { DatabaseConfig } from '../engines/types';
import { keyringFromEnv } from '../secrets/configured';
import { passwordContext } from './passwords';
import { withPassword } from './uri';

/** The configuration to connect with: the URI holding its real password. */
export async function revealPassword(db: DatabaseConfig): Promise<DatabaseConfig> {
  if (!db.password_secret) return db;
  const { password_secret, ...rest } = db;
  const password = await keyringFromEnv().open(password_secret, passwordContext(db.id));
  return { ...rest, sqlalchemy_uri: withPassword(db.sqlalchemy_uri, password) };
}
