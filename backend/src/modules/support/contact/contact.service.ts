import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { MailSender } from '../../mail/mail-sender';
import {
  CONTACT_RECEIVED_MESSAGE,
  ContactReceivedDto,
  ContactRequestDto,
  type ContactSection,
} from './dto/contact.dto';
import { ContactIpSecret } from './entities/contact-ip-secret.entity';
import { ContactMessage } from './entities/contact-message.entity';

const SECRET_ID = 'contact-ip';

const SECTION_NAMES: Record<ContactSection, string> = {
  general: 'General',
  soporte: 'Soporte',
  ventas: 'Ventas',
  facturacion: 'Facturación',
  privacidad: 'Privacidad',
  prensa: 'Prensa',
};

export interface ContactSender {
  ip: string;
  userSub?: string;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');
  private secret: Promise<Buffer> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    @InjectRepository(ContactIpSecret) private readonly secrets: Repository<ContactIpSecret>,
    private readonly mail: MailSender,
  ) {}

  /**
   * Stores the message, then tells the support team and the sender by e-mail. The message is
   * kept whatever happens to the e-mail: support reads the table too.
   */
  async receive(request: ContactRequestDto, sender: ContactSender): Promise<ContactReceivedDto> {
    if (request.website?.trim()) {
      // A robot filled the hidden field: it gets the usual answer, and nothing happens.
      return { id: randomUUID(), message: CONTACT_RECEIVED_MESSAGE };
    }
    const stored = await this.messages.save(
      this.messages.create({
        id: randomUUID(),
        name: request.name,
        email: request.email,
        section: request.section ?? 'general',
        subject: request.subject,
        message: request.message,
        userSub: sender.userSub ?? null,
        ipHash: await this.hashIp(sender.ip),
      }),
    );
    await Promise.all([this.notifySupport(stored), this.acknowledge(stored)]);
    return { id: stored.id, message: CONTACT_RECEIVED_MESSAGE };
  }

  private async notifySupport(message: ContactMessage): Promise<void> {
    const section = SECTION_NAMES[message.section as ContactSection] ?? message.section;
    await this.send('al equipo de soporte', message.id, {
      to: this.config.supportEmail,
      replyTo: message.email,
      subject: `[Contacto · ${section}] ${message.subject}`,
      text: [
        `Nuevo mensaje del formulario de contacto de ${this.config.productName}.`,
        '',
        `Nombre: ${message.name}`,
        `Correo: ${message.email}`,
        `Sección: ${section}`,
        `Usuario: ${message.userSub ?? 'visitante sin sesión'}`,
        `Referencia: ${message.id}`,
        '',
        `Asunto: ${message.subject}`,
        '',
        message.message,
        '',
        'Responde a este correo para contestar directamente a quien escribió.',
      ].join('\n'),
    });
  }

  /**
   * Deliberately says nothing the sender wrote (not even the subject), so that the form cannot
   * be used to send arbitrary text to someone else's address.
   */
  private async acknowledge(message: ContactMessage): Promise<void> {
    const product = this.config.productName;
    await this.send('de confirmación', message.id, {
      to: message.email,
      subject: `Hemos recibido tu mensaje · ${product}`,
      text: [
        'Hola:',
        '',
        `Gracias por escribir a ${product}. Hemos recibido tu mensaje y te responderemos en un plazo de 48 horas laborables.`,
        '',
        `Referencia: ${message.id}`,
        '',
        'Si no has sido tú quien ha enviado el mensaje, puedes ignorar este correo.',
        '',
        `El equipo de ${product}`,
      ].join('\n'),
    });
  }

  private async send(what: string, id: string, mail: Parameters<MailSender['send']>[0]): Promise<void> {
    try {
      await this.mail.send(mail);
    } catch (error) {
      this.logger.error(
        `No se pudo enviar el correo ${what} del mensaje de contacto ${id}; el mensaje queda guardado: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }

  /** HMAC-SHA256 with a stored random key: the same address gives the same hash, and no table of all IPv4 hashes can undo it. */
  private async hashIp(ip: string): Promise<string> {
    return createHmac('sha256', await this.key()).update(ip).digest('hex');
  }

  private key(): Promise<Buffer> {
    this.secret ??= this.loadOrCreateKey().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  private async loadOrCreateKey(): Promise<Buffer> {
    const existing = await this.secrets.findOneBy({ id: SECRET_ID });
    if (existing) return Buffer.from(existing.secret, 'base64url');
    try {
      await this.secrets.insert({ id: SECRET_ID, secret: randomBytes(32).toString('base64url') });
    } catch {
      // Another instance made it first; theirs is the one to use.
    }
    const created = await this.secrets.findOneByOrFail({ id: SECRET_ID });
    return Buffer.from(created.secret, 'base64url');
  }
}
