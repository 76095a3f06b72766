import type { MixedList } from 'typeorm';
import { CreateUserProfiles1795300000000 } from './1795300000000-create-user-profiles';
import { CreateAgents1795310000000 } from './1795310000000-create-agents';
import { CreateEcosystems1795310000001 } from './1795310000001-create-ecosystems';
import { CreateTeams1795310000002 } from './1795310000002-create-teams';
import { CreateIdentityTables1795312894105 } from './1795312894105-create-identity-tables';

/**
 * Every migration, in order. Written with TypeORM's Table API (not raw SQL) so that each one runs
 * unchanged on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const migrations: MixedList<Function> = [CreateUserProfiles1795300000000, CreateAgents1795310000000, CreateEcosystems1795310000001, CreateTeams1795310000002, CreateIdentityTables1795312894105];
