import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../common/auth/auth.decorators';
import { ErrorBodyDto } from '../../../common/errors/error-body.dto';
import { CreatorDto } from '../dto/creator.dto';
import { CreatorsService } from './creators.service';

@ApiTags('reviews')
@Controller('creators')
export class CreatorsController {
  constructor(private readonly creators: CreatorsService) {}

  @Get(':username')
  @Public()
  @ApiOperation({ summary: 'La página pública de un creador, por su nombre público: desde cuándo está, sus agentes y ecosistemas públicos y su valoración' })
  @ApiOkResponse({ type: CreatorDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Ningún usuario tiene ese nombre público' })
  get(@Param('username') username: string): Promise<CreatorDto> {
    return this.creators.get(username);
  }
}
