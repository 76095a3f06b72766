import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { MessageAttachment } from '../conversations/entities/message.entity';
import { FilesService, type OwnedFile } from '../files/files.service';
import { isAllowedImageType } from '../files/image-sniffing';
import { DocumentParseError, parseAndChunkInWorker } from '../knowledge/parsing';
import type { AnswerKnowledge } from '../knowledge/knowledge-sources';
import { type AttachedDocument, attachmentPassages, attachmentSources, PassageIndex } from './attachment-search';
import { AttachmentNotDocumentError, AttachmentUnreadableError, TooManyAttachmentsError } from './attachments.errors';
import { AttachmentText } from './entities/attachment-text.entity';
import { ConversationAttachment } from './entities/conversation-attachment.entity';

/** How many files one conversation may have attached (as invoke's fileIds). */
export const MAX_CONVERSATION_ATTACHMENTS = 10;
/** Parsed files kept searchable in memory (their passages' characters together). */
const CACHE_MAX_CHARS = 40_000_000;

type ParsedFile = Omit<AttachedDocument, 'name'>;

/** What a call's files give it: their passages for the input, and the images (which are not read). */
export interface CallAttachments {
  knowledge: AnswerKnowledge | null;
  images: OwnedFile[];
}

/**
 * Files a user attaches to a conversation or a call (issue 32, item 3). Each document is parsed
 * once (off the event loop, by the knowledge module's parser) and its passages kept in
 * `attachment_texts`; a conversation's turns and a call search them for the question. They are
 * the user's: never an agent's knowledge, never in its search, never shown to its creator.
 */
@Injectable()
export class AttachmentsService {
  private readonly logger = new Logger('Attachments');
  /** Parsed files by id, least recently used first. */
  private readonly cache = new Map<string, ParsedFile>();
  private cachedChars = 0;
  /** Parses under way, so that two turns attaching one file parse it once. */
  private readonly parsing = new Map<string, Promise<ParsedFile>>();

  constructor(
    @InjectRepository(ConversationAttachment) private readonly attachments: Repository<ConversationAttachment>,
    @InjectRepository(AttachmentText) private readonly texts: Repository<AttachmentText>,
    private readonly files: FilesService,
  ) {}

  /**
   * Attaches the caller's files to their conversation (the caller checked it is theirs): each must
   * be a document of theirs (404 'Archivo no encontrado.' otherwise, 415 for an image) that can be
   * read (422 with the parser's reason otherwise). Attaching one again changes nothing.
   */
  async attach(identity: VerifiedIdentity, conversationId: string, fileIds: readonly string[]): Promise<MessageAttachment[]> {
    if (fileIds.length === 0) return [];
    const files = await this.files.ownedFiles(identity, fileIds);
    const sent = files.map((file) => ({ fileId: file.id, name: displayName(file) }));
    const already = new Set((await this.attachments.find({ select: { fileId: true }, where: { conversationId } })).map((row) => row.fileId));
    const added = files.filter((file) => !already.has(file.id));
    if (already.size + added.length > MAX_CONVERSATION_ATTACHMENTS) throw new TooManyAttachmentsError(MAX_CONVERSATION_ATTACHMENTS);
    for (const file of added) if (isAllowedImageType(file.contentType)) throw new AttachmentNotDocumentError(displayName(file));
    await Promise.all(added.map((file) => this.parsed(file)));
    if (added.length === 0) return sent;
    await this.attachments
      .createQueryBuilder()
      .insert()
      .values(added.map((file) => ({ conversationId, fileId: file.id })))
      .orIgnore()
      .execute();
    return sent;
  }

  /** The passages of the conversation's attachments for a question, or null when it has none. */
  async forConversation(conversationId: string, question: string): Promise<AnswerKnowledge | null> {
    const rows = await this.attachments.find({ select: { fileId: true }, where: { conversationId }, order: { createdAt: 'ASC', fileId: 'ASC' } });
    if (rows.length === 0) return null;
    const files = await this.files.describe(rows.map((row) => row.fileId));
    // Each was read when it was attached; one that cannot be read again (its bytes gone) is left
    // out of the turn rather than failing every turn of the conversation.
    const documents = (
      await Promise.all(
        files.map(async (file) => {
          try {
            return [{ ...(await this.parsed(file)), name: displayName(file) }];
          } catch (error) {
            this.logger.error(`No se pudo leer el adjunto ${file.id} de la conversación ${conversationId}: ${error instanceof Error ? error.message : String(error)}`);
            return [];
          }
        }),
      )
    ).flat();
    return answerOf(attachmentPassages(documents, question), question);
  }

  /**
   * A published agent's call (invoke's fileIds): the key owner's files, for that call only. Its
   * documents are searched for the input; its images are handed back (the call links them).
   */
  async forCall(owner: VerifiedIdentity, fileIds: readonly string[], input: string): Promise<CallAttachments> {
    if (fileIds.length === 0) return { knowledge: null, images: [] };
    const files = await this.files.ownedFiles(owner, fileIds);
    const images = files.filter((file) => isAllowedImageType(file.contentType));
    const documents = await Promise.all(
      files.filter((file) => !isAllowedImageType(file.contentType)).map(async (file) => ({ ...(await this.parsed(file)), name: displayName(file) })),
    );
    return { knowledge: documents.length > 0 ? answerOf(attachmentPassages(documents, input), input) : null, images };
  }

  /** The file's passages, searchable: from memory, else from `attachment_texts`, else parsed now and kept. */
  private async parsed(file: OwnedFile): Promise<ParsedFile> {
    const cached = this.cache.get(file.id);
    if (cached) {
      // Most recently used last.
      this.cache.delete(file.id);
      this.cache.set(file.id, cached);
      return cached;
    }
    let pending = this.parsing.get(file.id);
    if (!pending) {
      pending = this.load(file).finally(() => this.parsing.delete(file.id));
      this.parsing.set(file.id, pending);
    }
    return pending;
  }

  private async load(file: OwnedFile): Promise<ParsedFile> {
    let text = await this.texts.findOneBy({ fileId: file.id });
    if (!text) {
      const bytes = await this.files.bytesOf(file.id);
      let chunked;
      try {
        chunked = await parseAndChunkInWorker(bytes);
      } catch (error) {
        if (error instanceof DocumentParseError) throw new AttachmentUnreadableError(displayName(file), error.reason);
        throw error;
      }
      const passages = chunked.passages.map(({ page, heading, text: passageText }) => ({ page, heading, text: passageText }));
      text = this.texts.create({
        fileId: file.id,
        mimeType: chunked.mimeType,
        pages: chunked.pages,
        chars: passages.reduce((sum, passage) => sum + passage.text.length, 0),
        passages,
      });
      // Another instance may have stored it meanwhile: the same passages, so either row does.
      await this.texts.createQueryBuilder().insert().values(text).orIgnore().execute();
      this.logger.log(`Adjunto ${file.id} leído: ${passages.length} fragmentos`);
    }
    const parsed: ParsedFile = { fileId: file.id, chars: text.chars, passages: text.passages, index: new PassageIndex(text.passages) };
    this.remember(parsed);
    return parsed;
  }

  private remember(parsed: ParsedFile): void {
    this.cache.set(parsed.fileId, parsed);
    this.cachedChars += parsed.chars;
    for (const [id, entry] of this.cache) {
      if (this.cachedChars <= CACHE_MAX_CHARS || id === parsed.fileId) break;
      this.cache.delete(id);
      this.cachedChars -= entry.chars;
    }
  }
}

function answerOf(passages: AnswerKnowledge['passages'], question: string): AnswerKnowledge | null {
  return passages.length > 0 ? { passages, sources: attachmentSources(passages, question) } : null;
}

/** A file as the user knows it: its name, or a neutral word for files uploaded before names were kept. */
function displayName(file: Pick<OwnedFile, 'name'>): string {
  return file.name ?? 'archivo adjunto';
}
