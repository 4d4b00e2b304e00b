// Athena connection settings from a PyAthena-style URI:
// awsathena+rest://[key:secret@]athena.<region>.amazonaws.com[:443]/<schema>?s3_staging_dir=s3://...&work_group=...&catalog_name=...
import { AthenaClient } from '@aws-sdk/client-athena';
import { SupersetError } from '../../../shared/errors';
import { issueCodes } from '../issues';

export interface AthenaSettings {
  region: string;
  schema: string;
  catalog: string;
  outputLocation: string | null;
  workGroup: string | null;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

const missing = (message: string) =>
  new SupersetError('CONNECTION_MISSING_PARAMETERS_ERROR', message, {
    extra: { engine_name: 'Amazon Athena', issue_codes: issueCodes('CONNECTION_MISSING_PARAMETERS_ERROR') },
  });

export function athenaSettingsOf(uri: string): AthenaSettings {
  let url: URL;
  try {
    url = new URL(uri.trim().replace(/^awsathena(\+[a-z]+)?:/i, 'https:'));
  } catch {
    throw missing(`Invalid Amazon Athena URI "${uri}".`);
  }
  const region = /^athena\.([a-z0-9-]+)\.amazonaws\.com/.exec(url.hostname)?.[1] ?? url.searchParams.get('region_name') ?? process.env.AWS_REGION;
  if (!region) throw missing('The Amazon Athena URI names no region: use athena.<region>.amazonaws.com as host or ?region_name=.');
  const outputLocation = url.searchParams.get('s3_staging_dir');
  const workGroup = url.searchParams.get('work_group');
  if (!outputLocation && !workGroup) throw missing('Amazon Athena needs s3_staging_dir or work_group in the URI to know where results go.');
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  return {
    region,
    schema: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'default',
    catalog: url.searchParams.get('catalog_name') ?? 'AwsDataCatalog',
    outputLocation,
    workGroup,
    // No key in the URI: the SDK's default chain (the function's role) applies.
    credentials: user && password ? { accessKeyId: user, secretAccessKey: password, ...(url.searchParams.get('aws_session_token') ? { sessionToken: url.searchParams.get('aws_session_token') as string } : {}) } : null,
  };
}

export function athenaClientOf(settings: AthenaSettings): AthenaClient {
  return new AthenaClient({ region: settings.region, ...(settings.credentials ? { credentials: settings.credentials } : {}) });
}
