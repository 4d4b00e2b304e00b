// Explore state, permalinks and unsaved form data: /api/v1/explore/... (one Lambda).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { createFormData, deleteFormData, getFormData, updateFormData } from '../explore/formData';
import { createExplorePermalink, getExplorePermalink } from '../explore/permalink';
import { getExploreState } from '../explore/state';
import { requestOrigin } from '../http/origin';


export const handler = httpModule({
  'explore.get': (req) => getExploreState(getPorts(), req.user, req.query),
  'explore.permalinkCreate': (req) => createExplorePermalink(getPorts(), req.user, req.body, requestOrigin(req.headers)),
  'explore.permalinkGet': (req) => getExplorePermalink(getPorts(), req.user, req.params.key),
  'explore.formDataCreate': (req) => createFormData(getPorts(), req.user, req.body, req.query.tab_id),
  'explore.formDataUpdate': (req) => updateFormData(getPorts(), req.user, req.params.key, req.body, req.query.tab_id),
  'explore.formDataGet': (req) => getFormData(getPorts(), req.user, req.params.key),
  'explore.formDataDelete': (req) => deleteFormData(getPorts(), req.user, req.params.key),
});
