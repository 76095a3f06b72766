import { useMutation } from '@tanstack/react-query';
import { api, type components } from '../../../shared/api';

/** POST /api/files's answer: the file's id (sent as the turn's fileIds) and a signed URL. */
export type UploadedChatFile = components['schemas']['UploadedFileDto'];

/** A document sent with a message: its id goes in the turn's fileIds, its name shows on the message. */
export type SentAttachment = components['schemas']['MessageAttachmentDto'];

/** A document of up to the server's 20 MB may take a while on a slow line. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Uploads a document to attach to the chat (POST /api/files, multipart `file`). The server reads
 * its type from its content and keeps its name; the next message sends its id in `fileIds`.
 */
export function useUploadChatFile() {
  return useMutation({
    mutationFn: async (file: File): Promise<UploadedChatFile> =>
      (
        await api.POST('/api/files', {
          // The contract types the body as the form's field; what goes is the multipart form.
          body: { file: '' },
          bodySerializer: () => {
            const form = new FormData();
            form.append('file', file);
            return form;
          },
          signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
        })
      ).data!,
  });
}
