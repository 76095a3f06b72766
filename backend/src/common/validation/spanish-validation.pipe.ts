import { ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/**
 * The global ValidationPipe, with class-validator's one hard-coded English text (an unknown
 * property under forbidNonWhitelisted) said in Spanish like every other message.
 */
export class SpanishValidationPipe extends ValidationPipe {
  protected flattenValidationErrors(validationErrors: ValidationError[]): string[] {
    return super.flattenValidationErrors(validationErrors.map(translate));
  }
}

function translate(error: ValidationError): ValidationError {
  const constraints = error.constraints?.whitelistValidation
    ? { ...error.constraints, whitelistValidation: `la propiedad ${error.property} no está permitida` }
    : error.constraints;
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as ValidationError, error, {
    constraints,
    children: error.children?.map(translate),
  });
}
