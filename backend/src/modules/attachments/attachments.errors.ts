import { DomainError } from '../../common/errors/domain-error';

/** An attached file that cannot be read as a document: the parser's own reason, with the file's name. */
export class AttachmentUnreadableError extends DomainError {
  readonly status = 422;
  readonly code = 'AttachmentUnreadable';
  constructor(name: string, reason: string) {
    super(`No se ha podido leer «${name}»: ${/[.!?…]$/.test(reason.trim()) ? reason.trim() : `${reason.trim()}.`}`);
  }
}

/** An image attached where only documents are read (a chat's attachments). */
export class AttachmentNotDocumentError extends DomainError {
  readonly status = 415;
  readonly code = 'AttachmentNotDocument';
  constructor(name: string) {
    super(`«${name}» es una imagen: solo se pueden adjuntar documentos PDF, DOCX, TXT, Markdown, HTML o CSV.`);
  }
}

/** More attachments in one conversation than it may search. */
export class TooManyAttachmentsError extends DomainError {
  readonly status = 400;
  readonly code = 'TooManyAttachments';
  constructor(max: number) {
    super(`Una conversación puede tener como mucho ${max} archivos adjuntos.`);
  }
}
