import { ApiProperty } from '@nestjs/swagger';
import { AgentDto } from '../../agents/dto/agent.dto';
import { EcosystemDto } from '../../ecosystems/dto/ecosystem.dto';

export class CreatorDto {
  @ApiProperty({ description: 'Su nombre público (nunca su correo)' }) username: string;
  @ApiProperty({ description: 'El nombre que muestra (su nombre público)' }) name: string;
  @ApiProperty({ type: String, nullable: true, description: 'Su avatar; null: la inicial de su nombre' }) avatar: string | null;
  @ApiProperty({ description: 'Desde cuándo tiene cuenta' }) memberSince: string;
  @ApiProperty({ description: 'La media de todas las valoraciones visibles de sus agentes públicos, con un decimal (0 si no tienen)' }) rating: number;
  @ApiProperty({ description: 'Cuántas valoraciones visibles tienen sus agentes públicos' }) ratingCount: number;
  @ApiProperty({ type: [AgentDto], description: 'Sus agentes públicos, los más populares primero' }) agents: AgentDto[];
  @ApiProperty({ type: [EcosystemDto], description: 'Sus ecosistemas públicos, los más populares primero' }) ecosystems: EcosystemDto[];
}
