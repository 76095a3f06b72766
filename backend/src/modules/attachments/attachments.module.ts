import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module';
import { AttachmentsService } from './attachments.service';
import { AttachmentText } from './entities/attachment-text.entity';
import { ConversationAttachment } from './entities/conversation-attachment.entity';

/**
 * Files attached to a chat or a published agent's call (issue 32, item 3): parsed once, searched
 * for each question. Used by the chat and publications modules; it has no routes of its own (files
 * are uploaded through POST /api/files).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ConversationAttachment, AttachmentText]), FilesModule],
  providers: [AttachmentsService],
  exports: [AttachmentsService],
})
export class AttachmentsModule {}
