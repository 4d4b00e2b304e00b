// Event ids in Redis stream form, `<ms>-<seq>`, as Superset's GET /api/v1/async_event/ returns and its
// client sends back as last_id. Stored sort keys pad both parts so DynamoDB's lexicographic order is
// the numeric order.
import { KEYS } from '../../shared/resources/keys';

export interface StreamId {
  ms: number;
  seq: number;
}

/** `<ms>-<seq>`, or a bare `<ms>` (Redis reads it as `<ms>-0`): `0` means "from the start". */
const PATTERN = /^(\d{1,15})(?:-(\d{1,9}))?$/;

export const formatStreamId = ({ ms, seq }: StreamId) => `${ms}-${seq}`;

export function parseStreamId(id: string): StreamId | null {
  const m = PATTERN.exec(id);
  return m ? { ms: Number(m[1]), seq: Number(m[2] ?? 0) } : null;
}

export const streamSortKey = ({ ms, seq }: StreamId) => `${KEYS.asyncEventPrefix}${String(ms).padStart(15, '0')}-${String(seq).padStart(9, '0')}`;
