import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../common/auth/auth.decorators';
import { ArticleDto, ArticleListDto, ArticlesQueryDto } from './articles.dto';
import { ArticlesService } from './articles.service';
import { ErrorBodyDto } from '../../../common/errors/error-body.dto';

@ApiTags('support')
@Public()
@Controller('support/articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get()
  @ApiOkResponse({ type: ArticleListDto })
  list(@Query() query: ArticlesQueryDto): ArticleListDto {
    return this.articles.list(query.q, query.category);
  }

  @Get(':slug')
  @ApiOkResponse({ type: ArticleDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Artículo no encontrado' })
  get(@Param('slug') slug: string): ArticleDto {
    return this.articles.get(slug);
  }
}
