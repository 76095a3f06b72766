import type { MailMessage } from '../mail/mail-sender';

/**
 * The identity e-mails, in Spanish. The code stands alone on its line and is the only run of six
 * digits in the message, so a person (or a test) finds it at a glance.
 */
export function signUpCodeMail(to: string, productName: string, code: string): MailMessage {
  return {
    to,
    subject: `Tu código de verificación de ${productName}`,
    text: [
      'Hola:',
      '',
      `Para terminar de crear tu cuenta en ${productName}, introduce este código de verificación:`,
      '',
      `    ${code}`,
      '',
      'El código caduca en 24 horas y solo sirve una vez.',
      'Si no has creado ninguna cuenta, ignora este mensaje.',
      '',
      `El equipo de ${productName}`,
    ].join('\n'),
  };
}

export function resetPasswordCodeMail(to: string, productName: string, code: string): MailMessage {
  return {
    to,
    subject: `Restablece tu contraseña de ${productName}`,
    text: [
      'Hola:',
      '',
      `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta en ${productName}. Tu código es:`,
      '',
      `    ${code}`,
      '',
      'El código caduca en una hora y solo sirve una vez.',
      'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
      '',
      `El equipo de ${productName}`,
    ].join('\n'),
  };
}

export function signInCodeMail(to: string, productName: string, code: string): MailMessage {
  return {
    to,
    subject: `Tu código de inicio de sesión de ${productName}`,
    text: [
      'Hola:',
      '',
      `Para terminar de iniciar sesión en ${productName}, introduce este código:`,
      '',
      `    ${code}`,
      '',
      'El código caduca en tres minutos y solo sirve una vez.',
      'Si no estás iniciando sesión, cambia tu contraseña: alguien la conoce.',
      '',
      `El equipo de ${productName}`,
    ].join('\n'),
  };
}
