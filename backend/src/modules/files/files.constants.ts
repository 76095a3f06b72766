/** Spec: avatars of agents and ecosystems. 2 MiB is plenty for an avatar image. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** The longest file name kept (UTF-8 characters). */
export const FILE_NAME_MAX = 255;

/** How long a signed content URL stays valid. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;
