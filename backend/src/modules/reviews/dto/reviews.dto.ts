import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';
import { PageNumberQueryDto } from '../../../common/validation/page-number-query.dto';

const REVIEW = FORM_LIMITS.review;

/** Texts are stored as typed (plain text, never rendered as HTML or Markdown), trimmed; an empty comment is none. */
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const REVIEW_SORTS = ['recent', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_DEFAULT_LIMIT = 10;
export const REVIEWS_MAX_LIMIT = 50;

export class WriteReviewDto {
  @ApiProperty({ minimum: REVIEW.rating.min, maximum: REVIEW.rating.max, description: 'Estrellas, de 1 a 5' })
  @IsInt({ message: 'rating debe ser un número entero de 1 a 5' })
  @Min(REVIEW.rating.min, { message: 'rating debe ser un número entero de 1 a 5' })
  @Max(REVIEW.rating.max, { message: 'rating debe ser un número entero de 1 a 5' })
  rating: number;

  @ApiPropertyOptional({ maxLength: REVIEW.comment.max, description: 'Texto plano (no se interpreta HTML ni Markdown)' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'El comentario debe ser un texto.' })
  @MaxLength(REVIEW.comment.max, { message: `El comentario no puede superar los ${REVIEW.comment.max} caracteres.` })
  comment?: string;
}

export class ReviewsQueryDto extends PageNumberQueryDto {
  @ApiPropertyOptional({ default: REVIEWS_DEFAULT_LIMIT, minimum: 1, maximum: REVIEWS_MAX_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit debe ser un número entero' })
  @Min(1, { message: `limit debe estar entre 1 y ${REVIEWS_MAX_LIMIT}` })
  @Max(REVIEWS_MAX_LIMIT, { message: `limit debe estar entre 1 y ${REVIEWS_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({ enum: REVIEW_SORTS, default: 'recent', description: 'recent: las más nuevas primero; rating: las de más estrellas primero' })
  @IsOptional()
  @IsIn(REVIEW_SORTS, { message: 'sort debe ser recent o rating' })
  sort?: ReviewSort;
}

export class ReplyDto {
  @ApiProperty({ maxLength: REVIEW.reply.max, description: 'Texto plano' })
  @Transform(trimmed)
  @IsString({ message: 'La respuesta debe ser un texto.' })
  @Length(REVIEW.reply.min, REVIEW.reply.max, { message: `La respuesta no puede estar vacía ni superar los ${REVIEW.reply.max} caracteres.` })
  text: string;
}

export class ReviewAuthorDto {
  @ApiProperty({ description: 'Nombre público del autor (nunca su correo)' }) username: string;
  @ApiProperty({ description: 'El nombre que se muestra: su nombre público (el de registro no se muestra a otros)' }) name: string;
}

export class ReviewReplyDto {
  @ApiProperty() text: string;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class ReviewDto {
  @ApiProperty() id: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty({ type: String, nullable: true, description: 'Texto plano' }) comment: string | null;
  @ApiProperty({ type: ReviewAuthorDto }) author: ReviewAuthorDto;
  @ApiProperty() createdAt: string;
  @ApiProperty({ description: "Posterior a createdAt si el autor la reescribió ('editada')" }) updatedAt: string;
  @ApiProperty({ type: ReviewReplyDto, nullable: true, description: 'La respuesta pública del creador del agente' }) reply: ReviewReplyDto | null;
}

export class RatingHistogramDto {
  @ApiProperty({ name: '1' }) 1: number;
  @ApiProperty({ name: '2' }) 2: number;
  @ApiProperty({ name: '3' }) 3: number;
  @ApiProperty({ name: '4' }) 4: number;
  @ApiProperty({ name: '5' }) 5: number;
}

export class RatingSummaryDto {
  @ApiProperty({ type: Number, nullable: true, description: 'Media de las valoraciones visibles, con un decimal; null si no hay ninguna' })
  average: number | null;
  @ApiProperty() count: number;
  @ApiProperty({ type: RatingHistogramDto, description: 'Cuántas valoraciones visibles de cada número de estrellas' }) histogram: RatingHistogramDto;
}

export class ReviewPageDto {
  @ApiProperty({ type: [ReviewDto] }) items: ReviewDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
  @ApiProperty({ type: RatingSummaryDto }) summary: RatingSummaryDto;
  @ApiProperty({ type: ReviewDto, nullable: true, description: 'La valoración de quien consulta (con sesión iniciada), si tiene una visible; null si no' })
  mine: ReviewDto | null;
}
