import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ID_PATTERN } from '../../agents/dto/agent.dto';

/**
 * The card fields a client may send with a team entry. They are accepted for compatibility with
 * the contract, but the stored card always comes from the agent or ecosystem itself.
 */
class CardFieldsDto {
  @ApiPropertyOptional({ description: 'Se ignora: se usa el nombre real' })
  @IsOptional()
  @IsString({ message: 'name debe ser un texto' })
  @MaxLength(200, { message: 'name no puede superar los 200 caracteres' })
  name?: string;

  @ApiPropertyOptional({ description: 'Se ignora: se usa la categoría real' })
  @IsOptional()
  @IsString({ message: 'category debe ser un texto' })
  @MaxLength(200, { message: 'category no puede superar los 200 caracteres' })
  category?: string;

  @ApiPropertyOptional({ description: 'Se ignora: se usa la descripción real' })
  @IsOptional()
  @IsString({ message: 'description debe ser un texto' })
  @MaxLength(5000, { message: 'description no puede superar los 5000 caracteres' })
  description?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Se ignora: se usa la imagen real' })
  @IsOptional()
  @IsString({ message: 'avatar debe ser un texto' })
  @MaxLength(4096, { message: 'avatar no puede superar los 4096 caracteres' })
  avatar?: string | null;
}

/** Body of POST /user-agents/{userId} and one item of PUT /user-agents/{userId}/sync. */
export class TeamAgentDto extends CardFieldsDto {
  @ApiProperty()
  @IsString({ message: 'agentId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'agentId no es un id de agente válido' })
  agentId: string;
}

/** Body of POST /user-ecosystems/{userId}. */
export class TeamEcosystemDto extends CardFieldsDto {
  @ApiProperty()
  @IsString({ message: 'ecosystemId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'ecosystemId no es un id de ecosistema válido' })
  ecosystemId: string;
}

export class UserAgentDto {
  @ApiProperty() agentId: string;
  @ApiProperty() name: string;
  @ApiProperty() category: string;
  @ApiProperty() description: string;
  @ApiProperty({ nullable: true, type: String }) avatar: string | null;
  @ApiProperty() addedAt: string;
}

export class UserEcosystemDto {
  @ApiProperty() userId: string;
  @ApiProperty() ecosystemId: string;
  @ApiProperty() name: string;
  @ApiProperty() category: string;
  @ApiProperty() description: string;
  @ApiProperty({ nullable: true, type: String }) avatar: string | null;
  @ApiProperty() addedAt: string;
}

export class TeamRemovalDto {
  @ApiProperty() success: boolean;
  @ApiProperty() id: string;
}
