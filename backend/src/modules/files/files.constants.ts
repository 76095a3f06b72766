/** Spec: avatars of agents and ecosystems. 2 MiB is plenty for an avatar image. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Room for the multipart boundary, part headers and a few small fields around the file. Documents
 * (attached to a chat or given to an agent's knowledge) may be larger than images: up to
 * KNOWLEDGE_MAX_FILE_MB (config.knowledge.maxFileBytes).
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The longest file name kept (UTF-8 characters). */
export const FILE_NAME_MAX = 255;

/** How long a signed content URL stays valid. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export const UPLOAD_FIELD = 'file';
