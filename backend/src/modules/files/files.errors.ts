import { DomainError } from '../../common/errors/domain-error';
import { MAX_FILE_BYTES } from './files.constants';

const MAX_MIB = MAX_FILE_BYTES / (1024 * 1024);

export class FileTooLargeError extends DomainError {
  readonly status = 413;
  constructor() {
    super(`La imagen no puede superar los ${MAX_MIB} MB.`);
  }
}

export class UnsupportedFileTypeError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El archivo debe ser una imagen PNG, JPEG, WebP o GIF.');
  }
}

export class MissingFileError extends DomainError {
  readonly status = 400;
  constructor() {
    super('Adjunta una imagen en el campo «file» de un formulario multipart/form-data.');
  }
}

export class InvalidUploadError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El formulario de subida no es válido: envía una sola imagen en el campo «file».');
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
