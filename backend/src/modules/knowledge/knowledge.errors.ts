import { DomainError } from '../../common/errors/domain-error';

export class KnowledgeDocumentNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Documento no encontrado');
  }
}

export class KnowledgeMissingFileError extends DomainError {
  readonly status = 400;
  constructor() {
    super('Adjunta un documento en el campo «file» de un formulario multipart/form-data, o envía el fileId de un archivo que hayas subido.');
  }
}

export class KnowledgeInvalidUploadError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El formulario de subida no es válido: envía un solo documento en el campo «file».');
  }
}

export class KnowledgeEmptyFileError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El documento está vacío.');
  }
}

export class KnowledgeFileTooLargeError extends DomainError {
  readonly status = 413;
  readonly code = 'KnowledgeFileTooLarge';
  constructor(maxBytes: number) {
    super(`El documento no puede superar los ${formatMegabytes(maxBytes)} MB.`);
  }
}

export class KnowledgeUnsupportedTypeError extends DomainError {
  readonly status = 415;
  readonly code = 'KnowledgeUnsupportedType';
  constructor() {
    super('El documento debe ser un PDF, DOCX, TXT, Markdown, HTML o CSV.');
  }
}

export class KnowledgeDocumentLimitError extends DomainError {
  readonly status = 409;
  readonly code = 'KnowledgeDocumentLimit';
  constructor(max: number) {
    super(`Un agente puede tener como mucho ${max} documentos. Borra alguno para añadir otro.`);
  }
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? String(megabytes) : megabytes.toFixed(1).replace('.', ',');
}
