import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, IsNull, Repository } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Leases } from '../../database/leases/leases';
import { FilesService } from '../files/files.service';
import { MailSender } from '../mail/mail-sender';
import { DataExportReadModel } from './data-export-read-model';
import { DataExport } from './entities/data-export.entity';
import { type ArchiveEntry, conversationMarkdown, jsonEntry, readme, safeName, zipEntries } from './export-archive';

export const DATA_EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** How long one instance holds an export it prepares; one that stopped leaves it to another after this. */
export const PREPARE_LEASE_MS = 10 * 60 * 1000;
/** Preparations tried before an export is given up as failed. */
const MAX_ATTEMPTS = 3;

/**
 * Prepares one export: reads the user's data, writes the ZIP to the file storage as a file of
 * theirs, marks the export ready with its signed link for 24 hours and announces it by e-mail.
 * Each export is prepared under its own lease, so that only one instance works on it; one left
 * half done by a stopped instance is taken up again once the lease runs out (DataExportJob).
 */
@Injectable()
export class DataExportPreparer {
  private readonly logger = new Logger('DataExport');

  constructor(
    @InjectRepository(DataExport) private readonly exports: Repository<DataExport>,
    private readonly readModel: DataExportReadModel,
    private readonly files: FilesService,
    private readonly mail: MailSender,
    private readonly leases: Leases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Prepares the export when it is still preparing and no other instance holds it; answers whether it did. */
  async prepare(exportId: string, now = new Date()): Promise<boolean> {
    const lease = `data-export:${exportId}`;
    if (!(await this.leases.take(lease, PREPARE_LEASE_MS, { now }))) return false;
    try {
      const row = await this.exports.findOneBy({ id: exportId, status: 'preparing' });
      if (!row) return false;
      row.attempts += 1;
      await this.exports.update({ id: row.id }, { attempts: row.attempts });
      try {
        const fileId = await this.files.storeFor(row.userSub, await this.archive(row.userSub, now), 'application/zip', `mis-datos-${now.toISOString().slice(0, 10)}.zip`);
        const expiresAt = new Date(now.getTime() + DATA_EXPORT_TTL_MS);
        await this.exports.update({ id: row.id }, { status: 'ready', fileId, token: randomBytes(32).toString('hex'), expiresAt });
        await this.announce(row.userEmail, expiresAt);
        return true;
      } catch (error) {
        this.logger.warn(`Exportación ${row.id}, intento ${row.attempts}: ${error instanceof Error ? error.message : String(error)}`);
        if (row.attempts >= MAX_ATTEMPTS) await this.exports.update({ id: row.id }, { status: 'failed' });
        return false;
      }
    } finally {
      await this.leases.release(lease);
    }
  }

  /** Every entry of the user's ZIP. */
  private async archive(sub: string, now: Date): Promise<Buffer> {
    const model = this.readModel;
    const exportFiles = (await this.exports.findBy({ userSub: sub, fileId: Not(IsNull()) })).map((row) => row.fileId as string);
    const [profile, conversations, agents, apiKeys, ecosystems, collaboration, team, payments, written, usage, drafts, files] = await Promise.all([
      model.profile(sub),
      model.conversations(sub),
      model.agents(sub),
      model.apiKeys(sub),
      model.ecosystems(sub),
      model.collaboration(sub),
      model.team(sub),
      model.payments(sub),
      model.written(sub),
      model.usage(sub),
      model.creatorDrafts(sub),
      model.files(sub, exportFiles),
    ]);
    const entries: ArchiveEntry[] = [
      { path: 'LEEME.md', content: readme(now, { conversations: conversations.length, agents: agents.length, files: files.length }) },
      jsonEntry('perfil.json', { id: sub, ...profile }),
    ];
    conversations.forEach((exported, index) => {
      const base = `conversaciones/${String(index + 1).padStart(4, '0')}-${safeName(String(exported.conversation.title), 'conversacion')}`;
      entries.push(jsonEntry(`${base}.json`, { ...exported.conversation, attachments: exported.attachments, messages: exported.messages }), { path: `${base}.md`, content: conversationMarkdown(exported) });
    });
    for (const exported of agents) {
      const folder = `agentes/${safeName(String(exported.agent.name), 'agente')}-${String(exported.agent.id)}`;
      entries.push(jsonEntry(`${folder}/agente.json`, { ...exported.agent, promptVersions: exported.promptVersions, testCases: exported.testCases, testRuns: exported.testRuns, tools: exported.tools, knowledgeDocuments: exported.documents, publications: exported.publications }));
      for (const document of exported.documents) {
        const bytes = await model.documentContent(sub, String(document.id));
        if (bytes) entries.push({ path: `${folder}/conocimiento/${String(document.id).slice(0, 8)}-${safeName(String(document.name), 'documento')}`, content: bytes });
      }
    }
    entries.push(
      jsonEntry('ecosistemas.json', { ecosystems, flows: collaboration.flows, collaborationSessions: collaboration.sessions }),
      jsonEntry('equipo.json', team),
      jsonEntry('suscripciones-y-pagos.json', payments),
      jsonEntry('claves-api.json', apiKeys),
      jsonEntry('valoraciones-y-denuncias.json', written),
      jsonEntry('uso.json', usage),
      jsonEntry('borradores.json', drafts),
      jsonEntry('archivos/archivos.json', files),
    );
    for (const file of files) {
      const bytes = await this.files.bytesOf(String(file.id)).catch(() => null);
      if (bytes) entries.push({ path: `archivos/${String(file.id).slice(0, 8)}-${safeName(String(file.name ?? ''), 'archivo')}`, content: bytes });
    }
    return zipEntries(entries);
  }

  private async announce(to: string, expiresAt: Date): Promise<void> {
    const until = expiresAt.toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' });
    await this.mail
      .send({
        to,
        subject: `Tus datos de ${this.config.productName} están listos para descargar`,
        text: [
          'Hola:',
          '',
          'Ya hemos preparado la copia de tus datos que pediste. Puedes descargarla desde Mi perfil:',
          `${this.config.publicUrl}/mi-perfil`,
          '',
          `El enlace funciona hasta el ${until} (hora de Madrid) y solo con tu sesión iniciada; después el archivo se borra.`,
          '',
          'Si no la pediste tú, cambia tu contraseña cuanto antes.',
        ].join('\n'),
      })
      .catch((error: unknown) => this.logger.warn(`No se pudo avisar por correo de una exportación lista: ${String(error)}`));
  }
}
