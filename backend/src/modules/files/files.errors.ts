import { DomainError } from '../../common/errors/domain-error';
import { MAX_FILE_BYTES } from './files.constants';

const MAX_MIB = MAX_FILE_BYTES / (1024 * 1024);

export class FileTooLargeError extends DomainError {
  readonly status = 413;
  constructor() {
    super(`La imagen no puede superar los ${MAX_MIB} MB.`);
  }
}

/** A document (anything that is not an image) over KNOWLEDGE_MAX_FILE_MB. */
export class DocumentTooLargeError extends DomainError {
  readonly status = 413;
  readonly code = 'FileTooLarge';
  constructor(maxBytes: number) {
    super(`El documento no puede superar los ${formatMegabytes(maxBytes)} MB.`);
  }
}

/** A request that announces more bytes than any file may have: refused before it is read. */
export class UploadTooLargeError extends DomainError {
  readonly status = 413;
  readonly code = 'FileTooLarge';
  constructor(maxDocumentBytes: number) {
    super(`El archivo no puede superar los ${formatMegabytes(maxDocumentBytes)} MB (una imagen, los ${MAX_MIB} MB).`);
  }
}

/** Declared as an image, or an image by its bytes, yet not one we store as such. */
export class UnsupportedFileTypeError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El archivo debe ser una imagen PNG, JPEG, WebP o GIF.');
  }
}

/** Neither an image nor a document we can read, by its content. */
export class UnsupportedDocumentTypeError extends DomainError {
  readonly status = 415;
  readonly code = 'UnsupportedFileType';
  constructor() {
    super('El archivo debe ser una imagen PNG, JPEG, WebP o GIF, o un documento PDF, DOCX, TXT, Markdown, HTML o CSV.');
  }
}

export class EmptyFileError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El archivo está vacío.');
  }
}

export class MissingFileError extends DomainError {
  readonly status = 400;
  constructor() {
    super('Adjunta un archivo (una imagen o un documento) en el campo «file» de un formulario multipart/form-data.');
  }
}

export class InvalidUploadError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El formulario de subida no es válido: envía un solo archivo en el campo «file».');
  }
}

/** Also what a caller sees for another user's file: its existence is not revealed. */
export class FileNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Archivo no encontrado.');
  }
}

export class InvalidFileUrlError extends DomainError {
  readonly status = 403;
  constructor() {
    super('El enlace ha caducado o no es válido.');
  }
}

export class FileUrlMismatchError extends DomainError {
  readonly status = 400;
  constructor() {
    super('La URL no corresponde a ese archivo.');
  }
}

/** An agent or ecosystem avatar that names an uploaded file the caller may not use (or none). */
export class AvatarFileNotAllowedError extends DomainError {
  readonly status = 403;
  constructor() {
    super('El avatar debe ser una imagen que hayas subido tú.');
  }
}

/** An avatar that names an uploaded document (a PDF, a CSV…): only images are shown as avatars. */
export class AvatarNotImageError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El avatar debe ser una imagen PNG, JPEG, WebP o GIF.');
  }
}

/** An avatar that is neither an uploaded file nor an https image of a host AVATAR_URL_HOSTS names. */
export class AvatarUrlNotAllowedError extends DomainError {
  readonly status = 400;
  constructor(allowedHosts: readonly string[]) {
    super(
      allowedHosts.length === 0
        ? 'El avatar debe ser una imagen subida a la plataforma.'
        : `El avatar debe ser una imagen subida a la plataforma o una dirección https de ${allowedHosts.join(', ')}.`,
    );
  }
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? String(megabytes) : megabytes.toFixed(1).replace('.', ',');
}
