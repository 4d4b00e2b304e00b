// Tags: /api/v1/tag/ CRUD, tagging objects, get_objects, bulk create and favorites (one Lambda).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import {
  addTagFavorite, bulkDeleteTags, createTag, deleteTag, getTag, listTags, removeTagFavorite, tagFavoriteStatus, updateTag,
} from '../tags/service';
import { bulkCreateTags, getTaggedObjects, tagObject, untagObject } from '../tags/tagging';

export const handler = httpModule({
  'tag.list': (req) => listTags(getPorts(), req.user, req.q),
  'tag.create': (req) => createTag(getPorts(), req.user, req.body),
  'tag.bulkDelete': (req) => bulkDeleteTags(getPorts(), req.user, req.q),
  'tag.bulkCreate': (req) => bulkCreateTags(getPorts(), req.user, req.body),
  'tag.getObjects': (req) => getTaggedObjects(getPorts(), req.user, req.query),
  'tag.favoriteStatus': (req) => tagFavoriteStatus(getPorts(), req.user, req.q),
  'tag.get': (req) => getTag(getPorts(), req.user, req.params.pk),
  'tag.update': (req) => updateTag(getPorts(), req.user, req.params.pk, req.body),
  'tag.delete': (req) => deleteTag(getPorts(), req.user, req.params.pk),
  'tag.addFavorite': (req) => addTagFavorite(getPorts(), req.user, req.params.pk),
  'tag.removeFavorite': (req) => removeTagFavorite(getPorts(), req.user, req.params.pk),
  'tag.tagObject': (req) => tagObject(getPorts(), req.user, req.params.pk, req.params.object_id, req.body),
  'tag.untagObject': (req) => untagObject(getPorts(), req.user, req.params.pk, req.params.object_id, req.params.tag),
});
