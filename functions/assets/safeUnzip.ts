// Unzipping an uploaded bundle without trusting it: the central directory's entry count and declared
// sizes are checked before anything is inflated (fflate's filter sees each entry first), so a zip
// bomb is refused at once rather than after inflating it. An entry whose compressed size could not
// come from its declared size (deflate never grows data by more than a few bytes per block) is a
// lie about its size, and one more compressed than Superset's ZIP_FILE_MAX_COMPRESS_RATIO allows is
// refused too; fflate writes no more than the declared size of each entry.
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { badRequest, SupersetError } from '../../shared/errors';

export const ZIP_LIMITS = {
  /** Superset's ZIPPED_FILE_MAX_SIZE. */
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxEntries: 5000,
  /** Superset's ZIP_FILE_MAX_COMPRESS_RATIO. */
  maxCompressRatio: 200,
} as const;

const refused = (message: string) => badRequest(message, { formData: [message] });

/** The refusal for one entry, or null when it may be inflated. */
function entryProblem(file: UnzipFileInfo): string | null {
  const declared = file.originalSize;
  if (file.compression === 0) return file.size === declared ? null : `The size declared for ${file.name} does not match its data`;
  // Deflate's worst case: 5 bytes of stored-block header per 64 KiB, plus a little slack.
  if (file.size > declared + Math.ceil(declared / 65535) * 5 + 64) return `The size declared for ${file.name} does not match its data`;
  if (declared > 0 && declared / Math.max(file.size, 1) > ZIP_LIMITS.maxCompressRatio) return 'Zip compress ratio above allowed threshold';
  return null;
}

/** The zip's entries by name; 400 for a zip that is not one, or that passes the limits above. */
export function unzipBundle(zip: Uint8Array): Record<string, Uint8Array> {
  let count = 0;
  let total = 0;
  try {
    return unzipSync(zip, {
      filter(file) {
        count += 1;
        if (count > ZIP_LIMITS.maxEntries) throw refused(`The bundle has more than ${ZIP_LIMITS.maxEntries} files`);
        total += file.originalSize;
        if (total > ZIP_LIMITS.maxUncompressedBytes) throw refused('Found file with size above allowed threshold');
        const problem = entryProblem(file);
        if (problem) throw refused(problem);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof SupersetError) throw error;
    throw refused('Not a ZIP file');
  }
}
