// Database passwords at rest: a stored connection keeps its URI with the password masked and the
// password itself sealed (functions/secrets: KMS in AWS, the local key file locally), bound to the
// database id. Only opening a connection reveals it (revealPassword.ts); writes seal (sealPassword.ts).
// Rows written before this held the password in the URI: they are read as they are and sealed on
// their next write. Two files so a function's bundle shows which of the two it does (infra/aws grants
// KMS actions from that).
import type { EncryptionContext } from '../secrets/envelope';

export const passwordContext = (id: number): EncryptionContext => ({ purpose: 'database-password', database: String(id) });
