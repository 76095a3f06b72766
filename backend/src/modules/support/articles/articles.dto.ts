import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ArticlesQueryDto {
  @ApiPropertyOptional({ description: 'Texto a buscar (sin distinguir acentos, mayúsculas ni plurales)', example: 'suscripcion' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'q debe ser un texto' })
  @MaxLength(200, { message: 'q no puede tener más de 200 caracteres' })
  q?: string;

  @ApiPropertyOptional({ description: 'Id (o nombre) de la categoría', example: 'agentes' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'category debe ser un texto' })
  @MaxLength(80, { message: 'category no puede tener más de 80 caracteres' })
  category?: string;
}

export class SupportCategoryDto {
  @ApiProperty({ example: 'agentes' }) id: string;
  @ApiProperty({ example: 'Agentes' }) name: string;
  @ApiProperty({ description: 'Artículos de la categoría que encajan con la búsqueda', example: 3 }) count: number;
}

export class ArticleSummaryDto {
  @ApiProperty({ example: 'crear-un-agente' }) slug: string;
  @ApiProperty({ example: 'Cómo crear un agente' }) title: string;
  @ApiProperty({ example: 'Agentes' }) category: string;
  @ApiProperty() summary: string;
}

export class ArticleListDto {
  @ApiProperty({ type: [SupportCategoryDto] }) categories: SupportCategoryDto[];
  @ApiProperty({ type: [ArticleSummaryDto], description: 'Por relevancia cuando hay búsqueda; si no, en orden de lectura' })
  articles: ArticleSummaryDto[];
}

export class ArticleDto extends ArticleSummaryDto {
  @ApiProperty({ description: 'Contenido en Markdown' }) body: string;
}
