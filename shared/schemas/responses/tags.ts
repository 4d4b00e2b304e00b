// Answers of the tag routes (Superset's TagRestApi), and the {id, name, type} a tagged object lists.
import { z } from 'zod';
import { MessageSchema, PersonNamesSchema, PersonSchema, listAnswer, selectable } from './common';

/** A tag on a chart, dashboard or saved query; type is Superset's TagType (1 custom, 2 type, 3 owner, 4 favorited_by). */
export const TagRefSchema = z.object({ id: z.number().int(), name: z.string(), type: z.number().int() });
export type TagRefAnswer = z.infer<typeof TagRefSchema>;

/** A tag as the list and show calls present it. */
export const TagDictSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  description: z.string().nullable(),
  changed_by: PersonNamesSchema.nullable(),
  changed_on_delta_humanized: z.string(),
  created_on_delta_humanized: z.string(),
  created_by: PersonNamesSchema.nullable(),
});
export const TagListSchema = listAnswer(TagDictSchema);
export const TagGetSchema = z.object({ id: z.number().int(), result: selectable(TagDictSchema) });

/** Create and update echo what was sent, with the tag's id. */
export const TagSaveSchema = z.object({
  id: z.number().int(),
  result: z.object({
    name: z.string().optional(),
    description: z.string().nullable().optional(),
    objects_to_tag: z.array(z.tuple([z.string(), z.number().int()])).optional(),
  }),
});

/** Tagging an object answers the object's custom tags after the change. */
export const TagObjectAnswerSchema = z.object({ result: z.array(TagRefSchema) });

const ObjectRefSchema = z.tuple([z.string(), z.number().int()]);
export const TagBulkCreateSchema = z.object({
  result: z.object({ objects_tagged: z.array(ObjectRefSchema), objects_skipped: z.array(ObjectRefSchema) }),
});

/** One object carrying the asked tags (Superset's TaggedObjectEntityResponseSchema). */
export const TaggedObjectSchema = z.object({
  id: z.number().int(),
  type: z.enum(['dashboard', 'chart', 'query']),
  name: z.string(),
  url: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  created_by: PersonSchema.nullable(),
  creator: z.string(),
  owners: z.array(PersonSchema),
  tags: z.array(TagRefSchema),
});
export type TaggedObjectAnswer = z.infer<typeof TaggedObjectSchema>;
export const TaggedObjectsSchema = z.object({ result: z.array(TaggedObjectSchema) });

export const TagFavoriteStatusSchema = z.object({ result: z.array(z.object({ id: z.number().int(), value: z.boolean() })) });
export const TagResultOkSchema = z.object({ result: z.literal('OK') });
export { MessageSchema };
