// How a drawn dashboard reaches the browser. A file that fits a function's answer (6 MB, base64
// counted) is the answer, as Superset sends it; a larger one (a long dashboard as PNG) cannot be, so
// it is put in the results bucket under the requesting user's own prefix and answered with a
// short-lived presigned link ({result_url, file_name, expires_in}, as SQL Lab's large export), which
// the browser follows. The link is the only way to the object: the bucket is private and the
// function hands it only to the user whose view (cache key) it drew.
import { SupersetError } from '../../shared/errors';
import { FUNCTION_ENV } from '../../shared/resources/environment';
import { INLINE_FILE_MAX_BYTES } from '../http/fitResponse';
import { raw, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';

export const SCREENSHOT_LINK_TTL_SEC = 300;

export interface DrawnFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

export interface ScreenshotLink {
  result_url: string;
  file_name: string;
  expires_in: number;
}

/** The inline limit: what fits in a function's answer, unless the environment lowers it (tests). */
export function screenshotInlineMaxBytes(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env[FUNCTION_ENV.screenshotInlineMaxBytes]);
  return Number.isInteger(configured) && configured >= 0 ? Math.min(configured, INLINE_FILE_MAX_BYTES) : INLINE_FILE_MAX_BYTES;
}

/** The results-bucket key of a user's drawn view: per user, per dashboard, per view and format. */
export const screenshotObjectKey = (userId: number, dashboardId: number, cacheKey: string, filename: string) =>
  `screenshots/${userId}/${dashboardId}/${cacheKey}/${filename}`;

export async function deliverScreenshot(
  ports: Ports,
  owner: { userId: number; dashboardId: number; cacheKey: string },
  file: DrawnFile,
): Promise<RawResponse | ScreenshotLink> {
  if (file.body.length <= screenshotInlineMaxBytes()) {
    return raw({
      statusCode: 200,
      headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename=${file.filename}` },
      body: file.body.toString('base64'),
      isBase64Encoded: true,
    });
  }
  if (!ports.blobs.presignedGetUrl) {
    throw new SupersetError('GENERIC_BACKEND_ERROR', 'The file is too large to send and no results bucket can hand it out.', { status: 413, level: 'warning' });
  }
  const key = screenshotObjectKey(owner.userId, owner.dashboardId, owner.cacheKey, file.filename);
  await ports.blobs.put(key, file.body, file.contentType);
  const result_url = await ports.blobs.presignedGetUrl(key, { expiresSec: SCREENSHOT_LINK_TTL_SEC, fileName: file.filename });
  return { result_url, file_name: file.filename, expires_in: SCREENSHOT_LINK_TTL_SEC };
}
