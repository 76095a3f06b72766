import { type ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage, type ValidationError, type ValidatorOptions } from 'class-validator';

/**
 * The global ValidationPipe, with class-validator's one hard-coded English text (an unknown
 * property under forbidNonWhitelisted) said in Spanish like every other message, and one rule
 * class-validator lacks: `null` is refused wherever the API document does not declare the field
 * `nullable`. (@IsOptional lets null through to services and NOT NULL columns.)
 */
export class SpanishValidationPipe extends ValidationPipe {
  /**
   * Query strings this pipe has already validated, per query DTO class: a listing's query (page,
   * sort, filters) is converted and checked the same way every time, and doing it cost a tenth of
   * a marketplace page's time. Only valid queries whose values are all primitives are kept
   * (refused ones are checked again each time), and each request gets its own copy, so none sees
   * another's changes. Kept per pipe, as the result depends on its options.
   */
  private readonly validQueries = new WeakMap<object, Map<string, object>>();

  /**
   * Unknown top-level properties are refused before class-transformer copies them: copying and
   * reporting a couple of thousand of them (all the JSON shape check lets through) costs a
   * tenth of a second of the event loop, against a millisecond to list them here.
   */
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const unknown = metadata.type === 'body' || metadata.type === 'query' ? unknownProperties(value, metadata.metatype) : [];
    if (unknown.length > 0) throw new BadRequestException(unknown.map((property) => `la propiedad ${property} no está permitida`));
    const queries = metadata.type === 'query' && metadata.data === undefined && metadata.metatype ? this.validQueriesOf(metadata.metatype) : undefined;
    const key = queries ? queryKey(value) : undefined;
    if (!queries || key === undefined) return super.transform(value, metadata);
    const known = queries.get(key);
    if (known) return copyOf(known);
    const validated = await super.transform(value, metadata);
    if (hasOnlyPrimitives(validated)) {
      if (queries.size >= MAX_VALID_QUERIES) queries.delete(queries.keys().next().value!);
      queries.set(key, copyOf(validated));
    }
    return validated;
  }

  private validQueriesOf(metatype: NonNullable<ArgumentMetadata['metatype']>): Map<string, object> | undefined {
    if (declaredBy(metatype).size === 0) return undefined;
    let queries = this.validQueries.get(metatype);
    if (!queries) this.validQueries.set(metatype, (queries = new Map()));
    return queries;
  }

  protected async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    return withNullErrors(object, await super.validate(object, validatorOptions));
  }

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

/**
 * Adds an error for each null the DTO (or a nested DTO, or a list of them) does not allow, unless
 * class-validator already reported that property (an unknown property, say). Nesting is bounded
 * by the JSON shape check, so recursion is safe here.
 */
function withNullErrors(value: object, errors: ValidationError[]): ValidationError[] {
  const merged = [...errors];
  const indexOf = new Map(errors.map((error, index) => [error.property, index]));
  for (const [property, child] of Object.entries(value)) {
    const index = indexOf.get(property);
    const reported = index === undefined ? undefined : merged[index];
    if (child === null) {
      if (!reported && !isNullable(value, property)) {
        merged.push({ property, value: null, constraints: { isNotNull: `${property} no puede ser nulo` }, children: [] });
      }
    } else if (isDto(child) || (Array.isArray(child) && child.some(isDto))) {
      const children = withNullErrors(child as object, reported?.children ?? []);
      if (reported && index !== undefined) merged[index] = { ...reported, children };
      else if (children.length > 0) merged.push({ property, children });
    }
  }
  return merged;
}

/** An instance of a class (a nested DTO class-transformer built), not a free-form object. */
function isDto(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype;
}

/** Where @ApiProperty keeps a property's schema (DECORATORS.API_MODEL_PROPERTIES, which @nestjs/swagger does not export). */
const API_PROPERTY_METADATA = 'swagger/apiModelProperties';

function isNullable(dto: object, property: string): boolean {
  const documented = Reflect.getMetadata(API_PROPERTY_METADATA, dto, property) as { nullable?: boolean } | undefined;
  return documented?.nullable === true;
}

/**
 * The properties each DTO class declares, read once per class: class-validator looks them up by
 * walking every registered class (4% of a marketplace listing's time when read on each request),
 * and the decorators have all run before the first request.
 */
const declaredProperties = new WeakMap<object, ReadonlySet<string>>();

function declaredBy(metatype: NonNullable<ArgumentMetadata['metatype']>): ReadonlySet<string> {
  let declared = declaredProperties.get(metatype);
  if (!declared) {
    declared = new Set(getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false).map((rule) => rule.propertyName));
    declaredProperties.set(metatype, declared);
  }
  return declared;
}

/** The properties of a body or query object that its DTO class does not declare (none for a value without a DTO). */
function unknownProperties(value: unknown, metatype: ArgumentMetadata['metatype']): string[] {
  if (!metatype || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const declared = declaredBy(metatype);
  return declared.size === 0 ? [] : Object.keys(value).filter((property) => !declared.has(property));
}

/** Valid query strings kept per DTO class (see SpanishValidationPipe.validQueries). */
const MAX_VALID_QUERIES = 1_000;
/** Longer query strings are validated each time rather than kept. */
const MAX_QUERY_KEY_LENGTH = 1_024;

function queryKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const key = JSON.stringify(value);
  return key.length <= MAX_QUERY_KEY_LENGTH ? key : undefined;
}

function hasOnlyPrimitives(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.values(value).every((field) => field === null || typeof field !== 'object');
}

/** A copy with the same class: the DTOs kept hold primitives only, so a shallow copy shares nothing. */
function copyOf<T extends object>(dto: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(dto) as object) as T, dto);
}
