/** The spec's publication error texts (section 8): the panel's error field holds the last one (pending clears it). */
export const PUBLICATION_ERRORS = {
  fetchPublications: 'Failed to fetch agent publications',
  createPublication: 'Failed to create API publication',
  deletePublication: 'Failed to delete API publication',
  fetchKeys: 'Failed to fetch API keys',
  createKey: 'Failed to create API key',
  deleteKey: 'Failed to delete API key',
} as const;

export type PublicationErrorKind = keyof typeof PUBLICATION_ERRORS;
export type PublicationErrorText = (typeof PUBLICATION_ERRORS)[PublicationErrorKind];

export function publicationErrorKind(text: string | null): PublicationErrorKind | null {
  if (!text) return null;
  const entry = (Object.entries(PUBLICATION_ERRORS) as [PublicationErrorKind, string][]).find(([, value]) => value === text);
  return entry ? entry[0] : null;
}
