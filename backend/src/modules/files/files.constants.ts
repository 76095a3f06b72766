/** Spec: avatars of agents and ecosystems. 2 MiB is plenty for an avatar image. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Room for the multipart boundary, part headers and a few small fields around the file. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_FILE_BYTES + 64 * 1024;

/** How long a signed content URL stays valid. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export const UPLOAD_FIELD = 'file';
