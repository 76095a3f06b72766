import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigValidationError, loadConfig } from '../config/app-config';
import { IdentityAdminService } from '../modules/identity/identity-admin.service';

const USAGE = 'Uso: npm run admin -- grant <correo>   |   npm run admin -- revoke <correo>';

/** `npm run admin -- grant <email>`: makes an existing user of the embedded identity an admin. */
async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.identity.provider !== 'embedded') {
    console.error('Con Amazon Cognito el rol se asigna en Cognito: atributo custom:role = admin.');
    return 2;
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error'] });
  try {
    const role = command === 'grant' ? 'admin' : 'user';
    const changed = await app.get(IdentityAdminService).setRoleByEmail(email, role);
    if (!changed) {
      console.error(`No existe ningún usuario con el correo ${email}.`);
      return 1;
    }
    console.log(`${email} ahora tiene el rol ${role}. Tendrá efecto en su próximo inicio de sesión o renovación de sesión.`);
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigValidationError ? error.message : error);
    process.exit(1);
  },
);
