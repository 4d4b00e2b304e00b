// Custom tags by name: the naming rule and "the tag of this name, made when missing" that creating a
// tag, tagging an object and bulk create share.
import { unprocessable } from '../../shared/errors';
import { TAG_TYPES, tagNameProblem } from '../../shared/tags/tagNames';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { claimTagName, findTagByName, putTag, type TagRecord } from './repository';

export function checkTagName(name: string): string {
  const problem = tagNameProblem(name);
  if (problem) throw unprocessable(problem, { messages: { name: [problem] } });
  return name.trim();
}

/** The custom tag of this name, made when missing (Superset's TagDAO.get_by_name). */
export async function customTagNamed(ports: Ports, user: Identity, rawName: string, description?: string | null): Promise<TagRecord> {
  const name = checkTagName(rawName);
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findTagByName(ports, name);
    if (existing) return existing;
    const id = await nextId(ports.tables, 'tag');
    // The claim decides a race between two creators of one name: the loser reads the winner's tag.
    if (!(await claimTagName(ports, name, id))) continue;
    const now = ports.clock.now();
    const tag: TagRecord = {
      id, name, type: TAG_TYPES.custom, description: description ?? null,
      created_on: now, changed_on: now, created_by: user.userId, changed_by: user.userId,
    };
    await putTag(ports, tag);
    return tag;
  }
  throw unprocessable(`Tag ${name} could not be created`);
}
