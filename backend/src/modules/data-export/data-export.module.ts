import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeasesModule } from '../../database/leases/leases';
import { FilesModule } from '../files/files.module';
import { MailModule } from '../mail/mail.module';
import { DataExportJob } from './data-export-job';
import { DataExportPreparer } from './data-export-preparer';
import { DataExportReadModel } from './data-export-read-model';
import { DataExportController } from './data-export.controller';
import { DataExportService } from './data-export.service';
import { DataExport } from './entities/data-export.entity';

/** Issue 37: 'Descargar mis datos', a ZIP of everything of a user's, prepared in the background. */
@Module({
  imports: [TypeOrmModule.forFeature([DataExport]), LeasesModule, FilesModule, MailModule],
  controllers: [DataExportController],
  providers: [DataExportService, DataExportPreparer, DataExportReadModel, DataExportJob],
})
export class DataExportModule {}
