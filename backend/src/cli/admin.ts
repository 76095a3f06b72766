import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { type AppConfig, ConfigValidationError, loadConfig } from '../config/app-config';
import { AuditLog } from '../modules/audit/audit-log.service';
import { LastAdminError } from '../modules/identity/admin/identity-admin.errors';
import { IdentityAdminService } from '../modules/identity/identity-admin.service';

const CLI_AUDIT_ACTIONS = { grant: 'user.role.grant', revoke: 'user.role.revoke', disable: 'user.disable', enable: 'user.enable' } as const;

const USAGE = 'Uso: npm run admin -- grant|revoke|disable|enable <correo>';

const COMMANDS = {
  grant: { apply: (admin: IdentityAdminService, email: string) => admin.setRoleByEmail(email, 'admin'), done: 'ahora es administrador' },
  revoke: { apply: (admin: IdentityAdminService, email: string) => admin.setRoleByEmail(email, 'user'), done: 'ya no es administrador' },
  disable: { apply: (admin: IdentityAdminService, email: string) => admin.setEnabledByEmail(email, false), done: 'queda desactivado' },
  enable: { apply: (admin: IdentityAdminService, email: string) => admin.setEnabledByEmail(email, true), done: 'vuelve a estar activo' },
};

/**
 * `npm run admin -- grant|revoke|disable|enable <email>`: an operator changes a user of the
 * embedded identity. Every change ends the user's sessions: a running backend refuses their
 * tokens from the next call (an admin's at once, anyone else's within SESSION_RECHECK_MS).
 */
export async function runAdminCommand(args: string[], config: AppConfig): Promise<number> {
  const [command, email] = args;
  if (!Object.hasOwn(COMMANDS, command ?? '') || !email) {
    console.error(USAGE);
    return 2;
  }
  if (config.identity.provider !== 'embedded') {
    console.error('Con Amazon Cognito los usuarios se gestionan en Cognito (rol: atributo custom:role = admin).');
    return 2;
  }
  const { apply, done } = COMMANDS[command as keyof typeof COMMANDS];
  // abortOnError false: a start-up failure is thrown to the caller (and printed), not a process.exit from inside Nest.
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error'], abortOnError: false });
  try {
    const accounts = app.get(IdentityAdminService);
    const before = await accounts.findByEmail(email);
    try {
      if (!before || !(await apply(accounts, email))) {
        console.error(`No existe ningún usuario con el correo ${email}.`);
        return 1;
      }
    } catch (error) {
      if (!(error instanceof LastAdminError)) throw error;
      console.error(`${error.message} Nombra antes a otro: npm run admin -- grant <correo>.`);
      return 1;
    }
    const after = (await accounts.findBySub(before.sub)) ?? before;
    // Role and account changes are audited whoever makes them (GET /api-admin/audit), as the admin screen's are.
    await app.get(AuditLog).record({
      actorSub: 'cli',
      action: CLI_AUDIT_ACTIONS[command as keyof typeof COMMANDS],
      target: `user:${before.sub}`,
      before: { email: before.email, role: before.role, enabled: before.enabled },
      after: { email: after.email, role: after.role, enabled: after.enabled },
    });
    console.log(`${email} ${done}. Sus sesiones se han cerrado: volverá a iniciar sesión.`);
    return 0;
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runAdminCommand(process.argv.slice(2), loadConfig()))
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error(error instanceof ConfigValidationError ? error.message : error);
        process.exit(1);
      },
    );
}
