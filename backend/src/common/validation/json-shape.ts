import type { IncomingMessage } from 'node:http';

/** Deeper than any body the API takes (a DTO nests two or three levels; the identity protocol, three). */
export const MAX_JSON_DEPTH = 32;
/** More values than any body the API takes (the longest lists hold 50 items), far fewer than 1 MB can carry. */
export const MAX_JSON_VALUES = 2000;

/** A body the JSON parser must not even parse, with the body-parser error type the filter answers in Spanish. */
export class JsonShapeError extends Error {
  readonly status: number;
  constructor(readonly type: 'entity.too.deep' | 'entity.too.wide' | 'entity.malformed.text' | 'charset.unsupported') {
    super(type);
    this.status = type === 'charset.unsupported' ? 415 : 400;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const LETTER_U = 0x75;

/**
 * The body parser's `verify` hook: one pass over the raw bytes before JSON.parse, so that a body
 * nested thousands of levels deep (which overflows the stack of the recursive transform and
 * validation that follow) or holding hundreds of thousands of values or keys (which stall the
 * event loop in JSON.parse and class-transformer for seconds) is refused in about a millisecond.
 * Also refuses lone UTF-16 surrogates and NUL written as \u escapes: the first are not text,
 * PostgreSQL stores neither, and both would otherwise end in a driver error.
 */
export function verifyJsonShape(_request: IncomingMessage, _response: unknown, body: Buffer, encoding: string): void {
  // The scan reads UTF-8 bytes; JSON in UTF-16 or UTF-32 is allowed by body-parser but sent by no client.
  if (encoding.toLowerCase() !== 'utf-8') throw new JsonShapeError('charset.unsupported');
  const error = jsonShapeError(body);
  if (error) throw new JsonShapeError(error);
}

function jsonShapeError(body: Buffer): JsonShapeError['type'] | undefined {
  let depth = 0;
  let values = 1;
  let inString = false;
  // The previous \u escape was a high surrogate: the next code unit must be a \u low surrogate.
  let awaitingLowSurrogate = false;
  for (let index = 0; index < body.length; index++) {
    const byte = body[index];
    if (inString) {
      if (byte === BACKSLASH) {
        const escaped = body[index + 1];
        if (escaped === LETTER_U) {
          const unit = Number.parseInt(body.toString('latin1', index + 2, index + 6), 16);
          const isHigh = unit >= 0xd800 && unit <= 0xdbff;
          const isLow = unit >= 0xdc00 && unit <= 0xdfff;
          if (awaitingLowSurrogate !== isLow || unit === 0) return 'entity.malformed.text';
          awaitingLowSurrogate = isHigh;
          index += 5;
        } else {
          if (awaitingLowSurrogate) return 'entity.malformed.text';
          index += 1;
        }
        continue;
      }
      if (awaitingLowSurrogate) return 'entity.malformed.text';
      if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > MAX_JSON_DEPTH) return 'entity.too.deep';
      if (++values > MAX_JSON_VALUES) return 'entity.too.wide';
    } else if (byte === COMMA) {
      if (++values > MAX_JSON_VALUES) return 'entity.too.wide';
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    }
  }
  return undefined;
}
