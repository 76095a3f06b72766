import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AGENT_CATEGORIES } from '../agent-categories';

export const AGENT_SORTS = ['popularity', 'rating', 'price-low', 'price-high'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];
export const ECOSYSTEM_SORTS = ['popularity', 'price-low', 'price-high'] as const;
export type EcosystemSort = (typeof ECOSYSTEM_SORTS)[number];

export const DEFAULT_MIN_PRICE = 0;
export const DEFAULT_MAX_PRICE = 1000;
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 24;
export const MAX_LIMIT = 100;
/** Far past the last page of any marketplace, and small enough that the row offset stays a valid SQL integer. */
export const MAX_PAGE = 1_000_000;

/** Spec section 5: a category that is not a string (or is 'all') means every category. */
export function normaliseCategory(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const category = value.trim();
  return category === '' || category.toLowerCase() === 'all' ? undefined : category;
}

/** Spec section 5: the search text is trimmed; an empty search matches everything. */
export function normaliseSearch(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const search = value.trim();
  return search === '' ? undefined : search;
}

/** Spec section 5: an unknown sort falls back to popularity; ecosystems have no rating sort. */
export function normaliseSort(value: unknown, allowed: readonly string[] = AGENT_SORTS): AgentSort {
  return typeof value === 'string' && allowed.includes(value) ? (value as AgentSort) : 'popularity';
}

/** A LIKE pattern that matches `text` literally anywhere, with `\` as the escape character. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Query strings and form fields carry booleans as text; JSON carries them as booleans. */
export const booleanOrText = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

/** The marketplace's filters (spec section 3 "Marketplace filters") as query parameters. */
export class MarketplaceQueryDto {
  @ApiPropertyOptional({ description: "Categoría; 'all' o ausente = todas", default: 'all' })
  @IsOptional()
  @Transform(({ value }) => normaliseCategory(value))
  category?: string;

  @ApiPropertyOptional({ description: 'Texto buscado en el nombre y la descripción (sin distinguir mayúsculas)' })
  @IsOptional()
  @Transform(({ value }) => normaliseSearch(value))
  @IsString({ message: 'search debe ser un texto' })
  @MaxLength(200, { message: 'search no puede superar los 200 caracteres' })
  search?: string;

  @ApiPropertyOptional({ default: DEFAULT_MIN_PRICE, minimum: 0 })
  @IsOptional()
  @Transform(toNumber)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'minPrice debe ser un número' })
  @Min(0, { message: 'minPrice debe ser mayor o igual que 0' })
  minPrice?: number;

  @ApiPropertyOptional({ default: DEFAULT_MAX_PRICE, minimum: 0 })
  @IsOptional()
  @Transform(toNumber)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'maxPrice debe ser un número' })
  @Min(0, { message: 'maxPrice debe ser mayor o igual que 0' })
  maxPrice?: number;

  @ApiPropertyOptional({ enum: AGENT_SORTS, default: 'popularity', description: 'Un valor desconocido ordena por popularidad' })
  @IsOptional()
  @Transform(({ value }) => normaliseSort(value))
  sortBy?: AgentSort;

  @ApiPropertyOptional({ default: DEFAULT_PAGE, minimum: 1, maximum: MAX_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(1, { message: 'page debe ser mayor o igual que 1' })
  @Max(MAX_PAGE, { message: `page no puede superar ${MAX_PAGE}` })
  page?: number;

  @ApiPropertyOptional({ default: DEFAULT_LIMIT, minimum: 1, maximum: MAX_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit debe ser un número entero' })
  @Min(1, { message: `limit debe estar entre 1 y ${MAX_LIMIT}` })
  @Max(MAX_LIMIT, { message: `limit debe estar entre 1 y ${MAX_LIMIT}` })
  limit?: number;
}

/** The filters after the spec's defaults are applied. */
export interface MarketplaceFilters {
  category?: string;
  search?: string;
  minPrice: number;
  maxPrice: number;
  sortBy: AgentSort;
  page: number;
  limit: number;
}

export function marketplaceFilters(query: MarketplaceQueryDto, sorts: readonly string[] = AGENT_SORTS): MarketplaceFilters {
  return {
    category: normaliseCategory(query.category),
    search: normaliseSearch(query.search),
    minPrice: query.minPrice ?? DEFAULT_MIN_PRICE,
    maxPrice: query.maxPrice ?? DEFAULT_MAX_PRICE,
    sortBy: normaliseSort(query.sortBy, sorts),
    page: query.page ?? DEFAULT_PAGE,
    limit: query.limit ?? DEFAULT_LIMIT,
  };
}

export interface Page<T> {
  items: T[];
  /** Agents' listings count up to 1,000: beyond that, total is 1000 and totalIsExact false ('más de 1.000'). */
  total: number;
  totalIsExact?: boolean;
  page: number;
  limit: number;
}

/** GET /agents and GET /ecosystems: the marketplace filters plus `public=true`. */
export class ListingQueryDto extends MarketplaceQueryDto {
  @ApiPropertyOptional({ description: 'true = solo los públicos' })
  @IsOptional()
  @Transform(booleanOrText)
  @IsBoolean({ message: 'public debe ser true o false' })
  public?: boolean;
}

/** An agents listing's category: one of the closed list (its Spanish name is accepted too). */
export const AGENT_CATEGORY_QUERY = {
  enum: ['all', ...AGENT_CATEGORIES],
  default: 'all',
  description: "Categoría del agente; también su nombre en español (Finanzas, Tecnología…). 'all' o ausente = todas",
};

/** A showcase's agents say what they do: a description of at least this many characters. */
export const SHOWCASE_DESCRIPTION_MIN_LENGTH = 40;

/** GET /marketplace/agents: the marketplace filters, on agents' categories, plus the showcase's filter. */
export class AgentMarketplaceQueryDto extends MarketplaceQueryDto {
  @ApiPropertyOptional(AGENT_CATEGORY_QUERY)
  category?: string;

  @ApiPropertyOptional({
    description: `true = solo agentes con una descripción de al menos ${SHOWCASE_DESCRIPTION_MIN_LENGTH} caracteres (la portada)`,
    default: false,
  })
  @IsOptional()
  @Transform(booleanOrText)
  @IsBoolean({ message: 'described debe ser true o false' })
  described?: boolean;
}
