import { DocumentParseError } from './parsing.types';

/** The formats a builder may upload, as the 'Formato no admitido' message lists them. */
export const ACCEPTED_FORMATS = 'PDF, DOCX, TXT, Markdown, HTML y CSV';

export function unsupported(what: string): DocumentParseError {
  return new DocumentParseError(`Formato no admitido: ${what}. Se aceptan ${ACCEPTED_FORMATS}.`);
}

export const emptyDocument = (): DocumentParseError => new DocumentParseError('El documento está vacío: no tiene texto que leer.');
