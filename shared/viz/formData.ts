// A chart's form data (Superset's form_data): its own module, so control declarations (controls/types.ts)
// and the viz plugin types (types.ts) both use it without importing each other.
/** A chart's form data: viz_type plus its controls' values (Superset's QueryFormData). */
export interface FormData {
  viz_type: string;
  datasource?: string;
  [key: string]: unknown;
}
